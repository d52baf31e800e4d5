/**
 * The record of what `sync` and `init` wrote into a project, kept in the project itself
 * (`.contextfmt/written.json`, meant for version control). It lets a later run tell its own
 * output from the user's: a file, server, hook entry, setting or rules region is replaced or
 * removed only when the record holds it with the hash of what is there now, that is, written by
 * contextfmt and unchanged since. Anything else is the user's and stays unless the run is told
 * `--force`.
 *
 * The record ships with every clone, so what it says is the word of whoever committed it. Each
 * entry is therefore signed with the key of the user whose run wrote it, for the project's folder
 * ({@link UserKey}); only an entry this user's key signed here is evidence. Another's entry (a
 * teammate's, or one made up by a repository's author) stays in the record as it is, and what it
 * names is kept: the sync of whoever wrote it can still take it out. An entry that does not parse,
 * or that names no place of contextfmt's, is ignored with a warning and kept as it is.
 */
import { createHash } from "node:crypto";
import type { Issue } from "../../problems/issue.js";
import { isRecordPlace } from "../sync/record-places.js";
import type { Project } from "./project.js";
import { ProjectFileError } from "./project.js";
import { UserKey } from "./user-key.js";
import type { FileWrite } from "./write-batch.js";

/** Where the record lives in a project. */
export const RECORD_PATH = ".contextfmt/written.json";

/**
 * What an entry is: a whole file (a converted command, agent or skill, a file of a skill's
 * folder, a file init writes whole: a starter input file, OpenCode's plugin), or one part of a file that holds other things too.
 */
export type WrittenKind =
  | "command"
  | "agent"
  | "skill"
  | "starter"
  | "mcp-server"
  | "mcp-excluded"
  | "rules-region"
  | "hook"
  | "setting";

const WHOLE_FILES: ReadonlySet<WrittenKind> = new Set(["command", "agent", "skill", "starter"]);
const KINDS: ReadonlySet<string> = new Set([
  ...WHOLE_FILES,
  "mcp-server",
  "mcp-excluded",
  "rules-region",
  "hook",
  "setting",
]);

/** One thing contextfmt wrote. */
export interface WrittenEntry {
  /** The file, relative to the project, `/`-separated. */
  readonly path: string;
  readonly kind: WrittenKind;
  /** Which part of the file: the server's name, the hook's event, the setting's key path. */
  readonly name?: string;
  /** The source file it was converted from (sync), when there is one. */
  readonly from?: string;
  /** SHA-256 of what was written: the file's bytes, or the part's value (see {@link valueHash}). */
  readonly sha256: string;
}

/** The record's format: 2 signs each entry; a version-1 record's entries are no one's evidence. */
const VERSION = 2;

/** SHA-256 of text (as UTF-8) or bytes, in hex. */
export const sha256 = (data: string | Uint8Array): string =>
  createHash("sha256").update(data).digest("hex");

/** JSON with every object's keys sorted: the same data gives the same text, whatever its layout. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object" && value !== null && !(value instanceof Date)) {
    const keys = Object.keys(value).sort();
    return `{${keys
      .map(
        (key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`,
      )
      .join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/**
 * The hash of a part's parsed value (a server's settings, a hook entry): the same whatever the
 * key order, spacing or comments around it, so reformatting a file does not disown its parts.
 */
export const valueHash = (value: unknown): string => sha256(canonicalJson(value));

const keyOf = (path: string, kind: WrittenKind, name: string | undefined) =>
  WHOLE_FILES.has(kind) ? path : `${path}\0${kind}\0${name ?? ""}`;

const ABOUT =
  "What contextfmt sync and init wrote here, with a hash of each, signed by the key of the user whose run wrote it: they replace or remove only what their user signed, unchanged since. Keep it with the project.";

/** An entry as held: with its signature, and whether this user's key made it for this project. */
interface Held {
  readonly entry: WrittenEntry;
  /** The entry as the file had it, to write back as it was if another is held in its stead. */
  readonly raw?: unknown;
  readonly signature: string | undefined;
  readonly verified: boolean;
}

/** A plain relative path: `/`-separated, no empty, `.` or `..` part, no backslash or NUL. */
const isPlainPath = (path: string) =>
  !/[\\\0]/.test(path) &&
  path.split("/").every((part) => part !== "" && part !== "." && part !== "..");

