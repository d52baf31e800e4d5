/**
 * The record of what `sync` and `init` wrote into a project, kept in the project itself
 * (`.contextfmt/written.json`, meant for version control). It lets a later run tell its own
 * output from the user's: a file, server, hook entry, setting or rules region is replaced only
 * when the record holds it with the hash of what is there now, that is, written by contextfmt and
 * unchanged since. Anything else is the user's and stays unless the run is told `--force`.
 */
import { createHash } from "node:crypto";
import type { Project } from "./project.js";
import { ProjectFileError } from "./project.js";
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
  "What contextfmt sync and init wrote here, with a hash of each: they replace only what this lists, unchanged since. Keep it with the project.";

/** The record as read from a project, and as this run updates it. */
export class WrittenRecord {
  readonly #entries = new Map<string, WrittenEntry>();
  /** The entries this run set or forgot: the others are what it did not write again. */
  readonly #touched = new Set<string>();
  readonly #bytes: Buffer | undefined;

  private constructor(bytes: Buffer | undefined, entries: readonly WrittenEntry[]) {
    this.#bytes = bytes;
    for (const entry of entries)
      this.#entries.set(keyOf(entry.path, entry.kind, entry.name), entry);
  }

  /** The project's record; an absent one is empty, one that is not a record is an error. */
  static read(project: Project): WrittenRecord {
    const bytes = project.read(RECORD_PATH);
    if (bytes === undefined) return new WrittenRecord(undefined, []);
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
    const written = (data as { written?: unknown } | null)?.written;
    if ((data as { version?: unknown } | null)?.version !== 1 || !Array.isArray(written)) {
      throw invalid('expected { "version": 1, "written": [...] }');
    }
    const entries = written.map((entry: unknown, index): WrittenEntry => {
      const { path, kind, name, from, sha256: hash } = (entry ?? {}) as Record<string, unknown>;
      const optional = (value: unknown) => value === undefined || typeof value === "string";
      if (
        typeof path !== "string" ||
        typeof kind !== "string" ||
        !KINDS.has(kind) ||
        !optional(name) ||
        !optional(from) ||
        typeof hash !== "string" ||
        !/^[0-9a-f]{64}$/.test(hash)
      ) {
        throw invalid(`written[${index}]: expected { path, kind, name?, from?, sha256 }`);
      }
      return {
        path,
        kind: kind as WrittenKind,
        ...(name !== undefined ? { name: name as string } : {}),
        ...(from !== undefined ? { from: from as string } : {}),
        sha256: hash,
      };
    });
    return new WrittenRecord(bytes, entries);
  }

  /**
   * Whether contextfmt wrote what is there now: `hash` is the current file's (whole-file kinds)
   * or part's hash, and the record holds that hash for it.
   */
  wrote(path: string, kind: WrittenKind, name: string | undefined, hash: string): boolean {
    return this.#entries.get(keyOf(path, kind, name))?.sha256 === hash;
  }

  /** The entry of a file or part, when the record holds one. */
  entry(path: string, kind: WrittenKind, name: string | undefined): WrittenEntry | undefined {
    return this.#entries.get(keyOf(path, kind, name));
  }

  /** Notes what this run writes (or found already written as it would write it). */
  set(entry: WrittenEntry): void {
    const key = keyOf(entry.path, entry.kind, entry.name);
    this.#entries.set(key, entry);
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
   * this one did not write again (its source gone, when this run read that source).
   */
  untouched(): WrittenEntry[] {
    return [...this.#entries].flatMap(([key, entry]) => (this.#touched.has(key) ? [] : [entry]));
  }

  /** The record's text: one entry a line, in path order, so it diffs well. */
  text(): string {
    const entries = [...this.#entries.values()].sort(
      (a, b) =>
        compare(a.path, b.path) || compare(a.kind, b.kind) || compare(a.name ?? "", b.name ?? ""),
    );
    // Fields in one order, whichever order the caller built the entry in.
    const lines = entries.map(
      ({ path, kind, name, from, sha256: hash }) =>
        `    ${JSON.stringify({ path, kind, name, from, sha256: hash })}`,
    );
    return `{\n  "about": ${JSON.stringify(ABOUT)},\n  "version": 1,\n  "written": [${
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
