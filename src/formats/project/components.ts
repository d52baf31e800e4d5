/**
 * A project's parts as PROJECT-block lines, each with its priority (P0–P5) and its shrink rule:
 * the items of the `project` and `project-markdown` formats.
 */

import type { ProjectContext, ProjectStatus, Todo } from "../../model/project.js";
import type { Issue } from "../../problems/issue.js";
import type { PriorityComponent } from "../components.js";
import {
  escapeMarkdownLineStart,
  escapeXmlAttribute,
  escapeXmlText,
  inlineField,
  inlineText,
} from "../escape.js";
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

/**
 * `Jan 23` (UTC), with the year when it is not `now`'s year: deterministic for a given `now`.
 * Without a `now`, always with the year (`Jan 23, 2026`): the same whenever it is rendered.
 */
export function shortDate(date: Date, now: Date | undefined): string {
  const day = `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;
  return date.getUTCFullYear() === now?.getUTCFullYear() ? day : `${day}, ${date.getUTCFullYear()}`;
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

const NO_PROJECT_LINE = "No active project detected. Ask what they're working on.\n";

/** The block shown when no project is known. */
export const NO_PROJECT_BLOCK = `<PROJECT>\n${NO_PROJECT_LINE}</PROJECT>\n`;

/** What is shown when no project is known: {@link NO_PROJECT_BLOCK}, or its line alone in markdown. */
export function noProjectText(markup: ProjectMarkup): string {
  return markup === "markdown" ? NO_PROJECT_LINE : NO_PROJECT_BLOCK;
}

/**
 * How the blocks are written: `xml` as `<PROJECT name="…" status="…">` elements, `markdown` as a
 * `### Project: … (status)` heading per project with the same lines under it, for tools that
 * escape `<` and `>` (Gemini CLI's hook context).
 */
export type ProjectMarkup = "xml" | "markdown";

/** What differs between the markups: the lines around a block and how a field becomes text. */
interface BlockFrame {
  /** The block's first line; `index` is its project's place in the input. */
  readonly opening: (project: ProjectContext, role: ProjectRole, index: number) => string;
  readonly closing: string;
  /** One field as text within a line: line breaks folded, the markup's specials escaped. */
  readonly line: (text: string) => string;
  /** One field as the text of a `- ` list entry (a recent file). */
  readonly entry: (text: string) => string;
}

const xmlLine = (text: string) => escapeXmlText(inlineText(text));

const XML_FRAME: BlockFrame = {
  opening: (project, role) => openingTag(project, role),
  closing: CLOSING_TAG,
  line: xmlLine,
  entry: xmlLine,
};

// Every markdown line starts with a fixed word or "- ": a field folded onto one line can never
// start a line, so it cannot open a heading or a list item. Only a list entry's text could open a
// block inside its entry ("- ### x", "- - x"), so its start is escaped.
const MARKDOWN_FRAME: BlockFrame = {
  opening: (project, role, index) => {
    const marker = role === "only" ? "" : `, ${role}`;
    // A blank line between blocks; the first block starts the text.
    const gap = index === 0 ? "" : "\n";
    return `${gap}### Project: ${inlineField(project.name)} (${project.status}${marker})\n`;
  },
  closing: "",
  line: inlineField,
  entry: (text) => escapeMarkdownLineStart(inlineField(text)),
};

/** The frame of `markup`. */
function frameOf(markup: ProjectMarkup): BlockFrame {
  return markup === "markdown" ? MARKDOWN_FRAME : XML_FRAME;
}

/**
 * Reports `text_sanitized` for each field holding characters its markup cannot carry (sent as
 * U+FFFD): what XML forbids, or NUL and lone surrogates in markdown.
 */
export function reportForbiddenCharacters(
  fields: readonly (readonly [string, string | undefined])[],
  report: (issue: Issue) => void,
  markup: ProjectMarkup = "xml",
): void {
  const kind = markup === "xml" ? "xml" : "text";
  for (const [path, text] of fields) reportSanitized(report, path, text, kind);
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
    code: "list_capped",
    severity: "info",
    path: `${path}.${field}`,
    message: `a PROJECT block shows at most ${limit} ${field}; ${list.length - limit} left out`,
  });
  return list.slice(0, limit);
}

