/**
 * Where a project starts, as git finds its repository: the nearest folder up from where a
 * command runs that holds a marker. A command run from a subfolder works on the whole project,
 * and one run outside any project stops rather than take a stray folder (a home folder, `/`)
 * for one and write its record there.
 */
import { existsSync, realpathSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { stringArgument } from "../problems/arguments.js";
import { UsageError } from "../problems/usage-error.js";

/** The file at a project's root holding what `sync` does there by default. */
export const CONFIG_FILE = "contextfmt.json";

/** What marks a folder as a project's root, in the words messages use. */
export const PROJECT_MARKERS = `.git, ${CONFIG_FILE} or .contextfmt/`;

/** A command that needs a project was run outside any; the message names the folder. */
export class NotInProjectError extends UsageError {
  static override readonly errorName: string = "NotInProjectError";
}

/** Whether `folder` holds a `.git` (a folder, or a worktree's file), the config or `.contextfmt/`. */
function isRoot(folder: string): boolean {
  if (existsSync(join(folder, ".git")) || existsSync(join(folder, CONFIG_FILE))) return true;
  try {
    return statSync(join(folder, ".contextfmt")).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The real path of the nearest folder from `start` up (`start` included) that is a project's
 * root, or undefined when none is. Only names are looked at, never read.
 */
export function findProjectRoot(start: string): string | undefined {
  stringArgument(start, "start");
  let folder: string;
  try {
    folder = realpathSync(start);
  } catch {
    return undefined;
  }
  for (;;) {
    if (isRoot(folder)) return folder;
    const parent = dirname(folder);
    if (parent === folder) return undefined;
    folder = parent;
  }
}

/**
 * The project's root for a command run in `start` (see {@link findProjectRoot}).
 *
 * @throws NotInProjectError when neither `start` nor a folder above it is a project's root.
 * @example
 * ```ts
 * const root = projectRoot(process.cwd()); // "/home/me/repo" from /home/me/repo/pkg
 * ```
 */
export function projectRoot(start: string): string {
  const root = findProjectRoot(start);
  if (root !== undefined) return root;
  throw new NotInProjectError(
    `${start}: not in a project: neither it nor a folder above it has ${PROJECT_MARKERS}; run this in a project, or name its folder`,
  );
}
