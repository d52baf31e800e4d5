/**
 * A small seeded random source for the factories: the same seed gives the same sequence on every
 * platform and in every version (mulberry32, 32-bit integer arithmetic only).
 */

/** Picks and numbers drawn from one seeded sequence. */
export interface Seeded {
  /** A number in [0, 1). */
  next(): number;
  /** A whole number in [min, max]. */
  int(min: number, max: number): number;
  /** One element of a non-empty list. */
  pick<T>(list: readonly T[]): T;
  /** `true` with probability `p`. */
  chance(p: number): boolean;
  /** `count` distinct elements of `list` (all of them when it has fewer), in its order. */
  some<T>(list: readonly T[], count: number): T[];
}

/** A seeded sequence; any number seeds it (only its low 32 bits count). */
export function seeded(seed: number): Seeded {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (list) => list[Math.floor(next() * list.length)] as (typeof list)[number],
    chance: (p) => next() < p,
    some: (list, count) => {
      // A partial shuffle of the indices picks `count` of them; sorted, they keep the list's order.
      const indices = list.map((_, index) => index);
      const take = Math.min(count, list.length);
      for (let at = 0; at < take; at += 1) {
        const swap = at + Math.floor(next() * (indices.length - at));
        [indices[at], indices[swap]] = [indices[swap] as number, indices[at] as number];
      }
      return indices
        .slice(0, take)
        .sort((a, b) => a - b)
        .map((index) => list[index] as (typeof list)[number]);
    },
  };
}
