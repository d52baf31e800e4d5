/**
 * A cheap lower bound on the count of a text, for leaving out items that cannot fit without
 * tokenizing them. Both o200k-style tokenizers (and the default counter that estimates them)
 * start a piece of their own at every space followed by a letter, and never let a piece span two
 * such starts; so counting those starts bounds the count from below, in one pass over the text
 * with no tables.
 */

const SPACE = 32;
const LOWER_A = 97;
const LOWER_Z = 122;

/**
 * The spaced words in `text`: a space, one or more lower-case ASCII letters, then an ASCII
 * character that is not a lower-case letter. Each is the start of its own pre-tokenizer piece in
 * o200k and cl100k (` word`, ` it's`): a count of at least one token apiece, in any text that
 * contains `text`. A word that runs to the end of `text`, or on into a non-ASCII letter, is not
 * counted: in a longer text it might go on differently. With `stopAbove`, counting stops at the
 * first word past it (the answer is then `stopAbove + 1`, or more when it is not whole).
 *
 * @example
 * ```ts
 * spacedWords("Always run the tests, then commit."); // 5: " run", " the", " tests", " then", " commit"
 * ```
 */
export function spacedWords(text: string, stopAbove = Number.POSITIVE_INFINITY): number {
  let words = 0;
  const end = text.length;
  let space = text.indexOf(" ");
  while (space !== -1 && words <= stopAbove) {
    let at = space + 1;
    let code = text.charCodeAt(at);
    if (code >= LOWER_A && code <= LOWER_Z) {
      do {
        at += 1;
        code = text.charCodeAt(at);
      } while (code >= LOWER_A && code <= LOWER_Z);
      // `charCodeAt` past the end is NaN, which fails `< 128`.
      if (at < end && code < 128) words += 1;
    }
    space = code === SPACE ? at : text.indexOf(" ", at);
  }
  return words;
}

/** Whether `code` is an ASCII letter. */
function isAsciiLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** Whether `code` is ASCII punctuation other than the apostrophe (which contractions join). */
function isAsciiPunctuation(code: number): boolean {
  return (
    code !== 39 &&
    ((code >= 33 && code <= 47) ||
      (code >= 58 && code <= 64) ||
      (code >= 91 && code <= 96) ||
      (code >= 123 && code <= 126))
  );
}

/**
 * Pieces that o200k's and cl100k's pre-tokenizers (and the default counter) cut `text` into at
 * least, found in one pass: runs of letters holding an ASCII letter (non-ASCII characters and
 * apostrophes join letters, as they may belong to the same piece), runs of digits (a piece per
 * three), and runs of
 * two or more ASCII punctuation characters (a piece of their own: only a lone one can lead a
 * word). Each is a piece apart from the others in any text that contains `text`. With
 * `stopAbove`, counting stops once the count is past it.
 *
 * @example
 * ```ts
 * textPieces("- **rule_7**: Keep it small."); // 7: "**", "rule", "7", "**:", "Keep", "it", "small"
 * ```
 */
export function textPieces(text: string, stopAbove = Number.POSITIVE_INFINITY): number {
  let pieces = 0;
  const end = text.length;
  let at = 0;
  while (at < end && pieces <= stopAbove) {
    const code = text.charCodeAt(at);
    if (isAsciiLetter(code) || code >= 128 || code === 39) {
      let letters = false;
      while (at < end) {
        const next = text.charCodeAt(at);
        if (isAsciiLetter(next)) letters = true;
        else if (next < 128 && next !== 39) break;
        at += 1;
      }
      if (letters) pieces += 1;
    } else if (code >= 48 && code <= 57) {
      const start = at;
      do at += 1;
      while (at < end && text.charCodeAt(at) >= 48 && text.charCodeAt(at) <= 57);
      // Digits go in pieces of at most three; a longer run in a longer text only has more.
      pieces += Math.ceil((at - start) / 3);
    } else if (isAsciiPunctuation(code)) {
      const start = at;
      do at += 1;
      while (at < end && isAsciiPunctuation(text.charCodeAt(at)));
      if (at - start >= 2) pieces += 1;
    } else at += 1;
  }
  return pieces;
}
