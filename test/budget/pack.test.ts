import { packByBudget } from "contextfmt";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

describe("packByBudget", () => {
  it("includes greedily in order and goes on with smaller items after one does not fit", () => {
    const result = packByBudget(
      [
        { value: "a", cost: 40, required: true },
        { value: "b", cost: 70 },
        { value: "c", cost: 20 },
      ],
      { budget: 100 },
    );
    expect(result.included).toEqual(["a", "c"]);
    expect(result.skipped).toEqual([{ value: "b", reason: "over_budget" }]);
    expect(result.tokensUsed).toBe(60);
    expect(result.issues).toEqual([]);
  });

  it("reserves required items before optional ones, wherever they stand", () => {
    const result = packByBudget(
      [
        { value: "optional", cost: 60 },
        { value: "required", cost: 50, required: true },
      ],
      { budget: 100 },
    );
    expect(result.included).toEqual(["required"]);
  });

  it("keeps required items over budget and reports budget_exceeded as an error", () => {
    const result = packByBudget(
      [
        { value: "a", cost: 80, required: true },
        { value: "b", cost: 80, required: true },
        { value: "c", cost: 1 },
      ],
      { budget: 100 },
    );
    expect(result.included).toEqual(["a", "b"]);
    expect(result.tokensUsed).toBe(160);
    expect(result.issues).toEqual([
      {
        code: "budget_exceeded",
        severity: "error",
        message: "required items alone need 160 tokens; the budget is 100",
      },
    ]);
  });

  it("charges overhead and each group's cost once, with its first included member", () => {
    const groupCosts = new Map([
      ["x", 10],
      ["y", 30],
    ]);
    const result = packByBudget(
      [
        { value: 1, cost: 10, groups: ["x"] },
        { value: 2, cost: 10, groups: ["x"] },
        { value: 3, cost: 10, groups: ["y"] },
        { value: 4, cost: 5, groups: ["x"] },
      ],
      { budget: 60, overhead: 5, groupCosts },
    );
    // 5 + (10+10) + 10 = 35; item 3 would need 10+30; item 4 needs 5.
    expect(result.included).toEqual([1, 2, 4]);
    expect(result.tokensUsed).toBe(40);
  });

  it("charges a group once even when one item names it twice", () => {
    const result = packByBudget([{ value: 1, cost: 1, groups: ["x", "x"] }], {
      budget: 10,
      groupCosts: new Map([["x", 5]]),
    });
    expect(result.tokensUsed).toBe(6);
  });

  it("never exceeds the budget unless required items alone do; accounts for every item (property)", () => {
    const item = fc.record({
      value: fc.nat(),
      cost: fc.integer({ min: 0, max: 50 }),
      required: fc.boolean(),
      groups: fc.array(fc.constantFrom("a", "b", "c"), { maxLength: 2 }),
    });
    fc.assert(
      fc.property(
        fc.array(item, { maxLength: 30 }),
        fc.integer({ min: 0, max: 400 }),
        (items, budget) => {
          const groupCosts = new Map([
            ["a", 3],
            ["b", 7],
            ["c", 0],
          ]);
          const result = packByBudget(items, { budget, overhead: 4, groupCosts });
          expect(result.included.length + result.skipped.length).toBe(items.length);
          const opened = new Set(items.filter((i) => i.required).flatMap((i) => i.groups));
          const requiredCost =
            4 +
            items.filter((i) => i.required).reduce((sum, i) => sum + i.cost, 0) +
            [...opened].reduce((sum, key) => sum + (groupCosts.get(key) ?? 0), 0);
          if (requiredCost <= budget) {
            expect(result.tokensUsed).toBeLessThanOrEqual(budget);
            expect(result.issues).toEqual([]);
          } else {
            expect(result.issues.map((issue) => issue.code)).toEqual(["budget_exceeded"]);
          }
          for (const candidate of items.filter((i) => i.required)) {
            expect(result.included).toContain(candidate.value);
          }
        },
      ),
    );
  });
});