/** What an entry of the file says, or why it is not an entry. */
function parseEntry(value: unknown): WrittenEntry | string {
  const { path, kind, name, from, sha256: hash } = (value ?? {}) as Record<string, unknown>;
  const optional = (field: unknown) => field === undefined || typeof field === "string";
  if (
    typeof value !== "object" ||
    typeof path !== "string" ||
    typeof kind !== "string" ||
    !KINDS.has(kind) ||
    !optional(name) ||
    !optional(from) ||
    typeof hash !== "string" ||
    !/^[0-9a-f]{64}$/.test(hash)
  ) {
    return "expected { path, kind, name?, from?, sha256, signature? }";
  }
  if (!isPlainPath(path)) return "its path is not a plain path inside the project";
  if (typeof from === "string" && !isPlainPath(from)) {
    return "its source is not a plain path inside the project";
  }
  if (!isRecordPlace(path, kind as WrittenKind)) {
    return `no place where contextfmt writes a ${kind}`;
  }
  return {
    path,
    kind: kind as WrittenKind,
    ...(name !== undefined ? { name: name as string } : {}),
    ...(from !== undefined ? { from: from as string } : {}),
    sha256: hash,
  };
}

/** The record as read from a project, and as this run updates it. */
export class WrittenRecord {
  readonly #entries = new Map<string, Held>();
  /** The entries this run set or forgot: the others are what it did not write again. */
  readonly #touched = new Set<string>();
  readonly #bytes: Buffer | undefined;
  readonly #key: UserKey;
  /** The project's real folder: an entry is signed for one project, never valid in another. */
  readonly #root: string;
  /** Entries ignored (they do not parse, or name no place of ours): written back as they were. */
  readonly #ignored: unknown[] = [];
  /** What reading found wrong, each naming the entry: for the run to report. */
  readonly warnings: Issue[] = [];

  /** Whether every entry is taken at its word, signed or not (a run that writes nothing). */
  readonly #atItsWord: boolean;

  private constructor(
    project: Project,
    bytes: Buffer | undefined,
    key: UserKey,
    atItsWord: boolean,
  ) {
    this.#bytes = bytes;
    this.#key = key;
    this.#root = project.root;
    this.#atItsWord = atItsWord;
  }

  /**
   * The project's record; an absent one is empty. A file that is not a record at all (not JSON,
   * not `{ version, written: [...] }`) is an error: rewriting it would lose what it holds (a
   * merge's conflict markers, say). `key` checks the entries and signs this run's: by default the
   * user's key if there is one, never made here. `atItsWord` takes every entry that parses as
   * evidence, signed or not: only for a run that writes nothing (`sync --check` in CI, where
   * there is no user key, still sees what the record says is out of date).
   */
  static read(
    project: Project,
    key: UserKey = UserKey.read(),
    { atItsWord = false }: { readonly atItsWord?: boolean } = {},
  ): WrittenRecord {
    const bytes = project.read(RECORD_PATH);
    const record = new WrittenRecord(project, bytes, key, atItsWord);
    if (key.problem !== undefined && !atItsWord) {
      record.warnings.push({
        code: "no_user_key",
        severity: "warning",
        path: RECORD_PATH,
        message: `no key of this user's to check the record with (${key.problem}): nothing it lists is taken as written by this user's contextfmt, so nothing it lists is replaced or removed, and this run's writes are recorded unsigned`,
      });
    }
    if (bytes === undefined) return record;
    const text = bytes.toString("utf8");
    const invalid = (why: string) =>
      new ProjectFileError(
        `${RECORD_PATH}: ${why}; it is the record of what contextfmt wrote: restore it from version control, or delete it (then sync replaces nothing it finds without --force)`,
      );
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (error) {
      throw invalid(`invalid JSON (${(error as Error).message.split("\n")[0]})`);
    }
    const { version, written } = (data ?? {}) as { version?: unknown; written?: unknown };
    if ((version !== 1 && version !== VERSION) || !Array.isArray(written)) {
      throw invalid(`expected { "version": ${VERSION}, "written": [...] }`);
    }
    for (const [index, value] of written.entries()) record.#take(value, index);
    return record;
  }

  /** Holds entry `index` of the file, or ignores it with a warning naming it. */
  #take(value: unknown, index: number): void {
    const parsed = parseEntry(value);
    const ignore = (why: string) => {
      const path = (value as { path?: unknown } | null)?.path;
      this.warnings.push({
        code: "record_entry_ignored",
        severity: "warning",
        path: `${RECORD_PATH}: written[${index}]${typeof path === "string" ? ` (${JSON.stringify(path)})` : ""}`,
        message: `ignored: ${why}; it stays in the record as it is`,
      });
      this.#ignored.push(value);
    };
    if (typeof parsed === "string") {
      ignore(parsed);
      return;
    }
    const { signature } = value as { signature?: unknown };
    const held: Held = {
      entry: parsed,
      raw: value,
      signature: typeof signature === "string" ? signature : undefined,
      verified:
        this.#atItsWord ||
        (typeof signature === "string" && this.#key.verifies(this.#signed(parsed), signature)),
    };
    const key = keyOf(parsed.path, parsed.kind, parsed.name);
    const other = this.#entries.get(key);
    if (other !== undefined) {
      // This user's own entry wins over another's for the same thing: it is the evidence.
      if (other.verified || !held.verified) {
        ignore("a second entry for the same file or part");
        return;
      }
      this.#ignored.push(other.raw);
      this.warnings.push({
        code: "record_entry_ignored",
        severity: "warning",
        path: `${RECORD_PATH}: ${JSON.stringify(parsed.path)}`,
        message: `an entry not signed by this user ignored, as written[${index}] is this user's for the same file or part; it stays in the record as it is`,
      });
    }
    this.#entries.set(key, held);
  }

