/**
 * A project's files as `sync` and `init` read them. Every path is resolved against the project's
 * root one component at a time; a link that leads outside the root, or to nothing, is refused
 * with its name and target rather than followed (git refuses to write "beyond a symbolic link"
 * for the same reason: a cloned repository must not reach the rest of the machine). `.git` and
 * the other version control folders are outside too, wherever a path or a link's target lands:
 * what is written there runs as git (a `commondir` or `config` naming a `core.fsmonitor`
 * command), and git keeps its own folder out of every checkout for that reason. A file over
 * {@link MAX_FILE_BYTES} is refused before it is read, and so is anything that is not a regular
 * file (a FIFO would make the read wait forever).
 */
import {
  closeSync,
  constants,
  type Dirent,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readlinkSync,
  readSync,
  realpathSync,
  type Stats,
  statSync,
} from "node:fs";
import { join, relative, sep } from "node:path";
import { ContextFmtError } from "../problems/errors.js";
import type { Issue } from "../problems/issue.js";

/**
 * The largest file the CLI reads: settings, commands, skills and their files, input files. A
 * bigger one is refused with its size, before reading, rather than run the process out of
 * memory (Node cannot even hold a 600 MB file as one string).
 */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;

/** A project file that cannot be read or written safely; the message names it and why. */
export class ProjectFileError extends ContextFmtError {
  static override readonly errorName: string = "ProjectFileError";
}

/** `bytes` as megabytes with one decimal, for messages. */
export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;

/**
 * The folders (or files: a worktree's `.git` is one) where version control keeps its own state,
 * lower case: a case-insensitive disk takes `.GIT` for `.git`, and git refuses both.
 */
const VCS_NAMES: ReadonlySet<string> = new Set([
  ".git",
  ".hg",
  ".svn",
  ".jj",
  ".bzr",
  ".pijul",
  "_darcs",
  ".fslckout",
  "_fossil_",
]);

/** The first part of `path` (`/`-separated) that is version control's own, or undefined. */
export function vcsPart(path: string): string | undefined {
  return path.split("/").find((part) => VCS_NAMES.has(part.toLowerCase()));
}

/** What a file that is not a regular file is, in words, for messages. */
export function kindOf(
  stats: Pick<
    Stats,
    "isDirectory" | "isFIFO" | "isSocket" | "isCharacterDevice" | "isBlockDevice" | "isSymbolicLink"
  >,
): string {
  if (stats.isDirectory()) return "a folder";
  if (stats.isSymbolicLink()) return "a link";
  if (stats.isFIFO()) return "a FIFO (named pipe)";
  if (stats.isSocket()) return "a socket";
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return "a device";
  return "not a regular file";
}

/** A path is confined when it is the root or below it. */
export const inside = (root: string, real: string) =>
  real === root || real.startsWith(root.endsWith(sep) ? root : `${root}${sep}`);

/** What a path inside the project leads to, or why it may not be followed. */
export type Located = { readonly real: string } | { readonly refused: string };

/** A project folder whose files are read and written only through links that stay inside it. */
export class Project {
  protected constructor(
    /** The folder as the user named it, for messages. */
    readonly dir: string,
    /** Its real path, links resolved. */
    readonly root: string,
  ) {}

  /** The project at `dir`, which must be an existing folder. */
  static at(dir: string): Project {
    let root: string;
    try {
      root = realpathSync(dir);
    } catch {
      throw new ProjectFileError(`${dir}: no such folder`);
    }
    if (!statSync(root).isDirectory()) throw new ProjectFileError(`${dir}: not a folder`);
    return new Project(dir, root);
  }

  /**
   * The real path that `path` (relative to the project, `/`-separated) leads to, or why it may
   * not be followed. Components after the last existing one are taken as they are: they are
   * created as plain folders, inside whatever real folder precedes them.
   */
  locate(path: string): Located {
    const parts = path.split("/");
    if (parts.some((part) => part === "" || part === "." || part === "..")) {
      return { refused: `${path}: not a plain path inside the project` };
    }
    const vcs = vcsPart(path);
    if (vcs !== undefined) return { refused: `${path}: ${vcs} is outside the project` };
    return this.locateIn(this.root, path, parts);
  }

