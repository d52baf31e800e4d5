/**
 * Finds many phrases in a text in one pass (Aho–Corasick): the time is the text's length plus the
 * phrases' lengths plus the occurrences reported, where testing each phrase on its own (one
 * regular expression per name, `includes` per fact) takes phrases × text.
 */

import { NumberTrie } from "./number-trie.js";

/**
 * The phrases given, searchable in any text. Matching is exact (code unit by code unit): lower
 * both sides with {@link lowerCase} for a case-insensitive search.
 *
 * @example
 * ```ts
 * new PhraseSearch(["atlas", "sam terminal"]).scan("back to atlas", (phrase, start, end) => …);
 * ```
 */
export class PhraseSearch {
  /** The phrases' trie, keyed by code unit. */
  readonly #trie = new NumberTrie();
  /** Per node: the longest proper suffix of its text that is also a node. */
  readonly #fail: Int32Array;
  /** Per node: the nearest node on its fail chain that ends a phrase, or -1. */
  readonly #output: Int32Array;
  /** The phrases that end at a node (the same text given more than once), by node. */
  readonly #ends = new Map<number, number[]>();
  readonly #lengths: number[];

  constructor(phrases: readonly string[]) {
    this.#lengths = phrases.map((phrase) => phrase.length);
    const trie = this.#trie;
    // Per node, as made: its parent and the code unit that leads to it (for the links).
    const parent: number[] = [0];
    const via: number[] = [0];
    phrases.forEach((phrase, index) => {
      if (phrase === "") return;
      let node = trie.root;
      for (let i = 0; i < phrase.length; i += 1) {
        const code = phrase.charCodeAt(i);
        const child = trie.grow(node, code);
        if (child === parent.length) {
          parent.push(node);
          via.push(code);
        }
        node = child;
      }
      const list = this.#ends.get(node);
      if (list) list.push(index);
      else this.#ends.set(node, [index]);
    });
    // Typed arrays of the final size: set in depth order, not node order, a growing array would
    // be written past its end and turn into a slow dictionary.
    this.#fail = new Int32Array(trie.size);
    this.#output = new Int32Array(trie.size).fill(-1);
    this.#link(parent, via);
  }

  /** Fail and output links, shallow nodes first (a node's links need those of shorter ones). */
  #link(parent: readonly number[], via: readonly number[]): void {
    const trie = this.#trie;
    const fail = this.#fail;
    const output = this.#output;
    for (const node of byDepth(trie)) {
      const from = parent[node] as number;
      const code = via[node] as number;
      let target = 0;
      if (from !== 0) {
        let candidate = fail[from] as number;
        while (candidate !== 0 && trie.child(candidate, code) === undefined) {
          candidate = fail[candidate] as number;
        }
        target = trie.child(candidate, code) ?? 0;
      }
      fail[node] = target;
      output[node] = this.#ends.has(target) ? target : (output[target] as number);
    }
  }

  /**
   * Calls `found(phrase, start, end)` for each occurrence of a phrase in `text` (`start`
   * inclusive, `end` exclusive) whose end `endsWell(end)` accepts, in order of their ends; at one
   * end, longer phrases come first. Checking the end first keeps the count of occurrences listed
   * to those that can matter (at a word's end, say). Return `false` from `found` to stop.
   */
  scan(
    text: string,
    found: (phrase: number, start: number, end: number) => boolean | undefined,
    endsWell: (end: number) => boolean = () => true,
  ): void {
    const fail = this.#fail;
    const output = this.#output;
    let node = 0;
    for (let i = 0; i < text.length; i += 1) {
      const code = text.charCodeAt(i);
      let next = this.#trie.child(node, code);
      while (next === undefined && node !== 0) {
        node = fail[node] as number;
        next = this.#trie.child(node, code);
      }
      node = next ?? 0;
      const first = this.#ends.has(node) ? node : (output[node] as number);
      if (first < 0) continue;
      const end = i + 1;
      if (!endsWell(end)) continue;
      for (let at = first; at >= 0; at = output[at] as number) {
        for (const phrase of this.#ends.get(at) ?? []) {
          if (found(phrase, end - (this.#lengths[phrase] ?? 0), end) === false) return;
        }
      }
    }
  }
}

/**
 * The nodes of `trie` other than the root, shallowest first and in the order made at one depth:
 * a counting sort, linear in the nodes and the deepest depth (a comparison sort would add a
 * logarithm, which a single long phrase of 50,000 nodes makes felt).
 */
function byDepth(trie: NumberTrie): Int32Array {
  let deepest = 0;
  for (let node = 1; node < trie.size; node += 1) deepest = Math.max(deepest, trie.depth(node));
  // Where each depth's run starts in the order.
  const start = new Int32Array(deepest + 2);
  for (let node = 1; node < trie.size; node += 1) {
    const at = trie.depth(node) + 1;
    start[at] = (start[at] as number) + 1;
  }
  for (let at = 1; at < start.length; at += 1) {
    start[at] = (start[at] as number) + (start[at - 1] as number);
  }
  const order = new Int32Array(trie.size - 1);
  for (let node = 1; node < trie.size; node += 1) {
    const at = trie.depth(node);
    order[start[at] as number] = node;
    start[at] = (start[at] as number) + 1;
  }
  return order;
}

/** A letter, a digit or `_`; made on first use, as a hook that reads no project never needs it. */
let wordCharacter: RegExp | undefined;

/** Whether the code point that starts at `at` is a letter, a digit or `_` (false outside the text). */
export function wordCharacterAt(text: string, at: number): boolean {
  if (at < 0 || at >= text.length) return false;
  wordCharacter ??= /^[\p{L}\p{N}_]$/u;
  return wordCharacter.test(String.fromCodePoint(text.codePointAt(at) as number));
}

/** Whether the code point that ends just before `at` is a letter, a digit or `_`. */
export function wordCharacterBefore(text: string, at: number): boolean {
  if (at <= 0 || at > text.length) return false;
  const low = text.charCodeAt(at - 1);
  const pair = at >= 2 && low >= 0xdc00 && low <= 0xdfff;
  return wordCharacterAt(text, pair ? at - 2 : at - 1);
}

/**
 * `text` in lower case, character for character, so offsets stay those of `text`: the few
 * characters whose lower case is longer (`İ`) are kept as they are. Lower both a text and its
 * phrases with it for a case-insensitive {@link PhraseSearch}.
 */
export function lowerCase(text: string): string {
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower;
  let out = "";
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charAt(i);
    const lowered = char.toLowerCase();
    out += lowered.length === 1 ? lowered : char;
  }
  return out;
}
