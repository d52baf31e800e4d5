/**
 * The files one `sync` run plans, by real path: each file's text as planned so far, so a later
 * edit builds on an earlier one; which source wrote it; and what the run claims in it, so that
 * replacing what contextfmt did not write is a conflict. Nothing is written here.
 */
import { InputFileError } from "../hooks/input-text.js";
import type { Issue } from "../problems/issue.js";
import { decodeUtf8, type Project, ProjectFileError } from "../workspace/project.js";
import { sha256, type WrittenKind, type WrittenRecord } from "../workspace/record.js";
import {
  PROJECT_PLACES,
  type RulesFormat,
  type SyncKind,
  type SyncPlaces,
  type SyncTool,
} from "./locations.js";

/** One file `sync` would write. */
export interface PlannedFile {
  /** Relative to the project, with `/`. */
  readonly path: string;
  /** The text before (for diffs), or undefined when the file is new. */
  readonly before: string | undefined;
  /** The bytes before, to put back when a later write of the run fails. */
  readonly beforeBytes: Buffer | undefined;
  /** The new text, or undefined when the file is removed. */
  readonly after: string | undefined;
  readonly warnings: Issue[];
  /** How the text maps to the file's bytes: `latin1` for files copied byte for byte. */
  readonly encoding: "utf8" | "latin1";
}

/** What to sync. */
export interface SyncRequest {
  readonly project: Project;
  /** What contextfmt wrote before; updated with what this run writes. */
  readonly record: WrittenRecord;
  readonly from: SyncTool | undefined;
  readonly to: readonly SyncTool[];
  readonly kinds: readonly SyncKind[];
  /**
   * Carry the source's allow rules too (the `permission` kind): each lets an agent act without
   * asking, so only when the user asks.
   */
  readonly carryAllows?: boolean;
  /** Renders the rules in a rules format (only with the `rules` kind). */
  readonly renderRules?: (format: RulesFormat) => string;
}

/** A warning whose words a run adds to (what stays of what a left-out source gave). */
type Said = Omit<Issue, "message"> & { message: string };

interface Planned {
  /** The path it was first planned by (a link to it may name it otherwise). */
  readonly path: string;
  /** Its real path. */
  readonly real: string;
  readonly beforeBytes: Buffer | undefined;
  /** The new text, once a source has written it; `null` once it is to be removed. */
  after: string | null | undefined;
  encoding: "utf8" | "latin1";
  readonly warnings: Issue[];
}

/** The files being planned, by real path; later edits of a file build on earlier ones. */
export class Plan {
  readonly #files = new Map<string, Planned>();
  readonly #owners = new Map<string, string>();
  readonly conflicts: string[] = [];
  readonly warnings: Issue[] = [];
  /** What the record claims in entries this user's evidence does not prove, kept for that reason. */
  readonly unproven: string[] = [];
  /** The target folders this run writes nothing into, and why: what it wrote there before goes. */
  readonly #leftOut = new Map<string, string>();
  /**
   * The source files and folders this run leaves out though they are there (a link leading out,
   * a file that is no item), by path: the warning saying so, and what sync wrote from them
   * before, which stays (their source is not gone).
   */
  readonly #sourcesLeftOut = new Map<string, { readonly said: Said; kept: number }>();
  constructor(
    readonly project: Project,
    readonly record: WrittenRecord,
    /** Where each client keeps each kind: its project files, or its folder of the user's. */
    readonly places: SyncPlaces = PROJECT_PLACES,
  ) {}

