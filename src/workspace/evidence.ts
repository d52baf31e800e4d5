/**
 * The user's own evidence of what contextfmt wrote in a project, kept outside every project
 * (`$XDG_STATE_HOME/contextfmt/projects/<SHA-256 of the project's real folder>.json`, or
 * `~/.local/state/contextfmt/projects/…`): the digests of the record entries this user's `sync`
 * and `init` wrote there. The record itself (`.contextfmt/written.json`) is committed and ships
 * with every clone, so what it says is the word of whoever committed it; this file never ships
 * with anything, and a repository cannot put one here. Since it is private to the user, a plain
 * digest is enough: no key.
 */
import { createHash, randomBytes } from "node:crypto";
import {
  closeSync,
  constants,
  fstatSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import type { Issue } from "../problems/issue.js";
import { reasonOf } from "./project.js";

/** A store larger than this is no store of contextfmt's (it holds 66 bytes an entry). */
const MAX_BYTES = 64 * 1024 * 1024;

/**
 * The folder of every project's evidence, by the environment: `$XDG_STATE_HOME`, or
 * `~/.local/state` without an absolute one.
 *
 * @example
 * ```ts
 * evidenceFolder({ XDG_STATE_HOME: "/x/state" }); // "/x/state/contextfmt/projects"
 * ```
 */
export function evidenceFolder(env: NodeJS.ProcessEnv = process.env): string {
  const state = env.XDG_STATE_HOME?.startsWith("/")
    ? env.XDG_STATE_HOME
    : join(homedir(), ".local", "state");
  return join(state, "contextfmt", "projects");
}

/**
 * What this user's runs wrote in one project (its real folder), as digests of whole record
 * entries, read once at the start of a run and saved after its writes succeed.
 *
 * @example
 * ```ts
 * const evidence = Evidence.read(project.root);
 * evidence.holds(digest); // whether this user's run wrote that entry here
 * reportIssues(evidence.save(digests)); // after the run's writes
 * ```
 */
export class Evidence {
  readonly #digests: ReadonlySet<string>;

  private constructor(
    /** The project's real folder: the digests are of entries for it. */
    readonly root: string,
    /** Where the store is, for messages. */
    readonly path: string,
    digests: ReadonlySet<string>,
    /** Why the store could not be read, when it could not: nothing is evidence then. */
    readonly problem: string | undefined,
  ) {
    this.#digests = digests;
  }

  /** The store of the project at real folder `root`; an absent one holds nothing. */
  static read(root: string, folder = evidenceFolder()): Evidence {
    const path = join(folder, `${sha256(root)}.json`);
    const read = readStore(path, root);
    return typeof read === "string"
      ? new Evidence(root, path, new Set(), read)
      : new Evidence(root, path, read, undefined);
  }

  /** Evidence of nothing, read from nowhere (a run that takes the record at its word). */
  static none(root: string): Evidence {
    return new Evidence(root, "", new Set(), undefined);
  }

  /** Whether this user's contextfmt wrote the entry whose digest this is, in this project. */
  holds(digest: string): boolean {
    return this.#digests.has(digest);
  }

  /**
   * Keeps `digests` as the project's evidence, in place of what was there (whole or not at all:
   * a file of its own, mode 0600, renamed over the old one in a folder of mode 0700); nothing
   * done when they are what was read. A store that cannot be written is a warning: the run's
   * files are written, and the next run keeps what this one wrote, as a teammate's.
   */
  save(digests: ReadonlySet<string>): Issue[] {
    if (
      this.path === "" ||
      (this.problem === undefined &&
        digests.size === this.#digests.size &&
        [...digests].every((digest) => this.#digests.has(digest)))
    ) {
      return [];
    }
    const text = `${JSON.stringify({ version: 1, root: this.root, written: [...digests].sort() })}\n`;
    const temporary = `${this.path}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      mkdirSync(join(this.path, ".."), { recursive: true, mode: 0o700 });
      const fd = openSync(temporary, "wx", 0o600);
      try {
        writeSync(fd, text);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(temporary, this.path);
    } catch (error) {
      try {
        unlinkSync(temporary);
      } catch {
        // Never made, or gone: nothing to clean.
      }
      return [
        {
          code: "evidence_not_saved",
          severity: "warning",
          path: this.path,
          message: `cannot save what this run wrote (${reasonOf(error)}): the next run keeps it as it keeps a teammate's, and replaces or removes it only with --force`,
        },
      ];
    }
    return [];
  }
}

/** SHA-256 of text (as UTF-8) or bytes, in hex: the one hash of the record and the evidence. */
export const sha256 = (data: string | Uint8Array): string =>
  createHash("sha256").update(data).digest("hex");

/** The digests a store holds for `root`; absent is none; a string says why it cannot be read. */
function readStore(path: string, root: string): ReadonlySet<string> | string {
  let fd: number;
  try {
    // Not blocking: a FIFO at the store's place is no store, not a wait.
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return new Set();
    return `cannot read ${path}: ${reasonOf(error)}`;
  }
  let text: string;
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile() || stats.size > MAX_BYTES) {
      return `${path} is not a store of contextfmt's (a file of at most ${MAX_BYTES} bytes)`;
    }
    text = readFileSync(fd, "utf8");
  } catch (error) {
    return `cannot read ${path}: ${reasonOf(error)}`;
  } finally {
    closeSync(fd);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    data = undefined;
  }
  const { version, root: its, written } = (data ?? {}) as Record<string, unknown>;
  if (
    version !== 1 ||
    its !== root ||
    !Array.isArray(written) ||
    !written.every((digest) => typeof digest === "string" && /^[0-9a-f]{64}$/.test(digest))
  ) {
    return `${path} is not a store of contextfmt's for ${root} (expected { "version": 1, "root": ${JSON.stringify(root)}, "written": [digests] })`;
  }
  return new Set(written as string[]);
}
