import type { TokenCounter } from "../index.js";

/**
 * The exact o200k counter for `--exact`, else `undefined` (the core's default heuristic). The
 * tokenizer and its vocabulary are imported only here, only when asked for.
 */
export async function counterFor(exact: boolean | undefined): Promise<TokenCounter | undefined> {
  if (!exact) return undefined;
  // The bin is CommonJS (tsup.config.ts): optional parts load with require, which the
  // compile-cached loader (compile-cache.ts) supports and dynamic import() there does not.
  const { createTiktokenCounter } =
    require("contextfmt/tiktoken") as typeof import("contextfmt/tiktoken");
  return createTiktokenCounter({ encoding: "o200k_base" });
}
