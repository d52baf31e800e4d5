import {
  type AssertionResult,
  type ContentLike,
  conserves,
  type DeterministicOptions,
  type ExpectedMemory,
  type FitsBudgetOptions,
  fitsBudget,
  hasNoForgedStructure,
  isDeterministic,
  type ReportedResult,
  roundTripsXml,
} from "./assertions.js";

/** What a matcher returns to vitest's or jest's `expect`. */
export interface MatcherResult {
  /** Whether the assertion held. */
  readonly pass: boolean;
  /** What was found, for the runner's failure message. */
  readonly message: () => string;
}

const matcher = (check: AssertionResult): MatcherResult => ({
  pass: check.pass,
  message: () => check.message,
});

/**
 * The matchers' types, to merge into your runner's `Matchers` once (in a setup file or any `.ts`
 * file the tests compile with). `R` is what a matcher returns: vitest passes its `T`, jest its `R`.
 *
 * @example
 * ```ts
 * import type { ContextfmtMatchers } from "contextfmt/testing";
 *
 * // vitest
 * declare module "vitest" {
 *   interface Matchers<T = any> extends ContextfmtMatchers<T> {}
 * }
 *
 * // jest, with `import { expect } from "@jest/globals"` (the `expect` package)
 * declare module "expect" {
 *   interface Matchers<R extends void | Promise<void>, T = unknown> extends ContextfmtMatchers<R> {}
 * }
 *
 * // jest, with the global `expect` of @types/jest
 * declare global {
 *   namespace jest {
 *     interface Matchers<R, T = {}> extends ContextfmtMatchers<R> {}
 *   }
 * }
 * ```
 */
export interface ContextfmtMatchers<R = unknown> {
  /** The text or result is within `budget` tokens (default: the result's budget); see `fitsBudget`. */
  toFitBudget(budget?: number, options?: FitsBudgetOptions): R;
  /** Every input item is in the report once: included + shortened + skipped = input; see `conserves`. */
  toConserveItems(expected?: number | readonly string[]): R;
  /** Well-formed XML whose memories read back as their text; see `roundTripsXml`. */
  toRoundTripXml(memories?: readonly ExpectedMemory[]): R;
  /** The function gives the same result on every call; see `isDeterministic`. */
  toBeDeterministic(options?: DeterministicOptions): R;
  /** No line reads as structure the format did not write for `input`; see `hasNoForgedStructure`. */
  toHaveNoForgedStructure(formatId: string, input: unknown, context?: readonly string[]): R;
}

/**
 * The assertions as matchers for `expect.extend` (vitest or jest; nothing of either is imported).
 * Each message says what was found, so `.not` reads as well.
 *
 * @example
 * ```ts
 * import { expect } from "vitest";
 * import { contextfmtMatchers } from "contextfmt/testing";
 * expect.extend(contextfmtMatchers);
 * expect(manager.format("claude", { rules }, { budget: 200 })).toFitBudget();
 * ```
 */
export const contextfmtMatchers = {
  /** `expect(result).toFitBudget(budget?)`: see `fitsBudget`. */
  toFitBudget(received: unknown, budget?: number, options?: FitsBudgetOptions): MatcherResult {
    return matcher(fitsBudget(received as ContentLike, budget, options));
  },
  /** `expect(result).toConserveItems(n | ids?)`: see `conserves`. */
  toConserveItems(received: unknown, expected?: number | readonly string[]): MatcherResult {
    return matcher(conserves(received as ReportedResult, expected));
  },
  /** `expect(result).toRoundTripXml(memories?)`: see `roundTripsXml`. */
  toRoundTripXml(received: unknown, memories?: readonly ExpectedMemory[]): MatcherResult {
    return matcher(roundTripsXml(received as ContentLike, memories));
  },
  /** `expect(() => f()).toBeDeterministic()`: see `isDeterministic`. */
  toBeDeterministic(received: unknown, options?: DeterministicOptions): MatcherResult {
    return matcher(isDeterministic(received as () => unknown, options));
  },
  /** `expect(result).toHaveNoForgedStructure(formatId, input)`: see `hasNoForgedStructure`. */
  toHaveNoForgedStructure(
    received: unknown,
    formatId: string,
    input: unknown,
    context?: readonly string[],
  ): MatcherResult {
    return matcher(hasNoForgedStructure(received as ContentLike, formatId, input, context));
  },
} as const;
