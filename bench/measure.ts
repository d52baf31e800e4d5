/** Timing helpers for the benchmarks: medians of interleaved runs, so noise hits all sides alike. */

/** Milliseconds one call of `run` takes. */
export function time(run: () => unknown): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

/** The median of a list of numbers. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * The cases of round `round` in the order they run: as given in even rounds, the other way round
 * in odd ones. A case that runs right after another pays for the garbage the other left (a
 * collection that starts in its time); taking turns shares that cost out evenly.
 */
export function roundOrder<T>(cases: readonly T[], round: number): readonly T[] {
  return round % 2 === 0 ? cases : [...cases].reverse();
}

/**
 * Runs every case `rounds` times, interleaved (a, b, c, then c, b, a, …), after one warm-up call
 * each, and returns each case's median in milliseconds.
 */
export function interleaved(
  cases: Readonly<Record<string, () => unknown>>,
  rounds: number,
): Record<string, number> {
  const samples: Record<string, number[]> = {};
  for (const [name, run] of Object.entries(cases)) {
    run();
    samples[name] = [];
  }
  for (let round = 0; round < rounds; round += 1) {
    for (const [name, run] of roundOrder(Object.entries(cases), round)) {
      samples[name]?.push(time(run));
    }
  }
  return Object.fromEntries(
    Object.entries(samples).map(([name, values]) => [name, median(values)]),
  );
}

/** `x.xx×` with two decimals. */
export const ratio = (value: number, base: number): string => `${(value / base).toFixed(2)}×`;

/** `x.x ms` with one decimal. */
export const ms = (value: number): string => `${value.toFixed(1)} ms`;
