/**
 * Finds many phrases in a text in one pass (Aho–Corasick): the time is the text's length plus the
 * phrases' lengths plus the occurrences reported, where testing each phrase on its own (one
 * regular expression per name, `includes` per fact) takes phrases × text.
 */

/** Edges of the trie in one map, keyed by `node * EDGE + code unit`: no map per node. */
const EDGE = 0x10000;

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
  /** `node * EDGE + code` → child node; node 0 is the root. */
  readonly #edges = new Map<number, number>();
  /** Per node: the longest proper suffix of its text that is also a node. */
  readonly #fail: number[] = [0];
  /** Per node: the nearest node on its fail chain that ends a phrase, or -1. */
  readonly #output: number[] = [-1];
  /** The phrases that end at a node (the same text given more than once), by node. */
  readonly #ends = new Map<number, number[]>();
  readonly #lengths: number[];

  constructor(phrases: readonly string[]) {
    this.#lengths = phrases.map((phrase) => phrase.length);
    // Per node, as built: its parent and the code unit that leads to it (for the links).
    const parent: number[] = [0];
    const via: number[] = [0];
    const depth: number[] = [0];
    phrases.forEach((phrase, index) => {
      if (phrase === "") return;
      let node = 0;
      for (let i = 0; i < phrase.length; i += 1) {
        const key = node * EDGE + phrase.charCodeAt(i);
        let child = this.#edges.get(key);
        if (child === undefined) {
          child = parent.length;
          parent.push(node);
          via.push(phrase.charCodeAt(i));
          depth.push(i + 1);
          this.#edges.set(key, child);
        }
        node = child;
      }
      const list = this.#ends.get(node);
      if (list) list.push(index);
      else this.#ends.set(node, [index]);
    });
    this.#link(parent, via, depth);
  }

  /** Fail and output links, shallow nodes first (a node's links need those of shorter ones). */
  #link(parent: readonly number[], via: readonly number[], depth: readonly number[]): void {
    const order = Array.from({ length: parent.length - 1 }, (_, i) => i + 1).sort(
      (a, b) => (depth[a] as number) - (depth[b] as number),
    );
    const fail = this.#fail;
    const output = this.#output;
    for (const node of order) {
      const from = parent[node] as number;
      const code = via[node] as number;
      let target = 0;
      if (from !== 0) {
        let candidate = fail[from] as number;
        while (candidate !== 0 && !this.#edges.has(candidate * EDGE + code)) {
          candidate = fail[candidate] as number;
        }
        target = this.#edges.get(candidate * EDGE + code) ?? 0;
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
    const edges = this.#edges;
    const fail = this.#fail;
    const output = this.#output;
    let node = 0;
    for (let i = 0; i < text.length; i += 1) {
      const code = text.charCodeAt(i);
      let next = edges.get(node * EDGE + code);
      while (next === undefined && node !== 0) {
        node = fail[node] as number;
        next = edges.get(node * EDGE + code);
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

/** A letter, a digit or `_`. */
const WORD_CHARACTER = /^[\p{L}\p{N}_]$/u;

/** Whether the code point that starts at `at` is a letter, a digit or `_` (false outside the text). */
export function wordCharacterAt(text: string, at: number): boolean {
  if (at < 0 || at >= text.length) return false;
  return WORD_CHARACTER.test(String.fromCodePoint(text.codePointAt(at) as number));
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
