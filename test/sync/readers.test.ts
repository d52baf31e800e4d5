/**
 * Every place a client reads a kind from, on real files: OpenCode and Kilo Code read plural and
 * nested folders (`.opencode/agents/team/deep.md` is the agent `team/deep`), Kilo Code its older
 * `.kilocode/` too, Copilot CLI every `.md` of `.github/agents` (a `.agent.md` wins over the
 * `.md` of its name) and Qwen Code Markdown commands beside TOML ones (the Markdown one wins).
 * doctor lists each in the client's order, the loser shadowed; `sync --from` carries each to
 * every target, a nested agent's name made one a flat folder can hold (with a warning), and
 * writes no copy where the target reads the source's file where it is.
 */
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { type DoctorReport, doctor, type SyncTool } from "contextfmt/sync";
import { describe, expect, it } from "vitest";
import type { Issue } from "../../src/problems/issue.js";
import type { SyncKind } from "../../src/sync/locations.js";
import { planChanges } from "../../src/sync/plan.js";
import { Project } from "../../src/workspace/project.js";
import { WrittenRecord } from "../../src/workspace/record.js";
import { project, tree } from "../cli/project-dir.js";
import { clientOf, GIT } from "../doctor/everything.js";
import { writePlan } from "./write-plan.js";

/** Plans and writes one sync as the bin does; returns the files changed and every warning. */
function sync(dir: string, from: SyncTool, to: SyncTool[], kinds: SyncKind[]) {
  const p = Project.at(dir);
  const record = WrittenRecord.read(p);
  const plan = planChanges({ project: p, record, from, to, kinds });
  expect(plan.conflicts).toEqual([]);
  const { changed } = writePlan(p, plan, record);
  const warnings: Issue[] = [...plan.warnings, ...plan.files.flatMap((file) => file.warnings)];
  return { changed: changed.map((file) => file.path).sort(), warnings };
}

const said = (warnings: readonly Issue[], code: string) =>
  warnings.filter((w) => w.code === code).map((w) => `${w.path}: ${w.message}`);

/** What doctor lists of `kind` for `client`: `name path`, `(shadowed by …)` for a loser. */
async function listed(dir: string, client: SyncTool, kind: "commands" | "agents" | "skills") {
  const result: DoctorReport = await doctor({ dir, clients: [client] });
  return clientOf(result, client)[kind].map(
    (item) =>
      `${item.name} ${item.path}${item.shadowedBy ? ` (shadowed by ${item.shadowedBy})` : ""}`,
  );
}

const shadowed = async (dir: string, client: SyncTool) =>
  (await doctor({ dir, clients: [client] })).problems
    .filter((problem) => problem.code === "shadowed")
    .map((problem) => problem.message);

const agent = (description: string, body = `You ${description.toLowerCase()}.`) =>
  `---\ndescription: ${description}\n---\n${body}\n`;
const command = (description: string, body: string) =>
  `---\ndescription: ${description}\n---\n${body}\n`;
const SKILL = (name: string) => `---\nname: ${name}\ndescription: Does ${name}\n---\nUse it.\n`;

