import { readFileSync } from "node:fs";
import type { TokenCounter } from "../index.js";
import type { BytePairEncoding } from "../tiktoken/bpe-counter.js";
import { tiktokenCounterOver } from "../tiktoken/counter.js";

const RANK_FILE = "js-tiktoken/ranks/o200k_base";

/**
 * The exact o200k counter for `--exact`, else `undefined` (the core's default heuristic): the
 * counter `createTiktokenCounter({ encoding: "o200k_base" })` makes. The tokenizer's vocabulary
 * is required only here, only when asked for, and only o200k's: `contextfmt/tiktoken` imports
 * cl100k's too, which took ~10-20 ms of a hook's start.
 */
export async function counterFor(exact: boolean | undefined): Promise<TokenCounter | undefined> {
  if (!exact) return undefined;
  return tiktokenCounterOver({ o200k_base: readRankFile() });
}

/**
 * js-tiktoken's o200k rank file, read as JSON where it can be ({@link parseRankModule}), else
 * required as the module it is.
 */
function readRankFile(): BytePairEncoding {
  // The bin is CommonJS (tsup.config.ts): optional parts load with require, which the
  // compile-cached loader (compile-cache.ts) supports and dynamic import() there does not.
  const path = require.resolve(RANK_FILE);
  return parseRankModule(readFileSync(path, "utf8")) ?? (require(path) as BytePairEncoding);
}

const MODULE_EXPORTS = "module.exports = ";

/**
 * The rank file's object when its source is one object literal of JSON after
 * `module.exports = ` (as js-tiktoken ships it), else `undefined`. Read as JSON it loads in about
 * half the time that compiling it as a module takes: ~6 ms of an `--exact` hook's start.
 *
 * @internal Exported for its test.
 */
export function parseRankModule(source: string): BytePairEncoding | undefined {
  if (!source.startsWith(MODULE_EXPORTS)) return undefined;
  let end = source.length;
  while (end > 0 && /[\s;]/.test(source.charAt(end - 1))) end -= 1;
  let value: unknown;
  try {
    value = JSON.parse(source.slice(MODULE_EXPORTS.length, end));
  } catch {
    return undefined;
  }
  return isRankFile(value) ? value : undefined;
}

const isRankFile = (value: unknown): value is BytePairEncoding =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as BytePairEncoding).pat_str === "string" &&
  typeof (value as BytePairEncoding).bpe_ranks === "string";
