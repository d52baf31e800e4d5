/**
 * Sync plans from what each client loads: after a sync, each target client loads each source
 * instruction text and each skill once, by its own loading rules (the doctor's model, a session
 * at the project's root), and sync writes nothing a target reads already. Where a client's own
 * rules read two of the files other targets need, one loaded_twice warning names it. Planned
 * in process and written through the bin's writer, on real files in temp projects.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { applyPlan, planSync } from "contextfmt/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Issue } from "../../src/problems/issue.js";
import { clientFiles } from "../../src/sync/loads/files.js";
import { clientItems } from "../../src/sync/loads/items.js";
import { ProjectView } from "../../src/sync/loads/view.js";
import {
  RULES_FILES,
  SYNC_TOOL_PLACES,
  SYNC_TOOLS,
  type SyncKind,
  type SyncTool,
} from "../../src/sync/locations.js";
import { planChanges } from "../../src/sync/plan.js";
import { defaultCounter } from "../../src/tokens/heuristic.js";
import { Project } from "../../src/workspace/project.js";
import { WrittenRecord } from "../../src/workspace/record.js";
import { project, tree } from "../cli/project-dir.js";
import { writePlan } from "./write-plan.js";

const KINDS: SyncKind[] = ["instructions", "skill", "command"];

/** Plans and writes one sync as the bin does; returns the plan and every warning of it. */
function sync(dir: string, from: SyncTool, to: SyncTool[], kinds: SyncKind[] = KINDS) {
  const p = Project.at(dir);
  const record = WrittenRecord.read(p);
  const plan = planChanges({ project: p, record, from, to, kinds });
  expect(plan.conflicts).toEqual([]);
  const { changed } = writePlan(p, plan, record);
  const warnings: Issue[] = [...plan.warnings, ...plan.files.flatMap((file) => file.warnings)];
  return { plan, changed: changed.map((file) => file.path), warnings };
}

const NOTES = "# Team notes\n\nUse pnpm, never npm.\n";

/** A GEMINI.md with a line of the user's own. */
const GEMINI_OWN = "Gemini CLI only: prefer the flash model for quick answers.\n";
const SKILL = "---\nname: pdf\ndescription: Fill PDF forms\n---\nUse the form filler.\n";
const REVIEW = "---\ndescription: Review\n---\nReview the diff.\n";

/** How many of the files `client` loads at the root hold `line`. */
function copiesLoaded(dir: string, client: SyncTool, line: string): string[] {
  const view = new ProjectView(Project.at(dir), "");
  return clientFiles(view, client, defaultCounter)
    .kept.filter((file) => file.text.split("\n").includes(line))
    .map((file) => file.path);
}

/** The skills named `name` that `client` finds, in every folder it reads. */
function skillsFound(dir: string, client: SyncTool, name: string): string[] {
  const view = new ProjectView(Project.at(dir), "");
  return clientItems(view, client, "skill", [])
    .filter((item) => item.name === name)
    .map((item) => item.path);
}

const twice = (warnings: readonly Issue[]) =>
  warnings.filter((w) => w.code === "loaded_twice").map((w) => `${w.path}: ${w.message}`);

