/**
 * Never into itself, never through a source: an instruction file that imports another
 * (`CLAUDE.md` = `@AGENTS.md`) makes that file a shared source, never copied into itself or into
 * a file that imports it; a target place that is the source's own file through a link is the
 * same place, left as it is, with or without `force`.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { applyPlan, doctor, planSync, type SyncTool } from "contextfmt/sync";
import { describe, expect, it } from "vitest";
import { project, tree } from "../cli/project-dir.js";

const AGENTS = "# Agents\n\nRun `npm test` before a commit.\n";
const read = (dir: string, path: string) => readFileSync(join(dir, path), "utf8");

/** Syncs, then checks a second sync changes nothing. */
function syncTwice(dir: string, from: SyncTool, to: SyncTool[], force = false): void {
  applyPlan(planSync({ dir, from, to }), { force });
  const again = planSync({ dir, from, to });
  expect(again.changed.map((file) => file.path)).toEqual([]);
  expect(again.conflicts).toEqual([]);
}

/** The doctor's duplicate_content problems, as their messages. */
async function duplicates(dir: string): Promise<string[]> {
  const report = await doctor({ dir });
  return report.problems
    .filter((problem) => problem.code === "duplicate_content")
    .map((problem) => problem.message);
}

describe("an instruction file that only imports AGENTS.md", () => {
  for (const pointer of ["@AGENTS.md\n", "See @AGENTS.md\n", "- Read @AGENTS.md first.\n"]) {
    it(`${JSON.stringify(pointer)}: AGENTS.md is the shared source, not appended into itself`, async () => {
      const dir = project({ "CLAUDE.md": pointer, "AGENTS.md": AGENTS });
      const to: SyncTool[] = ["codex", "opencode", "cursor", "cline", "kilo", "gemini", "qwen"];
      const plan = planSync({ dir, from: "claude", to });
      // Nothing for the targets that read AGENTS.md (Qwen Code reads it beside QWEN.md);
      // GEMINI.md gets what it got before.
      expect(plan.changed.map((file) => file.path)).toEqual(["GEMINI.md"]);
      syncTwice(dir, "claude", to);
      expect(read(dir, "AGENTS.md")).toBe(AGENTS);
      expect(read(dir, "CLAUDE.md")).toBe(pointer);
      expect(await duplicates(dir)).toEqual([]);
    });
  }

  /** The not_carried warnings of a sync from Claude Code to Codex CLI, as their messages. */
  const notCarried = (dir: string) =>
    planSync({ dir, from: "claude", to: ["codex"] })
      .warnings.filter((issue) => issue.code === "not_carried")
      .map((issue) => `${issue.path}: ${issue.message}`);
  const SAID =
    "CLAUDE.md: its own text is not written into AGENTS.md, which it imports: Claude Code would read it twice; Codex CLI reads AGENTS.md alone (move the text into AGENTS.md to share it)";

  it("with its own text: nothing goes into the AGENTS.md it imports (Claude Code would read it twice), and that is said", async () => {
    const dir = project({
      "CLAUDE.md": "Claude only: answer in French.\n\n@AGENTS.md\n",
      "AGENTS.md": AGENTS,
    });
    expect(notCarried(dir)).toEqual([SAID]);
    syncTwice(dir, "claude", ["codex"]);
    expect(read(dir, "AGENTS.md")).toBe(AGENTS);
    expect(await duplicates(dir)).toEqual([]);
  });

  it("a line with more to say than the pointer: not written into AGENTS.md either, and said", () => {
    const line = "Follow the conventions of @AGENTS.md and keep every public function documented.";
    const dir = project({ "CLAUDE.md": `${line}\n`, "AGENTS.md": AGENTS });
    expect(notCarried(dir)).toEqual([SAID]);
    syncTwice(dir, "claude", ["codex"]);
    expect(read(dir, "AGENTS.md")).toBe(AGENTS);
  });

  it("what AGENTS.md imports is its own, and what CLAUDE.md imports beside it is said to stay Claude Code's", () => {
    const dir = project({
      "CLAUDE.md": "@AGENTS.md\n@docs/style.md\n",
      "AGENTS.md": `${AGENTS}\n@docs/testing.md\n`,
      "docs/style.md": "Style: tabs.\n",
      "docs/testing.md": "Testing: vitest.\n",
    });
    // What AGENTS.md imports reaches Claude Code alone: Codex CLI reads the line as text.
    expect(notCarried(dir)).toEqual([
      "docs/testing.md: not carried to codex: AGENTS.md imports it, which Claude Code follows and Codex CLI does not; nothing is written into AGENTS.md, which Claude Code reads already (put its text into AGENTS.md to share it)",
      SAID,
    ]);
    syncTwice(dir, "claude", ["codex"]);
    expect(read(dir, "AGENTS.md")).toBe(`${AGENTS}\n@docs/testing.md\n`);
  });

  it("a region an earlier sync wrote into the AGENTS.md CLAUDE.md imports is taken out", () => {
    const region =
      "\n<!-- contextfmt:begin -->\n<!-- contextfmt:instructions -->\nClaude only: answer in French.\n<!-- contextfmt:end -->\n";
    const dir = project({ "CLAUDE.md": "Claude only: answer in French.\n", "AGENTS.md": AGENTS });
    syncTwice(dir, "claude", ["codex"]);
    expect(read(dir, "AGENTS.md")).toBe(`${AGENTS}${region}`);
    // The user makes CLAUDE.md import AGENTS.md: the next sync takes its copy out again.
    writeFileSync(join(dir, "CLAUDE.md"), "Claude only: answer in French.\n\n@AGENTS.md\n");
    const plan = planSync({ dir, from: "claude", to: ["codex"] });
    expect(plan.changed[0]?.warnings.map((issue) => issue.message)).toEqual([
      "the contextfmt region taken out: the source CLAUDE.md imports AGENTS.md",
    ]);
    syncTwice(dir, "claude", ["codex"]);
    expect(read(dir, "AGENTS.md")).toBe(AGENTS);
  });
});

