/**
 * Growth on adversarial text: each text path's time at 100k characters over its time at 10k
 * (test/hostile/growth-cases.ts). A linear path shows about 10×, a quadratic one about 100×; the
 * growth test fails above 15×. Also shown, and not asserted: paths of the budget engine that still
 * grow faster than linearly with the number of items they must cut.
 * Run: `npm run bench` or `npx tsx --tsconfig bench/tsconfig.json bench/growth.ts`.
 */
import { defaultCounter, type PriorityComponent, truncateByPriority } from "contextfmt";
import { type GrowthCase, growthCases } from "../test/hostile/growth-cases.js";
import { measureGrowth } from "../test/hostile/growth-measure.js";

/** Known to grow faster than linearly: left to the engine's rewrite, measured here to see it. */
const engineCases: readonly GrowthCase[] = [
  {
    name: "truncateByPriority: many components that must be cut (engine)",
    build: (size) =>
      Array.from(
        { length: Math.floor(size / 40) },
        (_, index): PriorityComponent => ({
          id: `c${index}`,
          priority: 1 + (index % 5),
          text: `component ${index} of the context\n`,
        }),
      ),
    run: (components) =>
      truncateByPriority(components as PriorityComponent[], {
        budget: 50,
        counter: defaultCounter,
      }),
  },
];

const format = (value: number) => `${value.toFixed(1)}×`.padStart(7);

export async function runGrowthBench(): Promise<string[]> {
  const lines: string[] = [];
  for (const growthCase of [...growthCases, ...engineCases]) {
    const { ratio, smallMs, largeMs } = await measureGrowth(growthCase, {
      samples: 5,
      minMs: 50,
    });
    lines.push(
      `${format(ratio)}  ${smallMs.toFixed(2)} → ${largeMs.toFixed(1)} ms  ${growthCase.name}`,
    );
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await runGrowthBench()) console.log(line);
}