  /** The text a signature covers: the whole entry, for this project's folder. */
  #signed({ path, kind, name, from, sha256: hash }: WrittenEntry): string {
    return JSON.stringify([
      "contextfmt written",
      VERSION,
      this.#root,
      path,
      kind,
      name ?? null,
      from ?? null,
      hash,
    ]);
  }

  /**
   * Whether contextfmt wrote what is there now: `hash` is the current file's (whole-file kinds)
   * or part's hash, and the record holds that hash for it, signed by this user for this project.
   */
  wrote(path: string, kind: WrittenKind, name: string | undefined, hash: string): boolean {
    const held = this.#entries.get(keyOf(path, kind, name));
    return held?.verified === true && held.entry.sha256 === hash;
  }

  /**
   * Whether the record claims what is there now (`hash`) in an entry this user's key did not
   * sign: a teammate's, or one that came with the project. Such a claim is never acted on.
   */
  claimsUnsigned(path: string, kind: WrittenKind, name: string | undefined, hash: string): boolean {
    const held = this.#entries.get(keyOf(path, kind, name));
    return held?.verified === false && held.entry.sha256 === hash;
  }

  /** The entry of a file or part, when the record holds one signed by this user. */
  entry(path: string, kind: WrittenKind, name: string | undefined): WrittenEntry | undefined {
    const held = this.#entries.get(keyOf(path, kind, name));
    return held?.verified ? held.entry : undefined;
  }

  /** Whether this user's key signed `entry` (one of {@link untouched}) for this project. */
  verifies(entry: WrittenEntry): boolean {
    const held = this.#entries.get(keyOf(entry.path, entry.kind, entry.name));
    return held?.entry === entry && held.verified;
  }

  /** Notes what this run writes (or found already written as it would write it), signed. */
  set(entry: WrittenEntry): void {
    const key = keyOf(entry.path, entry.kind, entry.name);
    this.#entries.set(key, {
      entry,
      signature: this.#key.sign(this.#signed(entry)),
      verified: true,
    });
    this.#touched.add(key);
  }

  /** Drops the entry of something this run took out. */
  forget(path: string, kind: WrittenKind, name: string | undefined): void {
    const key = keyOf(path, kind, name);
    this.#entries.delete(key);
    this.#touched.add(key);
  }

  /**
   * The entries this run has neither set nor forgotten so far: what an earlier run wrote that
   * this one did not write again (its source gone, when this run read that source). Signed or
   * not: see {@link verifies}.
   */
  untouched(): WrittenEntry[] {
    return [...this.#entries].flatMap(([key, held]) =>
      this.#touched.has(key) ? [] : [held.entry],
    );
  }

  /** The record's text: one entry a line, in path order, so it diffs well; ignored ones last. */
  text(): string {
    const held = [...this.#entries.values()].sort(
      ({ entry: a }, { entry: b }) =>
        compare(a.path, b.path) || compare(a.kind, b.kind) || compare(a.name ?? "", b.name ?? ""),
    );
    // Fields in one order, whichever order the caller built the entry in.
    const lines = [
      ...held.map(
        ({ entry: { path, kind, name, from, sha256: hash }, signature }) =>
          `    ${JSON.stringify({ path, kind, name, from, sha256: hash, signature })}`,
      ),
      ...this.#ignored.map((value) => `    ${JSON.stringify(value)}`),
    ];
    return `{\n  "about": ${JSON.stringify(ABOUT)},\n  "version": ${VERSION},\n  "written": [${
      lines.length ? `\n${lines.join(",\n")}\n  ` : ""
    }]\n}\n`;
  }

  /** The record's write, to go in the run's batch; undefined when it says what it said. */
  write(): (FileWrite & { readonly bytes: Uint8Array }) | undefined {
    const bytes = Buffer.from(this.text());
    if (this.#bytes?.equals(bytes)) return undefined;
    return { path: RECORD_PATH, bytes, before: this.#bytes };
  }
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
