/**
 * The whole-file kinds (commands, agents, skills): each item of the source's folder converted to
 * the target's format and written at its place there, a skill's other files copied byte for byte.
 */
import {
  ConfigParseError,
  convertAgentConfig,
  parseAgentConfig,
  skillName,
} from "../agent-config/index.js";
import type { Issue } from "../problems/issue.js";
import { decodeUtf8, type Project } from "../workspace/project.js";
import { sha256 } from "../workspace/record.js";
import {
  type ItemFiles,
  type ItemKind,
  type ItemPlace,
  itemGlob,
  type SyncTool,
} from "./locations.js";
import type { Plan } from "./planned-files.js";
import { type LeftOut, readingPlace } from "./shared-skills.js";
import { inFile, inTargetWords, naming, noPlace } from "./source-warnings.js";

/** One item of a whole-file kind as the source keeps it. */
export interface SourceItem {
  readonly name: string;
  readonly path: string;
  readonly text: string;
  /** Other files of a skill's folder, as project paths. */
  readonly extras: readonly string[];
}

/** A source item and the place it was read from (its codec). */
interface PlacedItem extends SourceItem {
  readonly place: ItemPlace;
}

/**
 * Where a file of `files`' folder stands by the folder's layout (`rel`: its path below the
 * folder): the item it holds (`main`) or belongs to (a skill's other files), or undefined when
 * it is no item's (a README beside the skill folders, a `.txt` among `.md` commands).
 */
export function itemOf(
  files: ItemFiles,
  rel: string,
): { readonly name: string; readonly main: boolean } | undefined {
  if (files.layout === "skill-folders") {
    const slash = rel.indexOf("/");
    if (slash === -1) return undefined;
    return { name: rel.slice(0, slash), main: rel.slice(slash + 1) === "SKILL.md" };
  }
  if (!rel.endsWith(files.extension) || (files.layout === "flat" && rel.includes("/"))) {
    return undefined;
  }
  return { name: rel.slice(0, -files.extension.length), main: true };
}

/**
 * Why `text` is no item of `kind` in `files`' format (its parse error's words), or undefined
 * when it is one: the client skips such a file, and so do sync and the doctor.
 */
export function notAnItem(
  kind: ItemKind,
  files: ItemFiles,
  name: string,
  text: string,
): string | undefined {
  try {
    parseAgentConfig(kind, files.format, text, { name });
    return undefined;
  } catch (error) {
    if (ConfigParseError.is(error)) return error.message;
    throw error;
  }
}

/** The source items of each kind a plan read, each read (and warned about) once for all targets. */
const readOnce = new WeakMap<Plan, Map<string, PlacedItem[]>>();

/**
 * The items of `kind` the source client has, from every place it reads them (see `itemPlaces`),
 * in its order: a file an earlier place of one folder holds is that place's; of two items of
 * one name the client uses the first, so the other is left out with a warning, as is a file
 * that is no item of the kind.
 */
function sourceItems(plan: Plan, from: SyncTool, kind: ItemKind): PlacedItem[] {
  const read = readOnce.get(plan) ?? new Map<string, PlacedItem[]>();
  readOnce.set(plan, read);
  const key = `${from} ${kind}`;
  const known = read.get(key);
  if (known !== undefined) return known;
  const { label } = plan.places.tool(from);
  const places = plan.places.readPlaces(from, kind, "source");
  // A source that is there but left out is not gone: what sync wrote from it stays. Two places
  // of one folder (Copilot's agents) meet a link leading out twice: one warning.
  const leaveOut = (issue: Issue) => plan.leaveOutSource(issue);
  const held = new Set<string>();
  const first = new Map<string, string>();
  const items: PlacedItem[] = [];
  for (const place of places) {
    for (const item of readItems(plan.project, place, leaveOut)) {
      if (held.has(item.path)) continue;
      held.add(item.path);
      // A copy an earlier sync wrote for a target, unchanged since (Codex CLI's .agents/skills,
      // which Gemini CLI reads too): the source's own item, not a second one.
      if (syncWrote(plan, item.path, kind)) continue;
      const why = notAnItem(kind, place, item.name, item.text);
      if (why !== undefined) {
        leaveOut(skipped(item.path, `not a ${label} ${kind} (${why})`));
        continue;
      }
      const winner = first.get(item.name);
      if (winner !== undefined) {
        leaveOut(
          skipped(item.path, `${label} uses ${winner}, the first ${kind} named ${item.name}`),
        );
        continue;
      }
      first.set(item.name, item.path);
      items.push({ ...item, place });
    }
  }
  // A file that is no item's was never one sync carried (a skill folder without its SKILL.md
  // is a skill gone): said once, nothing kept for it.
  const stray = new Set<string>();
  for (const place of places) {
    const globs = places.filter((other) => other.dir === place.dir).map(itemGlob);
    for (const path of strayFiles(plan.project, place)) {
      if (held.has(path) || stray.has(path)) continue;
      stray.add(path);
      plan.warnings.push(
        skipped(path, `not a ${label} ${kind}: ${label} reads ${globs.join(", ")}`),
      );
    }
  }
  read.set(key, items);
  return items;
}

