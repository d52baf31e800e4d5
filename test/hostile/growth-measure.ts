/**
 * Times a {@link GrowthCase} at two sizes and gives the ratio. Each size is run until it has taken
 * at least `minMs` (so fast paths are timed over many calls), and the median of `samples` such
 * runs is taken, so one pause of the collector or of another process does not decide the ratio.
 */
import type { GrowthCase } from "./growth-cases.js";

/** The time of one call, and of what the ratio compares. */
export interface Growth {
  readonly name: string;
  readonly smallMs: number;
  readonly largeMs: number;
  /** `largeMs / smallMs`: about 10 for a linear path between 10k and 100k, about 100 for a quadratic one. */
  readonly ratio: number;
}

export interface GrowthOptions {
  readonly small?: number;
  readonly large?: number;
  readonly samples?: number;
  readonly minMs?: number;
}

/** Milliseconds per call of `run(input)`, over as many calls as make up `minMs`. */
async function perCall(run: () => unknown, minMs: number): Promise<number> {
  let calls = 0;
  const start = performance.now();
  let elapsed = 0;
  do {
    await run();
    calls += 1;
    elapsed = performance.now() - start;
  } while (elapsed < minMs);
  return elapsed / calls;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Times `growthCase` at `small` and `large` characters (default 10k and 100k). */
export async function measureGrowth(
  growthCase: GrowthCase,
  { small = 10_000, large = 100_000, samples = 3, minMs = 40 }: GrowthOptions = {},
): Promise<Growth> {
  const smallInput = growthCase.build(small);
  const largeInput = growthCase.build(large);
  const runSmall = () => growthCase.run(smallInput);
  const runLarge = () => growthCase.run(largeInput);
  // Warm up the compiler on both sizes before timing either.
  await perCall(runSmall, minMs);
  await runLarge();
  const smallTimes: number[] = [];
  const largeTimes: number[] = [];
  for (let sample = 0; sample < samples; sample += 1) {
    smallTimes.push(await perCall(runSmall, minMs));
    largeTimes.push(await perCall(runLarge, minMs));
  }
  const smallMs = median(smallTimes);
  const largeMs = median(largeTimes);
  return { name: growthCase.name, smallMs, largeMs, ratio: largeMs / smallMs };
}