describe("a target whose file imports the source's", () => {
  it("--from opencode --to claude: nothing of AGENTS.md goes into the CLAUDE.md that imports it", () => {
    const dir = project({ "CLAUDE.md": "@AGENTS.md\n", "AGENTS.md": AGENTS });
    const before = tree(dir);
    const plan = planSync({ dir, from: "opencode", to: ["claude"] });
    expect(plan.changed).toEqual([]);
    syncTwice(dir, "opencode", ["claude"]);
    expect(tree(dir)).toEqual({ ...before, ".contextfmt/written.json": expect.any(String) });
  });

  it("--from codex --to gemini: GEMINI.md importing AGENTS.md gets none of its text", () => {
    const dir = project({ "GEMINI.md": "Gemini notes.\n\n@./AGENTS.md\n", "AGENTS.md": AGENTS });
    syncTwice(dir, "codex", ["gemini"]);
    expect(read(dir, "GEMINI.md")).toBe("Gemini notes.\n\n@./AGENTS.md\n");
  });
});

describe("a target place that is the source's own through a link", () => {
  const SKILL = "---\nname: x\ndescription: Does x\nallowed-tools: Bash(git:*)\n---\nDo x.\n";
  const COMMAND =
    "---\ndescription: Review\nallowed-tools: Bash(git diff:*)\nargument-hint: [file]\n---\nReview $ARGUMENTS.\n";

  it(".claude/skills/x -> ../../.agents/skills/x, --to codex: the same place, nothing written", () => {
    const dir = project(
      { ".agents/skills/x/SKILL.md": SKILL, ".agents/skills/x/run.sh": "echo x\n" },
      { ".claude/skills/x": "../../.agents/skills/x" },
    );
    const plan = planSync({ dir, from: "claude", to: ["codex"] });
    expect({ changed: plan.changed, conflicts: plan.conflicts }).toEqual({
      changed: [],
      conflicts: [],
    });
    expect(plan.warnings).toEqual([
      expect.objectContaining({
        code: "same_file",
        severity: "info",
        path: ".agents/skills/x/SKILL.md",
      }),
    ]);
    const before = tree(dir);
    syncTwice(dir, "claude", ["codex"], true);
    expect(read(dir, ".agents/skills/x/SKILL.md")).toBe(SKILL);
    expect(tree(dir)).toEqual({ ...before, ".contextfmt/written.json": expect.any(String) });
  });

  it(".cursor/commands -> ../.claude/commands, --to cursor --force: the source's front matter stays", () => {
    const dir = project(
      { ".claude/commands/review.md": COMMAND },
      { ".cursor/commands": "../.claude/commands" },
    );
    const plan = planSync({ dir, from: "claude", to: ["cursor"] });
    expect({ changed: plan.changed, conflicts: plan.conflicts }).toEqual({
      changed: [],
      conflicts: [],
    });
    syncTwice(dir, "claude", ["cursor"], true);
    expect(read(dir, ".claude/commands/review.md")).toBe(COMMAND);
  });
});
