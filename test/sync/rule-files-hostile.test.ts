/**
 * The `rule-file` kind in a hostile clone: a rules folder linked out of the project or into
 * `.git` is refused and nothing is written through it; a rule file the user wrote by hand is never
 * replaced.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { applyPlan, planSync, type SyncTool } from "contextfmt/sync";
import { describe, expect, it } from "vitest";
import { project } from "../cli/project-dir.js";

const CLAUDE = {
  ".git/HEAD": "ref: refs/heads/main\n",
  "CLAUDE.md": "# Shop\n",
  ".claude/rules/style.md": "# Style\n\n- Tabs, not spaces.\n",
};

/** Plans and applies to `to`; what was thrown (a refusal), if anything. */
function trySync(dir: string, to: SyncTool = "cursor"): unknown {
  try {
    applyPlan(planSync({ dir, from: "claude", to: [to], kinds: ["rule-file"] }));
    return undefined;
  } catch (error) {
    return error;
  }
}

describe("rule files in a hostile clone", () => {
  // Each client's rules folder, the ones known from documentation too.
  const FOLDERS: [SyncTool, string][] = [
    ["cursor", ".cursor/rules"],
    ["windsurf", ".windsurf/rules"],
    ["kiro", ".kiro/steering"],
    ["roo", ".roo/rules"],
    ["amazonq", ".amazonq/rules"],
    ["antigravity", ".agents/rules"],
    ["firebender", ".firebender/rules"],
  ];

  it.each(FOLDERS)(
    "%s: its %s linked out of the project: refused by name, nothing written outside",
    (to, folder) => {
      const outside = mkdtempSync(join(tmpdir(), "contextfmt-outside-"));
      const dir = project(CLAUDE, { [folder]: outside });
      const error = trySync(dir, to);
      expect(String(error)).toContain(folder);
      expect(readdirSync(outside)).toEqual([]);
    },
  );

  it.each(FOLDERS)("%s: its %s linked into .git: refused, .git gains nothing", (to, folder) => {
    // The link's target is relative to the folder it sits in: up to the root, then into .git.
    const up = "../".repeat(folder.split("/").length - 1);
    const dir = project(CLAUDE, { [folder]: `${up}.git/hooks` });
    mkdirSync(join(dir, ".git/hooks"), { recursive: true });
    const error = trySync(dir, to);
    expect(String(error)).toContain(folder);
    expect(readdirSync(join(dir, ".git/hooks"))).toEqual([]);
  });

  it("a rule file the user wrote by hand is a conflict, kept byte for byte", () => {
    const own = "---\nalwaysApply: true\n---\nMine.\n";
    const dir = project({ ...CLAUDE, ".cursor/rules/style.mdc": own });
    const plan = planSync({ dir, from: "claude", to: ["cursor"], kinds: ["rule-file"] });
    expect(plan.conflicts).toEqual([".cursor/rules/style.mdc"]);
    expect(() => applyPlan(plan)).toThrow();
    expect(readFileSync(join(dir, ".cursor/rules/style.mdc"), "utf8")).toBe(own);
    expect(existsSync(join(dir, ".contextfmt/written.json"))).toBe(false);
  });
});
