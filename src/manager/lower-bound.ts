/**
 * Leaving an item out without rendering or counting it: when the counter can bound a text from
 * below and the adapter names a text every form of an item contains (`minText`), an item whose
 * bound is over the room left is left out at once. The decision is the one counting it would
 * make (the bound is never above the count); for a long list and a small budget most items are
 * never rendered. A speed measure only: nothing else in the engine depends on it.
 */
import type { AdapterItem } from "../formats/adapter.js";
import type { FitRequest } from "./fit-request.js";

/**
 * How many characters of an item's `minText` to ask for when the room left is `enough` tokens:
 * enough, in ordinary text, for a bound past the room (a spaced word is at most a few letters
 * more than a token); `undefined` (all of it) when the room is not small.
 */
function charsFor(enough: number): number | undefined {
  const chars = 8 * (enough + 2);
  return chars < 256 ? chars : undefined;
}

/**
 * The fit's lower bound on an item's tokens, when the counter and the adapter can give one;
 * otherwise none. When the room left is small the start of the text is bounded first; only when
 * that does not settle it is the whole text worked out.
 */
export function lowerBoundOf<I, O, T>(
  request: FitRequest<I, O, T>,
): { lowerBound?: (index: number, enough: number) => number } {
  const { adapter, counter, items, ctx } = request;
  const { minText } = adapter;
  const bound = counter.lowerBound;
  if (minText === undefined || bound === undefined) return {};
  return {
    lowerBound: (index, enough) => {
      const { value } = items[index] as AdapterItem<T>;
      const chars = charsFor(enough);
      if (chars !== undefined) {
        const start = bound.call(counter, minText.call(adapter, value, ctx.options, chars), enough);
        if (start > enough) return start;
      }
      return bound.call(counter, minText.call(adapter, value, ctx.options), enough);
    },
  };
}
