/**
 * The exact counter over one decoded encoding, whichever rank file it comes from: the entries
 * (`contextfmt/tiktoken`, and the bin's o200k-only one) each import only the rank files they
 * offer, so a caller that needs o200k never loads cl100k's vocabulary.
 */
import { badArgument, integerArgument, stringArgument } from "../problems/arguments.js";
import { CountCache } from "../tokens/count-cache.js";
import { splitLineUnits, type TokenCounter } from "../tokens/counter.js";
import { spacedWords, textPieces } from "../tokens/lower-bound.js";
import { type BytePairEncoding, type CountTokens, createBytePairCounter } from "./bpe-counter.js";

/** Encodings this entry can count with. */
export type TiktokenEncoding = "o200k_base" | "cl100k_base";

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

// One decoded encoding per process: decoding is the expensive part, and the result is never
// written after it is built, so counters share it.
const decoded = new Map<TiktokenEncoding, CountTokens>();

function wholeNumberOption(path: string, value: unknown, fallback: number): number {
  return value === undefined ? fallback : integerArgument(value, path);
}

/**
 * The counter of `createTiktokenCounter` over `encodings`, the rank files the calling entry
 * offers: the encoding is looked up there and decoded on the first `count`.
 */
export function tiktokenCounterOver(
  encodings: Readonly<Partial<Record<TiktokenEncoding, BytePairEncoding>>>,
  options: TiktokenCounterOptions = {},
): TokenCounter {
  if (typeof options !== "object" || options === null) {
    badArgument("options", "an object", options);
  }
  const { encoding = "o200k_base" } = options;
  if (typeof encoding !== "string" || !Object.hasOwn(encodings, encoding)) {
    badArgument(
      "encoding",
      Object.keys(encodings)
        .map((name) => `"${name}"`)
        .join(" | "),
      encoding,
    );
  }
  const cacheSize = wholeNumberOption("cacheSize", options.cacheSize, 250_000);
  const maxCachedLength = wholeNumberOption("maxCachedLength", options.maxCachedLength, 65_536);
  const cache = new CountCache(cacheSize);
  const countTokens = (unit: string): number => {
    let count = decoded.get(encoding);
    if (!count) {
      count = createBytePairCounter(encodings[encoding] as BytePairEncoding);
      decoded.set(encoding, count);
    }
    return count(unit);
  };
  return Object.freeze({
    name: `tiktoken-${encoding}`,
    lineAdditive: true,
    count(text: string): number {
      stringArgument(text, "text");
      let total = 0;
      for (const unit of splitLineUnits(text)) {
        let tokens = cache.get(unit);
        if (tokens === undefined) {
          tokens = countTokens(unit);
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
