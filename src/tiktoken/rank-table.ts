/**
 * The byte-pair ranks of a tiktoken encoding, looked up by a span of a byte string (one char per
 * byte, see `utf8ByteString`). Built straight from the rank file's base64 text into typed arrays:
 * every token's bytes in one buffer and an open-addressing hash table of token numbers. A `Map` of
 * 200,000 byte strings (splitting the file, `atob` per token, the map's own inserts) took about
 * three times as long to build in a new process and 12 MB against 5 MB; a lookup here hashes the
 * span where it stands instead of slicing it out first.
 */
export interface RankTable {
  /** Rank of the token `bytes[start, end)`, or -1 when that span is no token. */
  rankOf(bytes: string, start: number, end: number): number;
  /** Bytes in the longest token: a longer span is never a token. */
  readonly longestToken: number;
}

const NONE = -1;

// The value of each base64 digit by char code; 64 for anything else ("=" and separators).
const BASE64_DIGIT: Uint8Array = (() => {
  const table = new Uint8Array(128).fill(64);
  const digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  for (let value = 0; value < digits.length; value += 1) table[digits.charCodeAt(value)] = value;
  return table;
})();

const SPACE = 32;
const LINE_FEED = 10;

// FNV-1a, over a stored token's bytes and over a looked-up span's chars alike.
const FNV_START = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/**
 * Decodes the `bpe_ranks` text of a js-tiktoken rank file: lines of
 * `<marker> <first rank> <base64 token> <base64 token> …`, ranks counting up along the line.
 */
export function buildRankTable(bpeRanks: string): RankTable {
  // Every 4 base64 digits are at most 3 bytes, and a token of js-tiktoken's files takes at least
  // 4 digits (padded) and a space before it: bounds on the bytes and tokens the file holds, so
  // nothing grows while decoding and the file is read once. A file with shorter tokens is read
  // again with as many as it has spaces.
  const table = decodeRanks(bpeRanks, Math.ceil(bpeRanks.length / 5));
  // Every token follows a space: the second reading has room for all.
  return table ?? (decodeRanks(bpeRanks, spaces(bpeRanks)) as RankTable);
}

/** The spaces in `text`. */
function spaces(text: string): number {
  let count = 0;
  for (let at = text.indexOf(" "); at !== -1; at = text.indexOf(" ", at + 1)) count += 1;
  return count;
}

/** The table of a rank file of at most `most` tokens, or `undefined` when it holds more. */
function decodeRanks(bpeRanks: string, most: number): RankTable | undefined {
  const whole = new Uint8Array(Math.ceil((bpeRanks.length * 3) / 4));
  const starts = new Int32Array(most + 1);
  const ranks = new Int32Array(most);
  // Each token's FNV-1a hash, taken as its bytes are decoded.
  const hashes = new Int32Array(most);
  let tokens = 0;
  let used = 0;
  let longestToken = 0;

  let at = 0;
  const end = bpeRanks.length;
  while (at < end) {
    // A line: its marker, its first rank, then its tokens.
    let fieldEnd = bpeRanks.indexOf(" ", at);
    let lineEnd = bpeRanks.indexOf("\n", at);
    if (lineEnd === -1) lineEnd = end;
    if (fieldEnd === -1 || fieldEnd > lineEnd) {
      at = lineEnd + 1;
      continue;
    }
    at = fieldEnd + 1;
    fieldEnd = bpeRanks.indexOf(" ", at);
    if (fieldEnd === -1 || fieldEnd > lineEnd) fieldEnd = lineEnd;
    let rank = Number.parseInt(bpeRanks.slice(at, fieldEnd), 10);
    at = fieldEnd + 1;
    while (at < lineEnd) {
      // One base64 token up to the next space or the line's end, decoded into the store.
      const start = used;
      let hash = FNV_START;
      let bits = 0;
      let count = 0;
      let code = bpeRanks.charCodeAt(at);
      while (at < lineEnd && code !== SPACE && code !== LINE_FEED) {
        const digit = code < 128 ? (BASE64_DIGIT[code] as number) : 64;
        if (digit < 64) {
          bits = (bits << 6) | digit;
          count += 6;
          if (count >= 8) {
            count -= 8;
            const byte = (bits >> count) & 0xff;
            whole[used++] = byte;
            hash = Math.imul(hash ^ byte, FNV_PRIME);
          }
        }
        at += 1;
        code = bpeRanks.charCodeAt(at);
      }
      if (tokens === most) return undefined;
      starts[tokens] = start;
      ranks[tokens] = rank;
      hashes[tokens] = hash;
      tokens += 1;
      if (used - start > longestToken) longestToken = used - start;
      rank += 1;
      at += 1;
    }
    at = lineEnd + 1;
  }
  starts[tokens] = used;
  const store = whole.subarray(0, used);

  // Open addressing, at most half full: a probe ends at an empty slot within a step or two.
  let capacity = 1;
  while (capacity < 2 * tokens) capacity *= 2;
  const mask = capacity - 1;
  const slots = new Int32Array(capacity).fill(NONE);
  for (let token = 0; token < tokens; token += 1) {
    let slot = ((hashes[token] as number) >>> 0) & mask;
    while (slots[slot] !== NONE) slot = (slot + 1) & mask;
    slots[slot] = token;
  }

  return {
    longestToken,
    rankOf(bytes, start, end) {
      const length = end - start;
      if (length > longestToken || length <= 0) return NONE;
      let hash = FNV_START;
      for (let index = start; index < end; index += 1) {
        hash = Math.imul(hash ^ bytes.charCodeAt(index), FNV_PRIME);
      }
      let slot = (hash >>> 0) & mask;
      for (;;) {
        const token = slots[slot] as number;
        if (token === NONE) return NONE;
        const from = starts[token] as number;
        if ((starts[token + 1] as number) - from === length) {
          let same = true;
          for (let index = 0; index < length; index += 1) {
            if (store[from + index] !== bytes.charCodeAt(start + index)) {
              same = false;
              break;
            }
          }
          if (same) return ranks[token] as number;
        }
        slot = (slot + 1) & mask;
      }
    },
  };
}
