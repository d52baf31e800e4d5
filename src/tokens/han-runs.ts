/**
 * How o200k cuts runs of Han characters: by the words it holds whole (src/tokens/han-words.ts,
 * o200k's own), else a character a piece. Chinese is written without spaces, so a run's count
 * follows its words, not its length: "项目代码" is two tokens and "尊严权利" four, though both are
 * four characters.
 */
import { hanWordGroups } from "./han-words.js";
import { HAN, scriptOf } from "./scripts.js";

/**
 * o200k's Han words (a word here is one of o200k's with the character before it if it has one:
 * " 使用", "，我们") as a trie of UTF-16 units whose nodes are numbers, the root 0: the node of a
 * word's first unit is read off a table by that unit, the child of a node by a unit off an
 * open-addressed table. Most characters end a word (a run is mostly cut in single characters),
 * and a node's bit mask of its children's units tells most of those without a search. A
 * character so costs a few array reads, and no string is made.
 */
interface WordTrie {
  /** Per UTF-16 unit, the node of the words that start with it; 0 for none. */
  readonly firsts: Int32Array;
  /** Per slot, the parent and the unit of the child node it holds; the child, 0 for none. */
  readonly parents: Int32Array;
  readonly units: Uint16Array;
  readonly children: Int32Array;
  /** Bits of the slots' count (a power of two). */
  readonly bits: number;
  /** Per node: a bit (its unit mod 32) for each of its children. */
  readonly childUnits: Int32Array;
  /** Per node: 1 when the units that lead to it are a word of two units or more. */
  readonly ends: Uint8Array;
}

/** Made on first use: a hook process that never meets a Chinese line pays nothing for it. */
let madeTrie: WordTrie | undefined;

/** The slot of the child of `parent` by `unit` in `trie`, or of the empty slot where it would go. */
function slotOf(trie: WordTrie, parent: number, unit: number): number {
  const { parents, units, children, bits } = trie;
  const mask = (1 << bits) - 1;
  // Fibonacci hashing: the product's top bits depend on all of the key's.
  let slot = Math.imul((parent << 16) ^ unit, 0x9e3779b1) >>> (32 - bits);
  while (children[slot] !== 0 && (parents[slot] !== parent || units[slot] !== unit)) {
    slot = (slot + 1) & mask;
  }
  return slot;
}

function buildTrie(): WordTrie {
  const words = Object.entries(hanWordGroups()).flatMap(([prefix, bare]) =>
    bare.split(/\s+/).map((word) => prefix + word),
  );
  // At most a node per unit of the words, and the root; half the slots at most taken.
  const nodes = words.reduce((sum, word) => sum + word.length, 1);
  let bits = 1;
  while (1 << bits < 2 * nodes) bits += 1;
  const trie: WordTrie = {
    firsts: new Int32Array(0x10000),
    parents: new Int32Array(1 << bits),
    units: new Uint16Array(1 << bits),
    children: new Int32Array(1 << bits),
    bits,
    childUnits: new Int32Array(nodes),
    ends: new Uint8Array(nodes),
  };
  const { firsts, parents, units, children, childUnits, ends } = trie;
  let made = 1;
  for (const word of words) {
    if (word.length < 2) continue;
    const first = word.charCodeAt(0);
    if (firsts[first] === 0) {
      firsts[first] = made;
      made += 1;
    }
    let node = firsts[first] as number;
    for (let at = 1; at < word.length; at += 1) {
      const unit = word.charCodeAt(at);
      const slot = slotOf(trie, node, unit);
      if (children[slot] === 0) {
        parents[slot] = node;
        units[slot] = unit;
        children[slot] = made;
        childUnits[node] = (childUnits[node] as number) | (1 << unit); // `<<` takes unit mod 32
        made += 1;
      }
      node = children[slot] as number;
    }
    ends[node] = 1;
  }
  return trie;
}

/** Length of the longest word of `trie` that `text[at, end)` starts with, or 0. */
function wordAt(trie: WordTrie, text: string, at: number, end: number): number {
  const { children, childUnits, ends } = trie;
  let node = trie.firsts[text.charCodeAt(at)] as number;
  let longest = 0;
  for (let next = at + 1; node !== 0 && next < end; next += 1) {
    const unit = text.charCodeAt(next);
    if (((childUnits[node] as number) & (1 << unit)) === 0) break;
    node = children[slotOf(trie, node, unit)] as number;
    if (ends[node] === 1) longest = next + 1 - at;
  }
  return longest;
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
 * reads at most as many characters as o200k's longest word has.
 */
export function hanPieces(text: string, from: number, start: number, end: number): number {
  madeTrie ??= buildTrie();
  const trie = madeTrie;
  let pieces = 0;
  let at = start;
  if (from < start) {
    const joined = wordAt(trie, text, from, end);
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
    at += Math.max(1, wordAt(trie, text, at, end));
  }
  return pieces;
}
