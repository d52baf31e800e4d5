import { FormatManager } from "contextfmt";
import { fitHookContext, hookOutput, utf8Length } from "contextfmt/hooks";
import { makeRules } from "contextfmt/testing";
import { describe, expect, it } from "vitest";

const manager = new FormatManager();
const NOW = "2025-10-04T20:00:00Z";

describe("fitHookContext", () => {
  it("keeps Claude Code context under 10,000 characters through the budget, essentials first", () => {
    const rules = makeRules(400, { absoluteShare: 0.1 });
    const renders: number[] = [];
    const { result, budget } = fitHookContext(
      "claude",
      (fitted) => {
        renders.push(fitted);
        return manager.format("claude", { rules }, { budget: fitted, now: NOW });
      },
      { budget: 100_000 },
    );
    expect(result.content.length).toBeLessThanOrEqual(10_000);
    // Not shrunk much more than needed: a few steps of 3 % at most.
    expect(result.content.length).toBeGreaterThan(8_500);
    expect(budget).toBe(renders.at(-1));
    expect(renders.length).toBeLessThan(8);
    const absolute = rules.filter((rule) => rule.authority === "absolute").map((rule) => rule.id);
    expect(result.included).toEqual(expect.arrayContaining(absolute));
    expect(result.rulesIncluded + result.rulesSkipped).toBe(400);
    expect(result.issues.map((issue) => issue.code)).toContain("item_skipped");
    expect(
      hookOutput("claude", "SessionStart", { additionalContext: result.content }).issues,
    ).toEqual([]);
  });

  it("renders once when the context fits", () => {
    let renders = 0;
    fitHookContext(
      "claude",
      (budget) => {
        renders += 1;
        return manager.format(
          "claude",
          { rules: makeRules(5, { absoluteShare: 0.1 }) },
          { budget, now: NOW },
        );
      },
      { budget: 2_000 },
    );
    expect(renders).toBe(1);
  });

  it("when required items alone are over the limit, keeps them and hookOutput reports over_hook_limit", () => {
    const rules = makeRules(300, { absoluteShare: 1 }); // every rule absolute
    const { result, budget } = fitHookContext(
      "claude",
      (fitted) => manager.format("claude", { rules }, { budget: fitted, now: NOW }),
      { budget: 100_000 },
    );
    // Shrinking cannot make it fit: the context at the given budget comes back.
    expect(budget).toBe(100_000);
    expect(result.rulesIncluded).toBe(300);
    const { issues } = hookOutput("claude", "SessionStart", { additionalContext: result.content });
    expect(issues).toEqual([
      expect.objectContaining({ code: "over_hook_limit", severity: "error" }),
    ]);
  });

  it("keeps Codex CLI context under its 10,000 UTF-8 bytes, in bytes, not characters", () => {
    const { result } = fitHookContext(
      "codex",
      (budget) =>
        manager.format(
          "codex",
          { rules: makeRules(400, { absoluteShare: 0.1 }) },
          { budget, now: NOW },
        ),
      { budget: 50_000 },
    );
    expect(utf8Length(result.content)).toBeLessThanOrEqual(10_000);
    expect(utf8Length(result.content)).toBeGreaterThan(8_500);
    // Text of two-byte letters: about half as many characters fit.
    const accented = makeRules(400, { absoluteShare: 0.1 }).map((rule) => ({
      ...rule,
      rule: rule.rule.replace(/e/g, "é"),
    }));
    const wide = fitHookContext(
      "codex",
      (budget) => manager.format("codex", { rules: accented }, { budget, now: NOW }),
      { budget: 50_000 },
    ).result.content;
    expect(utf8Length(wide)).toBeLessThanOrEqual(10_000);
    expect(wide.length).toBeLessThan(result.content.length);
    expect(hookOutput("codex", "SessionStart", { additionalContext: wide }).issues).toEqual([]);
  });

  it("leaves Gemini CLI context to the budget alone (no inline limit)", () => {
    const { budget } = fitHookContext(
      "gemini",
      (fitted) =>
        manager.format(
          "gemini",
          { rules: makeRules(400, { absoluteShare: 0.1 }) },
          { budget: fitted, now: NOW },
        ),
      { budget: 20_000 },
    );
    expect(budget).toBe(20_000);
  });

  it("returns the context at the given budget when even the required items do not fit, so issues name that budget", () => {
    // 101 absolute rules of about 200 characters: over 10,000 characters whatever the budget.
    const rules = makeRules(200, { absoluteShare: 1 }).map((rule, index) => ({
      ...rule,
      rule: "Keep the change small and covered by tests. ".repeat(5),
      authority: index < 101 ? ("absolute" as const) : ("default" as const),
    }));
    const renders: number[] = [];
    const { result, budget } = fitHookContext(
      "claude",
      (fitted) => {
        renders.push(fitted);
        return manager.format("claude", { rules }, { budget: fitted, now: NOW });
      },
      { budget: 2_000 },
    );
    expect(renders.at(-1)).toBe(0);
    expect(budget).toBe(2_000);
    expect(result.budget).toBe(2_000);
    expect(result.rulesIncluded).toBe(101);
    expect(result.issues).toContainEqual(
      expect.objectContaining({
        code: "budget_exceeded",
        message: expect.stringMatching(/the budget is 2000$/),
      }),
    );
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, "abc", -1, 1.5, undefined])(
    "a budget of %s is an InvalidInputError, not an endless loop",
    (budget) => {
      const render = (fitted: number) => ({ content: "x".repeat(fitted + 20_000) });
      expect(() => fitHookContext("claude", render, { budget: budget as number })).toThrow(
        /^options\.budget: expected a whole number >= 0, received /,
      );
    },
  );

  it("names render when it returns no content, the counter when it is not one, an unknown event", () => {
    expect(() => fitHookContext("claude", () => ({ content: 5 }) as never, { budget: 10 })).toThrow(
      /^render: expected a function returning \{ content: string \}/,
    );
    const counter = { name: "broken", count: 5 } as never;
    expect(() =>
      fitHookContext("codex", () => ({ content: "x" }), { budget: 10, counter }),
    ).toThrow(/^options\.counter: expected a TokenCounter/);
    expect(() =>
      fitHookContext("copilot", () => ({ content: "x" }), { budget: 10, event: "constructor" }),
    ).toThrow(/^event: /);
  });
});
