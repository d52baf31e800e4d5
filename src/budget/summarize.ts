import { integerArgument, stringArgument } from "../problems/arguments.js";

/** A sentence end: `.`, `!` or `?` before a space or the end of the text. */
const SENTENCE_END = /[.!?](?= |$)/g;

/**
 * Shortens `content` to at most `maxWords` words. Text within the limit comes back unchanged.
 * Longer text is cut at a word boundary (words joined by single spaces); if a sentence ends in
 * the second half of what is kept, the cut moves back to that sentence end, otherwise `...` marks it.
 *
 * @example
 * ```ts
 * summarize("First sentence here. Second sentence that goes on for a while.", 8);
 * // "First sentence here. Second sentence that goes on..."
 * summarize("One two three four five. Six seven", 6); // "One two three four five."
 * ```
 */
export function summarize(content: string, maxWords: number): string {
  stringArgument(content, "content");
  integerArgument(maxWords, "maxWords", 1);
  const words: string[] = [];
  // Stops reading at the first word past the limit, so a huge text costs only what is kept.
  for (const match of content.matchAll(/\S+/g)) {
    if (words.length === maxWords) {
      return cut(words.join(" "));
    }
    words.push(match[0]);
  }
  return content;
}

function cut(kept: string): string {
  let end = -1;
  for (const match of kept.matchAll(SENTENCE_END)) end = match.index;
  return end > kept.length / 2 ? kept.slice(0, end + 1) : `${kept}...`;
}

/** A word, as {@link summarize} counts them; `g` so that `test` moves along the text. */
const WORD = /\S+/g;

/** Whether `content` has more than `maxWords` words: whether {@link summarize} would shorten it. */
export function hasMoreWords(content: string, maxWords: number): boolean {
  // `test` steps from word to word without building a match per word (matchAll does): half the
  // time, and this runs on every memory of every call.
  WORD.lastIndex = 0;
  let words = 0;
  while (WORD.test(content)) {
    words += 1;
    if (words > maxWords) return true;
  }
  return false;
}
