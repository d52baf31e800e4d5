import { withoutTrailing } from "../formats/escape.js";
import { parseWith } from "../model/parse.js";
import {
  type ProjectContext,
  type ProjectContextInput,
  ProjectListSchema,
} from "../model/project.js";
import { DateInputSchema } from "../model/rule.js";
import { badArgument, optionsArgument, stringArgument } from "../problems/arguments.js";
import { FileIndex, pathsIn, SegmentTrie } from "./paths.js";
import { lowerCase, PhraseSearch, wordCharacterAt, wordCharacterBefore } from "./phrase-search.js";

/** How {@link detectActiveProject} found the project, in the order it tries. */
export type ActiveProjectReason = "mention" | "path" | "recent" | "active";

/** Result of {@link detectActiveProject}. */
export interface ActiveProject {
  readonly project: ProjectContext;
  readonly reason: ActiveProjectReason;
}

/** Options of {@link detectActiveProject}. */
export interface DetectActiveProjectOptions {
  /** The clock; default: the current time. */
  readonly now?: Date | string | number;
  /** How recent `lastUpdated` must be for the "most recently updated" rule. Default 7 days. */
  readonly recentDays?: number;
}

const DAY_MS = 86_400_000;
const SLASH = new Set(["/"]);

/** Most recently updated first; projects without `lastUpdated` last. */
function byRecency(a: ProjectContext, b: ProjectContext): number {
  return (
    (b.lastUpdated?.getTime() ?? Number.NEGATIVE_INFINITY) -
      (a.lastUpdated?.getTime() ?? Number.NEGATIVE_INFINITY) || 0
  );
}

/**
 * The project whose name or id the message names, as a whole word in any case; the longest name
 * wins (most specific), then the first project. All names are found in one pass over the message.
 */
function mentioned(
  message: string,
  projects: readonly ProjectContext[],
): ProjectContext | undefined {
  const names = projects.flatMap((project) => [project.name, project.projectId]);
  const text = lowerCase(message);
  const named = new Set<number>();
  new PhraseSearch(names.map(lowerCase)).scan(
    text,
    (name, start) => {
      if (!wordCharacterBefore(text, start)) named.add(name);
      return undefined;
    },
    (end) => !wordCharacterAt(text, end),
  );
  let best: number | undefined;
  for (const name of [...named].sort((a, b) => a - b)) {
    if (best === undefined || (names[name] as string).length > (names[best] as string).length) {
      best = name;
    }
  }
  return best === undefined ? undefined : projects[Math.floor(best / 2)];
}

/**
 * Finds the project a path belongs to: under its root (longest root wins, then the first
 * project), else the first project with the path among its recent files. Roots and files are
 * indexed once, so each path is one walk, not a comparison with every project (quadratic for a
 * message of many paths against many projects).
 */
function projectOwner(
  projects: readonly ProjectContext[],
): (path: string) => ProjectContext | undefined {
  // Roots by path segment from the first; the first project whose root ends at a node.
  const roots = new SegmentTrie();
  const rootOf = new Map<number, ProjectContext>();
  const files = new FileIndex<number>();
  // The project of each indexed file, by the number it was indexed under (in project order).
  const fileOwners: ProjectContext[] = [];
  for (const project of projects) {
    for (const file of project.recentFiles) {
      files.add(file, fileOwners.length, fileOwners.length);
      fileOwners.push(project);
    }
    if (project.path === undefined) continue;
    const root = withoutTrailing(project.path.replace(/\\/g, "/"), SLASH);
    if (root === "") continue;
    let node = roots.root;
    for (const segment of root.split("/")) node = roots.grow(node, segment);
    if (!rootOf.has(node)) rootOf.set(node, project);
  }
  return (path) => {
    // `path` is under a root when the root's segments begin its own; the deepest is the longest.
    let owner: ProjectContext | undefined;
    let node: number | undefined = roots.root;
    for (const segment of path.replace(/\\/g, "/").split("/")) {
      node = roots.child(node, segment);
      if (node === undefined) break;
      owner = rootOf.get(node) ?? owner;
    }
    if (owner) return owner;
    const file = files.first(path);
    return file === undefined ? undefined : fileOwners[file];
  };
}

/**
 * Which project the user is working on, by the original design's rules in order: a project named
 * in the message (name or id, whole words, any case); a file path in the message that lies under a
 * project's `path` or is one of its recent files; the most recently updated project (within
 * `recentDays` of `now`, completed ones aside); a project whose status is `active`. `undefined`
 * when none applies.
 *
 * @example
 * ```ts
 * detectActiveProject("Back to SAM Terminal", projects, { now: "2026-01-25T10:00:00Z" });
 * // { project: { name: "SAM Terminal", … }, reason: "mention" }
 * ```
 */
export function detectActiveProject(
  message: string,
  projects: readonly ProjectContextInput[],
  options: DetectActiveProjectOptions = {},
): ActiveProject | undefined {
  stringArgument(message, "message");
  const list = parseWith(ProjectListSchema, projects, "projects");
  const given = optionsArgument(options);
  const now =
    given.now === undefined ? new Date() : parseWith(DateInputSchema, given.now, "options.now");
  const recentDays = given.recentDays ?? 7;
  if (typeof recentDays !== "number" || Number.isNaN(recentDays) || recentDays < 0) {
    badArgument("options.recentDays", "a number >= 0", recentDays);
  }

  const named = mentioned(message, list);
  if (named) return { project: named, reason: "mention" };
  const ownerOf = projectOwner(list);
  for (const path of pathsIn(message)) {
    const owner = ownerOf(path);
    if (owner) return { project: owner, reason: "path" };
  }
  const since = now.getTime() - recentDays * DAY_MS;
  const [recent] = list
    .filter(
      (project) =>
        project.status !== "completed" &&
        (project.lastUpdated?.getTime() ?? Number.NEGATIVE_INFINITY) >= since,
    )
    .sort(byRecency);
  if (recent) return { project: recent, reason: "recent" };
  const [active] = list.filter((project) => project.status === "active").sort(byRecency);
  return active ? { project: active, reason: "active" } : undefined;
}
