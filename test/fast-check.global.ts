import type { TestProject } from "vitest/node";

/** The seed every property test runs from unless `FC_SEED` says otherwise. */
const FIXED_SEED = 20_261_127;

/**
 * The fast-check seed of this run: the fixed one by default, so CI fails only on a change;
 * `FC_SEED=random` draws one, `FC_SEED=<integer>` replays one. Printed once, so any failure can
 * be replayed with the same seed.
 */
function seedOfRun(given = process.env.FC_SEED ?? ""): number {
  if (given === "") return FIXED_SEED;
  if (given === "random") return Math.floor(Math.random() * 2 ** 32) - 2 ** 31;
  const seed = Number(given);
  if (!Number.isSafeInteger(seed)) {
    throw new Error(`FC_SEED: expected "random" or an integer, received ${JSON.stringify(given)}`);
  }
  return seed;
}

declare module "vitest" {
  interface ProvidedContext {
    fastCheckSeed: number;
  }
}

/** Picks the run's seed and hands it to every test file (see fast-check.setup.ts). */
export default function provideSeed(project: TestProject): void {
  const seed = seedOfRun();
  console.log(`fast-check seed ${seed} (replay: FC_SEED=${seed}; a new one: FC_SEED=random)`);
  project.provide("fastCheckSeed", seed);
}
