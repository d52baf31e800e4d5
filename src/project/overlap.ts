/**
 * What a user context and a project context both say: the original design's overlap rules, as
 * plain functions over text, each one pass over its text whatever the number of names.
 */
import { inlineText } from "../formats/escape.js";
import type { UserFact } from "../model/user.js";
import { stringArgument } from "../problems/arguments.js";
import { lowerCase, PhraseSearch, wordCharacterAt } from "./phrase-search.js";

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
export function workingOnSearch(names: readonly string[]): PhraseSearch {
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
export function withoutSentences(text: string, search: PhraseSearch): string {
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
export function repeatsFact(facts: readonly UserFact[]): (note: string) => boolean {
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