describe("instructions: nothing for a target that loads them already", () => {
  it("--from claude --to codex,copilot: nothing into .github/copilot-instructions.md; Copilot CLI's two reads named once", () => {
    const dir = project({ "CLAUDE.md": NOTES });
    const { changed, warnings } = sync(dir, "claude", ["codex", "copilot"], ["instructions"]);
    expect(changed).toEqual(["AGENTS.md"]);
    expect(existsSync(join(dir, ".github/copilot-instructions.md"))).toBe(false);
    expect(twice(warnings)).toEqual([
      "AGENTS.md: GitHub Copilot CLI reads each of AGENTS.md, CLAUDE.md, so the instructions of CLAUDE.md reach it twice (AGENTS.md is for Codex CLI; CLAUDE.md is the source)",
    ]);
    expect(copiesLoaded(dir, "copilot", "Use pnpm, never npm.")).toEqual([
      "AGENTS.md",
      "CLAUDE.md",
    ]);
    expect(copiesLoaded(dir, "codex", "Use pnpm, never npm.")).toEqual(["AGENTS.md"]);
  });

  it("--from claude --to codex,gemini,copilot: AGENTS.md and GEMINI.md written alike reach Copilot CLI once between them: twice with CLAUDE.md, not 3 times", () => {
    const dir = project({ "CLAUDE.md": NOTES });
    const { warnings } = sync(dir, "claude", ["codex", "gemini", "copilot"], ["instructions"]);
    expect(twice(warnings)).toEqual([
      "AGENTS.md: GitHub Copilot CLI reads each of AGENTS.md, CLAUDE.md, so the instructions of CLAUDE.md reach it twice (AGENTS.md is for Codex CLI; CLAUDE.md is the source)",
    ]);
    expect(copiesLoaded(dir, "copilot", "Use pnpm, never npm.")).toEqual([
      "AGENTS.md",
      "CLAUDE.md",
    ]);
  });

  it("CLAUDE.md = @AGENTS.md, --to codex,copilot: nothing written; Copilot CLI reads AGENTS.md itself and as CLAUDE.md's import, and the warning says so", () => {
    const agents = "# Agents\n\nUse pnpm, never npm.\n";
    const dir = project({ "CLAUDE.md": "@AGENTS.md\n", "AGENTS.md": agents });
    const { changed, warnings } = sync(dir, "claude", ["codex", "copilot"], ["instructions"]);
    expect(changed).toEqual([]);
    const withGemini = sync(dir, "claude", ["codex", "gemini", "copilot"], ["instructions"]);
    // GEMINI.md gets `@AGENTS.md` for Gemini CLI, an import Copilot CLI does not follow there.
    expect(withGemini.changed).toEqual(["GEMINI.md"]);
    expect(twice([...warnings, ...withGemini.warnings])).toEqual([
      "CLAUDE.md: GitHub Copilot CLI reads each of AGENTS.md, AGENTS.md (imported by CLAUDE.md), so the instructions of CLAUDE.md reach it twice (AGENTS.md is read in its own right; CLAUDE.md imports AGENTS.md)",
      "CLAUDE.md: GitHub Copilot CLI reads each of AGENTS.md, AGENTS.md (imported by CLAUDE.md), so the instructions of CLAUDE.md reach it twice (AGENTS.md is read in its own right; CLAUDE.md imports AGENTS.md)",
    ]);
    expect(copiesLoaded(dir, "copilot", "Use pnpm, never npm.")).toEqual([
      "AGENTS.md",
      "AGENTS.md",
    ]);
    expect(copiesLoaded(dir, "codex", "Use pnpm, never npm.")).toEqual(["AGENTS.md"]);
  });

  it("a nested pkg/CLAUDE.md --to codex,copilot: pkg/AGENTS.md is written for Codex CLI; Copilot CLI, which reads both in pkg/, is warned of it", () => {
    const dir = project({
      "CLAUDE.md": NOTES,
      "pkg/CLAUDE.md": "Keep pkg free of runtime dependencies.\n",
    });
    const { changed, warnings } = sync(dir, "claude", ["codex", "copilot"], ["instructions"]);
    expect(changed.sort()).toEqual(["AGENTS.md", "pkg/AGENTS.md"]);
    expect(twice(warnings)).toEqual([
      "AGENTS.md: GitHub Copilot CLI reads each of AGENTS.md, CLAUDE.md, so the instructions of CLAUDE.md reach it twice (AGENTS.md is for Codex CLI; CLAUDE.md is the source)",
      "pkg/AGENTS.md: GitHub Copilot CLI reads each of pkg/AGENTS.md, pkg/CLAUDE.md, so the instructions of pkg/CLAUDE.md reach it twice (pkg/AGENTS.md is for Codex CLI; pkg/CLAUDE.md is the source)",
    ]);
    const inPkg = new ProjectView(Project.at(dir), "pkg");
    const kept = clientFiles(inPkg, "copilot", defaultCounter).kept.map((file) => file.path);
    expect(kept).toEqual(["AGENTS.md", "CLAUDE.md", "pkg/AGENTS.md", "pkg/CLAUDE.md"]);
  });

  it("--from claude --to copilot alone writes nothing: Copilot CLI reads CLAUDE.md itself", () => {
    const dir = project({ "CLAUDE.md": NOTES });
    const { plan, changed, warnings } = sync(dir, "claude", ["copilot"], ["instructions"]);
    expect(changed).toEqual([]);
    expect(warnings).toEqual([]);
    expect(plan.loads).toEqual([
      {
        client: "copilot",
        before: { bytes: NOTES.length, tokens: expect.any(Number), items: 0 },
        after: { bytes: NOTES.length, tokens: expect.any(Number), items: 0 },
      },
    ]);
  });

  it("--from claude --to codex,qwen: QWEN.md is not written, Qwen Code reads the AGENTS.md written for Codex CLI", () => {
    const dir = project({ "CLAUDE.md": NOTES });
    expect(sync(dir, "claude", ["codex", "qwen"], ["instructions"]).changed).toEqual(["AGENTS.md"]);
    expect(existsSync(join(dir, "QWEN.md"))).toBe(false);
    expect(copiesLoaded(dir, "qwen", "Use pnpm, never npm.")).toEqual(["AGENTS.md"]);
  });

  it("OpenCode reads CLAUDE.md where there is no AGENTS.md: nothing written; with the user's own AGENTS.md, the region goes there", () => {
    const bare = project({ "CLAUDE.md": NOTES });
    expect(sync(bare, "claude", ["opencode"], ["instructions"]).changed).toEqual([]);
    const own = project({ "CLAUDE.md": NOTES, "AGENTS.md": "Our agents' notes.\n" });
    expect(sync(own, "claude", ["opencode"], ["instructions"]).changed).toEqual(["AGENTS.md"]);
    expect(copiesLoaded(own, "opencode", "Use pnpm, never npm.")).toEqual(["AGENTS.md"]);
  });

  it("a CLAUDE.md the user keeps equal to AGENTS.md (CRLF or not): --from codex --to claude writes nothing into it", () => {
    const dir = project({ "AGENTS.md": NOTES, "CLAUDE.md": NOTES.replace(/\n/g, "\r\n") });
    expect(sync(dir, "codex", ["claude", "copilot"], ["instructions"]).changed).toEqual([]);
    expect(tree(dir)["CLAUDE.md"]?.split("Use pnpm, never npm.").length).toBe(2);
    // A copy that differs is not the source's text: the region goes in.
    const edited = project({ "AGENTS.md": NOTES, "CLAUDE.md": `${NOTES}Claude only.\n` });
    expect(sync(edited, "codex", ["claude"], ["instructions"]).changed).toEqual(["CLAUDE.md"]);
  });

  it("what an earlier sync wrote that is now redundant is taken out by the next one, saying why", () => {
    const dir = project({ "CLAUDE.md": NOTES, ".claude/skills/pdf/SKILL.md": SKILL });
    // Each alone first: QWEN.md and Gemini CLI's own copy of the skill are needed then.
    sync(dir, "claude", ["qwen"]);
    sync(dir, "claude", ["gemini"]);
    expect(existsSync(join(dir, "QWEN.md"))).toBe(true);
    expect(existsSync(join(dir, ".gemini/skills/pdf/SKILL.md"))).toBe(true);
    const { plan, changed } = sync(dir, "claude", ["codex", "gemini", "qwen"]);
    expect(changed.sort()).toEqual([
      ".agents/skills/pdf/SKILL.md",
      ".gemini/skills/pdf/SKILL.md",
      "AGENTS.md",
      "QWEN.md",
    ]);
    expect(existsSync(join(dir, "QWEN.md"))).toBe(false);
    expect(existsSync(join(dir, ".gemini/skills/pdf"))).toBe(false);
    const notes = plan.files.flatMap((file) => file.warnings.map((w) => `${w.path}: ${w.message}`));
    expect(notes).toContain(
      "QWEN.md: the contextfmt region taken out: Qwen Code loads the instructions of CLAUDE.md without it",
    );
    expect(notes).toContain(
      ".gemini/skills/pdf/SKILL.md: the file taken out: Gemini CLI reads .agents/skills, where they are written for Codex CLI",
    );
    expect(sync(dir, "claude", ["codex", "gemini", "qwen"]).changed).toEqual([]);
  });
});

