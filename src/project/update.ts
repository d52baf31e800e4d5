/**
 * Keeping a project's context current from what the user says: the original design's refresh
 * triggers (TODOs mentioned or completed, file paths discussed, explicit status changes) as one
 * pure function that returns the new context and the list of what changed.
 */
import type * as z from "zod/mini";
import { escapeRegExp } from "../formats/escape.js";
import { PROJECT_LIST_LIMITS } from "../formats/project/components.js";
import * as d from "../model/declare.js";
import { parseWith } from "../model/parse.js";
import {
  type ProjectContext,
  type ProjectContextInput,
  ProjectContextSchema,
  type ProjectStatus,
  type Todo,
} from "../model/project.js";
import { DateInputSchema } from "../model/rule.js";
import { FileIndex, filePathsIn } from "./paths.js";
import { completionMatches, type PhraseMatch, todoMatches } from "./todos.js";

/**
 * One change {@link updateProjectContext} made, with `matched`: the words of the message that
 * caused it, as the message spells them.
 */
export type ProjectChange =
  | {
      readonly kind: "status_set";
      readonly from: ProjectStatus;
      readonly to: ProjectStatus;
      readonly matched: string;
    }
  | { readonly kind: "blocker_added"; readonly blocker: string; readonly matched: string }
  | { readonly kind: "blocker_removed"; readonly blocker: string; readonly matched: string }
  | { readonly kind: "todo_completed"; readonly todo: Todo; readonly matched: string }
  | { readonly kind: "todo_added"; readonly todo: Todo; readonly matched: string }
  | { readonly kind: "file_recorded"; readonly path: string; readonly matched: string }
  /** A recent file pushed past `maxRecentFiles`. */
  | { readonly kind: "file_dropped"; readonly path: string };

/** What kind of change a {@link ProjectChange} is. */
export type ProjectChangeKind = ProjectChange["kind"];

/** Result of {@link updateProjectContext}. */
export interface ProjectUpdate {
  /** The updated context; the parsed input itself (defaults applied) when nothing changed. */
  readonly project: ProjectContext;
  /**
   * What changed, by kind in this order: status, blockers removed, blockers added, TODOs
   * completed, TODOs added, files recorded, files dropped. Empty when nothing changed.
   */
  readonly changes: readonly ProjectChange[];
  /**
   * Phrases of the message that report something done or unblocked but name nothing this project
   * holds ("that's done", "finished the slides"): nothing was removed for them.
   */
  readonly unmatched: readonly string[];
}

/** The message {@link updateProjectContext} reads. */
export const MessageSchema = d.string();

/** Options of {@link updateProjectContext}. */
export const UpdateOptionsSchema = d.strictObject({
  /** The clock for `lastUpdated` and new TODOs' `addedDate`; default: the current time. */
  now: d.optional(DateInputSchema),
  /** How many recent files are kept; default 5, as the original design caps them. */
  maxRecentFiles: d.optional(d.int(d.gte(1, { error: "expected an integer of at least 1" }))),
});

/** Options of {@link updateProjectContext}. */
export type UpdateProjectContextOptions = z.input<typeof UpdateOptionsSchema>;

/** Words that do not tell one TODO from another. */
const ARTICLES = new Set(["the", "a", "an"]);

/** Lower case words, punctuation and articles aside: `"Update the README."` → `"update readme"`. */
function matchKey(text: string): string {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== "" && !ARTICLES.has(word))
    .join(" ");
}

/**
 * The keys a statement must have to name an item ("Fix the parser"): the item's words, or its
 * words after its first one, its verb. So "done with the parser" names it, and "done with fix
 * the parser" too. Case, punctuation and articles do not count; words must match whole.
 */
function namingKeys(item: string): string[] {
  const key = matchKey(item);
  if (key === "") return [];
  const withoutVerb = key.slice(key.indexOf(" ") + 1);
  return withoutVerb === key ? [key] : [key, withoutVerb];
}

/**
 * Items by the statements that name them, in the order given: what a statement names is one
 * lookup of its key, not a comparison with every item (quadratic for long messages).
 */
function byNamingKey<T>(items: readonly T[], text: (item: T) => string): Map<string, T[]> {
  const index = new Map<string, T[]>();
  for (const item of items) {
    for (const key of namingKeys(text(item))) {
      const list = index.get(key);
      if (list) list.push(item);
      else index.set(key, [item]);
    }
  }
  return index;
}