/** Whether this user's sync wrote the file at `path` as it is now (its record proves it). */
function syncWrote(plan: Plan, path: string, kind: ItemKind): boolean {
  const bytes = plan.before(path);
  return (
    bytes !== undefined && plan.record.wrote(plan.recordPath(path), kind, undefined, sha256(bytes))
  );
}

/** The warning for a file of an item folder that sync leaves out. */
const skipped = (path: string, why: string): Issue => ({
  code: "item_skipped",
  severity: "warning",
  path,
  message: `not synced: ${why}`,
});

/**
 * The files of `files`' folder that are no item's: for skills, a file beside the skill folders
 * and the files of a folder without a SKILL.md (named by the folder, once).
 */
function strayFiles(project: Project, files: ItemFiles): string[] {
  const stray: string[] = [];
  const skills = new Set<string>();
  const unskilled = new Set<string>();
  for (const path of project.filesBelow(files.dir, () => {})) {
    const at = itemOf(files, path.slice(files.dir.length + 1));
    if (at === undefined) stray.push(path);
    else if (files.layout === "skill-folders") (at.main ? skills : unskilled).add(at.name);
  }
  for (const folder of unskilled) if (!skills.has(folder)) stray.push(`${files.dir}/${folder}/`);
  return stray;
}

/**
 * The items kept in `files`' folder, by the folder's layout: each item's name, file and text
 * (and a skill's other files). A link leading out of the project is left out through `warn`.
 */
export function readItems(
  project: Project,
  files: ItemFiles,
  warn: (issue: Issue) => void,
): SourceItem[] {
  const read = (path: string) => decodeUtf8(path, project.read(path) ?? Buffer.alloc(0));
  // Each item's file and other files, in one pass.
  const found = new Map<string, { main?: string; extras: string[] }>();
  for (const path of project.filesBelow(files.dir, warn)) {
    const at = itemOf(files, path.slice(files.dir.length + 1));
    if (at === undefined) continue;
    const item = found.get(at.name) ?? { extras: [] };
    if (at.main) item.main = path;
    else item.extras.push(path);
    found.set(at.name, item);
  }
  return [...found].flatMap(([name, { main, extras }]) =>
    main === undefined ? [] : [{ name, path: main, text: read(main), extras }],
  );
}

/**
 * The name an item keeps in the target's files. A flat folder has no namespaces: `git/commit` is
 * `git-commit` there (Cursor runs it as /git-commit, Cline as /git-commit.md), and a nested
 * OpenCode agent `review/deep` is the agent `review-deep`.
 */
const targetName = (files: ItemFiles, name: string): string =>
  files.layout === "flat" ? name.replaceAll("/", "-") : name;

/** Where an item named `name` goes in the target's files. */
function targetPath(files: ItemFiles, name: string): string {
  if (files.layout === "skill-folders") return `${files.dir}/${skillName(name)}/SKILL.md`;
  return `${files.dir}/${targetName(files, name)}${files.extension}`;
}

