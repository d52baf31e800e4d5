/**
 * The record of what `sync` and `init` wrote into a project, kept in the project itself
 * (`.contextfmt/written.json`, meant for version control). It lets a later run tell its own
 * output from the user's: a file, server, hook entry, setting or rules region is replaced or
 * removed only when the record holds it with the hash of what is there now, that is, written by
 * contextfmt and unchanged since. Anything else is the user's and stays unless the run is told
 * `--force`.
 *
 * The record ships with every clone, so what it says is the word of whoever committed it. The
 * proof that this user's contextfmt wrote an entry is therefore kept where no clone carries it:
 * the user's {@link Evidence} for the project's real folder, holding a digest of each entry their
 * runs wrote there. The record stays the same bytes whoever syncs (it changes only when what was
 * written changes), so committing it makes no churn between teammates. An entry without this
 * user's evidence (a teammate's, one made up by a repository's author, one from before the
 * evidence was kept) stays in the record as it is, and what it names is kept: the sync of whoever
 * wrote it can still take it out. An entry that does not parse, or that names no place of
 * contextfmt's, is ignored with a warning and kept as it is.
 */
import { type ClientId, clientById } from "../clients/index.js";
import type { Issue } from "../problems/issue.js";
import { Evidence, sha256 } from "./evidence.js";
import { isWrittenPlace, type WrittenKind } from "./places.js";
import type { Project } from "./project.js";
import { ProjectFileError } from "./project.js";
import type { FileWrite } from "./write-batch.js";

/** Where the record lives in a project. */
export const RECORD_PATH = ".contextfmt/written.json";

export type { WrittenKind };

