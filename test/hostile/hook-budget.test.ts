/**
 * The hook names the budget that was in use: with more absolute rules than Claude Code takes
 * inline (101 of 200 rules, about 200 characters each), no budget can help, so the context at
 * the default budget of 2,000 is cut to the limit at a line, the issues say so, and none says
 * "the budget is 0".
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contextfmt } from "../cli/run-bin.js";
import { hookInputs } from "../fixtures/hook-inputs.js";

describe("contextfmt hook: required context over the inline limit", () => {
  it("reports budget_exceeded against the budget in use (2000), and over_hook_limit", () => {
    const dir = mkdtempSync(join(tmpdir(), "contextfmt-budget-"));
    const rules = Array.from({ length: 200 }, (_, index) => ({
      name: `rule_${index}`,
      rule: "Keep each change small, reviewed and covered by tests before it is merged. ".repeat(3),
      category: "behavior",
      authority: index < 101 ? "absolute" : "default",
    }));
    const file = join(dir, "rules.json");
    writeFileSync(file, JSON.stringify(rules));
    const { stdout, stderr, status } = contextfmt(
      ["hook", "claude", "session-start", "--rules", file, "--now", "2026-01-25T10:00:00Z"],
      JSON.stringify(hookInputs.claude.SessionStart),
    );
    expect(status).toBe(0);
    const context: string = JSON.parse(stdout).hookSpecificOutput.additionalContext;
    expect(context.length).toBeLessThanOrEqual(10_000);
    expect(context.match(/^- \*\*rule_/gm)?.length).toBeGreaterThan(35);
    expect(context).toMatch(/more characters cut here/);
    expect(stderr).toMatch(/budget_exceeded.*the budget is 2000\b/);
    expect(stderr).not.toMatch(/the budget is 0\b/);
    expect(stderr).toMatch(/over_hook_limit.*cut \d+ characters/);
  });
});
