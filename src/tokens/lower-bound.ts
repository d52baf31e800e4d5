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
 * counted: in a longer text it might go on differently.
 *
 * @example
 * ```ts
 * spacedWords("Always run the tests, then commit."); // 5: " run", " the", " tests", " then", " commit"
 * ```
 */
export function spacedWords(text: string): number {
  let words = 0;
  const end = text.length;
  let space = text.indexOf(" ");
  while (space !== -1) {
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
