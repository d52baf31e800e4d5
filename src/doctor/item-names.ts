/**
 * The name a person knows a hook's item by, from the input file they wrote: the engine names
 * items by id (`r1`, `my-project:close`), which says little to whoever wrote the rule.
 */
import type { HookSourceFlag } from "../hooks/index.js";

/** How long a name taken from an entry's text may be before it is shortened. */
const NAME_LENGTH = 60;

/** What each part of a PROJECT block is, in words (its id is `<projectId>:<part>`). */
const PROJECT_PARTS: Readonly<Record<string, string>> = {
  name: "name and status",
  summary: "last session",
  todos: "TODOs",
  files: "recent files",
  archive: "archive",
  stack: "stack",
  blockers: "blockers",
  notes: "notes",
  close: "end of the block",
  block: "whole block",
};

/** The list of entries an input file holds under `key`, or the file itself when it is a list. */
function entries(data: unknown, key: string): readonly unknown[] {
  if (Array.isArray(data)) return data;
  const list =
    typeof data === "object" && data !== null ? (data as Record<string, unknown>)[key] : [];
  return Array.isArray(list) ? list : [data];
}

/** `value`'s string field `field`, or undefined. */
function field(value: unknown, field: string): string | undefined {
  const found =
    typeof value === "object" && value !== null
      ? (value as Record<string, unknown>)[field]
      : undefined;
  return typeof found === "string" && found.trim() !== "" ? found : undefined;
}

/** A text's first line, at most {@link NAME_LENGTH} characters (`…` where it is cut). */
function short(text: string): string {
  const line = text.trim().split("\n", 1)[0] ?? "";
  return line.length <= NAME_LENGTH ? line : `${line.slice(0, NAME_LENGTH - 1).trimEnd()}…`;
}

/**
 * The names of the items of the input file `flag` brings (its parsed `data`), as its author wrote
 * them: a rule's `name`, a memory's or a session candidate's first words, a project's name with
 * the part of its block; an item the file holds no entry for keeps its id. The file is read once
 * into a map, so naming every item is linear in the file.
 *
 * @example
 * const names = writtenNames("project", { projectId: "my-project", name: "My project" });
 * names("my-project:close"); // → "My project: end of the block"
 */
export function writtenNames(flag: HookSourceFlag, data: unknown): (id: string) => string {
  const names = new Map<string, string>();
  if (flag === "project") {
    for (const project of entries(data, "projects")) {
      const id = field(project, "projectId");
      const name = field(project, "name");
      if (id !== undefined && name !== undefined && !names.has(id)) names.set(id, short(name));
    }
    return (id) => {
      const at = id.lastIndexOf(":");
      const name = names.get(id.slice(0, at));
      const kind = id.slice(at + 1);
      const part = Object.hasOwn(PROJECT_PARTS, kind) ? PROJECT_PARTS[kind] : undefined;
      return name === undefined || part === undefined ? id : `${name}: ${part}`;
    };
  }
  const key = { rules: "rules", memories: "memories", session: "candidates" }[flag];
  for (const entry of entries(data, key)) {
    const id = field(entry, "id");
    const name = field(entry, "name") ?? field(entry, "content");
    if (id !== undefined && name !== undefined && !names.has(id)) names.set(id, short(name));
  }
  return (id) => names.get(id) ?? id;
}
