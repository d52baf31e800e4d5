/**
 * A skill folder shared through a link (`.claude/skills/x -> ../../.agents/skills/x`, a common
 * layout) is one skill for a client that reads both folders: the real client offers it once
 * (OpenCode 1.18.33 lists one `fix-lint`), so doctor raises no `shadowed` for it. Two folders of
 * the same name that are not one file still are two, and the client takes one.
 */
import { type DoctorReport, doctor } from "contextfmt/sync";
import { describe, expect, it } from "vitest";
import { project } from "../cli/project-dir.js";
import { GIT } from "./everything.js";

const SKILL = "---\nname: fix-lint\ndescription: Fix the lint errors\n---\nRun the linter.\n";

/** The `shadowed` problems, as [client, path]. */
const shadowed = (report: DoctorReport) =>
  report.problems.filter((p) => p.code === "shadowed").map((p) => [p.client, p.path]);

/** Each client's skills named fix-lint, as [client, path, loaded]. */
const fixLint = (report: DoctorReport) =>
  report.clients.flatMap((client) =>
    client.skills
      .filter((skill) => skill.name === "fix-lint")
      .map((skill) => [client.client, skill.path, skill.loaded]),
  );

describe("skills reached through a link", () => {
  it("a folder linked into .claude/skills from .agents/skills: one skill, nothing shadowed", async () => {
    const dir = project(
      { ...GIT, ".agents/skills/fix-lint/SKILL.md": SKILL },
      { ".claude/skills/fix-lint": "../../.agents/skills/fix-lint" },
    );
    const report = await doctor({ dir, clients: ["copilot", "opencode", "kilo"] });
    expect(shadowed(report)).toEqual([]);
    expect(fixLint(report)).toEqual([
      ["copilot", ".claude/skills/fix-lint/SKILL.md", true],
      // OpenCode and Kilo Code read .agents/skills first (the last of a name wins in theirs).
      ["opencode", ".agents/skills/fix-lint/SKILL.md", true],
      ["kilo", ".agents/skills/fix-lint/SKILL.md", true],
    ]);
  });

  it("two folders of the same name, each a file of its own: the second is shadowed", async () => {
    const dir = project({
      ...GIT,
      ".agents/skills/fix-lint/SKILL.md": SKILL,
      ".claude/skills/fix-lint/SKILL.md": SKILL,
    });
    const report = await doctor({ dir, clients: ["opencode"] });
    expect(shadowed(report)).toEqual([["opencode", ".claude/skills/fix-lint/SKILL.md"]]);
  });
});
