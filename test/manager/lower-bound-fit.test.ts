import { FormatManager, type TokenCounter } from "contextfmt";
import { createTiktokenCounter } from "contextfmt/tiktoken";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defaultCounter } from "../../src/tokens/heuristic.js";
import { arbitraryRule, manyRules, SEED_NOW, wordRules } from "../fixtures/rules.js";

/** The same counter without its lower bound: every item is rendered and counted at its turn. */
const withoutBound = (counter: TokenCounter): TokenCounter => ({
  name: counter.name,
  lineAdditive: counter.lineAdditive === true,
  count: (text) => counter.count(text),
});

/** What a call decided, report included (a skipped item's tokens read too). */
function decided(id: string, input: unknown, budget: number, counter: TokenCounter) {
  const result = new FormatManager().format(id, input, { budget, now: SEED_NOW, counter });
  return {
    content: result.content,
    tokenCount: result.tokenCount,
    skipped: result.skipped,
    issues: result.issues,
    items: result.report.items.map((item) => ({ ...item })),
    frameTokens: result.report.frameTokens,
  };
}

describe("leaving items out by a lower bound", () => {
  const counters = [defaultCounter, createTiktokenCounter()];

  it("decides exactly what counting every item decides (property, rule formats, both counters)", () => {
    fc.assert(
      fc.property(
        // Enough optional rules for the fit to add counts (over 24 of them), and budgets that
        // cut anywhere in the list.
        fc.array(
          arbitraryRule.map((rule) => ({ ...rule, authority: "default" as const })),
          { minLength: 30, maxLength: 80 },
        ),
        fc.integer({ min: 0, max: 2500 }),
        fc.constantFrom("claude", "codex", "gemini"),
        (rules, budget, id) => {
          for (const counter of counters) {
            expect(decided(id, { rules }, budget, counter)).toEqual(
              decided(id, { rules }, budget, withoutBound(counter)),
            );
          }
        },
      ),
      { numRuns: 60 },
    );
    // 360 formats with a tokenizer, and the tokenizer built first: seconds on a busy machine.
  }, 60_000);

  it("decides the same on long lists where most items are left out unrendered", () => {
    const rules = manyRules(3_000, 3_000);
    for (const budget of [300, 500, 900, 1_990, 1_995, 2_000, 3_100, 7_000]) {
      for (const counter of counters) {
        expect(decided("claude", { rules }, budget, counter)).toEqual(
          decided("claude", { rules }, budget, withoutBound(counter)),
        );
      }
    }
    // Counting 3,000 rules without a bound, exactly, takes seconds on a busy machine.
  }, 60_000);
  it("decides the same at budgets all around 2,000 with rules of 3-10 and of 8-33 words (property)", () => {
    const mixes = [
      wordRules(1_500, { words: [3, 10] }),
      wordRules(1_500, { words: [8, 33], seed: 2 }),
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(0, 1),
        fc.oneof(fc.integer({ min: 1_960, max: 2_040 }), fc.integer({ min: 0, max: 30_000 })),
        fc.constantFrom("claude", "codex", "gemini"),
        (mix, budget, id) => {
          const rules = mixes[mix];
          expect(decided(id, { rules }, budget, defaultCounter)).toEqual(
            decided(id, { rules }, budget, withoutBound(defaultCounter)),
          );
        },
      ),
      { numRuns: 40 },
    );
  }, 60_000);
});