  /**
   * `parts` (the last parts of `path`) followed one by one from real folder `root`, every link
   * resolved and confined to `root` (and out of version control's folders below it).
   */
  protected locateIn(root: string, path: string, parts: readonly string[]): Located {
    let real = root;
    for (let i = 0; i < parts.length; i++) {
      const next = join(real, parts[i] as string);
      let isLink: boolean;
      try {
        isLink = lstatSync(next).isSymbolicLink();
      } catch (error) {
        // Missing (or below a file): nothing further to follow.
        if (errorCode(error) === "ENOENT" || errorCode(error) === "ENOTDIR") {
          return { real: join(next, ...parts.slice(i + 1)) };
        }
        throw error;
      }
      if (!isLink) {
        real = next;
        continue;
      }
      const link = [...path.split("/").slice(0, -parts.length), ...parts.slice(0, i + 1)].join("/");
      const target = readlinkSync(next);
      let resolved: string;
      try {
        resolved = realpathSync(next);
      } catch (error) {
        return {
          refused:
            errorCode(error) === "ELOOP"
              ? `${link} is a link that leads to itself`
              : `${link} is a link to ${target}, which does not exist`,
        };
      }
      if (!inside(root, resolved)) {
        return { refused: `${link} is a link to ${target}, outside ${this.outsideWords(path)}` };
      }
      const into = vcsPart(relative(root, resolved).split(sep).join("/"));
      if (into !== undefined) {
        return {
          refused: `${link} is a link to ${target}: it leads into ${into}, which is outside ${this.outsideWords(path)}`,
        };
      }
      real = resolved;
    }
    return { real };
  }

  /** What a link leading out of the place `path` is in leads out of, in words. */
  protected outsideWords(_path: string): string {
    return "the project";
  }

  /**
   * The folder the file at real path `real` is confined to: a removal takes the folders it
   * empties away up to it, never it.
   */
  rootOf(_real: string): string {
    return this.root;
  }

  /** The real path of `path`; a link leading outside the project or to nothing is an error. */
  resolve(path: string): string {
    const located = this.locate(path);
    if ("refused" in located) throw new ProjectFileError(`${located.refused}; nothing written`);
    return located.real;
  }

  /** A real path inside the project as a project path (`/`-separated). */
  relative(real: string): string {
    return relative(this.root, real).split(sep).join("/");
  }

  /**
   * `path` for a message, with the file it really is when a link makes them differ: a refusal
   * or a conflict about `.gemini/skills/x/config` must say which file that is.
   */
  shown(path: string): string {
    const located = this.locate(path);
    return "refused" in located ? path : this.named(path, located.real);
  }

  /** `path` for a message, given `real`, the real path it leads to (see {@link shown}). */
  named(path: string, real: string): string {
    const relative = this.relative(real);
    return relative === path ? path : `${path} (through a link: ${relative})`;
  }

  /** Whether `path` exists (a link refused as {@link resolve} refuses it). */
  exists(path: string): boolean {
    try {
      lstatSync(this.resolve(path));
      return true;
    } catch (error) {
      if (ProjectFileError.is(error)) throw error;
      return false;
    }
  }

  /** The bytes of file `path`, or undefined when there is none; see {@link readFileCapped}. */
  read(path: string): Buffer | undefined {
    const real = this.resolve(path);
    return readFileCapped(real, this.named(path, real));
  }

  /** Whether `path` is a file (a link followed as {@link resolve} follows it). */
  isFile(path: string): boolean {
    try {
      return statSync(this.resolve(path)).isFile();
    } catch (error) {
      if (ProjectFileError.is(error)) throw error;
      return false;
    }
  }

