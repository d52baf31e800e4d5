/**
 * Finds many phrases in a text in one pass (Aho–Corasick): the time is the text's length plus the
 * phrases' lengths plus the occurrences reported, where testing each phrase on its own (one
 * regular expression per name, `includes` per fact) takes phrases × text.
 */

/** A node of the phrase trie, by index. */
interface TrieNode {
  readonly next: Map<number, number>;
  /** The longest proper suffix of this node's text that is also a trie node. */
  fail: number;
  /** Phrases that end here, longest first. */
  readonly phrases: number[];
  /** The nearest node on the fail chain that ends a phrase, or -1. */
  output: number;
}

const newNode = (): TrieNode => ({ next: new Map(), fail: 0, phrases: [], output: -1 });

/**
 * The phrases given, searchable in any text. Matching is exact (code unit by code unit): lower
 * both sides for a case-insensitive search.
 *
 * @example
 * ```ts
 * new PhraseSearch(["atlas", "sam terminal"]).scan("back to atlas", (phrase, start, end) => …);
 * ```
 */
export class PhraseSearch {
  readonly #nodes: TrieNode[] = [newNode()];
  readonly #lengths: number[];

  constructor(phrases: readonly string[]) {
    this.#lengths = phrases.map((phrase) => phrase.length);
    phrases.forEach((phrase, index) => {
      if (phrase === "") return;
      let node = 0;
      for (let i = 0; i < phrase.length; i += 1) {
        const code = phrase.charCodeAt(i);
        let child = this.#nodes[node]?.next.get(code);
        if (child === undefined) {
          child = this.#nodes.length;
          this.#nodes.push(newNode());
          this.#nodes[node]?.next.set(code, child);
        }
        node = child;
      }
      this.#nodes[node]?.phrases.push(index);
    });
    this.#link();
  }

  /** Fail and output links, breadth first (a node's links need those of shorter nodes). */
  #link(): void {
    const nodes = this.#nodes;
    const queue: number[] = [...(nodes[0]?.next.values() ?? [])];
    for (let head = 0; head < queue.length; head += 1) {
      const index = queue[head] as number;
      const node = nodes[index] as TrieNode;
      for (const [code, child] of node.next) {
        let fail = node.fail;
        while (fail !== 0 && !nodes[fail]?.next.has(code)) fail = (nodes[fail] as TrieNode).fail;
        const target = nodes[fail]?.next.get(code);
        const childNode = nodes[child] as TrieNode;
        childNode.fail = target !== undefined && target !== child ? target : 0;
        const failNode = nodes[childNode.fail] as TrieNode;
        childNode.output = failNode.phrases.length > 0 ? childNode.fail : failNode.output;
        queue.push(child);
      }
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
    const nodes = this.#nodes;
    let node = 0;
    for (let i = 0; i < text.length; i += 1) {
      const code = text.charCodeAt(i);
      let current = nodes[node] as TrieNode;
      while (node !== 0 && !current.next.has(code)) {
        node = current.fail;
        current = nodes[node] as TrieNode;
      }
      node = current.next.get(code) ?? 0;
      const end = i + 1;
      const reached = nodes[node] as TrieNode;
      if (reached.phrases.length === 0 && reached.output < 0) continue;
      if (!endsWell(end)) continue;
      for (let at = reached.phrases.length > 0 ? node : reached.output; at >= 0; ) {
        const holder = nodes[at] as TrieNode;
        for (const phrase of holder.phrases) {
          if (found(phrase, end - (this.#lengths[phrase] ?? 0), end) === false) return;
        }
        at = holder.output;
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
