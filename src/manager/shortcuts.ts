/**
 * The engine's shortcuts. Each gives the answer the plain way beside it gives, only faster, and
 * gives nothing (`undefined`) where it cannot tell, so the main line reads as if it were not
 * there: leaving any of them out changes no output, only the time it takes.
 */
import type { AdapterItem, FormatAdapter } from "../formats/adapter.js";
import { markChecked, type TokenCounter } from "../tokens/counter.js";

// Priorities the schemas allow (whole numbers 0-100): each, required or not, is one bucket.
const HIGHEST = 100;
const BUCKETS = 2 * (HIGHEST + 1);

/**
 * Runs this long or shorter are sorted in place by insertion: each call of the built-in sort
 * allocates its own work arrays, and a hundred rules of random priority make dozens of runs of
 * two or three (a fifth of what such a call allocated).
 */
const SHORT_RUN = 16;

/**
 * `itemOrder` for whole priorities in the schemas' range (every built-in format's): a counting
 * sort by required and priority, stable, then each bucket by `byTime`. A bucket is in input
 * order, which for rules added over time is oldest first: one reversal, not n log n comparisons.
 */
export function bucketOrder(
  required: Uint8Array,
  priority: readonly number[],
  byTime: (a: number, b: number) => number,
): number[] | undefined {
  const count = required.length;
  const buckets = new Uint8Array(count);
  const starts = new Int32Array(BUCKETS + 1);
  for (let index = 0; index < count; index += 1) {
    const value = priority[index] as number;
    if (!Number.isInteger(value) || value < 0 || value > HIGHEST) return undefined;
    const bucket = (required[index] ? 0 : BUCKETS / 2) + HIGHEST - value;
    buckets[index] = bucket;
    starts[bucket + 1] = (starts[bucket + 1] as number) + 1;
  }
  for (let bucket = 0; bucket < BUCKETS; bucket += 1) {
    starts[bucket + 1] = (starts[bucket + 1] as number) + (starts[bucket] as number);
  }
  const ends = starts.slice(1);
  const order = new Array<number>(count);
  for (let index = 0; index < count; index += 1) {
    const bucket = buckets[index] as number;
    order[starts[bucket] as number] = index;
    starts[bucket] = (starts[bucket] as number) + 1;
  }
  for (let bucket = 0, start = 0; bucket < BUCKETS; start = ends[bucket] as number, bucket += 1) {
    const end = ends[bucket] as number;
    if (end - start > SHORT_RUN) {
      const run = order.slice(start, end).sort(byTime);
      for (let at = 0; at < run.length; at += 1) order[start + at] = run[at] as number;
      continue;
    }
    // Insertion, stable.
    for (let next = start + 1; next < end; next += 1) {
      const value = order[next] as number;
      let at = next - 1;
      for (; at >= start && byTime(order[at] as number, value) > 0; at -= 1) {
        order[at + 1] = order[at] as number;
      }
      order[at + 1] = value;
    }
  }
  return order;
}

/**
 * Leaving an item out without rendering or counting it: when the counter can bound a text from
 * below and the adapter names a text every form of an item contains (`minText`, a rule's entry
 * line), the fit's lower bound on an item's tokens; otherwise none. An item whose bound is over
 * the room left is left out at once, as counting it would decide (the bound is never above the
 * count): for a long list and a small budget most items are never rendered nor counted. The
 * counter stops working the bound out once it is past the room left (`enough`).
 */
export function lowerBoundOf<O, T>(
  adapter: Pick<FormatAdapter<unknown, O, T>, "minText">,
  counter: TokenCounter,
  items: readonly AdapterItem<T>[],
  options: O,
): { lowerBound?: (index: number, enough: number) => number } {
  const { minText } = adapter;
  const bound = counter.lowerBound;
  if (minText === undefined || bound === undefined) return {};
  return {
    lowerBound: (index, enough) =>
      bound.call(
        counter,
        minText.call(adapter, (items[index] as AdapterItem<T>).value, options),
        enough,
      ),
  };
}

/**
 * `counter`, remembering what it counted: a part fitted again with more room (or less) renders
 * and counts the same item texts as the first time, and looking a text up costs a hash of it
 * where counting it costs the estimate. Lives for one composition.
 */
export function remembering(counter: TokenCounter): TokenCounter {
  const counts = new Map<string, number>();
  const { lowerBound } = counter;
  return markChecked({
    name: counter.name,
    ...(counter.lineAdditive === true ? { lineAdditive: true } : {}),
    count(text: string): number {
      let tokens = counts.get(text);
      if (tokens === undefined) {
        tokens = counter.count(text);
        counts.set(text, tokens);
      }
      return tokens;
    },
    ...(lowerBound
      ? { lowerBound: (text: string, enough?: number) => lowerBound.call(counter, text, enough) }
      : {}),
  });
}
