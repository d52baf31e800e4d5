/**
 * Exact token counting with OpenAI's tokenizers (entry `contextfmt/tiktoken`). Kept out of the core
 * entry: it loads the encodings' vocabularies (js-tiktoken's rank files), and a counter decodes
 * one (~0.2 s, ~20 MB) on its first count, once per process and encoding.
 */
import cl100kBase from "js-tiktoken/ranks/cl100k_base";
import o200kBase from "js-tiktoken/ranks/o200k_base";
import { badArgument, integerArgument, stringArgument } from "./problems/arguments.js";
import {
  type BytePairEncoding,
  type CountTokens,
  createBytePairCounter,
} from "./tiktoken/bpe-counter.js";
import { CountCache } from "./tokens/count-cache.js";
import { splitLineUnits, type TokenCounter } from "./tokens/counter.js";
import { spacedWords, textPieces } from "./tokens/lower-bound.js";

/** Encodings this entry can count with. */
export type TiktokenEncoding = "o200k_base" | "cl100k_base";

const ENCODINGS: Record<TiktokenEncoding, BytePairEncoding> = {
  o200k_base: o200kBase,
  cl100k_base: cl100kBase,
};

// One decoded encoding per process: decoding is the expensive part, and the result is never
// written after it is built, so counters share it.
const counters = new Map<TiktokenEncoding, CountTokens>();

function countTokensWith(encoding: TiktokenEncoding): CountTokens {
  let countTokens = counters.get(encoding);
  if (!countTokens) {
    countTokens = createBytePairCounter(ENCODINGS[encoding]);
    counters.set(encoding, countTokens);
  }
  return countTokens;
}

/** Options of {@link createTiktokenCounter}. */
export interface TiktokenCounterOptions {
  /** Default `o200k_base` (GPT-4o and later; the closest public proxy for current models). */
  readonly encoding?: TiktokenEncoding;
  /**
   * Most line units whose counts are remembered; when full, a new unit replaces a random one.
   * Default 250,000 (each costs about 80 bytes plus its text); 0 remembers nothing.
   */
  readonly cacheSize?: number;
  /** Units longer than this are counted but not remembered. Default 65,536 characters. */
  readonly maxCachedLength?: number;
}

function wholeNumberOption(path: string, value: unknown, fallback: number): number {
  return value === undefined ? fallback : integerArgument(value, path);
}

/**
 * A {@link TokenCounter} that counts exactly with OpenAI's `o200k_base` or `cl100k_base`:
 * the count equals js-tiktoken's `encode(text, [], []).length`, from the same rank files, in
 * O(n log n) time on any text (js-tiktoken is quadratic on long runs without a break, such as
 * one long word, CJK without spaces or base64). The encoding is decoded on the first `count`,
 * not on import or creation. Text is counted per line unit (the tokenizer never joins across
 * one, so the sum is exact) and units' counts are cached: counting a whole prompt after its items
 * costs lookups, and formatting the same rules again costs almost nothing. Special-token text
 * such as `<|endoftext|>` is counted as ordinary text, as it would reach the model from a prompt.
 *
 * @throws {InvalidInputError} for an unknown encoding or a bad cache option, naming it.
 * @example
 * ```ts
 * import { createTiktokenCounter } from "contextfmt/tiktoken";
 * const counter = createTiktokenCounter({ encoding: "o200k_base" });
 * manager.format("claude", { rules }, { counter, budget: 2000 });
 * ```
 */
export function createTiktokenCounter(options: TiktokenCounterOptions = {}): TokenCounter {
  if (typeof options !== "object" || options === null) {
    badArgument("options", "an object", options);
  }
  const { encoding = "o200k_base" } = options;
  if (typeof encoding !== "string" || !Object.hasOwn(ENCODINGS, encoding)) {
    badArgument("encoding", '"o200k_base" | "cl100k_base"', encoding);
  }
  const cacheSize = wholeNumberOption("cacheSize", options.cacheSize, 250_000);
  const maxCachedLength = wholeNumberOption("maxCachedLength", options.maxCachedLength, 65_536);
  const cache = new CountCache(cacheSize);
  return Object.freeze({
    name: `tiktoken-${encoding}`,
    lineAdditive: true,
    count(text: string): number {
      stringArgument(text, "text");
      let total = 0;
      for (const unit of splitLineUnits(text)) {
        let tokens = cache.get(unit);
        if (tokens === undefined) {
          tokens = countTokensWith(encoding)(unit);
          if (unit.length <= maxCachedLength) cache.set(unit, tokens);
        }
        total += tokens;
      }
      return total;
    },
    // Every spaced word, and every piece `textPieces` finds, is a pre-tokenizer piece of its
    // own: at least one token each. Past `enough`, counting stops.
    lowerBound: (text: string, enough = Number.POSITIVE_INFINITY): number => {
      const pieces = textPieces(text, enough);
      return pieces > enough ? pieces : Math.max(spacedWords(text, enough), pieces);
    },
  });
}
