/**
 * Whether o200k holds a Czech word as one token (src/tokens/czech-words.ts, o200k's own words).
 * The sets are made on the first look-up: most texts hold no Czech line.
 */
import { CZECH_BARE_WORDS, CZECH_SPACED_WORDS } from "./czech-words.js";

/** The words o200k holds after a space, those it holds alone, and a filter on both. */
interface CzechWords {
  readonly spaced: ReadonlySet<string>;
  readonly bare: ReadonlySet<string>;
  /** Per five bits of a word's first and last letters, a bit per length (2–31) words have. */
  readonly ends: Uint32Array;
}

let words: CzechWords | undefined;

/** Five bits of a letter, as src/tokens/scripts.ts folds them. */
const fold = (code: number): number => (code ^ (code >> 5)) & 31;
const endsOf = (first: number, last: number): number => (fold(first) << 5) | fold(last);

function czechWords(): CzechWords {
  const spaced = new Set(CZECH_SPACED_WORDS.trim().split(/\s+/));
  const bare = new Set(CZECH_BARE_WORDS.trim().split(/\s+/));
  const ends = new Uint32Array(32 * 32);
  for (const word of [...spaced, ...bare]) {
    if (word.length > 31) continue; // never found: the filter has no bit for it
    const at = endsOf(word.charCodeAt(0), word.charCodeAt(word.length - 1));
    ends[at] = (ends[at] as number) | (1 << word.length);
  }
  return { spaced, bare, ends };
}

/**
 * Whether o200k holds the word `text[start, end)` as one token: after a space (`spaced`), else
 * with nothing before it. Most words are ruled out by their first and last letters and length
 * alone, without a slice of the text.
 */
export function isCzechToken(text: string, start: number, end: number, spaced: boolean): boolean {
  const length = end - start;
  if (length > 31) return false;
  words ??= czechWords();
  const at = endsOf(text.charCodeAt(start), text.charCodeAt(end - 1));
  if ((((words.ends[at] as number) >>> length) & 1) === 0) return false;
  return (spaced ? words.spaced : words.bare).has(text.slice(start, end));
}
