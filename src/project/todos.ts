/**
 * TODO and completion extraction from conversation text, with the original design's patterns.
 * The `m` flag makes `$` end a line and the gaps match spaces and tabs only, so a TODO without a
 * full stop ends at its line break and never runs into the next line.
 */

import { stringArgument } from "../problems/arguments.js";

const TODO_PATTERNS: readonly RegExp[] = [
  /\b(?:need to|should|must|have to|gotta)[ \t]+(.+?)(?:\.|,|$)/gim,
  // The original runs to the end of the line; this stops at the end of the sentence, so
  // "TODO: write tests. We need to fix the parser." is two TODOs, not one.
  /\bTODO:[ \t]*(.+?)(?=[.!?](?:\s|$)|$)/gim,
  /\bnext(?:[ \t]+step)?(?:[ \t]+is)?:?[ \t]*(.+?)(?:\.|$)/gim,
  /\blet'?s[ \t]+(.+?)(?:[ \t]+next|\.|$)/gim,
];

const COMPLETION_PATTERNS: readonly RegExp[] = [
  // The original runs to the end of the line; this stops at the end of the sentence.
  /\b(?:done|finished|completed)[ \t]+(?:with[ \t]+)?(.+?)(?=[.!?](?:\s|$)|$)/gim,
  /\b(?:that'?s|it'?s)[ \t]+(?:done|working|fixed)\b/gim,
];

/** One pattern match: where it starts, what it captured and the whole phrase it matched. */
export interface PhraseMatch {
  readonly index: number;
  /** The captured text (the TODO, what was completed), or the whole phrase when nothing is captured. */
  readonly text: string;
  /** The words that matched, as the message spells them ("TODO: update the docs"). */
  readonly phrase: string;
}

/** Whether a character is whitespace or sentence punctuation, trimmed from a phrase's end. */
const TRAILING = /[\s.,;:!?]/;

/**
 * `text` without whitespace and sentence punctuation at either end of the trailing run. A loop,
 * not `/[\s.,;:!?]+$/`: that pattern starts again at every space of a long inner run (quadratic).
 */
function trimPhrase(text: string): string {
  const trimmed = text.trim();
  let end = trimmed.length;
  while (end > 0 && TRAILING.test(trimmed.charAt(end - 1))) end -= 1;
  return end === trimmed.length ? trimmed : trimmed.slice(0, end);
}

/** Every match of `patterns`, in text order, once each by its captured text (any case). */
function matches(text: string, patterns: readonly RegExp[]): PhraseMatch[] {
  const found: PhraseMatch[] = [];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      const value = trimPhrase(match[1] ?? match[0]);
      const phrase = trimPhrase(match[0]);
      if (value !== "") found.push({ index: match.index, text: value, phrase });
    }
  }
  const seen = new Set<string>();
  return found
    .sort((a, b) => a.index - b.index)
    .filter(({ text: value }) => {
      const key = value.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** {@link extractTodos} with where each TODO was found and the phrase that said it. */
export function todoMatches(text: string): PhraseMatch[] {
  return matches(stringArgument(text, "text"), TODO_PATTERNS);
}

/** {@link detectCompletions} with where each completion was found and the phrase that said it. */
export function completionMatches(text: string): PhraseMatch[] {
  return matches(stringArgument(text, "text"), COMPLETION_PATTERNS);
}

/**
 * The TODOs a text mentions ("need to …", "TODO: …", "next step is …", "let's …"), as the text
 * each pattern captured, in the order they appear, each once.
 *
 * @example
 * ```ts
 * extractTodos("We need to add tests. TODO: update the docs"); // ["add tests", "update the docs"]
 * ```
 */
export function extractTodos(text: string): string[] {
  return todoMatches(text).map((match) => match.text);
}

/**
 * The completions a text reports: what follows "done with" / "finished" / "completed", or the
 * whole phrase for "that's done", "it's working", "it's fixed".
 *
 * @example
 * ```ts
 * detectCompletions("Finished the parser. It's working now."); // ["the parser", "It's working"]
 * ```
 */
export function detectCompletions(text: string): string[] {
  return completionMatches(text).map((match) => match.text);
}
