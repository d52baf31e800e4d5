import * as z from "zod/mini";
import { type PriorityComponent, truncateByPriority } from "../../budget/truncate.js";
import { CommonOptionsSchema } from "../../manager/options.js";
import { parseWith } from "../../model/parse.js";
import type { ProjectContext, ProjectContextInput } from "../../model/project.js";
import { type UserFact, type UserFactsInput, UserFactsSchema } from "../../model/user.js";
import { optionsArgument, stringArgument } from "../../problems/arguments.js";
import type { Issue } from "../../problems/issue.js";
import type { TokenCounter } from "../../tokens/counter.js";
import { defaultCounter } from "../../tokens/heuristic.js";
import {
  escapeMarkdownLineStart,
  escapeTags,
  escapeXmlAttribute,
  escapeXmlText,
  inlineField,
  inlineText,
} from "../escape.js";
import { lowerCase, PhraseSearch, wordCharacterAt } from "../phrase-search.js";
import { type ProjectMarkup, reportForbiddenCharacters } from "./components.js";
import {
  DEFAULT_PROJECT_TOKENS,
  fitProjects,
  type ProjectContextResult,
  ProjectMarkupOption,
  parseProjects,
} from "./format.js";

const budget = z.int().check(z.gte(0, { error: "expected an integer >= 0" }));

const CombinedOptionsSchema = z.strictObject({
  user: z.optional(z.nullable(UserFactsSchema)),
  now: CommonOptionsSchema.shape.now,
  counter: CommonOptionsSchema.shape.counter,
  /** The whole text: USER block, blank line, PROJECT block(s). */
  maxTokens: z._default(budget, 500),
  /** The PROJECT block(s) alone. */
  projectMaxTokens: z._default(budget, DEFAULT_PROJECT_TOKENS),
  /** The USER block alone. */
  userMaxTokens: z._default(budget, 300),
  /** Facts with a lower confidence are left out. */
  minConfidence: z._default(
    z
      .number()
      .check(
        z.gte(0, { error: "expected a number >= 0" }),
        z.lte(1, { error: "expected a number <= 1" }),
      ),
    0.5,
  ),
  /** `markdown`: a `### User: …` heading and `### Project: …` headings instead of XML blocks. */
  markup: ProjectMarkupOption,
});

/** Input of {@link buildCombinedContext}. */
export type CombinedContextInput = Omit<z.input<typeof CombinedOptionsSchema>, "user"> & {
  readonly user?: UserFactsInput | null;
  readonly projects?: ProjectContextInput | readonly ProjectContextInput[] | null;
};

/** A sentence of a line: split after `.`, `!` or `?` and the whitespace that follows. */
interface Sentence {
  readonly text: string;
  /** Offset of its first character in the whole text. */
  readonly start: number;
}

const SENTENCE_GAP = /(?<=[.!?])\s+/g;

/** The sentences of `line`, which starts at `offset` of its text. */
function sentencesOf(line: string, offset: number): Sentence[] {
  const sentences: Sentence[] = [];
  let start = 0;
  for (const gap of line.matchAll(SENTENCE_GAP)) {
    sentences.push({ text: line.slice(start, gap.index), start: offset + start });
    start = gap.index + gap[0].length;
  }
  sentences.push({ text: line.slice(start), start: offset + start });
  return sentences;
}

/** An ASCII letter, digit or `_`: what `\b` before "working on" looks at. */
const ASCII_WORD = /[A-Za-z0-9_]/;

/** "working on <name>" and "working on the <name>" for each name, in lower case, to search for. */
function workingOnSearch(names: readonly string[]): PhraseSearch {
  return new PhraseSearch(
    names.flatMap((name) => {
      const lower = lowerCase(inlineText(name));
      return [`working on ${lower}`, `working on the ${lower}`];
    }),
  );
}

/**
 * The start offsets of the sentences of `text` that say "working on <name>" (or "working on the
 * <name>") for one of the names of `search`, whole and in any case, found in one pass for all.
 */
function workingOnSentences(text: string, search: PhraseSearch): Set<number> {
  const starts: number[] = [];
  let offset = 0;
  for (const line of text.split("\n")) {
    for (const sentence of sentencesOf(line, offset)) starts.push(sentence.start);
    offset += line.length + 1;
  }
  /** Index in `starts` of the sentence holding offset `at`. */
  const sentenceAt = (at: number): number => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if ((starts[middle] as number) <= at) low = middle;
      else high = middle - 1;
    }
    return low;
  };
  const lowered = lowerCase(text);
  const said = new Set<number>();
  search.scan(
    lowered,
    (_, start, end) => {
      if (ASCII_WORD.test(lowered.charAt(start - 1))) return undefined;
      const sentence = sentenceAt(start);
      // Each sentence is read on its own: an occurrence must lie within one.
      if (end <= (starts[sentence + 1] ?? Number.POSITIVE_INFINITY)) {
        said.add(starts[sentence] as number);
      }
      return undefined;
    },
    (end) => !wordCharacterAt(lowered, end),
  );
  return said;
}

