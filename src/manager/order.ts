import type { AdapterItem } from "../formats/adapter.js";
import { bucketOrder } from "./shortcuts.js";

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
  for (let index = 0; index < count; index += 1) {
    const item = items[index] as AdapterItem<T>;
    required[index] = item.required ? 1 : 0;
    priority[index] = item.priority;
    time[index] = item.time ?? Number.NEGATIVE_INFINITY;
  }
  const byTime = (a: number, b: number): number => {
    if (time[a] !== time[b]) return (time[a] as number) > (time[b] as number) ? -1 : 1;
    return a - b;
  };
  return (
    bucketOrder(required, priority, byTime) ??
    Array.from({ length: count }, (_, index) => index).sort((a, b) => {
      if (required[a] !== required[b]) return (required[b] as number) - (required[a] as number);
      const first = priority[a] as number;
      const second = priority[b] as number;
      // A sign, not `second - first`: the sort reads only the sign, and a difference of two
      // scores (0.873 - 0.851) is a number V8 allocates at every comparison. Unordered (a
      // priority left out, NaN) is 0, as the difference NaN reads.
      if (first !== second) return second > first ? 1 : second < first ? -1 : 0;
      return byTime(a, b);
    })
  );
}
