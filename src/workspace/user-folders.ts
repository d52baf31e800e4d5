/**
 * The user's client folders as one place to read and write, for `sync --user`: each folder
 * (`~/.claude`, `$CODEX_HOME`, `~/.config/opencode`, …) is a confinement root of its own, as a
 * project's root is for a project. A path names its folder first, as the user knows it
 * (`~/.claude/CLAUDE.md`, `~config/opencode/AGENTS.md`); a path in no folder of the run is
 * refused, and so is a link that leads out of its own folder (a link in `~/.codex` to a file of
 * `~/.claude` too): each folder is its client's, and the home folder as a whole is nobody's to
 * write. A folder that is the home folder itself or a folder above it, or one inside a version
 * control folder (`CODEX_HOME` pointing into a project's `.git`), is refused before anything is
 * read, the variable that put it there named.
 */
import { realpathSync } from "node:fs";
import { basename, dirname, join, relative, sep } from "node:path";
import { inside, type Located, Project, ProjectFileError, vcsPart } from "./project.js";

/** One folder of the user's: how paths name it, where it is, and what chose that place. */
export interface UserRoot {
  /** How paths start for it: `~/.claude`, `~config/opencode`. */
  readonly key: string;
  /** Its absolute path, as the environment gives it (links not yet resolved). */
  readonly dir: string;
  /** The variable that chose it (`CODEX_HOME`), when one did: named in refusals. */
  readonly chosenBy?: string;
}

/** A folder's real path: links resolved as far as it exists, the rest as it is. */
function realOf(dir: string): string {
  const missing: string[] = [];
  let at = dir;
  for (;;) {
    try {
      return join(realpathSync(at), ...missing.reverse());
    } catch {
      const up = dirname(at);
      if (up === at) return dir;
      missing.push(basename(at));
      at = up;
    }
  }
}

/** The user's client folders, each confined on its own; paths start with a folder's key. */
export class UserFolders extends Project {
  readonly #roots: readonly (UserRoot & { readonly real: string })[];

  private constructor(home: string, roots: readonly (UserRoot & { readonly real: string })[]) {
    super(home, home);
    // The longest key first, so `~/.config/x` is never taken for a folder `~/.config`.
    this.#roots = [...roots].sort((a, b) => b.key.length - a.key.length);
  }

  /**
   * The folders `roots` of the user whose home is `home` (absolute). A folder that is the home
   * folder or above it, or that lies in a version control folder, is an error naming it.
   *
   * @throws ProjectFileError for such a folder, or a relative one.
   */
  static of(home: string, roots: readonly UserRoot[]): UserFolders {
    if (!home.startsWith("/")) throw new ProjectFileError(`HOME=${home}: not an absolute path`);
    const homeReal = realOf(home);
    const checked = roots.map((root) => {
      const named = root.chosenBy === undefined ? root.key : `${root.chosenBy}=${root.dir}`;
      if (!root.dir.startsWith("/")) {
        throw new ProjectFileError(`${named}: not an absolute path; nothing written`);
      }
      const real = realOf(root.dir);
      if (inside(real, homeReal)) {
        throw new ProjectFileError(
          `${named}: the home folder${real === homeReal ? "" : " lies inside it"}; sync --user writes only in the clients' own folders, never the whole home; nothing written`,
        );
      }
      const vcs = vcsPart(real.split(sep).join("/"));
      if (vcs !== undefined) {
        throw new ProjectFileError(
          `${named}: ${real} is inside ${vcs}, version control's own folder; nothing written`,
        );
      }
      return { ...root, real };
    });
    return new UserFolders(homeReal, checked);
  }

  /** The folder `path` is in, and the rest of the path below it; undefined when none. */
  #rootOf(path: string) {
    const root = this.#roots.find((at) => path === at.key || path.startsWith(`${at.key}/`));
    return root === undefined ? undefined : { root, rest: path.slice(root.key.length + 1) };
  }

  override locate(path: string): Located {
    const found = this.#rootOf(path);
    if (found === undefined) {
      return {
        refused: `${path}: outside the user's client folders (${this.#roots.map((root) => root.key).join(", ")})`,
      };
    }
    if (found.rest === "") return { real: found.root.real };
    const parts = found.rest.split("/");
    if (parts.some((part) => part === "" || part === "." || part === "..")) {
      return { refused: `${path}: not a plain path inside ${found.root.key}` };
    }
    const vcs = vcsPart(found.rest);
    if (vcs !== undefined) return { refused: `${path}: ${vcs} is outside ${found.root.key}` };
    return this.locateIn(found.root.real, path, parts);
  }

  /** A folder above the clients' own (`~`, `~/.config`) is none of theirs: no file of theirs. */
  override isFile(path: string): boolean {
    return this.#rootOf(path) !== undefined && super.isFile(path);
  }

  protected override outsideWords(path: string): string {
    return this.#rootOf(path)?.root.key ?? "the user's client folders";
  }

  /** The folder's real path of the one that holds `real` (the innermost), or undefined. */
  #holding(real: string) {
    let best: (UserRoot & { readonly real: string }) | undefined;
    for (const root of this.#roots) {
      if (inside(root.real, real) && (best === undefined || root.real.length > best.real.length)) {
        best = root;
      }
    }
    return best;
  }

  override relative(real: string): string {
    const root = this.#holding(real);
    if (root === undefined) return real;
    const rest = relative(root.real, real).split(sep).join("/");
    return rest === "" ? root.key : `${root.key}/${rest}`;
  }

  override rootOf(real: string): string {
    return this.#holding(real)?.real ?? this.root;
  }
}