/**
 * Removes every sentence of `text` that says the user is "working on" one of `names` (whole
 * name, any case), and every line left empty by that. The rule "PROJECT wins on the current
 * task": the PROJECT block says it, more precisely.
 */
export function withoutWorkingOn(text: string, names: readonly string[]): string {
  stringArgument(text, "text");
  return names.length === 0 ? text : withoutSentences(text, workingOnSearch(names));
}

/** {@link withoutWorkingOn} with the names' search built once, for many texts. */
function withoutSentences(text: string, search: PhraseSearch): string {
  const said = workingOnSentences(text, search);
  if (said.size === 0) return text.trim();
  const lines: string[] = [];
  let offset = 0;
  for (const line of text.split("\n")) {
    const sentences = sentencesOf(line, offset);
    offset += line.length + 1;
    const kept = sentences
      .filter((sentence) => !said.has(sentence.start))
      .map((sentence) => sentence.text);
    if (kept.length === sentences.length) lines.push(line);
    // A line whose every sentence went (a bullet included) goes with them.
    else if (kept.length > 0) lines.push(kept.join(" "));
  }
  return lines.join("\n").trim();
}

const ENTITIES: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
};

/** The `name="…"` values of the PROJECT blocks in `projectContext`, unescaped. */
function projectNames(projectContext: string): string[] {
  // `[^<>]` and `[^"<]`, not `[^>]` and `[^"]`: an unclosed tag or quote must not make every
  // later `<PROJECT` read on to the end of the text (quadratic).
  return [...projectContext.matchAll(/<PROJECT\b[^<>]*?\bname="([^"<]*)"/g)].map(([, name = ""]) =>
    name.replace(/&(amp|lt|gt|quot|apos|#(\d+));/g, (entity, named: string, code?: string) =>
      code ? String.fromCharCode(Number(code)) : (ENTITIES[named] ?? entity),
    ),
  );
}

/**
 * Removes from a user context what the project context already says: sentences saying the user
 * is "working on <project name>" for any PROJECT block's name (the original design's rule, over
 * every block rather than the first).
 *
 * @example
 * ```ts
 * deduplicateContext("Likes Rust. Working on SAM Terminal this week.",
 *   '<PROJECT name="SAM Terminal" status="active">\n</PROJECT>'); // "Likes Rust."
 * ```
 */
export function deduplicateContext(userContext: string, projectContext: string): string {
  stringArgument(userContext, "userContext");
  stringArgument(projectContext, "projectContext");
  return withoutWorkingOn(userContext, projectNames(projectContext)).trim();
}

