import { countBytePairTokens } from "./byte-pair-merge.js";
import { utf8ByteString } from "./byte-string.js";
import { buildRankTable } from "./rank-table.js";

/** What a js-tiktoken rank file holds (`js-tiktoken/ranks/o200k_base` and the others). */
export interface BytePairEncoding {
  readonly pat_str: string;
  readonly bpe_ranks: string;
}

/** Counts the tokens of a text with one encoding; see {@link createBytePairCounter}. */
export type CountTokens = (text: string) => number;

/**
 * Builds a counter for one encoding: the text is split with the encoding's own pre-tokenizer
 * pattern, each piece that is a token counts one, and any other piece is byte-pair merged (see
 * `countBytePairTokens`). The count equals `js-tiktoken`'s `encode(text, [], []).length`:
 * special-token text such as `<|endoftext|>` is ordinary text here too.
 */
export function createBytePairCounter(encoding: BytePairEncoding): CountTokens {
  const table = buildRankTable(encoding.bpe_ranks);
  const pieces = new RegExp(encoding.pat_str, "gu");
  return (text) => {
    let tokens = 0;
    pieces.lastIndex = 0;
    // Every alternative of these patterns takes at least one character, so the loop advances.
    for (let match = pieces.exec(text); match !== null; match = pieces.exec(text)) {
      const bytes = utf8ByteString(match[0]);
      tokens += table.rankOf(bytes, 0, bytes.length) !== -1 ? 1 : countBytePairTokens(bytes, table);
    }
    return tokens;
  };
}
