import type { AdapterItem } from "../formats/adapter.js";

// Priorities the schemas allow (whole numbers 0-100): each, required or not, is one bucket.
const LOWEST = 0;
const HIGHEST = 100;
const BUCKETS = 2 * (HIGHEST - LOWEST + 1);

/**
 * The pipeline's item order, as the places in `items`, most important first: required first,
 * then higher priority, then most recent first (items without a time after dated ones), then
 * input order. The original sort reversed the recency key and so put the oldest first; this one
 * does what it meant.
 */
export function itemOrder<T>(items: readonly AdapterItem<T>[]): number[] {
  // The keys read once into flat arrays and an index sort: no wrapper object per item.
  const count = items.length;
  const required = new Uint8Array(count);
  // Plain arrays: a priority a custom adapter left out stays `undefined`, as in a comparison of items.
  const priority = new Array<number>(count);
  const time = new Array<number>(count);
  let bucketed = true;
  for (let index = 0; index < count; index += 1) {
    const item = items[index] as AdapterItem<T>;
    required[index] = item.required ? 1 : 0;
    const value = item.priority;
    priority[index] = value;
    if (!Number.isInteger(value) || value < LOWEST || value > HIGHEST) bucketed = false;
    time[index] = item.time ?? Number.NEGATIVE_INFINITY;
  }
  const byTime = (a: number, b: number): number => {
    if (time[a] !== time[b]) return (time[a] as number) > (time[b] as number) ? -1 : 1;
    return a - b;
  };
  let order: number[];
  if (bucketed) {
    // Whole priorities in the schemas' range (every built-in format's): a counting sort by
    // required and priority, stable, then each bucket by time. A bucket is in input order, which
    // for rules added over time is oldest first: one reversal, not n log n comparisons.
    const bucketOf = (index: number) =>
      (required[index] ? 0 : BUCKETS / 2) + HIGHEST - (priority[index] as number);
    order = bucketOrder(count, bucketOf);
    sortRuns(order, bucketOf, byTime);
  } else {
    order = Array.from({ length: count }, (_, index) => index);
    order.sort((a, b) => {
      if (required[a] !== required[b]) return (required[b] as number) - (required[a] as number);
      if (priority[a] !== priority[b]) return (priority[b] as number) - (priority[a] as number);
      return byTime(a, b);
    });
  }
  return order;
}

/** Indexes `0 … count - 1` ordered by `bucketOf` (0 … BUCKETS - 1), input order within a bucket. */
function bucketOrder(count: number, bucketOf: (index: number) => number): number[] {
  const buckets = new Uint8Array(count);
  const starts = new Int32Array(BUCKETS + 1);
  for (let index = 0; index < count; index += 1) {
    const bucket = bucketOf(index);
    buckets[index] = bucket;
    starts[bucket + 1] = (starts[bucket + 1] as number) + 1;
  }
  for (let bucket = 0; bucket < BUCKETS; bucket += 1) {
    starts[bucket + 1] = (starts[bucket + 1] as number) + (starts[bucket] as number);
  }
  const order = new Array<number>(count);
  for (let index = 0; index < count; index += 1) {
    const bucket = buckets[index] as number;
    order[starts[bucket] as number] = index;
    starts[bucket] = (starts[bucket] as number) + 1;
  }
  return order;
}

/** Sorts each run of `order` with one `keyOf` (a bucket) by `compare`, in place. */
function sortRuns(
  order: number[],
  keyOf: (index: number) => number,
  compare: (a: number, b: number) => number,
): void {
  let start = 0;
  while (start < order.length) {
    const key = keyOf(order[start] as number);
    let end = start + 1;
    while (end < order.length && keyOf(order[end] as number) === key) end += 1;
    if (end - start > SHORT_RUN) {
      const run = order.slice(start, end).sort(compare);
      for (let at = 0; at < run.length; at += 1) order[start + at] = run[at] as number;
    } else insertionSort(order, start, end, compare);
    start = end;
  }
}

/**
 * Runs this long or shorter are sorted in place by insertion: each call of the built-in sort
 * allocates its own work arrays, and a hundred rules of random priority make dozens of runs of
 * two or three (a fifth of what such a call allocated).
 */
const SHORT_RUN = 16;

/** Sorts `order[start, end)` by `compare` in place, stably. */
function insertionSort(
  order: number[],
  start: number,
  end: number,
  compare: (a: number, b: number) => number,
): void {
  for (let next = start + 1; next < end; next += 1) {
    const value = order[next] as number;
    let at = next - 1;
    while (at >= start && compare(order[at] as number, value) > 0) {
      order[at + 1] = order[at] as number;
      at -= 1;
    }
    order[at + 1] = value;
  }
}
