/**
 * How well each memory matches a prompt: BM25 term weighting over the memories themselves, so a
 * word most memories hold weighs little and a word few hold weighs much, without a stop-word list
 * for any language. Pure and linear in the text.
 */
import { arrayArgument, badArgument, stringArgument } from "../problems/arguments.js";
import { HAN, HIRAGANA, KATAKANA, scriptOf } from "../tokens/scripts.js";

/**
 * The relevance below which a memory without a score of its own is not injected for a prompt
 * (unless pinned): the share of the memory's term weight that the prompt names. Chosen on half of
 * the labelled set in test/fixtures/relevance (the other half is what the test asserts on).
 */
export const DEFAULT_MIN_RELEVANCE = 0.08;

// BM25's usual constants: how fast repeats of a term stop counting, and how much length matters.
const K1 = 1.2;
const B = 0.75;

/** Han and kana: scripts written without spaces, matched by character pairs. */
const isUnspaced = (code: number) => {
  const script = scriptOf(code);
  return script === HAN || script === HIRAGANA || script === KATAKANA;
};

/**
 * A Latin word's light stem: a plural or third-person `s` off (`tests` → `test`, `Fridays` →
 * `friday`), not `ss` (`class`). Both sides are stemmed alike, so a word cut too short still
 * matches itself.
 */
const stem = (word: string) =>
  word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word;

/**
 * The terms of `text`, in order, repeats kept: lower-case words of two or more letters or digits
 * (a camelCase or snake_case name also as its parts, a path as its segments) and, in Chinese and
 * Japanese, which have no spaces, each pair of neighbouring Han or kana characters (a lone one as
 * itself), as search engines index them.
 */
export function termsOf(text: string): string[] {
  const terms: string[] = [];
  for (const match of text.matchAll(/[\p{L}\p{M}\p{N}]+/gu)) {
    const run = match[0];
    let start = 0;
    while (start < run.length) {
      const unspaced = isUnspaced(run.codePointAt(start) as number);
      let end = start;
      while (end < run.length && isUnspaced(run.codePointAt(end) as number) === unspaced) {
        end += (run.codePointAt(end) as number) > 0xffff ? 2 : 1;
      }
      const part = run.slice(start, end);
      if (unspaced) pairsOf(part, terms);
      else wordsOf(part, terms);
      start = end;
    }
  }
  return terms;
}

/** Each pair of neighbouring characters of an unspaced run; a run of one as itself. */
function pairsOf(run: string, terms: string[]): void {
  const chars = Array.from(run);
  if (chars.length === 1) terms.push(run);
  for (let index = 0; index + 1 < chars.length; index += 1) {
    terms.push(`${chars[index]}${chars[index + 1]}`);
  }
}

/** A spaced word, stemmed, and its camelCase parts when it has any. */
function wordsOf(word: string, terms: string[]): void {
  if (word.length < 2) return;
  terms.push(stem(word.toLowerCase()));
  const parts = word.split(/(?<=\p{Ll})(?=\p{Lu})/u);
  if (parts.length < 2) return;
  for (const part of parts) if (part.length >= 2) terms.push(stem(part.toLowerCase()));
}

/**
 * How well each of `texts` matches `prompt`, 0–1, in the order given: the share of the text's own
 * BM25 term weight (inverse document frequency over `texts` and the prompt, term frequency
 * saturated and length-normalised) that falls on terms the prompt holds. A text that shares only words most of
 * the texts hold scores low; one whose rare words the prompt names scores high; a longer prompt
 * never lowers a score.
 *
 * @example
 * ```ts
 * relevanceScores("How does billing store money?", [
 *   "Billing stores money as integer cents",
 *   "The office plants are watered on Fridays",
 * ]); // → [≈ 0.32, 0]
 * ```
 */
export function relevanceScores(prompt: string, texts: readonly string[]): number[] {
  stringArgument(prompt, "prompt");
  arrayArgument(texts, "texts");
  // By index, not forEach: a hole in a sparse array is no string either.
  for (let index = 0; index < texts.length; index += 1)
    stringArgument(texts[index], `texts[${index}]`);
  return scoresOf(prompt, texts);
}

/** {@link relevanceScores} for checked arguments. */
export function scoresOf(prompt: string, texts: readonly string[]): number[] {
  const asked = new Set(termsOf(prompt));
  const counts = texts.map((text) => {
    const count = new Map<string, number>();
    for (const term of termsOf(text)) count.set(term, (count.get(term) ?? 0) + 1);
    return count;
  });
  const lengths = counts.map((count) => {
    let length = 0;
    for (const times of count.values()) length += times;
    return length;
  });
  const averageLength = lengths.reduce((sum, length) => sum + length, 0) / (texts.length || 1);
  const holders = new Map<string, number>();
  for (const count of counts)
    for (const term of count.keys()) holders.set(term, (holders.get(term) ?? 0) + 1);
  // The prompt counts as one more text: a word it shares with most memories is a common one.
  const documents = texts.length + 1;
  const idf = (term: string) => {
    const held = (holders.get(term) ?? 0) + (asked.has(term) ? 1 : 0);
    return Math.log(1 + (documents - held + 0.5) / (held + 0.5));
  };
  return counts.map((count, index) => {
    const norm = 1 - B + (B * (lengths[index] as number)) / (averageLength || 1);
    let total = 0;
    let shared = 0;
    for (const [term, times] of count) {
      const weight = (idf(term) * times * (K1 + 1)) / (times + K1 * norm);
      total += weight;
      if (asked.has(term)) shared += weight;
    }
    return total === 0 ? 0 : shared / total;
  });
}

/** `value` when it is a relevance threshold (a number from 0 to 1) or `undefined`. */
export function relevanceArgument(value: unknown, path: string): number | undefined {
  if (value === undefined || (typeof value === "number" && value >= 0 && value <= 1)) return value;
  return badArgument(path, "a number from 0 to 1", value);
}
