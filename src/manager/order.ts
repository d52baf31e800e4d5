import type { AdapterItem } from "../formats/adapter.js";

/**
 * The pipeline's item order: required first, then higher priority, then most recent first (items
 * without a time after dated ones), then input order. The original sort reversed the recency key
 * and so put the oldest first; this one does what it meant.
 */
export function orderItems<T>(items: readonly AdapterItem<T>[]): AdapterItem<T>[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => {
      if (a.item.required !== b.item.required) return a.item.required ? -1 : 1;
      if (a.item.priority !== b.item.priority) return b.item.priority - a.item.priority;
      const aTime = a.item.time ?? Number.NEGATIVE_INFINITY;
      const bTime = b.item.time ?? Number.NEGATIVE_INFINITY;
      if (aTime !== bTime) return aTime > bTime ? -1 : 1;
      return a.index - b.index;
    })
    .map(({ item }) => item);
}
