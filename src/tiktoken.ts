/**
 * Exact token counting with OpenAI's tokenizers (entry `contextfmt/tiktoken`). Kept out of the core
 * entry: it loads the encodings' vocabularies (js-tiktoken's rank files), and a counter decodes
 * one (tens of milliseconds, ~5 MB) on its first count, once per process and encoding.
 */
import cl100kBase from "js-tiktoken/ranks/cl100k_base";
import o200kBase from "js-tiktoken/ranks/o200k_base";
import type { BytePairEncoding } from "./tiktoken/bpe-counter.js";
import {
  type TiktokenCounterOptions,
  type TiktokenEncoding,
  tiktokenCounterOver,
} from "./tiktoken/counter.js";
import type { TokenCounter } from "./tokens/counter.js";

export type { TiktokenCounterOptions, TiktokenEncoding } from "./tiktoken/counter.js";

const ENCODINGS: Record<TiktokenEncoding, BytePairEncoding> = {
  o200k_base: o200kBase,
  cl100k_base: cl100kBase,
};

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
  return tiktokenCounterOver(ENCODINGS, options);
}
