/**
 * Exact token counting with OpenAI's tokenizers (entry `contextfmt/tiktoken`). Kept out of the core
 * entry: building an encoder costs about a second and ~190 MB, so it happens only here, lazily,
 * once per process and encoding.
 */
import { Tiktoken, type TiktokenBPE } from "js-tiktoken/lite";
import cl100kBase from "js-tiktoken/ranks/cl100k_base";
import o200kBase from "js-tiktoken/ranks/o200k_base";
import { splitLineUnits, type TokenCounter } from "./tokens/counter.js";
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
  /** Most line units whose counts are remembered (least recently used go first). Default 100,000. */
  readonly cacheSize?: number;
  /** Units longer than this are counted but not remembered. Default 65,536 characters. */
  readonly maxCachedLength?: number;
}

/**
 * A {@link TokenCounter} that counts exactly with `js-tiktoken`. The encoder is built on the first
 * `count`, not on import or creation. Text is counted per line unit (the tokenizer never joins
 * across one, so the sum is exact) and recent units' counts are cached: counting a whole prompt
 * after its items costs lookups, and formatting the same rules again costs almost nothing. Special-token text such as `<|endoftext|>` is counted as
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
  const { encoding = "o200k_base", cacheSize = 100_000, maxCachedLength = 65_536 } = options;
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
      let total = 0;
      for (const unit of splitLineUnits(text)) {
        let tokens = cache.get(unit);
        if (tokens === undefined) {
          tokens = encoderFor(encoding).encode(unit, [], []).length;
          if (unit.length <= maxCachedLength) cache.set(unit, tokens);
        }
        total += tokens;
      }
      return total;
    },
  });
}
