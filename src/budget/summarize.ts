import { integerArgument, stringArgument } from "../problems/arguments.js";
import { isWhitespaceCode } from "../tokens/counter.js";

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

/**
 * Whether `content` has more than `maxWords` words: whether {@link summarize} would shorten it.
 * A word is a run of characters other than whitespace (`\S+`, as `summarize` reads them), found
 * by a loop over char codes rather than a regular expression: one call per word cost more than
 * the loop, and this runs on every memory and session candidate of every call.
 */
export function hasMoreWords(content: string, maxWords: number): boolean {
  let words = 0;
  let inWord = false;
  for (let at = 0; at < content.length; at += 1) {
    const space = isWhitespaceCode(content.charCodeAt(at));
    if (!space && !inWord) {
      words += 1;
      if (words > maxWords) return true;
    }
    inWord = !space;
  }
  return false;
}
