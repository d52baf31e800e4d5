import { describe, expect, it } from "vitest";
import { claudeAdapter } from "../../src/formats/rules/claude.js";
import { composeContexts } from "../../src/manager/compose.js";

const NOW = "2025-10-04T20:00:00Z";

/** Rules of one form each (no scope, source or condition): a part can only leave them out. */
const rules = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, index) => ({
    name: `${prefix}_${index}`,
    rule: `Keep the ${prefix} module number ${index} small, tested and documented before merging.`,
    category: "behavior",
    authority: "default" as const,
    priority: 90 - index,
  }));

describe("composeContexts: what one part leaves unused goes to the others", () => {
  it("fits again, with the spare, a part that left items out over budget", () => {
    const parts = [
      { label: "many", adapter: claudeAdapter, input: { rules: rules(40, "many") }, share: 1 },
      { label: "few", adapter: claudeAdapter, input: { rules: rules(1, "few") }, share: 1 },
    ];
    const composed = composeContexts(parts, { budget: 600, now: NOW });
    const [many, few] = composed.parts.map((part) => part.result);
    // Alone, with its half of the budget, the first part keeps fewer rules.
    const alone = composeContexts([parts[0] as (typeof parts)[0]], { budget: 300, now: NOW });
    const aloneMany = alone.parts[0]?.result;
    expect(many?.shortened).toEqual([]);
    expect(many?.skipped.every((item) => item.reason === "over_budget")).toBe(true);
    expect(many?.rulesIncluded).toBeGreaterThan(aloneMany?.rulesIncluded ?? Infinity);
    expect((many?.tokenCount ?? 0) + (few?.tokenCount ?? 0)).toBeGreaterThan(300);
    expect(composed.tokenCount).toBeLessThanOrEqual(600);
  });
});
