/**
 * A project's parts as PROJECT-block lines, each with its priority (P0–P5) and its shrink rule.
 * These are the components both `formatProjectContext` and the `project` adapter place.
 */
import type { PriorityComponent } from "../../budget/truncate.js";
import type { ProjectContext, ProjectStatus, Todo } from "../../model/project.js";
import type { Issue } from "../../problems/issue.js";
import { escapeXmlAttribute, escapeXmlText, inlineText } from "../escape.js";
import { reportSanitized } from "../report-sanitized.js";

/** How many entries of each list a block shows, as the original design caps them. */
export const PROJECT_LIST_LIMITS = {
  activeTodos: 3,
  recentFiles: 5,
  blockers: 2,
  notes: 2,
} as const;

/** Where a secondary project's block ranks: after the primary's TODOs (P2), before its files (P3). */
export const SECONDARY_PRIORITY = 2.5;

/** Where a block stands among several: alone, the primary one, or a secondary one. */
export type ProjectRole = "only" | "primary" | "secondary";

/** What kind of part a component is; its id is `<projectId>:<kind>`. */
export type ProjectPart =
  | "name"
  | "summary"
  | "todos"
  | "files"
  | "archive"
  | "stack"
  | "blockers"
  | "notes"
  | "close"
  | "block";

