/**
 * The growth checks' one harness: a test per case, each asserting that the case's time at the
 * large size over its time at the small one stays within a bound. Only ratios are asserted, never
 * times. Other work on the machine only ever inflates a ratio, so a ratio over the bound is
 * measured again, up to `attempts` times, and the lowest kept (a collector pause once made a
 * linear case 47×, so even a ratio far over the bound is measured again): a linear path comes in
 * near 10× between 10k and 100k characters, n log n near 12.5×, and a quadratic one near 100×
 * every time.
 */
import { describe, expect, it } from "vitest";
import type { GrowthCase } from "./hostile/growth-cases.js";
import { type GrowthOptions, measureGrowth } from "./hostile/growth-measure.js";

/** How a case is measured and what it must stay within. */
export interface GrowthBound extends GrowthOptions {
  /** The largest ratio allowed: 15 unless said (linear ~10×, quadratic ~100×). */
  readonly limit?: number;
  /** How many measures at most while the ratio is over the limit: 5 unless said. */
  readonly attempts?: number;
}

/** The lowest ratio of up to `attempts` measures of `growthCase`, stopping once within `limit`. */
export async function lowestGrowth(
  growthCase: GrowthCase,
  { limit = 15, attempts = 5, samples = 3, minMs = 20, ...sizes }: GrowthBound = {},
): Promise<number> {
  let lowest = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < attempts && lowest > limit; attempt += 1) {
    const { ratio } = await measureGrowth(growthCase, { samples, minMs, ...sizes });
    lowest = Math.min(lowest, ratio);
  }
  if (process.env.SHOW_GROWTH) console.log(`${growthCase.name}: ${lowest.toFixed(1)}×`);
  return lowest;
}

/** A `describe` block of one growth test per case, each held to `bound.limit` (15 unless said). */
export function describeGrowth(
  title: string,
  cases: readonly GrowthCase[],
  bound: GrowthBound = {},
): void {
  describe(title, () => {
    it.each(cases.map((growthCase) => [growthCase.name, growthCase] as const))(
      "%s",
      async (_, growthCase) => {
        expect(await lowestGrowth(growthCase, bound)).toBeLessThanOrEqual(bound.limit ?? 15);
      },
      120_000,
    );
  });
}
