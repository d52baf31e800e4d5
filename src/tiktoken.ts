/**
 * Exact token counting with OpenAI's tokenizers (entry `contextfmt/tiktoken`). Kept out of the core
 * entry: building an encoder costs about a second and ~190 MB, so it happens only here, lazily,
 * once per process and encoding.
 */
import { Tiktoken, type TiktokenBPE } from "js-tiktoken/lite";
import cl100kBase from "js-tiktoken/ranks/cl100k_base";
import o200kBase from "js-tiktoken/ranks/o200k_base";
import type { TokenCounter } from "./tokens/counter.js";
import { LruCache } from "./tokens/lru.js";

/** Encodings this entry can count with. */
export type TiktokenEncoding = "o200k_base" | "cl100k_base";

const RANKS: Record<TiktokenEncoding, TiktokenBPE> = {
  o200k_base: o200kBase,
  cl100k_base: cl100kBase,
};

// One encoder per encoding per process: the build is the expensive part, and encoders are
// immutable once built, so sharing them between counters is safe.
const encoders = new Map<TiktokenEncoding, Tiktoken>();

function encoderFor(encoding: TiktokenEncoding): Tiktoken {
  let encoder = encoders.get(encoding);
  if (!encoder) {
    encoder = new Tiktoken(RANKS[encoding]);
    encoders.set(encoding, encoder);
  }
  return encoder;
}

/** Options of {@link createTiktokenCounter}. */
export interface TiktokenCounterOptions {
  /** Default `o200k_base` (GPT-4o and later; the closest public proxy for current models). */
  readonly encoding?: TiktokenEncoding;
  /** Most texts whose counts are remembered (least recently used go first). Default 50,000. */
  readonly cacheSize?: number;
  /** Texts longer than this are counted but not remembered. Default 65,536 characters. */
  readonly maxCachedLength?: number;
}

/**
 * A {@link TokenCounter} that counts exactly with `js-tiktoken`. The encoder is built on the first
 * `count`, not on import or creation. Counts of recent texts are cached, so formatting the same
 * rules again costs almost nothing. Special-token text such as `<|endoftext|>` is counted as
 * ordinary text, as it would reach the model from a prompt.
 *
 * @example
 * ```ts
 * import { createTiktokenCounter } from "contextfmt/tiktoken";
 * const counter = createTiktokenCounter({ encoding: "o200k_base" });
 * manager.format("claude", { rules }, { counter, budget: 2000 });
 * ```
 */
export function createTiktokenCounter(options: TiktokenCounterOptions = {}): TokenCounter {
  const { encoding = "o200k_base", cacheSize = 50_000, maxCachedLength = 65_536 } = options;
  if (!(encoding in RANKS)) {
    throw new RangeError(
      `encoding: expected "o200k_base" | "cl100k_base", received ${JSON.stringify(encoding)}`,
    );
  }
  const cache = new LruCache<string, number>(cacheSize);
  return Object.freeze({
    name: `tiktoken-${encoding}`,
    lineAdditive: true,
    count(text: string): number {
      if (text === "") return 0;
      const cached = cache.get(text);
      if (cached !== undefined) return cached;
      const tokens = encoderFor(encoding).encode(text, [], []).length;
      if (text.length <= maxCachedLength) cache.set(text, tokens);
      return tokens;
    },
  });
}
