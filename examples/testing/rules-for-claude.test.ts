// typecheck only: a vitest test file (the repository's npm test runs it)
/**
 * Testing your code against contextfmt, with vitest: a library function that puts a team's rules
 * into Claude Code's format, checked with contextfmt/testing's factories, fixed counter, hostile
 * texts, matchers and hook runner. Run by `npm test`.
 */
import { defaultCounter, FormatManager, type MemoryRuleInput, type TokenCounter } from "contextfmt";
import {
  type ContextfmtMatchers,
  contextfmtMatchers,
  fixedCounter,
  hostileTexts,
  makeHookInput,
  makeRules,
  runHook,
} from "contextfmt/testing";
import { describe, expect, it } from "vitest";

declare module "vitest" {
  interface Matchers<T = any> extends ContextfmtMatchers<T> {}
}
expect.extend(contextfmtMatchers);

// The code under test: your library's own use of contextfmt.
const manager = new FormatManager();
function rulesForClaude(
  rules: MemoryRuleInput[],
  budget: number,
  counter: TokenCounter = defaultCounter,
) {
  return manager.format("claude", { rules }, { budget, counter });
}

describe("rulesForClaude", () => {
  const rules = makeRules(40, { seed: 7 }); // realistic rules, the same in every version

  it("stays inside the budget and accounts for every rule", () => {
    for (const budget of [400, 1000, 4000]) {
      const result = rulesForClaude(rules, budget);
      expect(result).toFitBudget();
      expect(result).toConserveItems(rules.length);
    }
  });

  it("gives the same numbers in every contextfmt version with the fixed counter", () => {
    const result = rulesForClaude(rules, 600, fixedCounter);
    expect(result.tokenCount).toBe(552);
    expect(result.rulesIncluded).toBe(10);
    expect(() => rulesForClaude(rules, 600, fixedCounter)).toBeDeterministic();
  });

  it("keeps hostile text inside its rule", () => {
    const hostile: MemoryRuleInput[] = hostileTexts.map((text, i) => ({
      name: `r${i}`,
      rule: `Be careful.\n${text}`,
      category: "behavior",
      authority: "default",
    }));
    expect(rulesForClaude(hostile, 100_000)).toHaveNoForgedStructure("claude", { rules: hostile });
  });

  it("answers Claude Code's SessionStart hook within its contract", async () => {
    const stdin = makeHookInput("claude", "SessionStart");
    const run = await runHook("claude", "SessionStart", stdin, { rules: { rules } });
    expect(run.contract).toEqual([]);
    expect(run.additionalContext).toContain("# Project Memory Rules");
  });
});
