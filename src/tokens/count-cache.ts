/**
 * Token counts by text, bounded by entry count, for a counter that sees the same texts again and
 * again (the same rules formatted on every call of a long-running process).
 *
 * When full, a new text takes the place of one chosen at random. Least-recently-used eviction
 * is the wrong policy here: a call that counts more texts than the cache holds, in the same order
 * as the call before it, evicts every text just before it comes back, so the second call finds
 * nothing and pays for the evictions on top (measured: 100,000 rules formatted again took longer
 * than the first time). Random replacement keeps a share of such a cycle (about 60 % of it when
 * the texts outnumber the entries by a quarter, 20 % at twice as many), and a hit costs one
 * lookup with no reordering.
 */
export class CountCache {
  readonly #counts = new Map<string, number>();
  // The same texts as #counts, for picking one to replace in constant time.
  readonly #texts: string[] = [];
  readonly #capacity: number;
  // xorshift32 state: replacement is pseudo-random but the same from run to run.
  #state = 0x9e3779b9;

  /** @param capacity most texts remembered, a whole number >= 0 (0 remembers nothing). */
  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  /** Texts remembered now. */
  get size(): number {
    return this.#counts.size;
  }

  get(text: string): number | undefined {
    return this.#counts.get(text);
  }

  /** Remembers the count of a text that `get` did not find, keeping a copy of the text. */
  set(text: string, count: number): void {
    if (this.#capacity === 0 || this.#counts.has(text)) return;
    // A slice of a longer string shares the longer string's memory in V8: a line unit cut from
    // a 5 MB prompt would keep all 5 MB alive for as long as it is cached. Concatenating and
    // slicing again makes V8 copy the text out on its own.
    const own = ` ${text}`.slice(1);
    if (this.#texts.length < this.#capacity) {
      this.#texts.push(own);
    } else {
      const victim = this.#nextRandom() % this.#capacity;
      this.#counts.delete(this.#texts[victim] as string);
      this.#texts[victim] = own;
    }
    this.#counts.set(own, count);
  }

  #nextRandom(): number {
    let x = this.#state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.#state = x >>> 0;
    return this.#state;
  }
}