/** The items of `index` that `statement` names, in their order. */
function named<T>(index: ReadonlyMap<string, readonly T[]>, statement: string): readonly T[] {
  const said = matchKey(statement);
  return said === "" ? [] : (index.get(said) ?? []);
}

/** A clause that ends at `.`, `,`, `;`, `!` or `?` followed by a space, or at the line's end. */
const CLAUSE = String.raw`(.+?)(?=[.,;!?](?:\s|$)|$)`;

/** "blocked on Y", "blocked by Y", unless "not", "no longer", "never" or "…n't" says otherwise. */
const BLOCKED = new RegExp(
  String.raw`(?<!(?:\bnot|\bno[ \t]+longer|\bnever|n't)[ \t]+)\bblocked[ \t]+(?:on|by)[ \t]+${CLAUSE}`,
  "gim",
);

/** "unblocked", "no longer blocked", each optionally "on Y" / "by Y". */
const UNBLOCKED = new RegExp(
  String.raw`\b(?:unblocked|no[ \t]+longer[ \t]+blocked)\b(?:[ \t]+(?:on|by)[ \t]+${CLAUSE})?`,
  "gim",
);

/** "back on it", "back at it", "back to work", "back on <project>". */
function backOn(project: ProjectContext): RegExp {
  const own = [project.name, project.projectId].map(escapeRegExp).join("|");
  return new RegExp(
    String.raw`\bback[ \t]+(?:on|at|to)[ \t]+(?:it|this|work|${own})(?![\p{L}\p{N}_])`,
    "gimu",
  );
}

/** A statement of the message about the project's status. */
interface StatusStatement {
  readonly index: number;
  readonly to: ProjectStatus;
  readonly phrase: string;
  /** Blocked: the blocker. Unblocked: the blocker it names, if any. */
  readonly subject?: string;
  /** "unblocked" / "no longer blocked": blockers go. */
  readonly unblocks?: boolean;
}

/** Whether a completion names the project itself ("done with SAM Terminal", "finished the sam_terminal project"). */
function namesProject(text: string, project: ProjectContext): boolean {
  const said = matchKey(text);
  const withoutWord = said.replace(/ project$/, "");
  return [project.name, project.projectId].some((name) => {
    const key = matchKey(name);
    return key !== "" && (key === said || key === withoutWord);
  });
}

function statusStatements(
  message: string,
  project: ProjectContext,
  projectCompletions: readonly PhraseMatch[],
): StatusStatement[] {
  const statements: StatusStatement[] = projectCompletions.map(({ index, phrase }) => ({
    index,
    to: "completed",
    phrase,
  }));
  for (const match of message.matchAll(BLOCKED)) {
    const subject = match[1]?.trim();
    if (subject) statements.push({ index: match.index, to: "blocked", phrase: match[0], subject });
  }
  for (const match of message.matchAll(UNBLOCKED)) {
    const subject = match[1]?.trim();
    statements.push({
      index: match.index,
      to: "active",
      phrase: match[0].trim(),
      unblocks: true,
      ...(subject ? { subject } : {}),
    });
  }
  for (const match of message.matchAll(backOn(project))) {
    statements.push({ index: match.index, to: "active", phrase: match[0] });
  }
  return statements.sort((a, b) => a.index - b.index);
}

/** Changes of one part of the project, and the statements that named nothing in it. */
interface PartUpdate {
  readonly changes: ProjectChange[];
  readonly unmatched: string[];
}

/**
 * The status the last statement sets; blockers added by each "blocked on" after the last
 * "unblocked", removed by each "unblocked" after the last "blocked on".
 */