describe("OpenCode: plural and nested folders", () => {
  const files = {
    ...GIT,
    ".opencode/agents/review.md": agent("Reviews diffs"),
    ".opencode/agents/team/deep.md": agent("Digs deep"),
    ".opencode/agent/review.md": agent("Reviews, singular"),
    ".opencode/commands/git/commit.md": command("Commit", "Commit with $ARGUMENTS"),
    ".opencode/skills/pdf/SKILL.md": SKILL("pdf"),
  };

  it("doctor lists each, named by its path below the folder; the singular folder's agent wins", async () => {
    const dir = project(files);
    expect(await listed(dir, "opencode", "agents")).toEqual([
      "review .opencode/agent/review.md",
      "review .opencode/agents/review.md (shadowed by .opencode/agent/review.md)",
      "team/deep .opencode/agents/team/deep.md",
    ]);
    expect(await listed(dir, "opencode", "commands")).toEqual([
      "git/commit .opencode/commands/git/commit.md",
    ]);
    expect(await listed(dir, "opencode", "skills")).toEqual(["pdf .opencode/skills/pdf/SKILL.md"]);
    expect(await shadowed(dir, "opencode")).toEqual([
      "OpenCode has two agents named review: it uses .opencode/agent/review.md, not .opencode/agents/review.md",
    ]);
  });

  it("sync --from opencode carries them; a nested agent is renamed for a flat folder, kept for Kilo Code", () => {
    const dir = project(files);
    const { changed, warnings } = sync(dir, "opencode", ["claude", "kilo"], ["agent", "command"]);
    expect(changed).toEqual([
      ".claude/agents/review.md",
      ".claude/agents/team-deep.md",
      ".claude/commands/git/commit.md",
      ".kilo/agent/review.md",
      ".kilo/agent/team/deep.md",
      ".kilo/command/git/commit.md",
    ]);
    const written = tree(dir);
    expect(written[".claude/agents/team-deep.md"]).toBe(
      "---\nname: team-deep\ndescription: Digs deep\n---\nYou digs deep.\n",
    );
    // The winner of the two agents named review is the one carried.
    expect(written[".claude/agents/review.md"]).toContain("Reviews, singular");
    // Kilo Code keeps the name: its file is the agent team/deep, as OpenCode's is.
    expect(written[".kilo/agent/team/deep.md"]).toBe(
      "---\ndescription: Digs deep\nmode: subagent\n---\nYou digs deep.\n",
    );
    expect(said(warnings, "item_renamed")).toEqual([
      ".opencode/agents/team/deep.md: written for claude as the agent team-deep: Claude Code keeps agents in one folder (.claude/agents/*.md), without the subfolders of team/deep",
    ]);
    expect(said(warnings, "item_skipped")).toEqual([
      ".opencode/agents/review.md: not synced: OpenCode uses .opencode/agent/review.md, the first agent named review",
    ]);
  });

  it("an agent of .opencode/agents that is gone takes its copy with it at the next sync", () => {
    const dir = project({ ...GIT, ".opencode/agents/review.md": agent("Reviews diffs") });
    expect(sync(dir, "opencode", ["claude"], ["agent"]).changed).toEqual([
      ".claude/agents/review.md",
    ]);
    rmSync(join(dir, ".opencode/agents/review.md"));
    expect(sync(dir, "opencode", ["claude"], ["agent"]).changed).toEqual([
      ".claude/agents/review.md",
    ]);
    expect(existsSync(join(dir, ".claude/agents/review.md"))).toBe(false);
  });

  it("a skill OpenCode reads from .agents/skills gets no copy for Gemini CLI, which reads it there too; its own folder's does", () => {
    const dir = project({
      ...GIT,
      ".agents/skills/shared/SKILL.md": SKILL("shared"),
      ".opencode/skills/own/SKILL.md": SKILL("own"),
    });
    const { changed } = sync(dir, "opencode", ["gemini"], ["skill"]);
    expect(changed).toEqual([".gemini/skills/own/SKILL.md"]);
    expect(sync(dir, "opencode", ["gemini"], ["skill"]).changed).toEqual([]);
  });
});

describe("Kilo Code: .kilo/ and .kilocode/, singular and plural", () => {
  it("doctor lists each; .kilo/ wins over .kilocode/; sync carries them to OpenCode", async () => {
    const dir = project({
      ...GIT,
      ".kilocode/agents/review.md": agent("Reviews, older"),
      ".kilo/agents/review.md": agent("Reviews"),
      ".kilo/commands/ship.md": command("Ship", "Ship it"),
      ".kilocode/skills/pdf/SKILL.md": SKILL("pdf"),
    });
    expect(await listed(dir, "kilo", "agents")).toEqual([
      "review .kilo/agents/review.md",
      "review .kilocode/agents/review.md (shadowed by .kilo/agents/review.md)",
    ]);
    expect(await listed(dir, "kilo", "commands")).toEqual(["ship .kilo/commands/ship.md"]);
    expect(await listed(dir, "kilo", "skills")).toEqual(["pdf .kilocode/skills/pdf/SKILL.md"]);
    const { changed } = sync(dir, "kilo", ["opencode"], ["agent", "command", "skill"]);
    expect(changed).toEqual([
      ".opencode/agent/review.md",
      ".opencode/command/ship.md",
      ".opencode/skill/pdf/SKILL.md",
    ]);
    expect(readFileSync(join(dir, ".opencode/agent/review.md"), "utf8")).toContain("Reviews\n");
  });
});