function summaryComponent(
  project: ProjectContext,
  now: Date | undefined,
  line: (text: string) => string,
): string | undefined {
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

function shrinkSummary(project: ProjectContext, line: (text: string) => string) {
  const summary = project.lastSessionSummary?.trim() ?? "";
  return (text: string): string | undefined => {
    if (summary === "") return undefined;
    const first = line(firstSentence(summary));
    if (project.status === "completed") return `${text.slice(0, text.indexOf(".") + 1)} ${first}\n`;
    return `Last: ${first}\n`;
  };
}

function stackLine(
  languages: readonly string[],
  frameworks: readonly string[],
  line: (text: string) => string,
): string {
  // An entry that is only blank space says nothing: it is left out, not shown as a gap.
  const parts = [languages, frameworks]
    .map((list) => list.map(line).filter((text) => text !== ""))
    .filter((list) => list.length > 0)
    .map((list) => list.join(", "));
  return `Stack: ${parts.join(" | ")}\n`;
}

/**
 * The components of one project's block, in the order they appear, each with its priority and
 * the original design's shrink rule: P1 first sentence, P2 highest-priority TODO only, P3
 * basenames (at most 2), P4 first language, P5 omitted. A secondary project is one component: its
 * opening line, a `Status:` line and its closing line, shrinking to the opening and closing alone.
 * `markup` (default `xml`) changes only the opening and closing lines and the escaping.
 */
export function projectComponents(
  project: ProjectContext,
  options: {
    readonly index: number;
    readonly role: ProjectRole;
    /** The clock dates are shown against; none: every date with its year. */
    readonly now: Date | undefined;
    readonly path: string;
    readonly report: (issue: Issue) => void;
    readonly markup?: ProjectMarkup;
  },
): ProjectComponent[] {
  const { index, role, now, path, report, markup = "xml" } = options;
  const frame = frameOf(markup);
  const { line, entry } = frame;
  const close = frame.closing;
  reportForbiddenCharacters(textFields(project, path), report, markup);
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
    const open = frame.opening(project, role, index);
    const status = reason ? `Status: ${STATUS_WORDS[project.status]} - ${line(reason)}\n` : "";
    // Knowing of another project outranks the primary's files, stack and notes (P3–P5), not its
    // TODOs; among secondaries the most recently updated is kept first.
    return [
      component(
        "block",
        SECONDARY_PRIORITY,
        open + status + close,
        (text) => (text.length > open.length + close.length ? open + close : undefined),
        project.lastUpdated?.getTime(),
      ),
    ];
  }

  const parts: ProjectComponent[] = [component("name", 0, frame.opening(project, role, index))];
  const summary = summaryComponent(project, now, line);
  if (summary) {
    parts.push(
      component(
        "summary",
        1,
        summary,
        shrinkSummary(project, line),
        project.lastSessionDate?.getTime(),
      ),
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
    const entries = files.map((file) => `- ${entry(file)}\n`).join("");
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
  const first = [...languages, ...frameworks].map(line).find((text) => text !== "");
  if (first !== undefined) {
    const short = `Stack: ${first}\n`;
    parts.push(
      component("stack", 4, stackLine(languages, frameworks, line), (text) =>
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
  // Markdown blocks end where the next heading starts: they have no closing line.
  if (close !== "") parts.push(component("close", 0, close));
  return parts;
}

/** Every component of the blocks of `projects`: the first is primary when there are several. */
export function componentsOf(
  projects: readonly ProjectContext[],
  now: Date | undefined,
  report: (issue: Issue) => void,
  markup: ProjectMarkup = "xml",
): ProjectComponent[] {
  return projects.flatMap((project, index) =>
    projectComponents(project, {
      index,
      role: projects.length === 1 ? "only" : index === 0 ? "primary" : "secondary",
      now,
      path: projects.length === 1 ? "project" : `projects[${index}]`,
      report,
      markup,
    }),
  );
}
