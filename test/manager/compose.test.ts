import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { claudeAdapter } from "../../src/formats/rules/claude.js";
import { composeContexts, join, joinedCount, type Said } from "../../src/manager/compose.js";
import type { FormattedContext } from "../../src/manager/formatted-context.js";
import { createTiktokenCounter } from "../../src/tiktoken.js";
import { defaultCounter } from "../../src/tokens/heuristic.js";

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

describe("composeContexts: the joined content's count from the parts' own", () => {
  const piece = fc.constantFrom(
    "a",
    "Word",
    " ",
    "\n",
    "\r",
    "/",
    "-",
    "#",
    "é",
    "字",
    "  ",
    "\n\n",
    "\t",
    "1",
  );
  const text = fc
    .array(piece, { minLength: 1, maxLength: 12 })
    .map((pieces) => pieces.join("").replace(/[\n\r]+$/, ""))
    .filter((joined) => joined !== "");
  const ending = fc.constantFrom("\n", "\n\n", "\r\n", "\n\n\n");
  const counters = [defaultCounter, createTiktokenCounter()];

  it("equals a count of the joined content, for any texts (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(text, ending), { minLength: 1, maxLength: 4 }), (parts) => {
        for (const counter of counters) {
          const said = parts.map(([own, end]) => {
            const content = own + end;
            return {
              text: own,
              result: { content, tokenCount: counter.count(content) } as FormattedContext,
            };
          });
          const content = join(said);
          const derived = joinedCount(content, said, counter);
          if (derived !== undefined) expect(derived).toBe(counter.count(content));
        }
      }),
      { numRuns: 300 },
    );
  });

  it("is told whenever each part starts a line of its own", () => {
    const said = ["# Rules\n\n- one", "<PROJECT>\nx\n</PROJECT>", "Session: a /path"].map(
      (own) => ({
        text: own,
        result: { content: `${own}\n`, tokenCount: defaultCounter.count(`${own}\n`) },
      }),
    ) as unknown as Said[];
    const content = join(said);
    expect(joinedCount(content, said, defaultCounter)).toBe(defaultCounter.count(content));
    const slashed = [...said, { text: "/start", result: said[0]?.result }] as Said[];
    expect(joinedCount(join(slashed), slashed, defaultCounter)).toBeUndefined();
  });
});
