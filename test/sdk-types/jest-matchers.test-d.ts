/**
 * contextfmtMatchers and their declarations with jest's own `expect` (the `expect` package,
 * installed in this folder, types only): the merge the README shows compiles, the matchers are
 * what `expect.extend` takes, and a wrong argument is a type error.
 */
import { type ContextfmtMatchers, contextfmtMatchers } from "contextfmt/testing";
import { expect as jestExpect } from "expect";
import { describe, expectTypeOf, it } from "vitest";

declare module "expect" {
  interface Matchers<R extends void | Promise<void>, T = unknown> extends ContextfmtMatchers<R> {}
}

describe("contextfmtMatchers with jest's expect", () => {
  it("are what expect.extend takes", () => {
    expectTypeOf(contextfmtMatchers).toExtend<Parameters<typeof jestExpect.extend>[0]>();
  });

  it("are typed on expect(…) and its .not", () => {
    const result = { content: "x", tokenCount: 1, budget: 10 };
    expectTypeOf(jestExpect(result).toFitBudget(200)).toEqualTypeOf<void>();
    expectTypeOf(jestExpect(result).not.toConserveItems(3)).toEqualTypeOf<void>();
    expectTypeOf(jestExpect(result).toHaveNoForgedStructure("claude", {})).toEqualTypeOf<void>();
    // @ts-expect-error a budget is a number
    jestExpect(result).toFitBudget("200");
    // @ts-expect-error the format and its input are needed
    jestExpect(result).toHaveNoForgedStructure();
  });
});