/** A component of a PROJECT block, with what it belongs to. */
export interface ProjectComponent extends PriorityComponent {
  readonly part: ProjectPart;
  /** Index of its project in the input. */
  readonly project: number;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** `Jan 23` (UTC), with the year when it is not `now`'s year: deterministic for a given `now`. */
export function shortDate(date: Date, now: Date): string {
  const day = `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;
  return date.getUTCFullYear() === now.getUTCFullYear() ? day : `${day}, ${date.getUTCFullYear()}`;
}

/** Text for one line of element content: line breaks folded, markup characters escaped. */
function line(text: string): string {
  return escapeXmlText(inlineText(text));
}

/** The first sentence, ending with its full stop (the original design's P1 rule). */
export function firstSentence(text: string): string {
  const first = inlineText(text).split(/(?<=[.!?])\s+/)[0] ?? "";
  return /[.!?]$/.test(first) || first === "" ? first : `${first}.`;
}

/** A path's last segment (`a/b/c.py` → `c.py`), for either separator. */
export function basename(path: string): string {
  const parts = path.split(/[/\\]/).filter((part) => part !== "");
  return parts[parts.length - 1] ?? path;
}

const TODO_TAGS = { 1: "HIGH", 2: "MED", 3: "LOW" } as const;

/** High priority first, then the newest, then input order. */
export function rankTodos(todos: readonly Todo[]): Todo[] {
  return todos
    .map((todo, index) => ({ todo, index }))
    .sort((a, b) => {
      if (a.todo.priority !== b.todo.priority) return a.todo.priority - b.todo.priority;
      const aTime = a.todo.addedDate?.getTime() ?? Number.NEGATIVE_INFINITY;
      const bTime = b.todo.addedDate?.getTime() ?? Number.NEGATIVE_INFINITY;
      if (aTime !== bTime) return aTime > bTime ? -1 : 1;
      return a.index - b.index;
    })
    .map(({ todo }) => todo);
}

const STATUS_WORDS: Readonly<Record<ProjectStatus, string>> = {
  active: "Active",
  paused: "Paused",
  blocked: "Blocked",
  completed: "Completed",
  idle: "Idle",
};

/** `<PROJECT name="…" status="…">`, with `primary="true"` or `secondary="true"` among several. */
export function openingTag(project: ProjectContext, role: ProjectRole): string {
  const marker = role === "only" ? "" : ` ${role}="true"`;
  return `<PROJECT name="${escapeXmlAttribute(inlineText(project.name))}" status="${project.status}"${marker}>\n`;
}

/** The closing tag every block ends with. */
export const CLOSING_TAG = "</PROJECT>\n";

/** The block shown when no project is known. */
export const NO_PROJECT_BLOCK =
  "<PROJECT>\nNo active project detected. Ask what they're working on.\n</PROJECT>\n";

/** Reports `text_sanitized` for each field holding characters XML cannot carry (sent as U+FFFD). */
export function reportXmlForbidden(
  fields: readonly (readonly [string, string | undefined])[],
  report: (issue: Issue) => void,
): void {
  for (const [path, text] of fields) reportSanitized(report, path, text, "xml");
}

/** Every text field of a project, with its path. */
function textFields(project: ProjectContext, path: string): [string, string | undefined][] {
  const lists = (["recentFiles", "languages", "frameworks", "blockers", "notes"] as const).flatMap(
    (field) =>
      project[field].map((text, index): [string, string] => [`${path}.${field}[${index}]`, text]),
  );
  return [
    [`${path}.name`, project.name],
    [`${path}.lastSessionSummary`, project.lastSessionSummary],
    [`${path}.path`, project.path],
    ...project.activeTodos.map((todo, index): [string, string] => [
      `${path}.activeTodos[${index}].text`,
      todo.text,
    ]),
    ...lists,
  ];
}

/** Takes the first `limit` entries and reports how many were left out of the block. */
function capped<T>(
  list: readonly T[],
  field: keyof typeof PROJECT_LIST_LIMITS,
  path: string,
  report: (issue: Issue) => void,
): readonly T[] {
  const limit = PROJECT_LIST_LIMITS[field];
  if (list.length <= limit) return list;
  report({
    code: "item_truncated",
    severity: "warning",
    path: `${path}.${field}`,
    message: `a PROJECT block shows at most ${limit} ${field}; ${list.length - limit} left out`,
  });
  return list.slice(0, limit);
}

function summaryComponent(project: ProjectContext, now: Date): string | undefined {
  const summary = project.lastSessionSummary?.trim() ?? "";
  const date = project.lastSessionDate;
  if (project.status === "completed") {
    if (summary === "" && !date) return undefined;
    const when = date ? ` ${shortDate(date, now)}` : "";
    return `Completed${when}.${summary === "" ? "" : ` ${line(summary)}`}\n`;
  }
  if (summary === "") return undefined;
  const when = date ? ` (${shortDate(date, now)})` : "";
  return `Last session${when}: ${line(summary)}\n`;
}

function shrinkSummary(project: ProjectContext) {
  const summary = project.lastSessionSummary?.trim() ?? "";
  return (text: string): string | undefined => {
    if (summary === "") return undefined;
    const first = line(firstSentence(summary));
    if (project.status === "completed") return `${text.slice(0, text.indexOf(".") + 1)} ${first}\n`;
    return `Last: ${first}\n`;
  };
}

function stackLine(languages: readonly string[], frameworks: readonly string[]): string {
  const parts = [languages, frameworks]
    .filter((list) => list.length > 0)
    .map((list) => list.map(line).join(", "));
  return `Stack: ${parts.join(" | ")}\n`;
}

/**
 * The components of one project's block, in the order they appear, each with its priority and
 * the original design's shrink rule: P1 first sentence, P2 highest-priority TODO only, P3
 * basenames (at most 2), P4 first language, P5 omitted. A secondary project is one component: its
 * opening tag, a `Status:` line and its closing tag, shrinking to the tags alone.
 */
export function projectComponents(
  project: ProjectContext,
  options: {
    readonly index: number;
    readonly role: ProjectRole;
    readonly now: Date;
    readonly path: string;
    readonly report: (issue: Issue) => void;
  },
): ProjectComponent[] {
  const { index, role, now, path, report } = options;
  reportXmlForbidden(textFields(project, path), report);
  const id = (part: ProjectPart) => `${project.projectId}:${part}`;
  const component = (
    part: ProjectPart,
    priority: number,
    text: string,
    shrink?: (text: string) => string | undefined,
    time?: number,
  ): ProjectComponent => ({
    id: id(part),
    part,
    project: index,
    priority,
    text,
    ...(shrink ? { shrink } : {}),
    ...(time !== undefined ? { time } : {}),
  });

  const blockers = capped(project.blockers, "blockers", path, report);
  if (role === "secondary") {
    // Several projects: each one after the first gets its tags and one status line.
    const reason = blockers[0] ?? firstSentence(project.lastSessionSummary ?? "");
    const open = openingTag(project, role);
    const status = reason ? `Status: ${STATUS_WORDS[project.status]} - ${line(reason)}\n` : "";
    // Knowing of another project outranks the primary's files, stack and notes (P3–P5), not its
    // TODOs; among secondaries the most recently updated is kept first.
    return [
      component(
        "block",
        SECONDARY_PRIORITY,
        open + status + CLOSING_TAG,
        (text) => (text.length > open.length + CLOSING_TAG.length ? open + CLOSING_TAG : undefined),
        project.lastUpdated?.getTime(),
      ),
    ];
  }

  const parts: ProjectComponent[] = [component("name", 0, openingTag(project, role))];
  const summary = summaryComponent(project, now);
  if (summary) {
    parts.push(
      component("summary", 1, summary, shrinkSummary(project), project.lastSessionDate?.getTime()),
    );
  }

  const todos = capped(rankTodos(project.activeTodos), "activeTodos", path, report);
  const [topTodo] = todos;
  if (topTodo) {
    const entries = todos.map((todo) => `- [${TODO_TAGS[todo.priority]}] ${line(todo.text)}\n`);
    parts.push(
      component("todos", 2, `TODOs:\n${entries.join("")}`, (text) =>
        text.startsWith("TODOs:") ? `TODO: ${line(topTodo.text)}\n` : undefined,
      ),
    );
  }

  if (project.status === "completed" && project.path) {
    parts.push(component("archive", 3, `Archive: ${line(project.path)}\n`));
  }
  const files = capped(project.recentFiles, "recentFiles", path, report);
  if (files.length > 0) {
    const entries = files.map((file) => `- ${line(file)}\n`).join("");
    const short = `Recent: ${files
      .slice(0, 2)
      .map((file) => line(basename(file)))
      .join(", ")}\n`;
    parts.push(
      component("files", 3, `Recent files:\n${entries}`, (text) =>
        text === short ? undefined : short,
      ),
    );
  }

  const { languages, frameworks } = project;
  const first = languages[0] ?? frameworks[0];
  if (first !== undefined) {
    const short = `Stack: ${line(first)}\n`;
    parts.push(
      component("stack", 4, stackLine(languages, frameworks), (text) =>
        text === short ? undefined : short,
      ),
    );
  }

  if (blockers.length > 0) {
    // A blocked project's blockers explain its status: they rank with the last session.
    const label = project.status === "blocked" ? "BLOCKED" : "Blocker";
    const text = blockers.map((blocker) => `${label}: ${line(blocker)}\n`).join("");
    parts.push(component("blockers", project.status === "blocked" ? 1 : 5, text));
  }
  const notes = capped(project.notes, "notes", path, report);
  if (notes.length > 0) {
    parts.push(component("notes", 5, notes.map((note) => `Note: ${line(note)}\n`).join("")));
  }
  parts.push(component("close", 0, CLOSING_TAG));
  return parts;
}
