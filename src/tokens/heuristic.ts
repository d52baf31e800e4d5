// PLACEHOLDER until the calibrated counter lands (to be overwritten).
import { splitLineUnits, type TokenCounter } from "./counter.js";

export function createHeuristicCounter(options: { safety?: number } = {}): TokenCounter {
  const factor = 1 + (options.safety ?? 0);
  return {
    name: "heuristic-o200k",
    lineAdditive: true,
    count(text: string): number {
      let total = 0;
      for (const unit of splitLineUnits(text)) total += Math.round((unit.length / 4) * factor);
      return total;
    },
  };
}
export const defaultCounter: TokenCounter = createHeuristicCounter();
export function estimateTokens(text: string): number {
  return defaultCounter.count(text);
}