describe("skills: one copy where several targets read it", () => {
  it("--from claude to every target: the skill only in .agents/skills and the folders nobody else reads", () => {
    const dir = project({ ".claude/skills/pdf/SKILL.md": SKILL });
    const to = SYNC_TOOLS.filter((tool) => tool !== "claude");
    const { changed, warnings } = sync(dir, "claude", to, ["skill"]);
    // Gemini CLI, Cursor and Antigravity read .agents/skills; Copilot CLI, OpenCode, Kilo Code,
    // Goose and Warp read .claude/skills, the source's, itself.
    expect(changed.sort()).toEqual([
      ".agents/skills/pdf/SKILL.md",
      ".cline/skills/pdf/SKILL.md",
      ".firebender/skills/pdf/SKILL.md",
      ".kiro/skills/pdf/SKILL.md",
      ".qwen/skills/pdf/SKILL.md",
      ".roo/skills/pdf/SKILL.md",
      ".windsurf/skills/pdf/SKILL.md",
    ]);
    // Copilot CLI, OpenCode, Kilo Code, Goose and Warp read both .claude/skills and .agents/skills: named.
    expect(twice(warnings).map((line) => line.split(" reads ")[0])).toEqual([
      ".agents/skills: GitHub Copilot CLI",
      ".agents/skills: OpenCode",
      ".agents/skills: Kilo Code",
      ".agents/skills: Goose",
      ".agents/skills: Warp",
    ]);
  });

  it("commands as skills: none for Codex CLI where Gemini CLI offers them beside its own /review, warned; Copilot CLI reads Codex CLI's", () => {
    const dir = project({ ".claude/commands/review.md": REVIEW });
    const gemini = sync(dir, "claude", ["codex", "gemini"], ["command"]);
    expect(gemini.changed).toEqual([".gemini/commands/review.toml"]);
    expect(gemini.warnings.map((w) => `${w.code} ${w.path}: ${w.message}`)).toEqual([
      "item_skipped .claude/commands/review.md: not written for codex: Gemini CLI reads .agents/skills too, where a command written as a skill would be offered beside its own slash command of the same name",
    ]);
    const copilot = project({ ".claude/commands/review.md": REVIEW });
    expect(sync(copilot, "claude", ["codex", "copilot"], ["command"]).changed).toEqual([
      ".agents/skills/review/SKILL.md",
    ]);
    expect(skillsFound(copilot, "copilot", "review")).toEqual([".agents/skills/review/SKILL.md"]);
  });
});

