/**
 * Whether o200k holds a Czech word as one token (src/tokens/czech-words.ts, o200k's own words).
 * The sets are made on the first look-up: most texts hold no Czech line.
 */
import { CZECH_BARE_WORDS, CZECH_SPACED_WORDS } from "./czech-words.js";

let spacedWords: ReadonlySet<string> | undefined;
let bareWords: ReadonlySet<string> | undefined;

const wordSet = (words: string): ReadonlySet<string> => new Set(words.trim().split(/\s+/));

/**
 * Whether o200k holds the word `text[start, end)` as one token: after a space (`spaced`), else
 * with nothing before it.
 */
export function isCzechToken(text: string, start: number, end: number, spaced: boolean): boolean {
  if (spaced) spacedWords ??= wordSet(CZECH_SPACED_WORDS);
  else bareWords ??= wordSet(CZECH_BARE_WORDS);
  return ((spaced ? spacedWords : bareWords) as ReadonlySet<string>).has(text.slice(start, end));
}
