/**
 * Which instruction files a client reads in a folder below the project's root: for a session
 * started there (the folders from the root to the start, or the start alone) or for work on a
 * file there. Every client reads some: it is where its loading rules look in each folder, not
 * whether sync writes a file of its own name there.
 */
import type { InstructionLoading } from "../../clients/spec.js";

/**
 * The names `loading` reads in a folder below the root, given which of them are `present` there:
 * of each list of names its first present one. A list decided over the folders from the root
 * (Kilo Code's `CLAUDE.md` only where no folder has an `AGENTS.md`) counts its first name alone,
 * as the root's own file of that name decides for the folders below it.
 *
 * @example
 * ```ts
 * namesReadInFolder(opencode.loading.instructions, (name) => name === "CLAUDE.md"); // ["CLAUDE.md"]
 * ```
 */
export function namesReadInFolder(
  loading: InstructionLoading,
  present: (name: string) => boolean,
): string[] {
  const read: string[] = [];
  for (const place of loading.places) {
    if (!("names" in place)) continue;
    const names = place.acrossFolders ? place.names.slice(0, 1) : place.names;
    const first = names.find(present);
    if (first !== undefined) read.push(first);
  }
  return read;
}

/** Every name `loading` may read in a folder below the root, in its order, each once. */
export function namesInFolders(loading: InstructionLoading): string[] {
  return [...new Set(loading.places.flatMap((place) => ("names" in place ? place.names : [])))];
}
