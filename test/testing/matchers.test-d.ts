/**
 * contextfmtMatchers and their declarations with vitest: the merge the README shows compiles, the
 * matchers are what `expect.extend` takes, and a
 * wrong argument is a type error.
 */
import { type ContextfmtMatchers, contextfmtMatchers, fixedCounter } from "contextfmt/testing";
import { describe, expect, expectTypeOf, it } from "vitest";

declare module "vitest" {
  // biome-ignore lint/suspicious/noExplicitAny: vitest's own declaration has this default
  interface Matchers<T = any> extends ContextfmtMatchers<T> {}
}

describe("contextfmtMatchers with vitest's expect", () => {
  it("are what expect.extend takes", () => {
    expectTypeOf(contextfmtMatchers).toExtend<Parameters<typeof expect.extend>[0]>();
  });

  it("are typed on expect(…), its .not and expect.soft", () => {
    const result = { content: "x", tokenCount: 1, budget: 10 };
    expectTypeOf(expect(result).toFitBudget).toBeFunction();
    expect(result).toFitBudget(200, { counter: fixedCounter });
    expect(result).not.toConserveItems(["rule-1"]);
    expect.soft(result).toRoundTripXml([{ id: "mem-1", content: "x" }]);
    expect(() => result).toBeDeterministic({ runs: 3 });
    expect(result).toHaveNoForgedStructure("claude", { rules: [] }, ["project"]);
    // @ts-expect-error a budget is a number
    expect(result).toFitBudget("200");
    // @ts-expect-error the format and its input are needed
    expect(result).toHaveNoForgedStructure();
    // @ts-expect-error a memory has an id and a content
    expect(result).toRoundTripXml([{ id: "mem-1" }]);
    // @ts-expect-error no such matcher
    expect(result).toFitBudgets();
  });
});
