/**
 * Writes a batch of project files all or nothing, the way git replaces a file: each new text goes
 * to a temporary file in the target's own folder, is flushed to the disk, and is renamed over the
 * target, so a process killed at any moment leaves every file either as it was or as planned,
 * never cut short. Every target is checked before the first byte is written; when a write fails
 * anyway, what the batch had already replaced is put back, and the error says exactly which
 * files hold what. A file of the batch may be removed instead (`bytes` undefined): it goes in the
 * same all-or-nothing step, put back with the rest when a later file fails, and a folder the
 * removal leaves empty goes too.
 *
 * A write lands only at a place a client reads ({@link isClientPlace}), links resolved; two
 * paths that are one file are one write. Each file is compared with what the plan read right
 * before it is replaced or removed, as git checks a file is up to date before it overwrites it:
 * a file to be replaced that changed since stops the batch, everything put back; one to be
 * removed stays, with a warning, and the rest goes on.
 */
import {
  accessSync,
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  renameSync,
  rmdirSync,
  statSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import type { Issue } from "../problems/issue.js";
import { isClientPlace } from "./places.js";
import { kindOf, type Project, ProjectFileError, readFileCapped, reasonOf } from "./project.js";

/** One file of a batch. */
export interface FileWrite {
  /** Relative to the project, `/`-separated. */
  readonly path: string;
  /** The new bytes, or undefined to remove the file. */
  readonly bytes: Uint8Array | undefined;
  /** The file's bytes when the batch was planned (undefined: absent), to put back on failure. */
  readonly before: Uint8Array | undefined;
  /** The file's mode (an executable script's 0o755); default: the replaced file's, or the umask's. */
  readonly mode?: number;
}

/** A write on its way: where it goes and the temporary file that holds it. */
interface Staged {
  readonly write: FileWrite;
  readonly real: string;
  /** The path for messages: with its real path when a link makes them differ. */
  readonly name: string;
  /** Permission bits of the file it replaces (new files get the default the umask leaves). */
  readonly mode: number | undefined;
  temp?: string | undefined;
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;

/** The nearest folder of `real` that exists, and the folders below it that must be made. */
function existingParent(real: string): { parent: string; missing: string[] } {
  const missing: string[] = [];
  let folder = dirname(real);
  for (;;) {
    try {
      lstatSync(folder);
      return { parent: folder, missing: missing.reverse() };
    } catch (error) {
      // Missing, or below a file (which the caller then finds as the parent).
      if (errorCode(error) !== "ENOENT" && errorCode(error) !== "ENOTDIR") throw error;
      missing.push(folder);
      folder = dirname(folder);
    }
  }
}

/** Why `entry` cannot be written, or undefined when it can: checked for every file before any write. */
function problemOf({ name, real }: Staged): string | undefined {
  try {
    const { parent } = existingParent(real);
    if (!statSync(parent).isDirectory()) {
      return `${name}: a part of its path is a file, not a folder`;
    }
    accessSync(parent, constants.W_OK);
    let target: ReturnType<typeof lstatSync> | undefined;
    try {
      target = lstatSync(real);
    } catch (error) {
      if (errorCode(error) !== "ENOENT") throw error;
    }
    if (target?.isDirectory()) return `${name}: is a folder`;
    // A FIFO, a socket, a device: not a file sync wrote, whatever the record says.
    if (target !== undefined && !target.isFile()) {
      return `${name}: is ${kindOf(target)}, not a regular file`;
    }
    // W_OK on the file itself: an immutable file (chattr +i) says EPERM here, even to root.
    if (target) accessSync(real, constants.W_OK);
  } catch (error) {
    return `${name}: ${reasonOf(error)}`;
  }
  return undefined;
}

/** The temporary file of `real`: hidden, beside it, named for the writer and the process. */
const tempName = (real: string, index: number) =>
  join(dirname(real), `.${basename(real)}.contextfmt-${process.pid}-${index}.tmp`);

/** Writes all of `bytes` to a new file at `path` with `mode`, flushed to the disk. */
function writeNew(path: string, bytes: Uint8Array, mode: number | undefined): void {
  const create = () =>
    openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o666);
  let fd: number;
  try {
    fd = create();
  } catch (error) {
    // Named for this process: one already there is left by a killed run that had this number.
    if (errorCode(error) !== "EEXIST") throw error;
    unlinkSync(path);
    fd = create();
  }
  try {
    let offset = 0;
    while (offset < bytes.length) offset += writeSync(fd, bytes, offset);
    // The mode of the file it replaces, which the umask applied at creation may have narrowed.
    if (mode !== undefined && (fstatSync(fd).mode & 0o7777) !== mode) {
      fchmodSync(fd, mode);
    }
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Flushes a folder's entries (the renames in it); some file systems cannot, which is fine. */
function syncFolder(folder: string): void {
  try {
    const fd = openSync(folder, constants.O_RDONLY);
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // a folder that cannot be flushed is still written
  }
}

/** What can be undone of the staging: temporary files removed, new folders taken away. */
function unstage(staged: readonly Staged[], folders: readonly string[]): void {
  for (const { temp } of staged) {
    if (temp === undefined) continue;
    try {
      unlinkSync(temp);
    } catch {
      // gone already
    }
  }
  for (const folder of [...folders].reverse()) {
    try {
      rmdirSync(folder);
    } catch {
      // not empty or gone: left as it is
    }
  }
}

/** How a batch may be written; each has the default the CLI uses. */
export interface BatchOptions {
  /** Whether a file may land at a real path (project-relative); default: {@link isClientPlace}. */
  readonly isPlace?: (path: string) => boolean;
  /** A rename that a test may replace, to fail where no real disk would. */
  readonly rename?: (from: string, to: string) => void;
}

/**
 * Writes every file of `writes` into `project`, or none: see the module's comment. Throws a
 * {@link ProjectFileError} naming the file that failed and, when the failure came after the first
 * replacement, each file put back and any that could not be. Returns a warning for each file to
 * be removed that was kept, as it changed while the run went on.
 */
export function writeBatch(
  project: Project,
  writes: readonly FileWrite[],
  options: BatchOptions = {},
): Issue[] {
  const rename = options.rename ?? renameSync;
  const isPlace = options.isPlace ?? isClientPlace;
  const problems: string[] = [];
  const byReal = new Map<string, Staged>();
  for (const write of writes) {
    const real = project.resolve(write.path);
    const relative = project.relative(real);
    const name = project.named(write.path, real);
    const other = byReal.get(real);
    if (other !== undefined) {
      // Two paths of one file (a link to another target): one place, written once when the two
      // agree; otherwise the last would win, and neither is what was planned.
      if (!sameBytes(other.write.bytes, write.bytes)) {
        const which =
          relative === write.path || relative === other.write.path ? "" : `, ${relative},`;
        problems.push(
          `${write.path}: one file with ${other.write.path}${which} through a link, and the two would get different bytes`,
        );
      }
      continue;
    }
    if (!isPlace(relative)) {
      problems.push(`${name}: no client reads its configuration there`);
    }
    let mode = write.mode;
    try {
      mode ??= statSync(real).mode & 0o7777;
    } catch {
      mode = undefined;
    }
    byReal.set(real, { write, real, name, mode });
  }
  const staged = [...byReal.values()];
  for (const entry of staged) {
    const problem = problemOf(entry);
    if (problem !== undefined) problems.push(problem);
  }
  if (problems.length > 0) {
    throw new ProjectFileError(`cannot write ${problems.join("; ")}; nothing written`);
  }

  // Stage: every new text in a temporary file beside its target. Nothing is replaced yet.
  const folders: string[] = [];
  for (const [index, entry] of staged.entries()) {
    if (entry.write.bytes === undefined) continue;
    try {
      for (const folder of existingParent(entry.real).missing) {
        mkdirSync(folder);
        folders.push(folder);
      }
      entry.temp = tempName(entry.real, index);
      writeNew(entry.temp, entry.write.bytes, entry.mode);
    } catch (error) {
      unstage(staged, folders);
      throw new ProjectFileError(`cannot write ${entry.name}: ${reasonOf(error)}; nothing written`);
    }
  }

  // Replace: one rename (or unlink) per file, each atomic, each right after the file is found
  // as the plan saw it: an edit made since the plan read it is never lost.
  const warnings: Issue[] = [];
  const done: Staged[] = [];
  for (const entry of staged) {
    const removal = entry.write.bytes === undefined;
    if (!unchanged(project, entry)) {
      if (removal) {
        warnings.push({
          code: "kept_changed",
          severity: "warning",
          path: entry.write.path,
          message:
            "the file stays: it changed while contextfmt ran, after it was read (take it out by hand if it should go)",
        });
        continue;
      }
      fail(
        staged,
        done,
        entry,
        `${entry.name} changed while contextfmt ran`,
        rename,
        "run it again",
      );
    }
    try {
      if (removal) unlinkSync(entry.real);
      else rename(entry.temp as string, entry.real);
      entry.temp = undefined;
      done.push(entry);
    } catch (error) {
      const verb = removal ? "remove" : "replace";
      fail(staged, done, entry, `cannot ${verb} ${entry.name}: ${reasonOf(error)}`, rename);
    }
  }
  for (const entry of done) {
    if (entry.write.bytes === undefined) {
      removeEmptyFolders(project.rootOf(entry.real), dirname(entry.real));
    }
  }
  for (const folder of new Set(done.map((s) => dirname(s.real)))) syncFolder(folder);
  return warnings;
}

/** Whether two new contents are the same (both a removal, or the same bytes). */
function sameBytes(a: Uint8Array | undefined, b: Uint8Array | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);
}

/**
 * Whether `entry`'s path still leads where it led and its file holds what the plan read:
 * anything else (an edit, a file made or removed, a link swapped in, a FIFO) is a change.
 */
function unchanged(project: Project, entry: Staged): boolean {
  const located = project.locate(entry.write.path);
  if ("refused" in located || located.real !== entry.real) return false;
  let now: Buffer | undefined;
  try {
    now = readFileCapped(entry.real, entry.name);
  } catch {
    return false;
  }
  return sameBytes(now, entry.write.before);
}

/**
 * Ends a batch that failed at `entry`: the temporary files go, each file already replaced or
 * removed (`done`) is put back, and the error says so, or names each that could not be.
 */
function fail(
  staged: readonly Staged[],
  done: readonly Staged[],
  entry: Staged,
  failed: string,
  rename: (from: string, to: string) => void,
  advice?: string,
): never {
  unstage(staged, []);
  const unrestored = restore(done, rename);
  const putBack = done
    .filter(({ write }) => !unrestored.has(write.path))
    .map(({ write }) => write.path);
  const then = advice === undefined ? "" : `; ${advice}`;
  if (unrestored.size === 0) {
    throw new ProjectFileError(
      `${failed}; nothing written${putBack.length ? ` (put back as they were: ${putBack.join(", ")})` : ""}${then}`,
    );
  }
  const untouched = staged.filter((other) => other === entry || !done.includes(other));
  throw new ProjectFileError(
    `${failed}; written, could not be put back: ${[...unrestored]
      .map(([path, why]) => `${path} (${why})`)
      .join(
        ", ",
      )}; as they were: ${[...putBack, ...untouched.map(({ write }) => write.path)].join(", ")}${then}`,
  );
}

/** Removes `folder` and each folder above it that is left empty, up to (not including) `root`. */
function removeEmptyFolders(root: string, folder: string): void {
  for (let at = folder; at !== root && at.startsWith(root); at = dirname(at)) {
    try {
      rmdirSync(at);
    } catch {
      return; // not empty (or gone): it and the folders above stay
    }
  }
}

/** Puts each replaced file back as it was; returns those that could not be, with why. */
function restore(
  replaced: readonly Staged[],
  rename: (from: string, to: string) => void,
): Map<string, string> {
  const failed = new Map<string, string>();
  for (const [index, entry] of [...replaced].reverse().entries()) {
    const { before } = entry.write;
    const temp = `${tempName(entry.real, index)}.restore`;
    try {
      if (before === undefined) {
        unlinkSync(entry.real);
        continue;
      }
      writeNew(temp, before, entry.mode);
      rename(temp, entry.real);
    } catch (error) {
      failed.set(entry.write.path, reasonOf(error));
      try {
        unlinkSync(temp);
      } catch {
        // never made
      }
    }
  }
  return failed;
}
