/**
 * How o200k cuts runs of Han characters: by the words it holds whole (src/tokens/han-words.ts,
 * o200k's own), else a character a piece. Chinese is written without spaces, so a run's count
 * follows its words, not its length: "项目代码" is two tokens and "尊严权利" four, though both are
 * four characters.
 */
import { HAN_WORDS } from "./han-words.js";
import { HAN, scriptOf } from "./scripts.js";

/**
 * Per pair of UTF-16 units a word starts with (`first << 16 | second`): twice the length of the
 * longest word that starts with the pair, plus one when the pair is a word itself. A word here is
 * one of o200k's, with the character before it if it has one (" 使用", "，我们"). Made on first
 * use: a hook process that never meets a Chinese line pays nothing for it.
 */
let pairIndex: Map<number, number> | undefined;
/** The words of three units or more. */
let longWords: Set<string> | undefined;

function buildIndex(): Map<number, number> {
  const index = new Map<number, number>();
  const long = new Set<string>();
  for (const [prefix, words] of Object.entries(HAN_WORDS)) {
    for (const bare of words.split(/\s+/)) {
      const word = prefix + bare;
      if (word.length < 2) continue;
      const key = (word.charCodeAt(0) << 16) | word.charCodeAt(1);
      const known = index.get(key) ?? 0;
      const longest = Math.max(known >> 1, word.length);
      index.set(key, (longest << 1) | (known & 1) | (word.length === 2 ? 1 : 0));
      if (word.length > 2) long.add(word);
    }
  }
  longWords = long;
  return index;
}

/** Length of the longest word at `text[at…]` within `end`, or 0. */
function wordAt(text: string, at: number, end: number): number {
  if (at + 1 >= end) return 0;
  pairIndex ??= buildIndex();
  const entry = pairIndex.get((text.charCodeAt(at) << 16) | text.charCodeAt(at + 1));
  if (entry === undefined) return 0;
  let length = Math.min(entry >> 1, end - at);
  const long = longWords as Set<string>;
  while (length > 2 && !long.has(text.slice(at, at + length))) length -= 1;
  return length > 2 || (entry & 1) === 1 ? length : 0;
}

/**
 * Pieces o200k makes of `text[from, end)`, a word's letters after what stands before them: the
 * letters of Han's script in `text[start, end)` (of the Basic Multilingual Plane), each place
 * taking the longest of o200k's words that starts there (its merges mostly agree: within 2 % on
 * real Chinese text), and, when `from < start`, the character at `from` that stands before them
 * in their piece (a space or a mark). Such a character joins a word when o200k has one that
 * starts with it; else a space joins the first character's first byte (two pieces for the
 * two: " 显示" is " \xe6", "\x98\xbe", "示"), and a mark is a piece of its own. Characters of
 * other scripts between `start` and `end` are not counted and break a word. Linear: each place
 * tries at most the longest word its pair starts.
 */
export function hanPieces(text: string, from: number, start: number, end: number): number {
  let pieces = 0;
  let at = start;
  if (from < start) {
    const joined = wordAt(text, from, end);
    if (joined > 0) {
      pieces = 1;
      at = from + joined;
    } else if (text.charCodeAt(from) === 32 && scriptOf(text.charCodeAt(start)) === HAN) {
      pieces = 2;
      at = start + 1;
    } else pieces = 1;
  }
  while (at < end) {
    if (scriptOf(text.charCodeAt(at)) !== HAN) {
      at += 1;
      continue;
    }
    pieces += 1;
    at += Math.max(1, wordAt(text, at, end));
  }
  return pieces;
}
