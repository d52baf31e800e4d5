import type { TokenCounter } from "../index.js";
import type { BytePairEncoding } from "../tiktoken/bpe-counter.js";
import { tiktokenCounterOver } from "../tiktoken/counter.js";

/**
 * The exact o200k counter for `--exact`, else `undefined` (the core's default heuristic): the
 * counter `createTiktokenCounter({ encoding: "o200k_base" })` makes. The tokenizer's vocabulary
 * is required only here, only when asked for, and only o200k's: `contextfmt/tiktoken` imports
 * cl100k's too, which took ~10-20 ms of a hook's start.
 */
export async function counterFor(exact: boolean | undefined): Promise<TokenCounter | undefined> {
  if (!exact) return undefined;
  // The bin is CommonJS (tsup.config.ts): optional parts load with require, which the
  // compile-cached loader (compile-cache.ts) supports and dynamic import() there does not.
  const o200kBase = require("js-tiktoken/ranks/o200k_base") as BytePairEncoding;
  return tiktokenCounterOver({ o200k_base: o200kBase });
}
