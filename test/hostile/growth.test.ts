/**
 * Every text path takes time linear in its input: at 100k characters of adversarial input it may
 * take at most ~15× what it takes at 10k (a linear path takes ~10×, a quadratic one ~100×). Only
 * the ratio is asserted, never a time; a ratio over the limit is measured again, up to three
 * times, so one busy moment of a shared machine does not fail the run. `npm run bench` prints the
 * same ratios (bench/growth.ts).
 */
import { describe, expect, it } from "vitest";
import { growthCases } from "./growth-cases.js";
import { measureGrowth } from "./growth-measure.js";

const LIMIT = 15;
// Up to five measures: a burst of load can push one over the bound; a quadratic path stays far
// over it every time.
const ATTEMPTS = 5;

describe("linear time on adversarial text (10k vs 100k characters)", () => {
  it.each(growthCases.map((growthCase) => [growthCase.name, growthCase] as const))(
    "%s",
    async (_, growthCase) => {
      let best = Number.POSITIVE_INFINITY;
      for (let attempt = 0; attempt < ATTEMPTS && best > LIMIT; attempt += 1) {
        const { ratio } = await measureGrowth(growthCase, { samples: 3, minMs: 20 });
        best = Math.min(best, ratio);
      }
      expect(best).toBeLessThanOrEqual(LIMIT);
    },
    60_000,
  );
});
