/**
 * Leaving an item out without rendering or counting it: when the counter can bound a text from
 * below and the adapter names a text every form of an item contains (`minText`, a rule's entry
 * line), an item whose bound is over the room left is left out at once. The decision is the one
 * counting it would make (the bound is never above the count); for a long list and a small
 * budget most items are never rendered nor counted. A speed measure only: nothing else in the
 * engine depends on it.
 */
import type { AdapterItem } from "../formats/adapter.js";
import type { FitRequest } from "./fit-request.js";

/**
 * The fit's lower bound on an item's tokens, when the counter and the adapter can give one;
 * otherwise none. The counter stops working it out once it is past the room left (`enough`).
 */
export function lowerBoundOf<I, O, T>(
  request: FitRequest<I, O, T>,
): { lowerBound?: (index: number, enough: number) => number } {
  const { adapter, counter, items, ctx } = request;
  const { minText } = adapter;
  const bound = counter.lowerBound;
  if (minText === undefined || bound === undefined) return {};
  return {
    lowerBound: (index, enough) =>
      bound.call(
        counter,
        minText.call(adapter, (items[index] as AdapterItem<T>).value, ctx.options),
        enough,
      ),
  };
}