function updateStatus(
  before: ProjectContext,
  statements: readonly StatusStatement[],
): PartUpdate & { status: ProjectStatus; blockers: string[] } {
  const changes: ProjectChange[] = [];
  const unmatched: string[] = [];
  let status = before.status;
  let blockers = [...before.blockers];
  const last = statements.at(-1);
  if (last && last.to !== status) {
    changes.push({ kind: "status_set", from: status, to: last.to, matched: last.phrase });
    status = last.to;
  }
  const lastBlocked = lastIndex(statements, (statement) => statement.to === "blocked");
  const lastUnblock = lastIndex(statements, (statement) => statement.unblocks === true);
  // Blockers are objects of their own here, so two equal texts are still two blockers.
  const entries = blockers.map((text) => ({ text }));
  const removed = new Set<{ text: string }>();
  const index = byNamingKey(entries, (entry) => entry.text);
  for (const { unblocks, subject, phrase } of statements.slice(lastBlocked + 1)) {
    if (!unblocks) continue;
    const candidates = subject === undefined ? entries : named(index, subject);
    const gone = candidates.filter((entry) => !removed.has(entry));
    if (subject !== undefined && gone.length === 0) unmatched.push(phrase);
    for (const entry of gone) {
      removed.add(entry);
      changes.push({ kind: "blocker_removed", blocker: entry.text, matched: phrase });
    }
  }
  blockers = entries.filter((entry) => !removed.has(entry)).map((entry) => entry.text);
  const keys = new Set(blockers.map(matchKey));
  for (const { to, subject, phrase } of statements.slice(lastUnblock + 1)) {
    if (to !== "blocked" || subject === undefined) continue;
    const key = matchKey(subject);
    if (keys.has(key)) continue;
    keys.add(key);
    blockers.push(subject);
    changes.push({ kind: "blocker_added", blocker: subject, matched: phrase });
  }
  return { status, blockers, changes, unmatched };
}

/**
 * Completions remove every TODO they name, of those the project had; TODOs found are added unless
 * the project has them or the same message completes them (so a second pass changes nothing).
 */
function updateTodos(
  before: readonly Todo[],
  found: readonly PhraseMatch[],
  completions: readonly PhraseMatch[],
  now: Date,
): PartUpdate & { activeTodos: Todo[] } {
  const changes: ProjectChange[] = [];
  const unmatched: string[] = [];
  const completed = new Set<Todo>();
  const todosByName = byNamingKey(before, (todo) => todo.text);
  for (const completion of completions) {
    const hits = named(todosByName, completion.text);
    if (hits.length === 0) unmatched.push(completion.phrase);
    for (const todo of hits) {
      if (completed.has(todo)) continue;
      completed.add(todo);
      changes.push({ kind: "todo_completed", todo, matched: completion.phrase });
    }
  }
  const activeTodos = before.filter((todo) => !completed.has(todo));
  const known = new Set(before.map((todo) => matchKey(todo.text)));
  // What the completions said: a TODO found is completed by the same message when one of its
  // naming keys is among them.
  const said = new Set(completions.map((completion) => matchKey(completion.text)));
  for (const { text, phrase } of found) {
    const key = matchKey(text);
    if (key === "" || known.has(key)) continue;
    if (namingKeys(text).some((naming) => said.has(naming))) continue;
    known.add(key);
    const todo: Todo = { text, priority: 2, addedDate: now };
    activeTodos.push(todo);
    changes.push({ kind: "todo_added", todo, matched: phrase });
  }
  return { activeTodos, changes, unmatched };
}

/** Index of the last entry `predicate` holds for, or -1. */
function lastIndex<T>(list: readonly T[], predicate: (entry: T) => boolean): number {
  for (let i = list.length - 1; i >= 0; i -= 1) if (predicate(list[i] as T)) return i;
  return -1;
}

/** The recent files after the message: its file mentions first, then the rest, capped. */
function recordFiles(
  recent: readonly string[],
  message: string,
  limit: number,
): { files: string[]; changes: ProjectChange[] } {
  // The recent files and the head entries, each found by path rather than by comparing every
  // mention with every entry.
  const recentIndex = new FileIndex<number>();
  recent.forEach((file, at) => {
    recentIndex.add(file, at, at);
  });
  const taken = new Set<number>();
  const head: { path: string; matched: string; known?: string }[] = [];
  const headIndex = new FileIndex<(typeof head)[number]>();
  for (const mention of filePathsIn(message)) {
    const earlier = headIndex.first(mention);
    if (earlier) {
      if (mention.length > earlier.path.length) {
        earlier.path = mention;
        headIndex.respell(earlier, mention);
      }
      continue;
    }
    const at = recentIndex.first(mention);
    if (at !== undefined) {
      recentIndex.delete(at);
      taken.add(at);
    }
    const known = at === undefined ? undefined : recent[at];
    // The longer spelling is the more specific one: `sam_brain/fact_memory.py` over `fact_memory.py`.
    const path = known !== undefined && known.length >= mention.length ? known : mention;
    const entry = { path, matched: mention, ...(known === undefined ? {} : { known }) };
    headIndex.add(path, head.length, entry);
    head.push(entry);
  }
  const rest = recent.filter((_, at) => !taken.has(at));
  const all = [...head.map((entry) => entry.path), ...rest];
  const files = all.slice(0, limit);
  // A file pushed out is reported as the list spelled it, if it was there.
  const dropped = [...head.map((entry) => entry.known ?? entry.path), ...rest].slice(limit);
  if (files.length === recent.length && files.every((file, i) => file === recent[i])) {
    return { files: [...recent], changes: [] };
  }
  const changes: ProjectChange[] = head
    .filter((entry, i) => i < limit && recent[i] !== entry.path)
    .map(({ path, matched }) => ({ kind: "file_recorded", path, matched }));
  for (const path of dropped) changes.push({ kind: "file_dropped", path });
  return { files, changes };
}

