/**
 * Finds many phrases in a text in one pass (Aho–Corasick): the time is the text's length plus the
 * phrases' lengths plus the occurrences reported, where testing each phrase on its own (one
 * regular expression per name, `includes` per fact) takes phrases × text.
 */

/** Edges of the trie past each node's first, in one map keyed by `node * EDGE + code unit`. */
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
  /**
   * Per node: the code unit of its first child and that child (-1: none). Most nodes of a long
   * phrase have one child, found without hashing; node 0 is the root. Typed arrays sized once to
   * the most nodes the phrases can make: no growing, no holes.
   */
  readonly #firstCode: Int32Array;
  readonly #firstChild: Int32Array;
  /** `node * EDGE + code` → child node, for every child but a node's first. */
  readonly #edges = new Map<number, number>();
  /** Per node: the longest proper suffix of its text that is also a node. */
  readonly #fail: Int32Array;
  /** Per node: the nearest node on its fail chain that ends a phrase, or -1. */
  readonly #output: Int32Array;
  /** The phrases that end at a node (the same text given more than once), by node. */
  readonly #ends = new Map<number, number[]>();
  readonly #lengths: number[];

  constructor(phrases: readonly string[]) {
    this.#lengths = phrases.map((phrase) => phrase.length);
    const most = 1 + this.#lengths.reduce((sum, length) => sum + length, 0);
    this.#firstCode = new Int32Array(most).fill(-1);
    this.#firstChild = new Int32Array(most).fill(-1);
    // Per node, as built: its parent, the code unit that leads to it and its depth (for the links).
    const parent = new Int32Array(most);
    const via = new Int32Array(most);
    const depth = new Int32Array(most);
    let nodes = 1;
    phrases.forEach((phrase, index) => {
      if (phrase === "") return;
      let node = 0;
      for (let i = 0; i < phrase.length; i += 1) {
        const code = phrase.charCodeAt(i);
        let child = this.#child(node, code);
        if (child === undefined) {
          child = nodes;
          nodes += 1;
          parent[child] = node;
          via[child] = code;
          depth[child] = i + 1;
          if (this.#firstCode[node] === -1) {
            this.#firstCode[node] = code;
            this.#firstChild[node] = child;
          } else this.#edges.set(node * EDGE + code, child);
        }
        node = child;
      }
      const list = this.#ends.get(node);
      if (list) list.push(index);
      else this.#ends.set(node, [index]);
    });
    this.#fail = new Int32Array(nodes);
    this.#output = new Int32Array(nodes).fill(-1);
    this.#link(parent, via, depth.subarray(0, nodes));
  }

  /** The child of `node` along `code`, if it has one. */
  #child(node: number, code: number): number | undefined {
    if (this.#firstCode[node] === code) return this.#firstChild[node];
    if (this.#firstCode[node] === -1) return undefined;
    return this.#edges.get(node * EDGE + code);
  }

  /** Fail and output links, shallow nodes first (a node's links need those of shorter ones). */
  #link(parent: Int32Array, via: Int32Array, depth: Int32Array): void {
    const order = byDepth(depth);
    const fail = this.#fail;
    const output = this.#output;
    for (const node of order) {
      const from = parent[node] as number;
      const code = via[node] as number;
      let target = 0;
      if (from !== 0) {
        let candidate = fail[from] as number;
        while (candidate !== 0 && this.#child(candidate, code) === undefined) {
          candidate = fail[candidate] as number;
        }
        target = this.#child(candidate, code) ?? 0;
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
      let next = this.#child(node, code);
      while (next === undefined && node !== 0) {
        node = fail[node] as number;
        next = this.#child(node, code);
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
 * The nodes other than the root (1, 2, …), shallowest first and in creation order at one depth:
 * a counting sort, linear in the nodes and the deepest depth (a comparison sort would add a
 * logarithm, which a single long phrase of 50,000 nodes makes felt).
 */
function byDepth(depth: Int32Array): Int32Array {
  let deepest = 0;
  for (let node = 1; node < depth.length; node += 1) {
    deepest = Math.max(deepest, depth[node] as number);
  }
  // Where each depth's run starts in the order.
  const start = new Array<number>(deepest + 2).fill(0);
  for (let node = 1; node < depth.length; node += 1) {
    start[(depth[node] as number) + 1] = (start[(depth[node] as number) + 1] as number) + 1;
  }
  for (let at = 1; at < start.length; at += 1) {
    start[at] = (start[at] as number) + (start[at - 1] as number);
  }
  const order = new Int32Array(depth.length - 1);
  for (let node = 1; node < depth.length; node += 1) {
    const at = depth[node] as number;
    order[start[at] as number] = node;
    start[at] = (start[at] as number) + 1;
  }
  return order;
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
