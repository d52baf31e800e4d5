import { badArgument, optionsArgument, stringArgument } from "../problems/arguments.js";
import { markChecked, type TokenCounter } from "../tokens/counter.js";

/** Options of {@link createFixedCounter}. */
export interface FixedCounterOptions {
  /** Letters, marks and digits per token in a run of them (rounded up); default 4. */
  readonly lettersPerToken?: number;
}

const LETTER = /[\p{L}\p{M}\p{N}]/u;
const SPACE = 32;
const TAB = 9;

/** Whether the code point at `index` of `text` is a letter, mark or digit; and its length. */
function isLetterAt(text: string, index: number, code: number): boolean {
  if (code < 128) {
    return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
  }
  const point = text.codePointAt(index) ?? code;
  return LETTER.test(String.fromCodePoint(point));
}

/** Counts `text` by the fixed rule with `perToken` letters a token. Linear in the text. */
function countFixed(text: string, perToken: number): number {
  let tokens = 0;
  let run = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    const wide = code >= 0xd800 && code <= 0xdbff && index + 1 < text.length;
    const pair =
      wide && text.charCodeAt(index + 1) >= 0xdc00 && text.charCodeAt(index + 1) <= 0xdfff;
    if (isLetterAt(text, index, code)) {
      run += 1;
    } else {
      tokens += Math.ceil(run / perToken);
      run = 0;
      if (code !== SPACE && code !== TAB) tokens += 1;
    }
    if (pair) index += 1;
  }
  return tokens + Math.ceil(run / perToken);
}

/**
 * A counter by a fixed, documented rule, for tests whose numbers must never change: a run of
 * letters, marks and digits (Unicode `L`, `M`, `N`) of n code points is ⌈n / `lettersPerToken`⌉
 * tokens; every other code point but a space or a tab is one token (punctuation, symbols, line
 * breaks, emoji, a lone surrogate); spaces and tabs are free. So `"Always make atomic commits.\n"`
 * is 2 + 1 + 2 + 2 + 1 + 1 = 9 tokens. It is line-additive (a run never spans a line break), and
 * its name says its rule: `fixed-v1` for 4 letters a token, `fixed-v1/3` for 3. A later rule would
 * be a new name; these counts are the same in every version of contextfmt.
 *
 * @example
 * ```ts
 * const counter = createFixedCounter({ lettersPerToken: 3 });
 * counter.count("Always make atomic commits.\n"); // 2 + 2 + 2 + 3 + 1 + 1 = 11
 * ```
 */
export function createFixedCounter(options: FixedCounterOptions = {}): TokenCounter {
  const { lettersPerToken = 4 } = optionsArgument(options);
  if (!Number.isSafeInteger(lettersPerToken) || lettersPerToken < 1) {
    badArgument("options.lettersPerToken", "a whole number >= 1", lettersPerToken);
  }
  const name = lettersPerToken === 4 ? "fixed-v1" : `fixed-v1/${lettersPerToken}`;
  return Object.freeze(
    markChecked({
      name,
      lineAdditive: true,
      count: (text: string) => countFixed(stringArgument(text, "text"), lettersPerToken),
    }),
  );
}

/**
 * The fixed counter with 4 letters a token (`fixed-v1`): see {@link createFixedCounter}. Frozen;
 * pass it as `counter` so budgets, token counts and reports in your tests never move when the
 * default estimate is tuned.
 *
 * @example
 * ```ts
 * manager.format("claude", { rules }, { counter: fixedCounter, budget: 200 }).tokenCount;
 * fixedCounter.count("Always make atomic commits.\n"); // 9
 * ```
 */
export const fixedCounter: TokenCounter = createFixedCounter();