/** A project of `from` with its instruction file and a skill, and the own files of `own`. */
const sourceProject = (from: SyncTool, own: readonly SyncTool[]) => {
  const files: Record<string, string> = {
    [RULES_FILES[from]]: `# ${from} notes\n\nSOURCE LINE of ${from}\n`,
  };
  const skills = SYNC_TOOL_PLACES[from].items.skill;
  if (skills?.readable) files[`${skills.dir}/pdf/SKILL.md`] = SKILL;
  for (const tool of own) {
    const path = RULES_FILES[tool];
    if (files[path] === undefined) files[path] = `Own notes of ${tool}\n`;
  }
  return files;
};

describe("property: each target loads each source text and skill once, as its own rules allow", () => {
  it("for random sources, targets and files of the targets' own", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SYNC_TOOLS),
        fc.subarray([...SYNC_TOOLS], { minLength: 1 }),
        fc.subarray([...SYNC_TOOLS]),
        (from, picked, own) => {
          const to = picked.filter((tool) => tool !== from);
          if (to.length === 0) return;
          const dir = project(sourceProject(from, own));
          const { warnings } = sync(dir, from, to, ["instructions", "skill"]);
          const named = twice(warnings).join("\n");
          const line = `SOURCE LINE of ${from}`;
          for (const tool of to) {
            const label = SYNC_TOOL_PLACES[tool].label;
            const copies = copiesLoaded(dir, tool, line);
            expect(copies.length, `${tool}: ${copies.join(", ")}`).toBeGreaterThanOrEqual(1);
            // More than one only where a loaded_twice warning names the client and the files.
            if (copies.length > 1) {
              expect(named).toContain(`${label} reads each of ${copies.join(", ")}`);
            }
            // (A target with no skill place, Amazon Q, Junie, Zed, OpenHands, is told so.)
            const holdsSkills = SYNC_TOOL_PLACES[tool].items.skill !== undefined;
            if (SYNC_TOOL_PLACES[from].items.skill?.readable && holdsSkills) {
              const found = skillsFound(dir, tool, "pdf");
              expect(found.length, `${tool}: ${found.join(", ")}`).toBeGreaterThanOrEqual(1);
              if (found.length > 1) expect(named).toContain(`${label} reads each of`);
            }
          }
          // A second sync changes nothing.
          const before = tree(dir);
          expect(sync(dir, from, to, ["instructions", "skill"]).changed).toEqual([]);
          expect(tree(dir)).toEqual(before);
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe("with the rules, every target's file is there after the sync", () => {
  it("OpenCode: the AGENTS.md the rules go into holds the instructions too (once there, it shadows CLAUDE.md)", () => {
    const dir = project({ "CLAUDE.md": NOTES });
    const rules = {
      rules: [
        { name: "lint", rule: "Run the linter", category: "behavior", authority: "absolute" },
      ],
    };
    const kinds: SyncKind[] = ["instructions", "rules"];
    applyPlan(planSync({ dir, from: "claude", to: ["opencode"], kinds, rules }));
    expect(copiesLoaded(dir, "opencode", "Use pnpm, never npm.")).toEqual(["AGENTS.md"]);
    expect(planSync({ dir, from: "claude", to: ["opencode"], kinds, rules }).changed).toEqual([]);
  });
});

describe("each thing loaded once: what the property over every pair found", () => {
  const RULES = {
    rules: [{ name: "lint", rule: "Run the linter", category: "behavior", authority: "absolute" }],
  };
  const LINE = "Use pnpm, never npm.";

  it("sync, then sync --only rules: OpenCode keeps loading CLAUDE.md's text, from the AGENTS.md the rules create", () => {
    const dir = project({ "CLAUDE.md": NOTES });
    expect(sync(dir, "claude", ["opencode"], ["instructions"]).changed).toEqual([]);
    const kinds: SyncKind[] = ["rules"];
    applyPlan(planSync({ dir, from: "claude", to: ["opencode"], kinds, rules: RULES }));
    expect(copiesLoaded(dir, "opencode", LINE)).toEqual(["AGENTS.md"]);
    expect(tree(dir)["AGENTS.md"]).toContain(`<!-- contextfmt:instructions -->\n${NOTES.trim()}\n`);
    expect(
      planSync({ dir, from: "claude", to: ["opencode"], kinds, rules: RULES }).changed,
    ).toEqual([]);
  });

  it("--to copilot,qwen with the rules: .github/copilot-instructions.md holds the rules alone, Copilot CLI loads the text once, from CLAUDE.md", () => {
    const dir = project({ "CLAUDE.md": NOTES });
    const kinds: SyncKind[] = ["instructions", "rules"];
    applyPlan(planSync({ dir, from: "claude", to: ["copilot", "qwen"], kinds, rules: RULES }));
    expect(tree(dir)[".github/copilot-instructions.md"]).not.toContain(LINE);
    expect(tree(dir)[".github/copilot-instructions.md"]).toContain("Run the linter");
    expect(copiesLoaded(dir, "copilot", LINE)).toEqual(["CLAUDE.md"]);
    expect(copiesLoaded(dir, "qwen", LINE)).toEqual(["QWEN.md"]);
  });

  it("--only rules takes no text to a target that did not load it (Codex CLI), nor out of one that did", () => {
    const dir = project({ "CLAUDE.md": NOTES });
    const kinds: SyncKind[] = ["rules"];
    applyPlan(planSync({ dir, from: "claude", to: ["codex"], kinds, rules: RULES }));
    expect(tree(dir)["AGENTS.md"]).not.toContain(LINE);
    const synced = project({ "CLAUDE.md": NOTES });
    sync(synced, "claude", ["codex"], ["instructions"]);
    applyPlan(planSync({ dir: synced, from: "claude", to: ["codex"], kinds, rules: RULES }));
    expect(copiesLoaded(synced, "codex", LINE)).toEqual(["AGENTS.md"]);
  });

  // GEMINI.md has a line of the user's own: not the same text as AGENTS.md, which Copilot CLI
  // would drop (two files written alike reach it once, a real-client fact).
  it("--from claude --to codex,gemini,copilot: GEMINI.md imports CLAUDE.md, so Copilot CLI reads the text twice, not three times", () => {
    const dir = project({ "CLAUDE.md": NOTES, "GEMINI.md": GEMINI_OWN });
    const { changed, warnings } = sync(
      dir,
      "claude",
      ["codex", "gemini", "copilot"],
      ["instructions"],
    );
    expect(changed).toEqual(["AGENTS.md", "GEMINI.md"]);
    expect(tree(dir)["GEMINI.md"]).toBe(
      `${GEMINI_OWN}\n<!-- contextfmt:begin -->\n<!-- contextfmt:instructions -->\n@CLAUDE.md\n<!-- contextfmt:end -->\n`,
    );
    expect(copiesLoaded(dir, "gemini", LINE)).toEqual(["CLAUDE.md"]);
    expect(copiesLoaded(dir, "copilot", LINE)).toEqual(["AGENTS.md", "CLAUDE.md"]);
    expect(twice(warnings)).toEqual([
      "AGENTS.md: GitHub Copilot CLI reads each of AGENTS.md, CLAUDE.md, so the instructions of CLAUDE.md reach it twice (AGENTS.md is for Codex CLI; CLAUDE.md is the source)",
    ]);
  });

  it("then --only rules: GEMINI.md keeps importing CLAUDE.md, and Copilot CLI is still said to read the text twice, and the rules twice", () => {
    const dir = project({ "CLAUDE.md": NOTES, "GEMINI.md": GEMINI_OWN });
    const to: SyncTool[] = ["codex", "gemini", "copilot"];
    sync(dir, "claude", to, ["instructions"]);
    const plan = planSync({ dir, from: "claude", to, kinds: ["rules"], rules: RULES });
    applyPlan(plan);
    expect(tree(dir)["GEMINI.md"]).toContain("<!-- contextfmt:instructions -->\n@CLAUDE.md\n");
    expect(copiesLoaded(dir, "copilot", LINE)).toEqual(["AGENTS.md", "CLAUDE.md"]);
    const warnings = [...plan.warnings, ...plan.files.flatMap((file) => file.warnings)];
    expect(twice(warnings).map((line) => line.split(" (")[0])).toEqual([
      "AGENTS.md: GitHub Copilot CLI reads each of AGENTS.md, CLAUDE.md, so the instructions of CLAUDE.md reach it twice",
      "AGENTS.md: GitHub Copilot CLI reads each of AGENTS.md, GEMINI.md, so the rules reach it twice",
    ]);
  });

  it("the source's own client is counted: Qwen Code reads the AGENTS.md written for Codex CLI beside its QWEN.md, named", () => {
    const dir = project({ "QWEN.md": NOTES });
    const { warnings } = sync(dir, "qwen", ["codex"], ["instructions"]);
    expect(twice(warnings)).toEqual([
      "AGENTS.md: Qwen Code reads each of QWEN.md, AGENTS.md, so the instructions of QWEN.md reach it twice (QWEN.md is the source; AGENTS.md is for Codex CLI)",
    ]);
  });

  it("--from gemini --to codex: no command as a skill in .agents/skills, where Gemini CLI, the source, would offer it beside its own /review", () => {
    const dir = project({
      ".gemini/commands/review.toml": 'description = "Review"\nprompt = "Review the diff."\n',
    });
    const { changed, warnings } = sync(dir, "gemini", ["codex"], ["command"]);
    expect(changed).toEqual([]);
    expect(warnings.map((w) => `${w.code} ${w.path}: ${w.message}`)).toEqual([
      "item_skipped .gemini/commands/review.toml: not written for codex: Gemini CLI reads .agents/skills too, where a command written as a skill would be offered beside its own slash command of the same name",
    ]);
    expect(skillsFound(dir, "gemini", "review")).toEqual([]);
  });

  it("--from gemini --to codex: the skill Codex CLI needs in .agents/skills reaches Gemini CLI twice, named", () => {
    const dir = project({ ".gemini/skills/pdf/SKILL.md": SKILL });
    const { warnings } = sync(dir, "gemini", ["codex"], ["skill"]);
    expect(twice(warnings)).toEqual([
      ".agents/skills: Gemini CLI reads each of .gemini/skills, .agents/skills, so each skill reaches it twice and it uses the first (.gemini/skills is the source's; .agents/skills is for Codex CLI)",
    ]);
    expect(skillsFound(dir, "gemini", "pdf")).toEqual([
      ".gemini/skills/pdf/SKILL.md",
      ".agents/skills/pdf/SKILL.md",
    ]);
  });
});
