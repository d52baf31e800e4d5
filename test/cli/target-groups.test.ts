/**
 * The CLI's words for what targets get none of: with `--to all` on biandeshen/claude-code-init's
 * shape (ten skills, a Claude Code hook; test/fixtures/real-hooks/SOURCES.md), one line per
 * reason and set of items naming every target, not one per item and target; the library's
 * warnings stay one per item.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { groupedByTarget, namedPaths } from "../../src/cli/target-groups.js";
import { SYNC_KINDS, SYNC_TOOLS } from "../../src/sync/locations.js";
import { planChanges } from "../../src/sync/plan.js";
import { Project } from "../../src/workspace/project.js";
import { WrittenRecord } from "../../src/workspace/record.js";
import { project } from "./project-dir.js";

const SKILLS = [
  "brainstorming",
  "code-explain",
  "code-review",
  "error-fix",
  "git-commit",
  "project-init",
  "project-validate",
  "router",
  "safe-refactoring",
  "tdd-workflow",
];

function claudeCodeInit() {
  const files: Record<string, string> = {
    ".claude/settings.json": readFileSync(
      new URL("../fixtures/real-hooks/claude-code-init/settings.json", import.meta.url),
      "utf8",
    ),
    "CLAUDE.md": "# claude-code-init\n\nRead SOUL.md first.\n",
  };
  for (const name of SKILLS) {
    files[`.claude/skills/${name}/SKILL.md`] =
      `---\nname: ${name}\ndescription: The ${name} workflow.\n---\n\n# ${name}\n`;
  }
  return project(files);
}

const line = (issue: { code: string; path?: string; message: string }) =>
  `${issue.code}${issue.path ? ` at ${issue.path}` : ""}: ${issue.message}`;

describe("sync --to all on claude-code-init", () => {
  const dir = claudeCodeInit();
  const p = Project.at(dir);
  const plan = planChanges({
    project: p,
    record: WrittenRecord.read(p),
    from: "claude",
    to: SYNC_TOOLS.filter((tool) => tool !== "claude"),
    kinds: [...SYNC_KINDS],
  });
  const warnings = [...plan.warnings, ...plan.files.flatMap((file) => file.warnings)];
  const lines = groupedByTarget(warnings).map(line);

  it("ten skills missing from three targets for one reason are one line naming them all", () => {
    expect(lines).toContain(
      "unsupported_kind: not written for zed, junie: each has no project skill folder: 10 items: .claude/skills/{brainstorming, code-explain, code-review, error-fix, git-commit, project-init, project-validate, router, safe-refactoring, tdd-workflow}/SKILL.md",
    );
    expect(lines.filter((l) => l.includes("/SKILL.md") && l.includes("not written")).length).toBe(
      3,
    );
  });

  it("a hook no target of a dozen has a place for is one line", () => {
    const hook = lines.filter((l) => l.includes("no project place for this kind"));
    expect(hook).toHaveLength(1);
    expect(hook[0]).toMatch(
      /^unsupported_kind: not written for pi, continue, .*firebender: each has no project place for this kind: 2 items: \.claude\/settings\.json: hooks\.PreToolUse\[0\], \.claude\/settings\.json: hooks\.PostToolUse\[0\]$/,
    );
  });

  it("far fewer lines than warnings; the library keeps one warning per item and target", () => {
    const missed = warnings.filter((w) => /^not (written for|synced to) /.test(w.message));
    expect(missed.length).toBeGreaterThanOrEqual(50);
    expect(lines.length).toBeLessThanOrEqual(warnings.length - missed.length + 12);
  });
});

describe("naming paths short", () => {
  it("folders shared at the start and end are said once; nothing shared: each in full", () => {
    expect(namedPaths([".claude/skills/a/SKILL.md", ".claude/skills/bb/SKILL.md"])).toBe(
      ".claude/skills/{a, bb}/SKILL.md",
    );
    expect(namedPaths(["a.md", "b.md"])).toBe("a.md, b.md");
    expect(namedPaths(["x/a", "x/ab"])).toBe("x/{a, ab}");
    expect(namedPaths(["one"])).toBe("one");
    expect(namedPaths(["a/s.json: x[0]", "a/s.json: y[0]"])).toBe("a/s.json: x[0], a/s.json: y[0]");
  });
});
