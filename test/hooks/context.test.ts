import { FormatManager } from "contextfmt";
import {
  answerHook,
  hookContext,
  hookContextLimit,
  hookOutput,
  parseHookInput,
  utf8Length,
} from "contextfmt/hooks";
import { makeHookInput, makeRules } from "contextfmt/testing";
import { describe, expect, it } from "vitest";

const manager = new FormatManager();
const NOW = "2025-10-04T20:00:00Z";
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The SessionStart context of `tool` for these rules, within the tool's inline limit. */
function sessionStart(tool: "claude" | "codex" | "gemini", rules: unknown, budget: number) {
  const hook = parseHookInput(tool, makeHookInput(tool, "SessionStart"));
  return hookContext({
    hook,
    files: { rules: { path: "rules.json", data: { rules } } },
    budget,
    limit: hookContextLimit(tool, "SessionStart"),
    now: NOW,
  });
}

describe("a tool's inline limit, kept by the engine", () => {
  it("keeps Claude Code context under 10,000 characters, essentials first, the rest reported", () => {
    const rules = makeRules(400, { absoluteShare: 0.1 });
    const { content, parts } = sessionStart("claude", rules, 100_000);
    expect(content.length).toBeLessThanOrEqual(10_000);
    // Filled close to the limit, not far under it.
    expect(content.length).toBeGreaterThan(9_000);
    const result = parts[0]?.result;
    const absolute = rules.filter((rule) => rule.authority === "absolute").map((rule) => rule.id);
    expect(result?.included).toEqual(expect.arrayContaining(absolute));
    expect((result?.rulesIncluded ?? 0) + (result?.rulesSkipped ?? 0)).toBe(400);
    expect(hookOutput("claude", "SessionStart", { additionalContext: content }).issues).toEqual([]);
  });

  it("keeps Codex CLI context under its 10,000 UTF-8 bytes, in bytes, not characters", () => {
    const rules = makeRules(400, { absoluteShare: 0.1 });
    const plain = sessionStart("codex", rules, 50_000).content;
    expect(utf8Length(plain)).toBeLessThanOrEqual(10_000);
    expect(utf8Length(plain)).toBeGreaterThan(9_000);
    // Text of two-byte letters: fewer characters fit.
    const accented = rules.map((rule) => ({ ...rule, rule: rule.rule.replace(/e/g, "é") }));
    const wide = sessionStart("codex", accented, 50_000).content;
    expect(utf8Length(wide)).toBeLessThanOrEqual(10_000);
    expect(wide.length).toBeLessThan(plain.length);
    expect(hookOutput("codex", "SessionStart", { additionalContext: wide }).issues).toEqual([]);
  });

  it("leaves Gemini CLI context to the budget alone (no inline limit)", () => {
    const rules = makeRules(400, { absoluteShare: 0.1 });
    const { content } = sessionStart("gemini", rules, 20_000);
    expect(content.length).toBeGreaterThan(10_000);
  });

  it("the format's maxChars and maxBytes options are limits of their own", () => {
    const rules = makeRules(200, { absoluteShare: 0 });
    const chars = manager.format(
      "claude",
      { rules },
      { now: NOW, budget: 50_000, maxChars: 3_000 },
    );
    expect(chars.content.length).toBeLessThanOrEqual(3_000);
    expect(chars.content.length).toBeGreaterThan(2_500);
    const accented = rules.map((rule) => ({ ...rule, rule: rule.rule.replace(/[aeiou]/g, "é") }));
    const bytes = manager.format(
      "claude",
      { rules: accented },
      { now: NOW, budget: 50_000, maxBytes: 3_000 },
    );
    expect(utf8Length(bytes.content)).toBeLessThanOrEqual(3_000);
    expect(utf8Length(bytes.content)).toBeGreaterThan(2_500);
  });
});

describe("required items alone over the inline limit", () => {
  // 101 absolute rules of about 220 characters: over 10,000 characters whatever the budget.
  const rules = makeRules(200, { absoluteShare: 1 }).map((rule, index) => ({
    ...rule,
    rule: "Keep the change small and covered by tests. ".repeat(5),
    authority: index < 101 ? ("absolute" as const) : ("default" as const),
  }));

  it("cuts the text at a line boundary with a visible note, and says what it cut", () => {
    const { content, issues } = sessionStart("claude", rules, 2_000);
    expect(content.length).toBeLessThanOrEqual(10_000);
    expect(content.length).toBeGreaterThan(9_500);
    const lines = content.split("\n");
    expect(lines.at(-1)).toBe("");
    expect(lines.at(-2)).toMatch(
      /^\[… \d+ more characters cut here: Claude Code takes at most 10000 characters of hook context inline\]$/,
    );
    // Every line but the note is a whole line of the full text.
    const full = manager.format("claude", { rules }, { now: NOW, budget: 2_000 }).content;
    expect(full.startsWith(lines.slice(0, -2).join("\n"))).toBe(true);
    expect(issues).toContainEqual(
      expect.objectContaining({
        code: "over_hook_limit",
        message: expect.stringMatching(
          /^the required items alone are over Claude Code's inline limit of 10000 characters: cut \d+ characters from line \d+ on/,
        ),
      }),
    );
    expect(hookOutput("claude", "SessionStart", { additionalContext: content }).issues).toEqual([]);
  });

  it("cuts one line longer than the limit inside the line, at a whole character", () => {
    const giant = [{ ...rules[0], rule: `${"😀".repeat(6_000)} end` }];
    const { content } = sessionStart("claude", giant, 2_000);
    expect(content.length).toBeLessThanOrEqual(10_000);
    expect(content).not.toMatch(LONE_SURROGATE);
    expect(content).toMatch(/more characters cut here/);
    const bytes = sessionStart("codex", giant, 2_000).content;
    expect(utf8Length(bytes)).toBeLessThanOrEqual(10_000);
    expect(bytes).not.toMatch(LONE_SURROGATE);
  });
});

describe("no files given", () => {
  // Files are by flag; none given is none to inject, as `{}` is (never a TypeError).
  const stdin = JSON.stringify(makeHookInput("claude", "SessionStart"));

  it("hookContext injects nothing", () => {
    const hook = parseHookInput("claude", stdin);
    expect(hookContext({ hook, budget: 2_000 } as never)).toEqual({
      content: "",
      issues: [],
      parts: [],
    });
  });

  it("answerHook answers {}", async () => {
    const answer = await answerHook({ tool: "claude", event: "SessionStart", stdin } as never);
    expect(answer).toEqual({ stdout: "{}\n", issues: [], parts: [] });
  });
});
