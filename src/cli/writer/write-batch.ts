/**
 * Writes a batch of project files all or nothing, the way git replaces a file: each new text goes
 * to a temporary file in the target's own folder, is flushed to the disk, and is renamed over the
 * target, so a process killed at any moment leaves every file either as it was or as planned,
 * never cut short. Every target is checked before the first byte is written; when a write fails
 * anyway, what the batch had already replaced is put back, and the error says exactly which
 * files hold what. A file of the batch may be removed instead (`bytes` undefined): it goes in the
 * same all-or-nothing step, put back with the rest when a later file fails, and a folder the
 * removal leaves empty goes too.
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
import { type Project, ProjectFileError, reasonOf } from "./project.js";

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

/** Why `write` cannot happen, or undefined when it can: checked for every file before any write. */
function problemOf(write: FileWrite, real: string): string | undefined {
  try {
    const { parent } = existingParent(real);
    if (!statSync(parent).isDirectory()) {
      return `${write.path}: a part of its path is a file, not a folder`;
    }
    accessSync(parent, constants.W_OK);
    let target: ReturnType<typeof lstatSync> | undefined;
    try {
      target = lstatSync(real);
    } catch (error) {
      if (errorCode(error) !== "ENOENT") throw error;
    }
    if (target?.isDirectory()) return `${write.path}: is a folder`;
    // W_OK on the file itself: an immutable file (chattr +i) says EPERM here, even to root.
    if (target) accessSync(real, constants.W_OK);
  } catch (error) {
    return `${write.path}: ${reasonOf(error)}`;
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

/** File operations the batch uses that a test may replace, to fail where no real disk would. */
export interface BatchOperations {
  readonly rename: (from: string, to: string) => void;
}

/**
 * Writes every file of `writes` into `project`, or none: see the module's comment. Throws a
 * {@link ProjectFileError} naming the file that failed and, when the failure came after the first
 * replacement, each file put back and any that could not be.
 */
export function writeBatch(
  project: Project,
  writes: readonly FileWrite[],
  operations: BatchOperations = { rename: renameSync },
): void {
  const seen = new Map<string, string>();
  const staged: Staged[] = writes.map((write) => {
    const real = project.resolve(write.path);
    // Two paths of one file (a link to another target) would be written twice, the last winning.
    const other = seen.get(real);
    if (other !== undefined) {
      throw new ProjectFileError(`${write.path} and ${other} are one file; nothing written`);
    }
    seen.set(real, write.path);
    let mode = write.mode;
    try {
      mode ??= statSync(real).mode & 0o7777;
    } catch {
      mode = undefined;
    }
    return { write, real, mode };
  });
  const problems = staged.flatMap(({ write, real }) => problemOf(write, real) ?? []);
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
      throw new ProjectFileError(
        `cannot write ${entry.write.path}: ${reasonOf(error)}; nothing written`,
      );
    }
  }

  // Replace: one rename per file, each atomic.
  for (const [index, entry] of staged.entries()) {
    try {
      if (entry.write.bytes === undefined) unlinkSync(entry.real);
      else operations.rename(entry.temp as string, entry.real);
      entry.temp = undefined;
    } catch (error) {
      const failed = `cannot ${entry.write.bytes === undefined ? "remove" : "replace"} ${entry.write.path}: ${reasonOf(error)}`;
      unstage(staged, []);
      const replaced = staged.slice(0, index);
      const unrestored = restore(replaced, operations);
      const putBack = replaced
        .filter(({ write }) => !unrestored.has(write.path))
        .map(({ write }) => write.path);
      throw new ProjectFileError(
        unrestored.size === 0
          ? `${failed}; nothing written${putBack.length ? ` (put back as they were: ${putBack.join(", ")})` : ""}`
          : `${failed}; written, could not be put back: ${[...unrestored]
              .map(([path, why]) => `${path} (${why})`)
              .join(", ")}; as they were: ${[
              ...putBack,
              ...staged.slice(index).map(({ write }) => write.path),
            ].join(", ")}`,
      );
    }
  }
  for (const entry of staged) {
    if (entry.write.bytes === undefined) removeEmptyFolders(project.root, dirname(entry.real));
  }
  for (const folder of new Set(staged.map((s) => dirname(s.real)))) syncFolder(folder);
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
function restore(replaced: readonly Staged[], operations: BatchOperations): Map<string, string> {
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
      operations.rename(temp, entry.real);
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
