import {
  badArgument,
  describeReceived,
  integerArgument,
  stringArgument,
} from "../problems/arguments.js";
import { InvalidInputError } from "../problems/errors.js";

/**
 * A token counter: the one measure of "how long is this text" that budgets are promised in.
 *
 * Counters are plain objects. A counter that sets `lineAdditive` promises that its counts add up
 * across safe line boundaries (see {@link isSafeBoundary}); the pipeline then counts each rendered
 * line unit once and sums, instead of re-counting the whole prompt after every change.
 *
 * @example
 * ```ts
 * const words: TokenCounter = { name: "words", count: (text) => text.split(/\s+/).filter(Boolean).length };
 * ```
 */
export interface TokenCounter {
  /** Stable name, reported in every `FormattedContext.counter`. */
  readonly name: string;
  /** Number of tokens in `text`. Must be pure: the same text always gives the same count. */
  count(text: string): number;
  /**
   * `true` when `count(a + b) === count(a) + count(b)` for every `a` ending in `"\n"` and every `b`
   * starting with a character that is neither whitespace nor `"/"`. The o200k and cl100k
   * tokenizers have this property (their pre-tokenizer never joins across such a boundary), and so
   * do the counters this library ships.
   */
  readonly lineAdditive?: boolean;
  /**
   * A number of tokens never above `count(t)` for any text `t` that contains `text`, found
   * without tokenizing (the default counter prices the pieces every containing text cuts alike;
   * the exact ones count spaced words, see `spacedWords`). The budget
   * engine uses it to leave out items that cannot fit without rendering or counting them. Must be
   * pure, like `count`. `enough`, when given, is the room the engine has: a counter may stop
   * looking once its bound is past it and return that bound (any bound above `enough` decides
   * the same); at or below `enough` it must return what it returns without `enough`.
   */
  lowerBound?(text: string, enough?: number): number;
}

/** Marks counters whose counts need no checking: this library's own, and checked ones. */
const CHECKED = Symbol.for("contextfmt.counter.checked");

/** Marks `counter` as one whose counts are whole numbers >= 0 by construction. */
export function markChecked<C extends TokenCounter>(counter: C): C {
  Object.defineProperty(counter, CHECKED, { value: true });
  return counter;
}

/** Whether `value` has the shape of a {@link TokenCounter}. */
export function isTokenCounter(value: unknown): value is TokenCounter {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as TokenCounter).name === "string" &&
    typeof (value as TokenCounter).count === "function"
  );
}

/**
 * `counter`, checked: a counter of the wrong shape is an `InvalidInputError` at `path`, and so is
 * any count it returns that is not a whole number >= 0 (`NaN`, a negative or fractional number, a
 * string), naming the counter, instead of a sum that silently goes wrong.
 */
export function checkedCounter(counter: unknown, path = "counter"): TokenCounter {
  if (!isTokenCounter(counter)) {
    return badArgument(path, "a TokenCounter ({ name: string, count(text): number })", counter);
  }
  if ((counter as unknown as Record<symbol, unknown>)[CHECKED] === true) return counter;
  const { name } = counter;
  const checked = (what: "count" | "lowerBound", tokens: unknown, text: string): number => {
    if (typeof tokens === "number" && Number.isSafeInteger(tokens) && tokens >= 0) return tokens;
    throw new InvalidInputError([
      {
        code: "invalid_input",
        severity: "error",
        path: `${path}.${what}`,
        message: `counter ${JSON.stringify(name)} returned ${describeReceived(tokens)} for a text of ${text.length} characters; expected a whole number >= 0`,
      },
    ]);
  };
  const count = (text: string): number => checked("count", counter.count(text), text);
  const lowerBound =
    typeof counter.lowerBound === "function"
      ? (text: string, enough?: number): number =>
          checked(
            "lowerBound",
            (counter.lowerBound as (text: string, enough?: number) => number).call(
              counter,
              text,
              enough,
            ),
            text,
          )
      : undefined;
  return markChecked({
    name,
    count,
    ...(counter.lineAdditive === true ? { lineAdditive: true } : {}),
    ...(lowerBound ? { lowerBound } : {}),
  });
}

const LINE_FEED = 10;
const SLASH = 47;

/**
 * Whitespace as JavaScript's `\s` (and so `trim` and the o200k pre-tokenizer) sees it, for one
 * UTF-16 unit: ASCII by its code, the rest by the pattern. `NaN` (past a text's end) is not.
 */
export function isWhitespaceCode(code: number): boolean {
  if (code === 32 || (code >= 9 && code <= 13)) return true;
  if (code < 128) return false;
  return /\s/.test(String.fromCharCode(code));
}

/**
 * Whether a tokenizer's pieces can never span the point between `text[index - 1]` and
 * `text[index]`: the left side ends with a line feed and the right side starts with a character
 * that is neither whitespace nor `/` (o200k lets a punctuation piece run on through `\n` and `/`).
 */
export function isSafeBoundary(text: string, index: number): boolean {
  stringArgument(text, "text");
  if (!Number.isSafeInteger(index)) integerArgument(index, "index", Number.MIN_SAFE_INTEGER);
  return safeBoundary(text, index);
}

/** {@link isSafeBoundary} without checking its arguments, for the counting loops. */
export function safeBoundary(text: string, index: number): boolean {
  if (index <= 0 || index >= text.length) return true;
  if (text.charCodeAt(index - 1) !== LINE_FEED) return false;
  const next = text.charCodeAt(index);
  return next !== SLASH && !isWhitespaceCode(next);
}

/**
 * Splits text at every safe boundary into "line units". For a line-additive counter the count of
 * the text is the sum of the counts of its units, and the units of `a + b` are the units of `a`
 * followed by those of `b` whenever `a`/`b` meet at a safe boundary.
 */
export function splitLineUnits(text: string): string[] {
  stringArgument(text, "text");
  const units: string[] = [];
  let start = 0;
  let newline = text.indexOf("\n");
  while (newline !== -1 && newline + 1 < text.length) {
    const next = newline + 1;
    if (safeBoundary(text, next)) {
      units.push(text.slice(start, next));
      start = next;
    }
    newline = text.indexOf("\n", next);
  }
  if (start < text.length) units.push(text.slice(start));
  return units;
}
