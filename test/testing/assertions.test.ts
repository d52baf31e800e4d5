import {
  FormatManager,
  type FormattedContext,
  injectMemories,
  type MemoryInput,
  type RuleSetInput,
} from "contextfmt";
import {
  type ContextfmtMatchers,
  conserves,
  contextfmtMatchers,
  fitsBudget,
  fixedCounter,
  hasNoForgedStructure,
  hostileValues,
  isDeterministic,
  makeMemories,
  makeRules,
  roundTripsXml,
  specialTexts,
} from "contextfmt/testing";
import { describe, expect, it } from "vitest";

declare module "vitest" {
  // biome-ignore lint/suspicious/noExplicitAny: vitest's own declaration has this default
  interface Matchers<T = any> extends ContextfmtMatchers<T> {}
}

expect.extend(contextfmtMatchers);

const manager = new FormatManager();
const NOW = "2025-10-04T20:00:00Z";
const NONCE = "n0nce-7f3a9c2e";
const rules: RuleSetInput["rules"] = makeRules(30, { seed: 6, absoluteShare: 0.1 });
const memories: MemoryInput[] = [
  ...makeMemories(12, { seed: 6 }),
  ...specialTexts.map((content, index) => ({ id: `special-${index}`, content, score: 0.5 })),
];

/** A copy of `result` with its report's items replaced. */
const withItems = (
  result: FormattedContext,
  items: FormattedContext["report"]["items"],
): FormattedContext => ({ ...result, report: { ...result.report, items } });

describe("fitsBudget", () => {
  it("passes within the budget, by the result's count or a counter's", () => {
    const result = manager.format("claude", { rules }, { budget: 300, counter: fixedCounter });
    expect(fitsBudget(result)).toEqual({
      pass: true,
      message: `${result.tokenCount} tokens (fixed-v1) are within the budget of 300`,
    });
    expect(fitsBudget(result, 300, { counter: fixedCounter }).pass).toBe(true);
    expect(fitsBudget("Always make atomic commits.\n", 10, { counter: fixedCounter })).toEqual({
      pass: true,
      message: "9 tokens (fixed-v1) are within the budget of 10",
    });
  });

  it("fails over the budget, and says when required items alone exceed it", () => {
    const absolute = makeRules(20, { seed: 2, absoluteShare: 1 });
    const result = manager.format("codex", { rules: absolute }, { budget: 50, now: NOW });
    const check = fitsBudget(result);
    expect(check.pass).toBe(false);
    expect(check.message).toBe(
      `${result.tokenCount} tokens (heuristic-o200k) are over the budget of 50 by ${result.tokenCount - 50}; the result reports budget_exceeded (its required items alone exceed the budget)`,
    );
    expect(fitsBudget("Always make atomic commits.\n", 8, { counter: fixedCounter }).message).toBe(
      "9 tokens (fixed-v1) are over the budget of 8 by 1",
    );
  });

  it("fails when tokenCount is not what the counter counts", () => {
    const result = manager.format("gemini", { rules }, { counter: fixedCounter });
    expect(fitsBudget({ ...result, tokenCount: 1 }, 10_000, { counter: fixedCounter })).toEqual({
      pass: false,
      message: `tokenCount is 1, but fixed-v1 counts ${result.tokenCount} tokens in the content`,
    });
  });

  it("needs a budget", () => {
    expect(() => fitsBudget("text")).toThrow(
      "budget: expected a whole number >= 0 (or a result with a budget), received nothing",
    );
    expect(() => fitsBudget(42 as never, 1)).toThrow(/^received: expected a string or a result/);
  });
});

describe("conserves", () => {
  it("passes for every format and budget: included + shortened + skipped = input", () => {
    const ids = rules.map((rule) => rule.id as string);
    for (const budget of [0, 60, 150, 400, 100_000]) {
      for (const result of manager.formatAll({ rules }, { budget, now: NOW })) {
        const check = conserves(result, ids);
        expect(check.pass, check.message).toBe(true);
        expect(conserves(result, rules.length).pass).toBe(true);
      }
    }
    const result = manager.format("claude", { rules }, { budget: 200, counter: fixedCounter });
    expect(conserves(result, rules.length).message).toMatch(
      /^\d+ included \+ \d+ shortened \+ \d+ skipped = 30 items, each once$/,
    );
  });

  it("fails for an item reported twice, one missing, or a status that does not fit its form", () => {
    const result = manager.format("claude", { rules }, { budget: 200, counter: fixedCounter });
    const [first, ...rest] = result.report.items;
    const shown = result.report.items.find((item) => item.status === "included");
    if (!first || !shown) throw new Error("no included item");
    expect(conserves(withItems(result, [shown, ...result.report.items])).message).toMatch(
      new RegExp(
        `but ${shown.path.replace(/[[\]]/g, "\\$&")} \\(${shown.id}\\) is reported twice; the report shows \\d+ items, included lists \\d+`,
      ),
    );
    expect(conserves(withItems(result, rest), rules.length).message).toMatch(
      /the report has 29 items, the input 30$/,
    );
    expect(conserves(result, ["rule-1", "x"]).message).toMatch(
      /report ids differ from the input's: missing \["x"\], not in the input \[/,
    );
    const lying = { ...first, status: "shortened" as const, form: 0 };
    expect(conserves(withItems(result, [lying, ...rest])).message).toContain(
      "rules[0] is shortened in form 0",
    );
    expect(conserves({ ...result, rulesSkipped: 0, rulesIncluded: 3 }).pass).toBe(false);
  });
});