  /**
   * Every file below folder `dir` (`""`: the project's root), as project paths (`dir/…`) in a
   * stable order. A link that stays inside the project is followed (a folder once); one that
   * leads outside, or to nothing, is left out and reported through `warn`, as is `dir` itself
   * when it is such a link, a version control folder (a skill cloned with its `.git`), and
   * anything that is neither a file nor a folder (a FIFO). A folder (or link) whose name `skip`
   * accepts is not entered. `entered` hears of each folder walked, `dir` first, with its real
   * path (a watcher watches the folders the walk went through).
   */
  filesBelow(
    dir: string,
    warn: (issue: Issue) => void,
    skip: (folder: string) => boolean = () => false,
    entered: (path: string, real: string) => void = () => {},
  ): string[] {
    const leftOut = (path: string, why: string) =>
      warn({
        code: "outside_project",
        severity: "warning",
        path,
        message: `left out: ${why}`,
      });
    const start: Located = dir === "" ? { real: this.root } : this.locate(dir);
    if ("refused" in start) {
      leftOut(dir, start.refused);
      return [];
    }
    const out: string[] = [];
    const seen = new Set<string>();
    const walk = (path: string, real: string) => {
      if (seen.has(real)) return;
      seen.add(real);
      entered(path, real);
      const entries = readdirSync(real, { withFileTypes: true });
      entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const entry of entries) {
        // Links too: a skipped folder's name is not followed wherever it leads.
        if ((entry.isDirectory() || entry.isSymbolicLink()) && skip(entry.name)) continue;
        const child = path === "" ? entry.name : `${path}/${entry.name}`;
        if (VCS_NAMES.has(entry.name.toLowerCase())) {
          // A worktree's .git is a file: a caller that skips the folder skips it too, unsaid.
          if (!skip(entry.name)) leftOut(child, `${entry.name} is outside the project`);
          continue;
        }
        let childReal = join(real, entry.name);
        let stats: Stats | Dirent = entry;
        if (entry.isSymbolicLink()) {
          const located = this.locate(child);
          if ("refused" in located) {
            leftOut(child, located.refused);
            continue;
          }
          childReal = located.real;
          stats = statSync(childReal);
        }
        if (stats.isDirectory()) walk(child, childReal);
        else if (stats.isFile()) out.push(child);
        else {
          warn({
            code: "not_a_file",
            severity: "warning",
            path: child,
            message: `left out: ${kindOf(stats)}, not a regular file`,
          });
        }
      }
    };
    let stats: ReturnType<typeof statSync>;
    try {
      stats = statSync(start.real);
    } catch {
      return [];
    }
    if (stats.isDirectory()) walk(dir, start.real);
    return out;
  }
}

/**
 * The bytes of the file at `real`, or undefined when there is none. `name` is how messages call
 * it. A folder, a FIFO, a socket or a device, an unreadable file and a file over
 * {@link MAX_FILE_BYTES} are errors; a link in the last place is not followed (the caller
 * resolved it already, so one now is a swap). It is opened without waiting (a FIFO's open waits
 * for a writer that never comes) and checked for what it is once open, so nothing swapped in
 * between the look and the read is read.
 */
export function readFileCapped(real: string, name: string): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = errorCode(error);
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    // A socket cannot be opened at all.
    if (code === "ENXIO") throw new ProjectFileError(`${name}: is a socket, not a regular file`);
    throw new ProjectFileError(`${name}: cannot read: ${reasonOf(error)}`);
  }
  try {
    const stats = fstatSync(fd);
    if (stats.isDirectory()) throw new ProjectFileError(`${name}: is a folder, not a file`);
    if (!stats.isFile()) {
      throw new ProjectFileError(`${name}: is ${kindOf(stats)}, not a regular file`);
    }
    if (stats.size > MAX_FILE_BYTES) {
      throw new ProjectFileError(
        `${name}: ${megabytes(stats.size)} is over the ${megabytes(MAX_FILE_BYTES)} a file read here may have`,
      );
    }
    return readOpenFile(fd, stats.size);
  } finally {
    closeSync(fd);
  }
}

/** The bytes of the file open at `fd`, `size` of them as its stats said (fewer if it shrank). */
export function readOpenFile(fd: number, size: number): Buffer {
  const bytes = Buffer.allocUnsafe(size);
  let offset = 0;
  while (offset < size) {
    const read = readSync(fd, bytes, offset, size - offset, null);
    if (read === 0) break;
    offset += read;
  }
  return bytes.subarray(0, offset);
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * `bytes` as UTF-8 text, a leading byte order mark kept (what is written back keeps it); bytes
 * that are not UTF-8 are an error naming `path`, since a file edited in place must keep every
 * byte it does not change.
 */
export function decodeUtf8(path: string, bytes: Uint8Array): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw new ProjectFileError(`${path}: not UTF-8 text; nothing written`);
  }
}

/** What a failed file operation means, in words (the code's name when it is a rare one). */
export function reasonOf(error: unknown): string {
  const code = errorCode(error);
  switch (code) {
    case "EACCES":
      return "permission denied";
    case "EPERM":
      return "operation not permitted (an immutable file or folder?)";
    case "EROFS":
      return "read-only file system";
    case "ENOSPC":
      return "no space left on the device";
    case "EDQUOT":
      return "disk quota exceeded";
    case "EFBIG":
      return "file too large (over the process's file size limit)";
    case "ELOOP":
      return "a link in the last place (not followed)";
    case "EISDIR":
      return "is a folder";
    case "ENOTDIR":
      return "a part of its path is a file, not a folder";
    default:
      return code ?? (error instanceof Error ? error.message : String(error));
  }
}
