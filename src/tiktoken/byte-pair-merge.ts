import type { RankTable } from "./rank-table.js";

const NO_PAIR = -1;

/**
 * How many tokens byte-pair encoding makes of `bytes` (a byte string, see `utf8ByteString`):
 * starting from single bytes, merge the adjacent pair whose joined bytes have the lowest rank,
 * the leftmost of equals, until no adjacent pair is a token. That is js-tiktoken's rule (and
 * tiktoken's). js-tiktoken scans every pair for each merge, quadratic in the length; here the
 * parts are a linked list and the candidate pairs a binary heap, O(n log n), so one
 * 100,000-character word takes milliseconds instead of minutes. (On the short pieces ordinary
 * text is made of, a scan is no faster: both cost about the same rank lookups.)
 *
 * Every single byte is a token in these encodings, so the count is the number of parts left.
 */
export function countBytePairTokens(bytes: string, table: RankTable): number {
  const length = bytes.length;
  if (length < 2) return length;
  // Parts are named by their first byte. next[start] is where the next part starts (length at
  // the end), prev[start] where the previous one does; pairRank[start] is the rank of the part
  // at start joined with the next one, NO_PAIR when that is no token or the part has been
  // merged into its left neighbour.
  const next = new Int32Array(length);
  const prev = new Int32Array(length);
  const pairRank = new Int32Array(length);
  // Heap keys order pairs by rank, then by position (the leftmost of equal ranks first). At most
  // length - 1 pairs start out queued and each merge takes one key out and puts at most two in,
  // so 2 × length keys always fit.
  const heap = new Float64Array(2 * length);
  let size = 0;

  for (let start = 0; start < length; start += 1) {
    next[start] = start + 1;
    prev[start] = start - 1;
    const rank = start + 2 <= length ? rankOf(bytes, start, start + 2, table) : NO_PAIR;
    pairRank[start] = rank;
    if (rank !== NO_PAIR) heap[size++] = rank * length + start;
  }
  for (let index = (size >> 1) - 1; index >= 0; index -= 1) siftDown(heap, size, index);

  let parts = length;
  while (size > 0) {
    const key = heap[0] as number;
    size -= 1;
    if (size > 0) {
      heap[0] = heap[size] as number;
      siftDown(heap, size, 0);
    }
    const rank = Math.floor(key / length);
    const start = key - rank * length;
    // A pair that changed after it was queued is stale: one of its parts has grown or is gone.
    // (The same start with the same rank is the same span: ranks name distinct byte strings.)
    if (pairRank[start] !== rank) continue;

    const right = next[start] as number;
    const end = next[right] as number;
    next[start] = end;
    if (end < length) prev[end] = start;
    pairRank[right] = NO_PAIR;
    parts -= 1;

    const after = end < length ? rankOf(bytes, start, next[end] as number, table) : NO_PAIR;
    pairRank[start] = after;
    if (after !== NO_PAIR) size = push(heap, size, after * length + start);
    if (start > 0) {
      const left = prev[start] as number;
      const before = rankOf(bytes, left, end, table);
      pairRank[left] = before;
      if (before !== NO_PAIR) size = push(heap, size, before * length + left);
    }
  }
  return parts;
}

/** Rank of the token `bytes[start, end)`, or NO_PAIR when it is none. */
function rankOf(bytes: string, start: number, end: number, table: RankTable): number {
  return table.rankOf(bytes, start, end);
}

/** Adds `key` to the heap of `size` keys; returns the new size. */
function push(heap: Float64Array, size: number, key: number): number {
  let index = size;
  while (index > 0) {
    const parent = (index - 1) >> 1;
    const above = heap[parent] as number;
    if (above <= key) break;
    heap[index] = above;
    index = parent;
  }
  heap[index] = key;
  return size + 1;
}

/** Moves the key at `from` down to its place in the heap of `size` keys. */
function siftDown(heap: Float64Array, size: number, from: number): void {
  const key = heap[from] as number;
  let index = from;
  for (;;) {
    let child = 2 * index + 1;
    if (child >= size) break;
    const right = child + 1;
    if (right < size && (heap[right] as number) < (heap[child] as number)) child = right;
    const below = heap[child] as number;
    if (below >= key) break;
    heap[index] = below;
    index = child;
  }
  heap[index] = key;
}
