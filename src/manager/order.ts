import type { AdapterItem } from "../formats/adapter.js";

/**
 * The pipeline's item order: required first, then higher priority, then most recent first (items
 * without a time after dated ones), then input order. The original sort reversed the recency key
 * and so put the oldest first; this one does what it meant.
 */
export function orderItems<T>(items: readonly AdapterItem<T>[]): AdapterItem<T>[] {
  // The keys read once into flat arrays and an index sort: no wrapper object per item.
  const count = items.length;
  const required = new Uint8Array(count);
  // Plain arrays: a priority a custom adapter left out stays `undefined`, as in a comparison of items.
  const priority = new Array<number>(count);
  const time = new Array<number>(count);
  const order = new Array<number>(count);
  for (let index = 0; index < count; index += 1) {
    const item = items[index] as AdapterItem<T>;
    required[index] = item.required ? 1 : 0;
    priority[index] = item.priority;
    time[index] = item.time ?? Number.NEGATIVE_INFINITY;
    order[index] = index;
  }
  order.sort((a, b) => {
    if (required[a] !== required[b]) return (required[b] as number) - (required[a] as number);
    if (priority[a] !== priority[b]) return (priority[b] as number) - (priority[a] as number);
    if (time[a] !== time[b]) return (time[a] as number) > (time[b] as number) ? -1 : 1;
    return a - b;
  });
  const ordered = new Array<AdapterItem<T>>(count);
  for (let at = 0; at < count; at += 1) ordered[at] = items[order[at] as number] as AdapterItem<T>;
  return ordered;
}
