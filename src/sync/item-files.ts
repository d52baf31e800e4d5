/**
 * The whole-file kinds (commands, agents, skills): each item of the source's folder converted to
 * the target's format and written at its place there, a skill's other files copied byte for byte.
 */
import { convertAgentConfig, skillName } from "../agent-config/index.js";
import type { Issue } from "../problems/issue.js";
import { decodeUtf8, type Project } from "../workspace/project.js";
import { type ItemFiles, type ItemKind, SYNC_TOOL_PLACES, type SyncTool } from "./locations.js";
import type { Plan } from "./planned-files.js";
import { inFile, naming, noPlace } from "./source-warnings.js";

/** One item of a whole-file kind as the source keeps it. */
export interface SourceItem {
  readonly name: string;
  readonly path: string;
  readonly text: string;
  /** Other files of a skill's folder, as project paths. */
  readonly extras: readonly string[];
}

function sourceItems(plan: Plan, files: ItemFiles): SourceItem[] {
  return readItems(plan.project, files, (issue) => plan.warnings.push(issue));
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
  const all = project.filesBelow(files.dir, warn);
  const read = (path: string) => decodeUtf8(path, project.read(path) ?? Buffer.alloc(0));
  const below = (path: string) => path.slice(files.dir.length + 1);
  if (files.layout === "skill-folders") {
    // Each skill's folder and its files, in one pass.
    const folders = new Map<string, string[]>();
    for (const path of all) {
      const rel = below(path);
      const slash = rel.indexOf("/");
      if (slash === -1) continue;
      const folder = rel.slice(0, slash);
      const list = folders.get(folder) ?? [];
      list.push(path);
      folders.set(folder, list);
    }
    const items: SourceItem[] = [];
    for (const [folder, paths] of folders) {
      const skill = `${files.dir}/${folder}/SKILL.md`;
      if (!paths.includes(skill)) continue;
      const extras = paths.filter((path) => path !== skill);
      items.push({ name: folder, path: skill, text: read(skill), extras });
    }
    return items;
  }
  return all
    .filter((path) => {
      const rel = below(path);
      return rel.endsWith(files.extension) && (files.layout === "nested" || !rel.includes("/"));
    })
    .map((path) => ({
      name: below(path).slice(0, -files.extension.length),
      path,
      text: read(path),
      extras: [],
    }));
}

/**
 * Where an item named `name` goes in the target's files. A flat folder has no namespaces:
 * `git/commit` is `git-commit` there (Cursor runs it as /git-commit, Cline as /git-commit.md).
 */
function targetPath(files: ItemFiles, name: string): string {
  if (files.layout === "skill-folders") return `${files.dir}/${skillName(name)}/SKILL.md`;
  const flat = files.layout === "flat" ? name.replaceAll("/", "-") : name;
  return `${files.dir}/${flat}${files.extension}`;
}

/** Plans each item of `kind` from `from`'s folder into `to`'s. */
export function planItems(plan: Plan, from: SyncTool, to: SyncTool, kind: ItemKind): void {
  const source = SYNC_TOOL_PLACES[from].items[kind];
  if (source === undefined || !source.readable) return;
  const target = SYNC_TOOL_PLACES[to].items[kind];
  const items = sourceItems(plan, source);
  if (target === undefined) {
    noPlace(
      plan,
      to,
      kind,
      items.map((item) => item.path),
    );
    return;
  }
  for (const item of items) {
    // The file's name is the item's name where the file does not say it (OpenCode's agents).
    const converted = naming(item.path, () =>
      convertAgentConfig(kind, item.text, {
        from: source.format,
        to: target.format,
        name: item.name,
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
    plan.write(path, converted.content, inFile(item.path, converted.warnings), item.path);
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
