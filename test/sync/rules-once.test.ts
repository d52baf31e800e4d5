/**
 * The rules (the `rules` kind, rendered in each target's rules format) reach each target once:
 * they go into the fewest instruction files that make every target of the run load them, by
 * the same trial as the source's text; a client whose own rules read two of those files loads
 * them twice, named in a warning; a file that would hold only the rules where its client reads
 * them from another is not written; and the source client is not told it misses lines of a
 * file that holds only the rules for another client. Real files in temp projects.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { applyPlan, doctor, planSync, type SyncKind } from "contextfmt/sync";
import { describe, expect, it } from "vitest";
import type { Issue } from "../../src/problems/issue.js";
import { clientFiles } from "../../src/sync/loads/files.js";
import { ProjectView } from "../../src/sync/loads/view.js";
import { SYNC_TOOLS, type SyncTool } from "../../src/sync/locations.js";
import { defaultCounter } from "../../src/tokens/heuristic.js";
import { Project } from "../../src/workspace/project.js";
import { project, tree } from "../cli/project-dir.js";

const RULE = "Run the linter before every commit";
const RULES = {
  rules: [{ name: "lint", rule: RULE, category: "behavior", authority: "absolute" }],
};
const NOTES = "# Notes\n\nKeep every change small, and have a second person review it.\n";
const ALL_BUT_CLAUDE = SYNC_TOOLS.filter((tool) => tool !== "claude");

/** Plans and writes one sync through the library entry: what changed, and every warning. */
function sync(
  dir: string,
  from: SyncTool | undefined,
  to: readonly SyncTool[],
  kinds: readonly SyncKind[],
) {
  const plan = planSync({ dir, ...(from === undefined ? {} : { from }), to, kinds, rules: RULES });
  expect(plan.conflicts).toEqual([]);
  applyPlan(plan);
  const warnings: Issue[] = [...plan.warnings, ...plan.files.flatMap((file) => file.warnings)];
  return { changed: plan.changed.map((file) => file.path), warnings };
}

/** The files `client` loads at the root that hold the rules. */
function rulesLoaded(dir: string, client: SyncTool): string[] {
  const view = new ProjectView(Project.at(dir), "");
  return clientFiles(view, client, defaultCounter)
    .kept.filter((file) => file.text.includes(RULE))
    .map((file) => file.path);
}

/** The `loaded_twice` warnings, each as `path: message`. */
const twice = (warnings: readonly Issue[]) =>
  warnings
    .filter((warning) => warning.code === "loaded_twice")
    .map((warning) => `${warning.path}: ${warning.message}`);

/** doctor's problems for `clients` but the trust gates, each as `code client path`. */
async function problems(dir: string, clients: readonly SyncTool[]): Promise<string[]> {
  const report = await doctor({ dir, clients });
  return report.problems
    .filter((problem) => problem.code !== "untrusted")
    .map((problem) => `${problem.code} ${problem.client} ${problem.path}`);
}

/** The project's files but the record, which names the last request. */
function files(dir: string): Record<string, string> {
  const { ".contextfmt/written.json": _record, ...rest } = tree(dir);
  return rest;
}