/** The first part of folder `dir` (or `dir` itself) that is a file, or undefined when none is. */
export function fileOnTheWay(project: Project, dir: string): string | undefined {
  const parts = dir.split("/");
  for (let end = 1; end <= parts.length; end += 1) {
    const part = parts.slice(0, end).join("/");
    if (project.isFile(part)) return part;
  }
  return undefined;
}

/**
 * Plans each item of `kind` from `from`'s folder into `to`'s; none when `leftOut` says why not
 * (what is lost for the target by that is a warning per item).
 */
export function planItems(
  plan: Plan,
  from: SyncTool,
  to: SyncTool,
  kind: ItemKind,
  leftOut?: LeftOut,
): void {
  if (plan.places.readPlaces(from, kind, "source").length === 0) return;
  const target = plan.places.tool(to).items[kind];
  const items = sourceItems(plan, from, kind);
  if (target !== undefined && leftOut !== undefined) {
    plan.leaveOut(target.dir, leftOut.why);
    if (leftOut.readElsewhere) return;
    for (const item of items) {
      plan.warnings.push({
        code: "item_skipped",
        severity: "warning",
        path: item.path,
        message: `not written for ${to}: ${leftOut.why}`,
      });
    }
    return;
  }
  if (target === undefined) {
    noPlace(
      plan,
      to,
      kind,
      items.map((item) => item.path),
    );
    return;
  }
  const blocked = fileOnTheWay(plan.project, target.dir);
  if (blocked !== undefined) {
    // Cline's older rules are one `.clinerules` file: its workflows have no folder to go to.
    for (const item of items) {
      plan.warnings.push({
        code: "item_skipped",
        severity: "warning",
        path: item.path,
        message: `not written for ${to}: ${blocked} is a file, where ${itemGlob(target)} needs a folder`,
      });
    }
    return;
  }
  for (const item of items) {
    // The target loads this one where it is (OpenCode reads .agents/skills): no copy.
    if (item.place.loaded && readingPlace(plan, to, kind, item.place) !== undefined) continue;
    // An agent's name is the one the target's folder can hold (`/` has no place in a flat one).
    const name = kind === "agent" ? targetName(target, item.name) : item.name;
    if (name !== item.name) {
      plan.warnings.push({
        code: "item_renamed",
        severity: "warning",
        path: item.path,
        message: `written for ${to} as the ${kind} ${name}: ${plan.places.tool(to).label} keeps ${kind}s in one folder (${itemGlob(target)}), without the subfolders of ${item.name}`,
      });
    }
    // The file's name is the item's name where the file does not say it (OpenCode's agents).
    const converted = naming(item.path, () =>
      convertAgentConfig(kind, item.text, {
        from: item.place.format,
        to: target.format,
        name,
      }),
    );
    const path = targetPath(target, item.name);
    // A target place that is the source's own file through a link is the same place: the source
    // client reads it, so it is never rewritten (that would drop what the target cannot hold).
    if (plan.project.resolve(path) === plan.project.resolve(item.path)) {
      plan.warnings.push({
        code: "same_file",
        severity: "info",
        path,
        message: `${path} is the source ${item.path} (a link): the same place, left as it is`,
      });
      continue;
    }
    plan.claimFile(path, kind, Buffer.from(converted.content, "utf8"), item.path);
    const warnings = inTargetWords(converted.warnings, target.format, to);
    plan.write(path, converted.content, inFile(item.path, warnings), item.path);
    // A skill's scripts, references and images go along byte for byte (latin1 maps each byte to one character).
    const folder = path.slice(0, path.lastIndexOf("/"));
    const sourceFolder = item.path.slice(0, item.path.lastIndexOf("/"));
    for (const extra of item.extras) {
      const bytes = plan.project.read(extra) ?? Buffer.alloc(0);
      const copy = `${folder}/${extra.slice(sourceFolder.length + 1)}`;
      plan.claimFile(copy, kind, bytes, extra);
      plan.write(copy, bytes.toString("latin1"), [], item.path, "latin1");
    }
  }
}