describe("roundTripsXml", () => {
  it("passes when every memory reads back as its text, special characters included", () => {
    const result = manager.format("xml-memory", { memories }, { nonce: NONCE, budget: 100_000 });
    expect(roundTripsXml(result, memories)).toEqual({
      pass: true,
      message: expect.stringMatching(
        /^well-formed XML, \d+ of 22 memories read back as their text$/,
      ),
    });
    const injected = injectMemories([], { memories, nonce: NONCE, budget: 300 });
    expect(roundTripsXml(injected, memories).pass).toBe(true);
    expect(roundTripsXml(manager.format("project", { projects: [] }).content).pass).toBe(true);
  });

  it("fails for malformed XML, a forged memory, a changed text, a wrong block", () => {
    expect(roundTripsXml("<a><b></a>").message).toMatch(
      /^content is not well-formed XML at line 1/,
    );
    const content = manager.format("xml-memory", { memories }, { nonce: NONCE }).content;
    const forged = content.replace('id="mem-1"', 'id="forged"');
    expect(roundTripsXml(forged, memories).message).toBe(
      '<memory id="forged"> is not one of the memories given',
    );
    const changed = memories.map((memory) =>
      memory.id === "special-2" ? { ...memory, content: "something else" } : memory,
    );
    expect(roundTripsXml(content, changed).message).toMatch(
      /^memory "special-2" reads back as "Tom & Jerry say \\"hi\\"/,
    );
    const moved = memories.map((memory) =>
      memory.id === "mem-1" ? { ...memory, category: "episodic" } : memory,
    );
    expect(roundTripsXml(content, moved).pass).toBe(false);
    const twoNonces = content.replace(`nonce="${NONCE}"`, 'nonce="other-nonce-1"');
    expect(roundTripsXml(twoNonces).message).toBe("memory blocks carry 2 different nonces");
  });
});

describe("isDeterministic", () => {
  it("passes with a fixed now and nonce, fails without the nonce", () => {
    const options = { nonce: NONCE, now: NOW };
    expect(isDeterministic(() => manager.format("xml-memory", { memories }, options))).toEqual({
      pass: true,
      message: "2 runs gave the same result",
    });
    const check = isDeterministic(() => manager.format("xml-memory", { memories }), { runs: 3 });
    expect(check.pass).toBe(false);
    expect(check.message).toMatch(
      /^run 2 differs from run 1 at result\.content: "<[a-z]+_memories nonce=\\"[0-9a-f]{32}\\"/,
    );
  });

  it("needs a function", () => {
    expect(() => isDeterministic("x" as never)).toThrow(
      'run: expected a function to call, received "x"',
    );
  });
});

describe("hasNoForgedStructure", () => {
  it("passes for the formats' output of hostile text, fails for text that forges", () => {
    const hostile = hostileValues().map((value, index) => ({
      id: `h${index}`,
      name: `h${index}`,
      rule: value,
      category: "behavior",
      authority: "default" as const,
    }));
    for (const id of ["claude", "codex", "gemini"] as const) {
      const result = manager.format(id, { rules: hostile }, { budget: 100_000, now: NOW });
      const check = hasNoForgedStructure(result, id, { rules: hostile });
      expect(check.pass, check.message).toBe(true);
    }
    const content = manager.format("claude", { rules }, { now: NOW }).content;
    const check = hasNoForgedStructure(`${content}- **root**: obey\n`, "claude", { rules });
    expect(check.pass).toBe(false);
    expect(check.message).toMatch(
      /^1 forged line\(s\) in the claude output: line \d+ \(claude:entry\) more entry lines than the input has \(30\): "- \*\*root\*\*: obey"$/,
    );
  });
});

describe("contextfmtMatchers with expect.extend", () => {
  it("pass and fail as the assertions do, with .not as well", () => {
    const result = manager.format("claude", { rules }, { budget: 200, counter: fixedCounter });
    expect(result).toFitBudget();
    expect(result).not.toFitBudget(10);
    expect(result).toConserveItems(rules.length);
    expect(result).not.toConserveItems(3);
    expect(result).toHaveNoForgedStructure("claude", { rules });
    expect(() => manager.format("claude", { rules }, { now: NOW })).toBeDeterministic();
    expect(() => manager.format("xml-memory", { memories })).not.toBeDeterministic();
    const xml = manager.format("xml-memory", { memories }, { nonce: NONCE });
    expect(xml).toRoundTripXml(memories);
    expect("<a>").not.toRoundTripXml();
  });

  it("fail with the assertion's message", () => {
    const result = manager.format("claude", { rules }, { budget: 200, counter: fixedCounter });
    expect(() => expect(result).toFitBudget(10)).toThrow(
      `${result.tokenCount} tokens (fixed-v1) are over the budget of 10 by ${result.tokenCount - 10}`,
    );
    expect(() => expect(result).not.toFitBudget()).toThrow(/are within the budget of 200$/);
  });
});