/** Letters and digits only, lower case, single-spaced: for "says the same thing" tests. */
function normalized(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/**
 * Whether a project note repeats a user preference or constraint (the USER fact wins): all those
 * facts are searched for in one pass over each note, whole words, case and punctuation aside.
 */
function repeatsFact(facts: readonly UserFact[]): (note: string) => boolean {
  const said = facts
    .filter((fact) => fact.category === "preference" || fact.category === "constraint")
    .map((fact) => normalized(fact.text))
    .filter((text) => text !== "");
  if (said.length === 0) return () => false;
  const search = new PhraseSearch(said.map((text) => ` ${text} `));
  return (note) => {
    let found = false;
    search.scan(` ${normalized(note)} `, () => {
      found = true;
      return false;
    });
    return found;
  };
}

/** The lines around the USER facts and how a fact becomes a `- ` entry, by markup. */
function userFrame(markup: ProjectMarkup) {
  if (markup === "markdown") {
    return {
      opening: (userId: string) => `### User: ${inlineField(userId)}\n`,
      closing: "",
      // A fact could otherwise open a block inside its entry ("- ### x").
      entry: (text: string) => escapeMarkdownLineStart(escapeTags(text)),
    };
  }
  return {
    opening: (userId: string) => `<USER id="${escapeXmlAttribute(inlineText(userId))}">\n`,
    closing: "</USER>\n",
    entry: escapeXmlText,
  };
}

/**
 * `<USER id="…">` with the user's facts, a blank line, then the PROJECT block(s): about 400–500
 * tokens in all (`maxTokens`, default 500; the PROJECT blocks get up to 175, the USER block up to
 * 300). Overlaps are resolved as the original design says: tech skills and the project's stack
 * both stay; the current task is the PROJECT's (user facts saying "working on <project>" and
 * `task` facts are dropped); preferences and constraints are the USER's (project notes repeating
 * them are dropped). Facts under `minConfidence` (0.5) are left out; every removal is reported.
 * `markup: "markdown"` writes a `### User: david` heading with the facts as `- ` entries, a blank
 * line, then `formatProjectContext`'s markdown project headings: no `<`/`>` markup of its own.
 *
 * @example
 * ```ts
 * buildCombinedContext({ user: { userId: "david", facts: ["Expert in Python"] },
 *   projects: [project], now: "2026-01-25T10:00:00Z" }).content;
 * // '<USER id="david">\n- Expert in Python\n</USER>\n\n<PROJECT name="SAM Terminal" …'
 * ```
 */
export function buildCombinedContext(input: CombinedContextInput = {}): ProjectContextResult {
  const { projects: rawProjects, ...rest } = optionsArgument(input, "input");
  const options = parseWith(CombinedOptionsSchema, rest);
  const projects = parseProjects(rawProjects);
  const now = options.now ?? new Date();
  const counter: TokenCounter = options.counter ?? defaultCounter;
  const issues: Issue[] = [];
  const facts = options.user?.facts ?? [];

  const repeats = repeatsFact(facts);
  const deduplicated: ProjectContext[] = projects.map((project, index) => {
    const notes = project.notes.filter((note, noteIndex) => {
      if (!repeats(note)) return true;
      issues.push({
        code: "duplicate_removed",
        severity: "info",
        path: `projects[${index}].notes[${noteIndex}]`,
        message: "repeats a user preference or constraint; the USER block says it",
      });
      return false;
    });
    return { ...project, notes };
  });
  const projectPart = fitProjects(deduplicated, {
    maxTokens: Math.min(options.projectMaxTokens, options.maxTokens),
    now,
    counter,
    markup: options.markup,
  });
  issues.push(...projectPart.issues);

  const user = options.user;
  if (!user) return { ...projectPart, budget: options.maxTokens, issues };

  const names = projects.map((project) => project.name);
  const workingOn = names.length === 0 ? undefined : workingOnSearch(names);
  reportForbiddenCharacters(
    [
      ["user.userId", user.userId],
      ...facts.map((fact, index): [string, string] => [`user.facts[${index}].text`, fact.text]),
    ],
    (issue) => issues.push(issue),
    options.markup,
  );
  const frame = userFrame(options.markup);
  const components: PriorityComponent[] = [];
  const leftOut = (fact: UserFact, text: string): [string, string] | undefined => {
    if (fact.confidence < options.minConfidence) {
      return ["item_skipped", `confidence ${fact.confidence} is under ${options.minConfidence}`];
    }
    if (projects.length > 0 && fact.category === "task") {
      return [
        "duplicate_removed",
        "a current-task fact; the PROJECT block's TODOs take precedence",
      ];
    }
    return text === "" ? ["duplicate_removed", "says what the PROJECT block says"] : undefined;
  };
  for (const [index, fact] of facts.entries()) {
    const path = `user.facts[${index}]`;
    const inline = inlineText(fact.text);
    const text = workingOn ? withoutSentences(inline, workingOn) : inline;
    const reason = leftOut(fact, text);
    if (reason) {
      issues.push({ code: reason[0], severity: "info", path, message: reason[1] });
      continue;
    }
    // More confident facts are kept first when the USER block is short of room.
    components.push({
      id: path,
      priority: 2 - fact.confidence,
      text: `- ${frame.entry(text)}\n`,
    });
  }
  if (components.length === 0) return { ...projectPart, budget: options.maxTokens, issues };

  components.unshift({ id: "user", priority: 0, text: frame.opening(user.userId) });
  // Markdown blocks end where the next heading starts: they have no closing line.
  if (frame.closing !== "") components.push({ id: "user:close", priority: 0, text: frame.closing });
  const separatorAndProjects = `\n${projectPart.content}`;
  const combined = truncateByPriority(components, {
    maxTokens: Math.min(
      options.maxTokens,
      options.userMaxTokens + counter.count(separatorAndProjects),
    ),
    counter,
    assemble: (texts) => texts.join("") + separatorAndProjects,
  });
  const tokenCount = counter.count(combined.content);
  if (
    tokenCount > options.maxTokens &&
    !combined.issues.some((issue) => issue.code === "budget_exceeded")
  ) {
    issues.push({
      code: "budget_exceeded",
      severity: "error",
      message: `the combined context is ${tokenCount} tokens; the budget is ${options.maxTokens}`,
    });
  }
  return {
    content: combined.content,
    tokenCount,
    counter: counter.name,
    budget: options.maxTokens,
    shrunk: [...combined.shrunk, ...projectPart.shrunk],
    dropped: [...combined.dropped, ...projectPart.dropped],
    issues: [...issues, ...combined.issues],
  };
}
