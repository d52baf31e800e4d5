/**
 * What every format shares for its cache-stable layout (`cacheStable: true`): the option, and the
 * order of addition the chosen items are placed in. The fit still chooses by importance; only
 * where the chosen items stand changes, so that a new item lands at the end and a prompt cache
 * keeps everything before it.
 */
import type * as z from "zod/mini";
import * as d from "../model/declare.js";

/** The `cacheStable` option, for a format's options schema: spread into its shape. */
export const cacheStableOption = {
  /**
   * Place the chosen items in the order they were added (oldest first), in a layout where a new
   * item lands at the end and nothing depends on the clock; default `false`.
   */
  cacheStable: d.optional(d.boolean()),
};

/** A format's options with only `cacheStable`. */
export const CacheStableOptionsSchema = d.object(cacheStableOption);

/** Parsed options of a format whose only option is `cacheStable`. */
export type CacheStableOptions = z.output<typeof CacheStableOptionsSchema>;

/** Metadata `layout` of a result rendered with `cacheStable: true`. */
export const CACHE_STABLE_LAYOUT = "cache-stable";

/** When and under which id an item was added, and where it stands in the input. */
export interface Addition {
  /** Epoch milliseconds, if the item says when it was added. */
  readonly time?: number | undefined;
  readonly id: string;
  /** Its place in the input. */
  readonly index: number;
}

/**
 * `items` in the order they were added: items that do not say when come first, in input order
 * (they are there from the start, such as a rules file's); then the dated ones, oldest first,
 * equal times by id, then by input order. A new item is the newest, so it comes last.
 *
 * @example
 * ```ts
 * inAdditionOrder(included, (rule) => ({ time: rule.createdAt?.getTime(), id: rule.name, index: input.rules.indexOf(rule) }));
 * ```
 */
export function inAdditionOrder<T>(items: readonly T[], addition: (item: T) => Addition): T[] {
  return items
    .map((item) => ({ item, added: addition(item) }))
    .sort((a, b) => compareAdditions(a.added, b.added))
    .map(({ item }) => item);
}

function compareAdditions(a: Addition, b: Addition): number {
  const aTime = a.time ?? Number.NEGATIVE_INFINITY;
  const bTime = b.time ?? Number.NEGATIVE_INFINITY;
  if (aTime !== bTime) return aTime < bTime ? -1 : 1;
  if (a.time !== undefined && a.id !== b.id) return a.id < b.id ? -1 : 1;
  return a.index - b.index;
}

/**
 * Each value's place in `list`, for {@link Addition.index}: one pass over the input instead of an
 * `indexOf` per item.
 */
export function placesIn<T>(list: readonly T[]): (value: T) => number {
  const places = new Map<T, number>();
  list.forEach((value, index) => {
    if (!places.has(value)) places.set(value, index);
  });
  return (value) => places.get(value) ?? list.length;
}

/** A UTC minute, `2026-03-02 09:00 UTC`: a time that reads the same whatever the clock says. */
export function utcMinute(date: Date): string {
  const iso = date.toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