describe("Copilot CLI: every .md of .github/agents, and prompt files as the source's commands", () => {
  const files = {
    ...GIT,
    ".github/agents/plain.md": agent("Plain agent"),
    ".github/agents/same.agent.md": agent("Same, dotted"),
    ".github/agents/same.md": agent("Same, plain"),
    ".github/prompts/hello.prompt.md": command("Say hello", "Say hello to the team."),
  };

  it("doctor: a .agent.md wins over the .md of its name; prompt files are no commands of Copilot CLI", async () => {
    const dir = project(files);
    expect(await listed(dir, "copilot", "agents")).toEqual([
      "same .github/agents/same.agent.md",
      "plain .github/agents/plain.md",
      "same .github/agents/same.md (shadowed by .github/agents/same.agent.md)",
    ]);
    expect(await listed(dir, "copilot", "commands")).toEqual([]);
  });

  it("sync --from copilot carries the agents it uses and the prompt files", () => {
    const dir = project(files);
    const { changed, warnings } = sync(dir, "copilot", ["claude"], ["agent", "command"]);
    expect(changed).toEqual([
      ".claude/agents/plain.md",
      ".claude/agents/same.md",
      ".claude/commands/hello.md",
    ]);
    expect(readFileSync(join(dir, ".claude/agents/same.md"), "utf8")).toContain("Same, dotted");
    expect(readFileSync(join(dir, ".claude/commands/hello.md"), "utf8")).toBe(
      "---\ndescription: Say hello\n---\n\nSay hello to the team.\n",
    );
    expect(said(warnings, "item_skipped")).toEqual([
      ".github/agents/same.md: not synced: GitHub Copilot CLI uses .github/agents/same.agent.md, the first agent named same",
    ]);
  });
});

describe("Qwen Code: Markdown commands beside TOML ones", () => {
  const files = {
    ...GIT,
    ".qwen/commands/fix.md": command("Fix", "Fix {{args}} now."),
    ".qwen/commands/fix.toml": 'description = "Fix, TOML"\nprompt = "Fix it"\n',
    ".qwen/commands/git/log.md": "Summarise !{git log -5}\n",
  };

  it("doctor: the Markdown command wins over the TOML one of its name", async () => {
    const dir = project(files);
    expect(await listed(dir, "qwen", "commands")).toEqual([
      "fix .qwen/commands/fix.md",
      "git/log .qwen/commands/git/log.md",
      "fix .qwen/commands/fix.toml (shadowed by .qwen/commands/fix.md)",
    ]);
  });

  it("sync --from qwen carries the Markdown commands in Claude Code's syntax", () => {
    const dir = project(files);
    const { changed, warnings } = sync(dir, "qwen", ["claude"], ["command"]);
    expect(changed).toEqual([".claude/commands/fix.md", ".claude/commands/git/log.md"]);
    expect(readFileSync(join(dir, ".claude/commands/fix.md"), "utf8")).toBe(
      "---\ndescription: Fix\n---\n\nFix $ARGUMENTS now.\n",
    );
    expect(readFileSync(join(dir, ".claude/commands/git/log.md"), "utf8")).toBe(
      "Summarise !`git log -5`\n",
    );
    expect(said(warnings, "item_skipped")).toEqual([
      ".qwen/commands/fix.toml: not synced: Qwen Code uses .qwen/commands/fix.md, the first command named fix",
    ]);
  });
});