describe("the rules, loaded once", () => {
  it("--from claude --to all: AGENTS.md and GEMINI.md hold them, no QWEN.md or copilot-instructions.md; Copilot CLI reads them twice, named", async () => {
    const dir = project({ "CLAUDE.md": NOTES });
    const { warnings } = sync(dir, "claude", ALL_BUT_CLAUDE, ["instructions", "rules"]);
    const files = tree(dir);
    expect(Object.keys(files).filter((path) => files[path]?.includes(RULE))).toEqual([
      "AGENTS.md",
      "GEMINI.md",
    ]);
    expect(existsSync(join(dir, "QWEN.md"))).toBe(false);
    expect(existsSync(join(dir, ".github/copilot-instructions.md"))).toBe(false);
    for (const tool of ALL_BUT_CLAUDE) {
      expect(rulesLoaded(dir, tool), tool).toEqual(
        tool === "copilot"
          ? ["AGENTS.md", "GEMINI.md"]
          : tool === "antigravity"
            ? ["GEMINI.md", "AGENTS.md"]
            : tool === "gemini"
              ? ["GEMINI.md"]
              : ["AGENTS.md"],
      );
    }
    expect(twice(warnings).filter((line) => line.includes("the rules"))).toEqual([
      "AGENTS.md: GitHub Copilot CLI reads each of AGENTS.md, GEMINI.md, so the rules reach it twice (AGENTS.md is for Codex CLI, OpenCode, Cursor, Cline, Kilo Code, Pi, Continue CLI, Windsurf, Roo Code, Kiro, Goose, Amazon Q Developer, Warp, Antigravity, OpenHands, Firebender; GEMINI.md is for Gemini CLI)",
      // Antigravity reads GEMINI.md beside AGENTS.md, as its documentation says.
      "GEMINI.md: Antigravity reads each of GEMINI.md, AGENTS.md, so the rules reach it twice (GEMINI.md is for Gemini CLI; AGENTS.md is for Codex CLI, OpenCode, Cursor, Cline, Kilo Code, Pi, Continue CLI, Windsurf, Roo Code, Kiro, Goose, Amazon Q Developer, Warp, OpenHands, Firebender)",
    ]);
    // The text's own second copy for Copilot CLI is the one doctor names; nothing else.
    expect(await problems(dir, ["claude", ...ALL_BUT_CLAUDE])).toEqual([
      "duplicate_content copilot CLAUDE.md",
    ]);
  });

  it("--from claude --to codex --only rules: Claude Code, the source, is not told it misses the lines of an AGENTS.md that holds only the rules", async () => {
    const dir = project({ "CLAUDE.md": NOTES });
    sync(dir, "claude", ["codex"], ["rules"]);
    expect(tree(dir)["AGENTS.md"]).toContain(RULE);
    expect(tree(dir)["AGENTS.md"]).not.toContain("Keep every change small");
    expect(await problems(dir, ["claude", "codex"])).toEqual([]);
  });

  it("--only rules after a full sync changes no byte, and again after one without the rules", () => {
    const full = project({ "CLAUDE.md": NOTES });
    sync(full, "claude", ALL_BUT_CLAUDE, ["instructions", "rules", "command"]);
    const written = files(full);
    expect(sync(full, "claude", ALL_BUT_CLAUDE, ["rules"]).changed).toEqual([]);
    expect(files(full)).toEqual(written);

    const later = project({ "CLAUDE.md": NOTES });
    sync(later, "claude", ALL_BUT_CLAUDE, ["instructions", "command"]);
    sync(later, "claude", ALL_BUT_CLAUDE, ["rules"]);
    const withRules = files(later);
    expect(sync(later, "claude", ALL_BUT_CLAUDE, ["rules"]).changed).toEqual([]);
    expect(files(later)).toEqual(withRules);
    expect(rulesLoaded(later, "copilot")).toEqual(["AGENTS.md", "GEMINI.md"]);
    // The instructions again: with the rules in their two formats, AGENTS.md and GEMINI.md are
    // no longer the same text to Copilot CLI, so GEMINI.md now imports CLAUDE.md (a run of the
    // rules alone leaves the instructions as they are); from then on each run changes nothing.
    expect(sync(later, "claude", ALL_BUT_CLAUDE, ["instructions", "command"]).changed).toEqual([
      "GEMINI.md",
    ]);
    const settled = files(later);
    expect(sync(later, "claude", ALL_BUT_CLAUDE, ["instructions", "command"]).changed).toEqual([]);
    expect(sync(later, "claude", ALL_BUT_CLAUDE, ["rules"]).changed).toEqual([]);
    expect(files(later)).toEqual(settled);
    expect(rulesLoaded(later, "copilot")).toEqual(["AGENTS.md", "GEMINI.md"]);
    expect(rulesLoaded(later, "qwen")).toEqual(["AGENTS.md"]);
  });

  it("a target whose only file would hold only the rules gets none: Qwen Code and Claude Code read them from AGENTS.md; a QWEN.md an earlier run made for them is taken out", () => {
    const dir = project({ "AGENTS.md": "# Guide\n" });
    sync(dir, undefined, ["qwen"], ["rules"]);
    expect(tree(dir)["QWEN.md"]).toContain(RULE);
    const { warnings } = sync(dir, undefined, ["claude", "codex", "qwen"], ["rules"]);
    expect(Object.keys(tree(dir)).filter((path) => path.endsWith(".md"))).toEqual(["AGENTS.md"]);
    expect(warnings.filter((warning) => warning.code === "removed")).toEqual([
      {
        code: "removed",
        severity: "info",
        path: "QWEN.md",
        message: "the contextfmt region taken out: Qwen Code loads the rules without it",
      },
    ]);
    for (const tool of ["claude", "codex", "qwen"] as const) {
      expect(rulesLoaded(dir, tool), tool).toEqual(["AGENTS.md"]);
    }
  });
});
