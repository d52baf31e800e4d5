import { stringArgument } from "../problems/arguments.js";
import { markChecked, type TokenCounter } from "./counter.js";

const SEED_PUNCTUATION = new Set(".,!?;:()[]{}\"'-");

/**
 * The original rule formatter's estimate: `floor(1.3 × words + 0.5 × punctuation)`. Kept for
 * callers who need the old numbers; it underestimates most text (XML by about a quarter).
 *
 * @example
 * ```ts
 * wordPunctuationCounter.count("Hello, world!"); // floor(1.3 × 2 + 0.5 × 2) = 3
 * ```
 */
export const wordPunctuationCounter: TokenCounter = Object.freeze(
  markChecked({
    name: "word-punctuation",
    count(text: string): number {
      stringArgument(text, "text");
      let words = 0;
      let inWord = false;
      let punctuation = 0;
      for (const char of text) {
        const space = /\s/.test(char);
        if (!space && !inWord) words += 1;
        inWord = !space;
        if (SEED_PUNCTUATION.has(char)) punctuation += 1;
      }
      return Math.floor(words * 1.3 + punctuation * 0.5);
    },
  }),
);

/**
 * The original project-context estimate: `chars / 3` for text holding `/` or `.` (paths, code),
 * else `chars / 4`, rounded down. Kept for callers who need the old numbers; it overestimates
 * prose with any full stop by about a quarter.
 *
 * @example
 * ```ts
 * charRatioCounter.count("src/index.ts"); // floor(12 / 3) = 4
 * ```
 */
export const charRatioCounter: TokenCounter = Object.freeze(
  markChecked({
    name: "char-ratio",
    count(text: string): number {
      stringArgument(text, "text");
      const divisor = text.includes("/") || text.includes(".") ? 3 : 4;
      return Math.floor(text.length / divisor);
    },
  }),
);
