/**
 * The byte-pair ranks of a tiktoken encoding, keyed by each token's bytes as a byte string (one
 * char per byte, see `utf8ByteString`): cheaper to build and to look up than js-tiktoken's keys
 * (the bytes joined with commas), and a slice of a piece's byte string is the key of that span.
 */
export interface RankTable {
  /** Rank of every mergeable token; a lower rank merges first. */
  readonly ranks: ReadonlyMap<string, number>;
  /** Bytes in the longest token: a longer span is never a token, so it is never looked up. */
  readonly longestToken: number;
}

/**
 * Decodes the `bpe_ranks` text of a js-tiktoken rank file: lines of
 * `<marker> <first rank> <base64 token> <base64 token> …`, ranks counting up along the line.
 */
export function buildRankTable(bpeRanks: string): RankTable {
  const ranks = new Map<string, number>();
  let longestToken = 0;
  for (const line of bpeRanks.split("\n")) {
    if (line === "") continue;
    const fields = line.split(" ");
    const firstRank = Number.parseInt(fields[1] ?? "", 10);
    for (let field = 2; field < fields.length; field += 1) {
      const bytes = atob(fields[field] ?? "");
      ranks.set(bytes, firstRank + field - 2);
      if (bytes.length > longestToken) longestToken = bytes.length;
    }
  }
  return { ranks, longestToken };
}