/**
 * Updates a project's context from one message of the user, by the original design's refresh
 * triggers, without touching the input:
 *
 * - **TODOs**: every TODO `extractTodos` finds is added (priority 2, `addedDate` = `now`) unless
 *   the project has it already or the same message completes it. Every completion
 *   `detectCompletions` finds removes the TODOs it names: the same words as the TODO, or the
 *   TODO's words after its first one, its verb ("done with the parser" completes "Fix the parser"
 *   and "Test the parser", not "Add tests for the parser"); case, punctuation and articles do not
 *   count. Completions that name nothing ("that's done") are returned as `unmatched`.
 * - **Status**: "I'm done with <project>" (a completion naming the project by name or id) sets
 *   `completed`; "blocked on Y" / "blocked by Y" sets `blocked`; "unblocked", "no longer blocked",
 *   "back on it", "back to work" and "back on <project>" set `active`. The last statement sets the
 *   status. Each "blocked on Y" after the last "unblocked" adds Y to the blockers; each
 *   "unblocked" after the last "blocked on" removes every blocker (with "on Y", those Y names).
 * - **Files**: file paths in the message (`name.ext`, with or without folders) go first in
 *   `recentFiles`, in the order mentioned; a known file keeps its longer spelling; the list keeps
 *   at most `maxRecentFiles` (5), and every file pushed out is reported.
 * - **`lastUpdated`** becomes `now` exactly when something changed, so an empty `changes` means
 *   the returned project equals the (parsed) input and there is nothing to store.
 *
 * The same message applied twice changes nothing the second time.
 *
 * @example
 * ```ts
 * const { project, changes } = updateProjectContext(samTerminal,
 *   "Finished the project context format specification. Blocked on disk space; edited sam_brain/docs/SPEC.md",
 *   { now: "2026-01-25T10:00:00Z" });
 * // changes: status_set active → blocked, blocker_added "disk space",
 * //          todo_completed "Finish project context format specification", file_recorded "sam_brain/docs/SPEC.md"
 * ```
 */
export function updateProjectContext(
  project: ProjectContextInput,
  message: string,
  options: UpdateProjectContextOptions = {},
): ProjectUpdate {
  const before = parseWith(ProjectContextSchema, project, "project");
  const text = parseWith(MessageSchema, message, "message");
  const parsed = parseWith(UpdateOptionsSchema, options, "options");
  const now = parsed.now ?? new Date();
  const limit = parsed.maxRecentFiles ?? PROJECT_LIST_LIMITS.recentFiles;

  const completions = completionMatches(text);
  const projectCompletions = completions.filter((match) => namesProject(match.text, before));
  const todoCompletions = completions.filter((match) => !projectCompletions.includes(match));
  const status = updateStatus(before, statusStatements(text, before, projectCompletions));
  const todos = updateTodos(before.activeTodos, todoMatches(text), todoCompletions, now);
  const changes = [...status.changes, ...todos.changes];
  const unmatched = [...status.unmatched, ...todos.unmatched];
  const files = recordFiles(before.recentFiles, text, limit);
  // One push per change: spreading a list of some 120,000 into push() overflows the stack.
  for (const change of files.changes) changes.push(change);

  if (changes.length === 0) return { project: before, changes, unmatched };
  return {
    project: {
      ...before,
      status: status.status,
      blockers: status.blockers,
      activeTodos: todos.activeTodos,
      recentFiles: files.files,
      lastUpdated: now,
    },
    changes,
    unmatched,
  };
}