const WHOLE_FILES: ReadonlySet<WrittenKind> = new Set([
  "command",
  "agent",
  "skill",
  "rule-file",
  "starter",
]);
const KINDS: ReadonlySet<string> = new Set([
  ...WHOLE_FILES,
  "mcp-server",
  "mcp-excluded",
  "rules-region",
  "ignore-region",
  "hook",
  "user-hook",
  "permission",
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

/**
 * The last sync that wrote the record: what it was asked (`--from`, `--to`, `--only`) and the
 * losses it reported. doctor checks that sync again, for its targets only; `sync --strict`
 * fails on a loss not among these.
 */
export interface SyncedRequest {
  /** The source client; absent for a sync of the rules alone. */
  readonly from?: ClientId;
  readonly to: readonly ClientId[];
  /** The kinds it synced (`command`, `mcp`, …, `rules`). */
  readonly kinds: readonly string[];
  /** Whether it carried the source's allow rules too (`--carry-allows`); absent: it did not. */
  readonly carryAllows?: true;
  /** Each loss it reported (what a target cannot hold, a source left out): its code and path. */
  readonly losses: readonly Loss[];
  /** Each place it said a client loads something twice, its own rules forcing it. */
  readonly named?: readonly NamedTwice[];
}

/**
 * What a `loaded_twice` warning of sync names: a client whose own rules read the same thing from
 * several places sync needed (Copilot CLI reads AGENTS.md, CLAUDE.md and GEMINI.md, none
 * shadowing). doctor reports the duplicate it finds there as known, not as a problem, while the
 * places hold what that sync left in them ({@link namedHash}) and this user's evidence proves the
 * sync was theirs: a record that came with a clone cannot silence anything.
 */
export interface NamedTwice {
  readonly client: ClientId;
  /** `instructions`: the files each hold the text; `skill`, `command`: folders each hold the items. */
  readonly kind: NamedKind;
  /** The files or folders, relative to the project, in the client's reading order. */
  readonly paths: readonly string[];
  /** {@link namedHash} of the places as that sync left them. */
  readonly sha256: string;
}

/** What a {@link NamedTwice} is about. */
export type NamedKind = "instructions" | "skill" | "command";

/** A `loaded_twice` warning as the planner makes it: with what it names, for the record. */
export interface LoadedTwiceIssue extends Issue {
  readonly code: "loaded_twice";
  readonly named: Omit<NamedTwice, "sha256">;
}

/** Whether `issue` is a {@link LoadedTwiceIssue}. */
export const isLoadedTwice = (issue: Issue): issue is LoadedTwiceIssue =>
  issue.code === "loaded_twice" && typeof (issue as Partial<LoadedTwiceIssue>).named === "object";

/**
 * The hash of what `paths` hold, as `read` gives a file's bytes and `below` the files under a
 * folder: a file by its bytes, a folder by each file's path and bytes. Sync computes it from what
 * it is about to write, doctor from the disk: equal exactly when nothing there changed since.
 */
export function namedHash(
  kind: NamedKind,
  paths: readonly string[],
  read: (path: string) => Uint8Array | undefined,
  below: (dir: string) => readonly string[],
): string {
  const parts = paths.map((path) => {
    if (kind === "instructions") return [path, hashOf(read(path))];
    return [path, [...below(path)].sort().map((file) => [file, hashOf(read(file))])];
  });
  return sha256(JSON.stringify(parts));
}

const hashOf = (bytes: Uint8Array | undefined) => (bytes === undefined ? null : sha256(bytes));

/** A loss as the record keeps it: its warning's code and path. */
export type Loss = readonly [code: string, path: string];

/**
 * The warnings that say something of the source did not reach a target as it is: a field a
 * target cannot hold, a kind it has no place for, a file left out. The others (what sync kept
 * of the user's, the record's own) are about this run, not about what the targets get.
 */
const LOSS_CODES: ReadonlySet<string> = new Set([
  "lossy_conversion",
  "unsupported_field",
  "unsupported_kind",
  "not_carried",
  "import_left_out",
  "item_skipped",
  "outside_project",
  "not_a_file",
]);

/** Whether `issue` is a loss (see {@link LOSS_CODES}), one with a path to name it by. */
export const isLoss = (issue: Issue): issue is Issue & { readonly path: string } =>
  issue.severity !== "info" && LOSS_CODES.has(issue.code) && typeof issue.path === "string";

const isClient = (value: unknown): value is ClientId =>
  typeof value === "string" && clientById(value) !== undefined;

const NAMED_KINDS: ReadonlySet<string> = new Set(["instructions", "skill", "command"]);

/** A {@link NamedTwice} as the record has it, or undefined when it is not one. */
function parseNamed(value: unknown): NamedTwice | undefined {
  const { client, kind, paths, sha256: hash } = (value ?? {}) as Record<string, unknown>;
  if (
    typeof value !== "object" ||
    !isClient(client) ||
    typeof kind !== "string" ||
    !NAMED_KINDS.has(kind) ||
    !Array.isArray(paths) ||
    paths.length < 2 ||
    !paths.every((path) => typeof path === "string" && isPlainPath(path)) ||
    typeof hash !== "string" ||
    !/^[0-9a-f]{64}$/.test(hash)
  ) {
    return undefined;
  }
  return { client, kind: kind as NamedKind, paths: paths as string[], sha256: hash };
}

/** What the record's `synced` says, or why it says nothing readable. */
function parseSynced(value: unknown): SyncedRequest | string {
  const { from, to, kinds, losses, named, carryAllows } = (value ?? {}) as Record<string, unknown>;
  const strings = (list: unknown): list is string[] =>
    Array.isArray(list) && list.every((item) => typeof item === "string");
  if (
    typeof value !== "object" ||
    (from !== undefined && !isClient(from)) ||
    !Array.isArray(to) ||
    !to.every(isClient) ||
    !strings(kinds) ||
    (carryAllows !== undefined && carryAllows !== true) ||
    !Array.isArray(losses) ||
    !losses.every((loss) => strings(loss) && loss.length === 2) ||
    (named !== undefined &&
      !(Array.isArray(named) && named.every((item) => parseNamed(item) !== undefined)))
  ) {
    return 'expected { "from"?: a client, "to": [clients], "kinds": [kinds], "carryAllows"?: true, "losses": [[code, path]], "named"?: [{ client, kind, paths, sha256 }] }';
  }
  return {
    ...(from !== undefined ? { from: from as ClientId } : {}),
    to,
    kinds,
    ...(carryAllows === true ? { carryAllows } : {}),
    losses: losses as Loss[],
    ...(Array.isArray(named) && named.length > 0
      ? { named: named.map((item) => parseNamed(item) as NamedTwice) }
      : {}),
  };
}

const lossKey = ([code, path]: Loss) => `${code}\0${path}`;

// The record's hash is the evidence's (written there, where the record's digests are kept).
export { sha256 };

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

/** An entry as held, and whether this user's evidence proves it. */
interface Held {
  readonly entry: WrittenEntry;
  /** The entry as the file had it, to write back as it was if another is held in its stead. */
  readonly raw?: unknown;
  readonly proven: boolean;
}

/** A plain relative path: `/`-separated, no empty, `.` or `..` part, no backslash or NUL. */
const isPlainPath = (path: string) =>
  !/[\\\0]/.test(path) &&
  path.split("/").every((part) => part !== "" && part !== "." && part !== "..");

/** Whether an entry of `kind` may name `path`: {@link isWrittenPlace} for a project's record. */
export type WrittenPlaceCheck = (path: string, kind: WrittenKind) => boolean;

/** What an entry of the file says, or why it is not an entry. */
function parseEntry(value: unknown, isPlace: WrittenPlaceCheck): WrittenEntry | string {
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
    return "expected { path, kind, name?, from?, sha256 }";
  }
  if (!isPlainPath(path)) return "its path is not a plain path inside the project";
  if (typeof from === "string" && !isPlainPath(from)) {
    return "its source is not a plain path inside the project";
  }
  if (!isPlace(path, kind as WrittenKind)) {
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
  readonly #evidence: Evidence;
  /** Entries ignored (they do not parse, or name no place of ours): written back as they were. */
  readonly #ignored: unknown[] = [];
  /** What reading found wrong, each naming the entry: for the run to report. */
  readonly warnings: Issue[] = [];
  /** The last sync as read (see {@link synced}). */
  #readSynced: SyncedRequest | undefined;
  /** Its losses, by {@link lossKey}: one look-up per warning, however many there are. */
  #knownLosses: ReadonlySet<string> = new Set();
  /** The sync the record will say it is from: the one read, until a run notes its own. */
  #synced: SyncedRequest | undefined;
  /** Digests ({@link #namedDigest}) of the named places this user's own syncs noted. */
  readonly #namedProven = new Set<string>();

  /** Whether every entry is taken at its word, proven or not (a run that writes nothing). */
  readonly #atItsWord: boolean;

  /** Where the record is, as the project (or the user's folders) name it. */
  readonly path: string;
  readonly #isPlace: WrittenPlaceCheck;

  private constructor(
    bytes: Buffer | undefined,
    evidence: Evidence,
    atItsWord: boolean,
    path: string,
    isPlace: WrittenPlaceCheck,
  ) {
    this.#bytes = bytes;
    this.#evidence = evidence;
    this.#atItsWord = atItsWord;
    this.path = path;
    this.#isPlace = isPlace;
  }

  /**
   * The project's record; an absent one is empty. A file that is not a record at all (not JSON,
   * not `{ version, written: [...] }`) is an error: rewriting it would lose what it holds (a
   * merge's conflict markers, say). `evidence` proves the entries this user's runs wrote: by
   * default the user's store for the project's real folder. `atItsWord` takes every entry that
   * parses as written by contextfmt, proven or not, and reads no evidence: only for a run that
   * writes nothing (`sync --check` in CI, where no one's evidence is, still sees what the record
   * says is out of date). `path` is where the record is (default {@link RECORD_PATH}) and
   * `isPlace` which places its entries may name (default {@link isWrittenPlace}): the user's
   * record of `sync --user` has its own of both.
   */
  static read(
    project: Project,
    {
      atItsWord = false,
      evidence = atItsWord ? Evidence.none(project.root) : Evidence.read(project.root),
      path = RECORD_PATH,
      isPlace = isWrittenPlace,
    }: {
      readonly atItsWord?: boolean;
      readonly evidence?: Evidence;
      readonly path?: string;
      readonly isPlace?: WrittenPlaceCheck;
    } = {},
  ): WrittenRecord {
    const bytes = project.read(path);
    const record = new WrittenRecord(bytes, evidence, atItsWord, path, isPlace);
    if (evidence.problem !== undefined && !atItsWord) {
      record.warnings.push({
        code: "evidence_unreadable",
        severity: "warning",
        path: evidence.path,
        message: `${evidence.problem}: nothing the record lists is taken as written by this user's contextfmt, so nothing it lists is replaced or removed (this run saves its own writes there anew)`,
      });
    }
    if (bytes === undefined) return record;
    const text = bytes.toString("utf8");
    const invalid = (why: string) =>
      new ProjectFileError(
        `${path}: ${why}; it is the record of what contextfmt wrote: restore it from version control, or delete it (then sync replaces nothing it finds without --force)`,
      );
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (error) {
      throw invalid(`invalid JSON (${(error as Error).message.split("\n")[0]})`);
    }
    const { version, written, synced } = (data ?? {}) as {
      version?: unknown;
      written?: unknown;
      synced?: unknown;
    };
    if (version !== 1 || !Array.isArray(written)) {
      throw invalid('expected { "version": 1, "written": [...] }');
    }
    if (synced !== undefined) {
      const parsed = parseSynced(synced);
      if (typeof parsed === "string") {
        record.warnings.push({
          code: "record_entry_ignored",
          severity: "warning",
          path: `${path}: synced`,
          message: `ignored: ${parsed}; the next sync writes its own`,
        });
      } else {
        record.#readSynced = parsed;
        record.#knownLosses = new Set(parsed.losses.map(lossKey));
        record.#synced = parsed;
        // Proven by the evidence alone, even for a run that takes the entries at their word.
        for (const named of parsed.named ?? []) {
          const digest = record.#namedDigest(named);
          if (evidence.holds(digest)) record.#namedProven.add(digest);
        }
      }
    }
    for (const [index, value] of written.entries()) record.#take(value, index);
    return record;
  }

  /** Holds entry `index` of the file, or ignores it with a warning naming it. */
  #take(value: unknown, index: number): void {
    const parsed = parseEntry(value, this.#isPlace);
    const ignore = (why: string) => {
      const path = (value as { path?: unknown } | null)?.path;
      this.warnings.push({
        code: "record_entry_ignored",
        severity: "warning",
        path: `${this.path}: written[${index}]${typeof path === "string" ? ` (${JSON.stringify(path)})` : ""}`,
        message: `ignored: ${why}; it stays in the record as it is`,
      });
      this.#ignored.push(value);
    };
    if (typeof parsed === "string") {
      ignore(parsed);
      return;
    }
    const held: Held = {
      entry: parsed,
      raw: value,
      proven: this.#atItsWord || this.#evidence.holds(this.#digest(parsed)),
    };
    const key = keyOf(parsed.path, parsed.kind, parsed.name);
    const other = this.#entries.get(key);
    if (other !== undefined) {
      // This user's own entry wins over another's for the same thing: it is the evidence.
      if (other.proven || !held.proven) {
        ignore("a second entry for the same file or part");
        return;
      }
      this.#ignored.push(other.raw);
      this.warnings.push({
        code: "record_entry_ignored",
        severity: "warning",
        path: `${this.path}: ${JSON.stringify(parsed.path)}`,
        message: `an entry not written by this user's contextfmt ignored, as written[${index}] is this user's for the same file or part; it stays in the record as it is`,
      });
    }
    this.#entries.set(key, held);
  }

  /**
   * The digest the evidence keeps of an entry: the whole entry, for this project's real folder,
   * so an entry copied from another folder, or with any field changed, is not proven.
   */
  #digest({ path, kind, name, from, sha256: hash }: WrittenEntry): string {
    return sha256(
      JSON.stringify([
        "contextfmt written",
        this.#evidence.root,
        path,
        kind,
        name ?? null,
        from ?? null,
        hash,
      ]),
    );
  }

  /** The digest the evidence keeps of a named place: as {@link #digest}, for this folder. */
  #namedDigest({ client, kind, paths, sha256: hash }: NamedTwice): string {
    return sha256(
      JSON.stringify(["contextfmt named", this.#evidence.root, client, kind, paths, hash]),
    );
  }

  /**
   * What the last sync named as loaded twice (see {@link NamedTwice}) and this user's evidence
   * proves their own sync noted: never what a record that came with the project says alone.
   */
  provenNamed(): NamedTwice[] {
    return (this.#readSynced?.named ?? []).filter((named) =>
      this.#namedProven.has(this.#namedDigest(named)),
    );
  }

  /**
   * Whether contextfmt wrote what is there now: `hash` is the current file's (whole-file kinds)
   * or part's hash, and the record holds that hash for it, proven by this user's evidence.
   */
  wrote(path: string, kind: WrittenKind, name: string | undefined, hash: string): boolean {
    const held = this.#entries.get(keyOf(path, kind, name));
    return held?.proven === true && held.entry.sha256 === hash;
  }

  /**
   * Whether the record claims what is there now (`hash`) in an entry this user's evidence does
   * not prove: a teammate's, or one that came with the project. Such a claim is never acted on.
   */
  claimsUnproven(path: string, kind: WrittenKind, name: string | undefined, hash: string): boolean {
    const held = this.#entries.get(keyOf(path, kind, name));
    return held?.proven === false && held.entry.sha256 === hash;
  }

  /** The entry of a file or part, when the record holds one this user's evidence proves. */
  entry(path: string, kind: WrittenKind, name: string | undefined): WrittenEntry | undefined {
    const held = this.#entries.get(keyOf(path, kind, name));
    return held?.proven ? held.entry : undefined;
  }

  /** Whether this user's evidence proves `entry` (one of {@link untouched}). */
  proves(entry: WrittenEntry): boolean {
    const held = this.#entries.get(keyOf(entry.path, entry.kind, entry.name));
    return held?.entry === entry && held.proven;
  }

  /**
   * The last sync that wrote the record, as read: undefined in a record from before it was kept
   * (or one whose `synced` is not readable, with a warning).
   */
  get synced(): SyncedRequest | undefined {
    return this.#readSynced;
  }

  /**
   * Notes the sync this run makes, with the losses among its `warnings` (see {@link isLoss}),
   * each once, and what its `loaded_twice` warnings name, each with `hashOf` it (the hash of the
   * places as this run leaves them): what the record says it is from once written. `init` notes
   * none (the last sync stays).
   */
  noteSync(
    request: Pick<SyncedRequest, "from" | "to" | "kinds" | "carryAllows">,
    warnings: readonly Issue[],
    hashOf: (named: Omit<NamedTwice, "sha256">) => string = () => "",
  ): void {
    const losses = new Map<string, Loss>();
    const named = new Map<string, NamedTwice>();
    for (const issue of warnings) {
      if (isLoadedTwice(issue)) {
        const { client, kind, paths } = issue.named;
        const key = JSON.stringify([client, kind, paths]);
        if (!named.has(key)) {
          named.set(key, { client, kind, paths: [...paths], sha256: hashOf(issue.named) });
        }
      }
      if (!isLoss(issue)) continue;
      const loss: Loss = [issue.code, issue.path];
      losses.set(lossKey(loss), loss);
    }
    const sorted = [...named.entries()].sort(([a], [b]) => compare(a, b)).map(([, item]) => item);
    for (const item of sorted) this.#namedProven.add(this.#namedDigest(item));
    this.#synced = {
      ...(request.from !== undefined ? { from: request.from } : {}),
      to: [...request.to],
      kinds: [...request.kinds],
      ...(request.carryAllows === true ? { carryAllows: true as const } : {}),
      losses: [...losses.values()].sort((a, b) => compare(a[0], b[0]) || compare(a[1], b[1])),
      ...(sorted.length > 0 ? { named: sorted } : {}),
    };
  }

  /** Whether `issue` is a loss the last sync (as read) reported already. */
  knownLoss(issue: Issue): boolean {
    return isLoss(issue) && this.#knownLosses.has(lossKey([issue.code, issue.path]));
  }

  /** Notes what this run writes (or found already written as it would write it): proven. */
  set(entry: WrittenEntry): void {
    const key = keyOf(entry.path, entry.kind, entry.name);
    this.#entries.set(key, { entry, proven: true });
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
   * this one did not write again (its source gone, when this run read that source). Proven or
   * not: see {@link proves}.
   */
  untouched(): WrittenEntry[] {
    return [...this.#entries].flatMap(([key, held]) =>
      this.#touched.has(key) ? [] : [held.entry],
    );
  }

  /** Whether the record holds no entry, not even one it ignored. */
  isEmpty(): boolean {
    return this.#entries.size === 0 && this.#ignored.length === 0;
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
        ({ entry: { path, kind, name, from, sha256: hash } }) =>
          `    ${JSON.stringify({ path, kind, name, from, sha256: hash })}`,
      ),
      ...this.#ignored.map((value) => `    ${JSON.stringify(value)}`),
    ];
    return `{\n  "about": ${JSON.stringify(ABOUT)},\n  "version": 1,\n${syncedText(this.#synced)}  "written": [${
      lines.length ? `\n${lines.join(",\n")}\n  ` : ""
    }]\n}\n`;
  }

  /** The record's write, to go in the run's batch; undefined when it says what it said. */
  write(): (FileWrite & { readonly bytes: Uint8Array }) | undefined {
    const bytes = Buffer.from(this.text());
    if (this.#bytes?.equals(bytes)) return undefined;
    return { path: this.path, bytes, before: this.#bytes };
  }

  /**
   * Saves this user's evidence of the entries the record now holds as written by their
   * contextfmt: to call once the run's writes (the record's with them) succeeded, never in a run
   * that writes nothing. The warning, if it cannot be saved, is for the run to report.
   */
  saveEvidence(): Issue[] {
    if (this.#atItsWord) return [];
    const digests = new Set<string>();
    for (const { entry, proven } of this.#entries.values()) {
      if (proven) digests.add(this.#digest(entry));
    }
    for (const named of this.#synced?.named ?? []) {
      const digest = this.#namedDigest(named);
      if (this.#namedProven.has(digest)) digests.add(digest);
    }
    return this.#evidence.save(digests);
  }
}

/** The `synced` member, a loss a line; nothing for a record without one. */
function syncedText(synced: SyncedRequest | undefined): string {
  if (synced === undefined) return "";
  const { from, to, kinds, losses, named, carryAllows } = synced;
  const request = [
    ...(from !== undefined ? [`    "from": ${JSON.stringify(from)}`] : []),
    `    "to": ${JSON.stringify(to)}`,
    `    "kinds": ${JSON.stringify(kinds)}`,
    ...(carryAllows === true ? ['    "carryAllows": true'] : []),
  ];
  const lossLines = losses.map((loss) => `      ${JSON.stringify(loss)}`);
  const list = lossLines.length ? `[\n${lossLines.join(",\n")}\n    ]` : "[]";
  const namedLines = (named ?? []).map(
    ({ client, kind, paths, sha256: hash }) =>
      `      ${JSON.stringify({ client, kind, paths, sha256: hash })}`,
  );
  const namedList = namedLines.length ? `,\n    "named": [\n${namedLines.join(",\n")}\n    ]` : "";
  return `  "synced": {\n${request.join(",\n")},\n    "losses": ${list}${namedList}\n  },\n`;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
