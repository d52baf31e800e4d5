/**
 * Each doctor problem code's severity and fix: one table, the same line in `--json`, the text and
 * the page.
 */
import { describe, expect, it } from "vitest";
import { doctorTable } from "../../src/cli/doctor-table.js";
import { doctorHtml } from "../../src/doctor/html.js";
import { DOCTOR_PROBLEM_ADVICE } from "../../src/doctor/problems.js";
import { DOCTOR_PROBLEM_CODES } from "../../src/doctor/report.js";
import { SAMPLE_REPORT } from "./report-sample.js";

describe("DOCTOR_PROBLEM_ADVICE", () => {
  it("gives every problem code a severity and a one-line fix, and no other code", () => {
    expect(Object.keys(DOCTOR_PROBLEM_ADVICE)).toEqual([...DOCTOR_PROBLEM_CODES]);
    for (const code of DOCTOR_PROBLEM_CODES) {
      const { severity, fix } = DOCTOR_PROBLEM_ADVICE[code];
      expect(["error", "warning", "info"]).toContain(severity);
      expect(fix).toMatch(/^[A-Z].{20,140}\.$/);
      expect(fix).not.toContain("\n");
    }
  });

  it("an informational untrusted is not an error; an unreadable file is", () => {
    expect(DOCTOR_PROBLEM_ADVICE.untrusted.severity).toBe("info");
    expect(DOCTOR_PROBLEM_ADVICE.unreadable.severity).toBe("error");
    expect(DOCTOR_PROBLEM_ADVICE.duplicate_content.severity).toBe("warning");
  });

  it("the text prints each problem, most pressing first, with its severity and the JSON's fix", () => {
    const lines = doctorTable(SAMPLE_REPORT);
    const at = lines.indexOf("4 problems:");
    expect(lines.slice(at)).toEqual([
      "4 problems:",
      "  error over_client_limit (codex): packages/api/AGENTS.md is cut at byte 12288: 8192 bytes never reach Codex CLI.",
      `    fix: ${DOCTOR_PROBLEM_ADVICE.over_client_limit.fix}`,
      "  error hook_over_limit (claude): SessionStart would inject 12400 characters, over Claude Code's 10000 <inline> limit.",
      `    fix: ${DOCTOR_PROBLEM_ADVICE.hook_over_limit.fix}`,
      "  warning shadowed (claude): AGENTS.md is not read: CLAUDE.md takes its place.",
      `    fix: ${DOCTOR_PROBLEM_ADVICE.shadowed.fix}`,
      "  info untrusted (claude): Claude Code asks before it starts a server of the project's .mcp.json: files",
      `    fix: ${DOCTOR_PROBLEM_ADVICE.untrusted.fix}`,
    ]);
  });

  it("the page shows each problem's fix under it, in a list of its severity", () => {
    const page = doctorHtml(SAMPLE_REPORT);
    for (const problem of SAMPLE_REPORT.problems) {
      expect(page).toContain(`data-code="${problem.code}" data-severity="${problem.severity}"`);
      expect(page).toContain(`<p class="fix">Fix: ${problem.fix.replaceAll("'", "&apos;")}</p>`);
    }
  });
});