  #planned(path: string): Planned {
    const real = this.project.resolve(path);
    let planned = this.#files.get(real);
    if (planned === undefined) {
      planned = {
        path,
        real,
        beforeBytes: this.project.read(path),
        after: undefined,
        encoding: "utf8",
        warnings: [],
      };
      this.#files.set(real, planned);
    }
    return planned;
  }

  /**
   * The file's text as planned so far (what is on disk at first; "" when absent). A file that is
   * not UTF-8 is an error: it is written back, and its other bytes must stay as they are.
   */
  text(path: string): string {
    const planned = this.#planned(path);
    if (planned.after === null) return "";
    if (planned.after !== undefined) return planned.after;
    return planned.beforeBytes === undefined ? "" : decodeUtf8(path, planned.beforeBytes);
  }

  /**
   * A source file's text as it is on disk, or undefined when there is none; a path that leads out
   * of the project (or into `.git`) is left out, with an `outside_project` warning naming it.
   */
  sourceText(path: string): string | undefined {
    const located = this.project.locate(path);
    if ("refused" in located) {
      this.warnings.push({
        code: "outside_project",
        severity: "warning",
        path,
        message: `left out: ${located.refused}`,
      });
      return undefined;
    }
    const bytes = this.project.read(path);
    return bytes === undefined ? undefined : decodeUtf8(path, bytes);
  }

  /** The file's bytes on disk, before this run. */
  before(path: string): Buffer | undefined {
    return this.#planned(path).beforeBytes;
  }

  /** The path the record uses for `path`: its real path in the project. */
  recordPath(path: string): string {
    return this.project.relative(this.#planned(path).real);
  }

  /**
   * Sets the file's new text; `owner` names the source, so two sources for one file are an
   * error, and so are two paths of one file that would get different text.
   */
  write(
    path: string,
    after: string,
    warnings: readonly Issue[],
    owner?: string,
    encoding: "utf8" | "latin1" = "utf8",
  ): void {
    const planned = this.#planned(path);
    if (planned.path !== path && planned.after !== undefined && planned.after !== after) {
      throw new ProjectFileError(
        `${path} and ${planned.path} are one file (through a link) and would get different text; nothing written`,
      );
    }
    if (owner !== undefined) {
      const other = this.#owners.get(planned.real);
      if (other !== undefined && other !== owner && planned.path === path) {
        throw new InputFileError(`${path}: written from both ${other} and ${owner}; rename one`);
      }
      this.#owners.set(planned.real, owner);
    }
    planned.after = after;
    planned.encoding = encoding;
    for (const warning of warnings) planned.warnings.push(warning);
  }

  /** Plans the removal of a file contextfmt wrote (the caller checked it is unchanged since). */
  remove(path: string, warnings: readonly Issue[] = []): void {
    const planned = this.#planned(path);
    planned.after = null;
    for (const warning of warnings) planned.warnings.push(warning);
  }

  /**
   * Notes a whole file this run writes: a conflict when it would replace bytes contextfmt did
   * not write (no record of them, or they changed since).
   */
  claimFile(path: string, kind: WrittenKind, after: Buffer, from: string): void {
    const before = this.before(path);
    const recordPath = this.recordPath(path);
    if (
      before !== undefined &&
      !before.equals(after) &&
      !this.record.wrote(recordPath, kind, undefined, sha256(before))
    ) {
      this.conflicts.push(this.project.shown(path));
      if (this.record.claimsUnproven(recordPath, kind, undefined, sha256(before))) {
        this.unproven.push(path);
      }
    }
    this.record.set({ path: recordPath, kind, from, sha256: sha256(after) });
  }

  /** Notes one part of a file this run writes (a server, a region); see {@link claimFile}. */
  claimPart(
    path: string,
    kind: WrittenKind,
    name: string | undefined,
    hashes: { readonly before: string | undefined; readonly after: string },
    label: string,
    from?: string,
  ): void {
    const recordPath = this.recordPath(path);
    if (
      hashes.before !== undefined &&
      hashes.before !== hashes.after &&
      !this.record.wrote(recordPath, kind, name, hashes.before)
    ) {
      this.conflicts.push(`${this.project.shown(path)}: ${label}`);
      if (this.record.claimsUnproven(recordPath, kind, name, hashes.before)) {
        this.unproven.push(`${path}: ${label}`);
      }
    }
    this.record.set({
      path: recordPath,
      kind,
      ...(name !== undefined ? { name } : {}),
      ...(from !== undefined ? { from } : {}),
      sha256: hashes.after,
    });
  }

  /** Notes that this run writes nothing into folder `dir` (a target's), or at file `dir`, and why. */
  leaveOut(dir: string, why: string): void {
    this.#leftOut.set(dir, why);
  }

  /**
   * Warns (once) that the source file or folder at `issue.path` is there but left out: what an
   * earlier sync wrote from it is not taken out as if its source were gone
   * ({@link keepsWrittenFrom}).
   */
  leaveOutSource(issue: Issue): void {
    const path = issue.path ?? "";
    if (this.#sourcesLeftOut.has(path)) return;
    // Its own copy: the words on what stays are added to it as they are found.
    const said: Said = { ...issue };
    this.#sourcesLeftOut.set(path, { said, kept: 0 });
    this.warnings.push(said);
  }

  /**
   * Whether `from` is a source this run left out (or lies in a folder it left out): then `path`,
   * written from it, stays, and the warning that left it out names it.
   */
  keepsWrittenFrom(from: string, path: string): boolean {
    for (const [source, left] of this.#sourcesLeftOut) {
      if (from !== source && !from.startsWith(`${source}/`)) continue;
      left.said.message += `${left.kept === 0 ? "; what contextfmt wrote from it stays: " : ", "}${path}`;
      left.kept += 1;
      return true;
    }
    return false;
  }

  /** Why this run writes nothing at `path` or into the folder it is in, or undefined. */
  whyLeftOut(path: string): string | undefined {
    for (const [dir, why] of this.#leftOut)
      if (path === dir || path.startsWith(`${dir}/`)) return why;
    return undefined;
  }

  /** The planned text of the file at real path `real`: `null` when removed, undefined when unplanned. */
  plannedText(real: string): string | null | undefined {
    return this.#files.get(real)?.after;
  }

  /** Every file the run writes (its text unchanged or not) or removes. */
  files(): PlannedFile[] {
    return [...this.#files.values()].flatMap((file) =>
      file.after === undefined
        ? []
        : [
            {
              path: file.path,
              before: file.beforeBytes?.toString(file.encoding),
              beforeBytes: file.beforeBytes,
              after: file.after ?? undefined,
              warnings: file.warnings,
              encoding: file.encoding,
            },
          ],
    );
  }
}
