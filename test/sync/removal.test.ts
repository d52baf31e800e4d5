/**
 * Removal: what an earlier sync wrote whose source is gone is taken out (a file, a skill's
 * folder, a server), only when it is unchanged since sync wrote it; a changed one stays with a
 * warning naming it, and what the user wrote is never looked at. The removal goes through the
 * writer's batch with the run's writes: all or nothing.
 */
import {
  cpSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { SyncKind, SyncTool } from "../../src/sync/locations.js";
import { changedWrites, planChanges } from "../../src/sync/plan.js";
import { evidenceFolder } from "../../src/workspace/evidence.js";
import { Project } from "../../src/workspace/project.js";
import { sha256, WrittenRecord } from "../../src/workspace/record.js";
import { writeBatch } from "../../src/workspace/write-batch.js";
import { project, tree } from "../cli/project-dir.js";

/** Plans and writes a sync as the bin does; returns the plan. */
function sync(
  dir: string,
  kinds: SyncKind[] = ["command", "skill", "mcp"],
  from: SyncTool = "claude",
  to: SyncTool[] = ["gemini", "codex"],
) {
  const p = Project.at(dir);
  const record = WrittenRecord.read(p);
  const plan = planChanges({ project: p, record, from, to, kinds });
  expect(plan.conflicts).toEqual([]);
  const recordWrite = record.write();
  writeBatch(p, [...changedWrites(plan.files), ...(recordWrite ? [recordWrite] : [])]);
  expect(record.saveEvidence()).toEqual([]);
  return plan;
}

const read = (dir: string, path: string) => readFileSync(join(dir, path), "utf8");
const messages = (plan: ReturnType<typeof sync>) => [
  ...plan.warnings.map((w) => `${w.path}: ${w.message}`),
  ...plan.files.flatMap((f) => f.warnings.map((w) => `${w.path}: ${w.message}`)),
];

const SOURCE = {
  ".claude/commands/review.md": "---\ndescription: Review\n---\nReview $ARGUMENTS\n",
  ".claude/commands/deploy.md": "Deploy it\n",
  ".claude/skills/lint/SKILL.md": "---\nname: lint\ndescription: Lints\n---\nRun the linter.\n",
  ".claude/skills/lint/scripts/run.sh": "#!/bin/sh\neslint .\n",
  ".mcp.json": JSON.stringify({
    mcpServers: { github: { command: "gh-mcp" }, db: { command: "db-mcp", args: ["x"] } },
  }),
  ".gemini/settings.json":
    '{\n  // team\n  "theme": "x",\n  "mcpServers": {\n    "own": { "command": "mine" } // keep\n  }\n}\n',
  ".codex/config.toml": '# mine\nmodel = "o3"\n\n[mcp_servers.own]\ncommand = "mine"\n',
  ".gemini/commands/mine.toml": 'prompt = "my own"\n',
};

describe("sync removes what it wrote whose source is gone", () => {
  it("a command, a skill's folder and a server, each unchanged: taken out; the user's own stay", () => {
    const dir = project(SOURCE);
    const before = tree(dir);
    sync(dir);
    expect(read(dir, ".gemini/commands/deploy.toml")).toContain("Deploy it");
    rmSync(join(dir, ".claude/commands/deploy.md"));
    rmSync(join(dir, ".claude/skills/lint"), { recursive: true });
    writeFileSync(
      join(dir, ".mcp.json"),
      JSON.stringify({ mcpServers: { github: { command: "gh-mcp" } } }),
    );
    const plan = sync(dir);
    const removed = plan.files.filter((f) => f.after === undefined).map((f) => f.path);
    // Gemini CLI reads the skills in .agents/skills, written for Codex CLI (no copy of its own),
    // and offers /deploy itself (Codex CLI gets no skill of the command beside it).
    expect(removed.sort()).toEqual([
      ".agents/skills/lint/SKILL.md",
      ".agents/skills/lint/scripts/run.sh",
      ".gemini/commands/deploy.toml",
    ]);
    const after = tree(dir);
    // Everything sync wrote for them is gone, their folders too; nothing of the user's moved.
    for (const path of Object.keys(after)) {
      expect(path).not.toMatch(/deploy|lint|"db"/);
    }
    expect(after[".gemini/commands/mine.toml"]).toBe(before[".gemini/commands/mine.toml"]);
    expect(read(dir, ".gemini/settings.json")).toBe(
      '{\n  // team\n  "theme": "x",\n  "mcpServers": {\n    "own": { "command": "mine" },\n    "github": {\n      "command": "gh-mcp"\n    } // keep\n  }\n}\n',
    );
    expect(read(dir, ".codex/config.toml")).toBe(
      '# mine\nmodel = "o3"\n\n[mcp_servers.own]\ncommand = "mine"\n\n[mcp_servers.github]\ncommand = "gh-mcp"\n',
    );
    expect(read(dir, ".contextfmt/written.json")).not.toMatch(/deploy|lint|"db"/);
    expect(messages(plan)).toContain(
      ".gemini/settings.json: mcpServers.db taken out: its source server db is no longer in .mcp.json",
    );
    // Nothing left to take out: a second run is a no-op.
    expect(changedWrites(sync(dir).files)).toEqual([]);
  });

  it("all servers, when the source's settings file is gone", () => {
    const dir = project(SOURCE);
    sync(dir, ["mcp"]);
    rmSync(join(dir, ".mcp.json"));
    sync(dir, ["mcp"]);
    expect(read(dir, ".codex/config.toml")).toBe(SOURCE[".codex/config.toml"]);
    // Byte for byte as before the first sync.
    expect(read(dir, ".gemini/settings.json")).toBe(SOURCE[".gemini/settings.json"]);
  });

  it("keeps what changed since sync wrote it, naming each; the record lets go of them", () => {
    const dir = project(SOURCE);
    sync(dir);
    writeFileSync(join(dir, ".gemini/commands/deploy.toml"), 'prompt = "mine now"\n');
    const codex = read(dir, ".codex/config.toml").replace(
      'command = "db-mcp"',
      'command = "my-db"',
    );
    writeFileSync(join(dir, ".codex/config.toml"), codex);
    rmSync(join(dir, ".claude/commands/deploy.md"));
    writeFileSync(join(dir, ".mcp.json"), JSON.stringify({ mcpServers: {} }));
    const plan = sync(dir);
    expect(read(dir, ".gemini/commands/deploy.toml")).toBe('prompt = "mine now"\n');
    expect(read(dir, ".codex/config.toml")).toContain('command = "my-db"');
    // Codex CLI's commands left out (Gemini CLI offers them) are said each run: not these.
    const kept = (w: { severity: string; code: string }) =>
      w.severity === "warning" && w.code !== "item_skipped";
    const warned = plan.warnings.filter(kept);
    expect(warned.map((w) => `${w.path}: ${w.message}`)).toEqual([
      ".gemini/commands/deploy.toml: the file stays: its source .claude/commands/deploy.md is gone, but it changed since contextfmt wrote it (take it out by hand if it should go)",
      ".codex/config.toml: mcp_servers.db stays: its source server db is no longer in .mcp.json, but it changed since contextfmt wrote it (take it out by hand if it should go)",
    ]);
    // Let go of: the next run says nothing more of them.
    expect(sync(dir).warnings.filter(kept)).toEqual([]);
  });

  it("what an older version recorded (no evidence of this user's): kept and named; what the run writes again as it is is proven", () => {
    const dir = project(SOURCE);
    sync(dir);
    // The project as a version that kept no evidence left it: the same record, no evidence.
    const text = read(dir, ".contextfmt/written.json");
    const record = JSON.parse(text);
    rmSync(join(evidenceFolder(), `${sha256(realpathSync(dir))}.json`));
    rmSync(join(dir, ".claude/commands/deploy.md"));
    writeFileSync(
      join(dir, ".mcp.json"),
      JSON.stringify({ mcpServers: { github: { command: "gh-mcp" } } }),
    );
    const plan = sync(dir);
    expect(plan.files.filter((f) => f.after === undefined)).toEqual([]);
    expect(read(dir, ".gemini/commands/deploy.toml")).toContain("Deploy it");
    expect(read(dir, ".codex/config.toml")).toContain("[mcp_servers.db]");
    expect(plan.warnings.filter((w) => w.code === "kept_unproven")).toEqual([
      {
        code: "kept_unproven",
        severity: "warning",
        path: ".contextfmt/written.json",
        message:
          "kept as they are, though the record lists them as contextfmt's: this user's contextfmt has no evidence of writing them in this folder (another user's sync wrote them, they came with the project, or they were written before this user's contextfmt kept evidence), so they are not taken as this user's to replace or remove: .gemini/commands/deploy.toml, .codex/config.toml: mcp_servers.db, .gemini/settings.json: mcpServers.db (a sync by whoever wrote them can take them out)",
      },
    ]);
    // The record is as it was, byte for byte (what the run wrote again is proven now, outside it).
    expect(read(dir, ".contextfmt/written.json")).toBe(text);
    const after = JSON.parse(text);
    const deploy = after.written.find(
      (e: { path: string }) => e.path === ".gemini/commands/deploy.toml",
    );
    expect(deploy).toEqual(
      record.written.find((e: { path: string }) => e.path === ".gemini/commands/deploy.toml"),
    );
    // The source back: the run takes the file up again as its own.
    writeFileSync(join(dir, ".claude/commands/deploy.md"), SOURCE[".claude/commands/deploy.md"]);
    sync(dir);
    rmSync(join(dir, ".claude/commands/deploy.md"));
    const removed = sync(dir).files.filter((f) => f.after === undefined);
    expect(removed.map((f) => f.path).sort()).toEqual([".gemini/commands/deploy.toml"]);
  });

  it("removes only within the run: another kind or another source's output stays", () => {
    const dir = project(SOURCE);
    sync(dir);
    rmSync(join(dir, ".claude/commands/deploy.md"));
    rmSync(join(dir, ".mcp.json"));
    // A run of skills only takes out no command and no server.
    expect(changedWrites(sync(dir, ["skill"]).files)).toEqual([]);
    // Nor does a run from Gemini, whose files these are not.
    const fromGemini = sync(dir, ["command", "mcp"], "gemini", ["codex"]);
    expect(fromGemini.files.filter((f) => f.after === undefined)).toEqual([]);
    expect(read(dir, ".gemini/commands/deploy.toml")).toContain("Deploy it");
  });

  it("a removal and the run's writes succeed or fail together", () => {
    const dir = project(SOURCE);
    sync(dir, ["command"]);
    rmSync(join(dir, ".claude/commands/deploy.md"));
    writeFileSync(join(dir, ".claude/commands/review.md"), "Review again\n");
    const before = tree(dir);
    const p = Project.at(dir);
    const plan = planChanges({
      project: p,
      record: WrittenRecord.read(p),
      from: "claude",
      to: ["gemini"],
      kinds: ["command"],
    });
    const writes = changedWrites(plan.files);
    expect(writes.map((w) => [w.path, w.bytes === undefined])).toEqual([
      [".gemini/commands/review.toml", false],
      [".gemini/commands/deploy.toml", true],
    ]);
    // The removal goes first, then the write fails: the removed file is put back.
    const failing = (from: string, to: string) => {
      if (to.endsWith("review.toml")) throw Object.assign(new Error("EIO"), { code: "EIO" });
      renameSync(from, to);
    };
    expect(() => writeBatch(p, [...writes].reverse(), { rename: failing })).toThrow(
      /cannot replace \.gemini\/commands\/review\.toml: EIO; nothing written \(put back as they were: \.gemini\/commands\/deploy\.toml\)/,
    );
    expect(tree(dir)).toEqual(before);
  });

  it("never removes through a link out of the project: the run stops, the outside stays", () => {
    const dir = project(SOURCE);
    sync(dir);
    // The folder sync wrote into now leads outside, to a copy holding the same bytes.
    const outside = mkdtempSync(join(tmpdir(), "contextfmt-outside-"));
    cpSync(join(dir, ".gemini/commands"), outside, { recursive: true });
    rmSync(join(dir, ".gemini/commands"), { recursive: true });
    symlinkSync(outside, join(dir, ".gemini/commands"));
    rmSync(join(dir, ".claude/commands/deploy.md"));
    const before = tree(outside);
    expect(() => sync(dir, ["command"])).toThrow(/\.gemini\/commands.*outside the project/);
    expect(tree(outside)).toEqual(before);
    expect(before["deploy.toml"]).toContain("Deploy it");
  });
});

describe("sync keeps what it wrote from a source that is there but left out", () => {
  it("a command and a skill's folder that became links out of the project: their copies stay, said in the warnings", () => {
    const dir = project(SOURCE);
    sync(dir, ["command", "skill"]);
    const copies = tree(dir);
    expect(copies[".gemini/commands/deploy.toml"]).toContain("Deploy it");
    expect(copies[".agents/skills/lint/SKILL.md"]).toContain("Run the linter.");
    // The dotfiles-per-file case: each moved out of the project and linked back from there.
    const outside = mkdtempSync(join(tmpdir(), "contextfmt-outside-"));
    renameSync(join(dir, ".claude/commands/deploy.md"), join(outside, "deploy.md"));
    symlinkSync(join(outside, "deploy.md"), join(dir, ".claude/commands/deploy.md"));
    renameSync(join(dir, ".claude/skills/lint"), join(outside, "lint"));
    symlinkSync(join(outside, "lint"), join(dir, ".claude/skills/lint"));
    const plan = sync(dir, ["command", "skill"]);
    expect(plan.files.filter((f) => f.after === undefined)).toEqual([]);
    const after = tree(dir);
    for (const path of [
      ".gemini/commands/deploy.toml",
      ".agents/skills/lint/SKILL.md",
      ".agents/skills/lint/scripts/run.sh",
    ]) {
      expect(after[path], path).toBe(copies[path]);
    }
    const outsideWords = (name: string) =>
      `.claude/${name} is a link to ${realpathSync(outside)}/${name.split("/")[1]}, outside the project`;
    expect(messages(plan)).toContain(
      `.claude/commands/deploy.md: left out: ${outsideWords("commands/deploy.md")}; what contextfmt wrote from it stays: .gemini/commands/deploy.toml`,
    );
    expect(messages(plan)).toContain(
      `.claude/skills/lint: left out: ${outsideWords("skills/lint")}; what contextfmt wrote from it stays: .agents/skills/lint/`,
    );
    // The record keeps them: gone for good, they are taken out then.
    rmSync(join(dir, ".claude/commands/deploy.md"));
    rmSync(join(dir, ".claude/skills/lint"));
    const gone = sync(dir, ["command", "skill"]);
    expect(
      gone.files
        .filter((f) => f.after === undefined)
        .map((f) => f.path)
        .sort(),
    ).toEqual([
      ".agents/skills/lint/SKILL.md",
      ".agents/skills/lint/scripts/run.sh",
      ".gemini/commands/deploy.toml",
    ]);
  });
});

describe("what is taken out or kept names why: its source gone, or its target left out", () => {
  const SKILL = {
    ".claude/skills/lint/SKILL.md": SOURCE[".claude/skills/lint/SKILL.md"],
    ".claude/skills/lint/scripts/run.sh": SOURCE[".claude/skills/lint/scripts/run.sh"],
  };

  it("a skill's source gone: its copy in .agents/skills, where Codex CLI's commands are left out, goes for that, file or folder", () => {
    const dir = project(SKILL);
    // Codex CLI gets no commands as skills in .agents/skills (Gemini CLI reads it), only skills.
    sync(dir, ["command", "skill"]);
    expect(tree(dir)[".agents/skills/lint/SKILL.md"]).toBe(SKILL[".claude/skills/lint/SKILL.md"]);
    // A file of the skill first (the skill stays), then the whole skill.
    rmSync(join(dir, ".claude/skills/lint/scripts"), { recursive: true });
    expect(messages(sync(dir, ["command", "skill"]))).toEqual([
      ".agents/skills/lint/scripts/run.sh: the file taken out: its source .claude/skills/lint/scripts/run.sh is gone",
    ]);
    rmSync(join(dir, ".claude/skills/lint"), { recursive: true });
    expect(messages(sync(dir, ["command", "skill"]))).toEqual([
      ".agents/skills/lint/SKILL.md: the file taken out: its source .claude/skills/lint/SKILL.md is gone",
    ]);
  });

  it("a skill's source there, its target now left out: a changed copy stays, named for that", () => {
    const dir = project(SKILL);
    sync(dir, ["skill"], "claude", ["gemini"]);
    writeFileSync(join(dir, ".gemini/skills/lint/SKILL.md"), "mine\n");
    // Gemini CLI reads the copy written for Codex CLI now: its own goes, unless changed.
    const plan = sync(dir, ["skill"], "claude", ["gemini", "codex"]);
    expect(read(dir, ".gemini/skills/lint/SKILL.md")).toBe("mine\n");
    expect(messages(plan)).toEqual([
      ".gemini/skills/lint/: the skill's folder stays whole: Gemini CLI reads .agents/skills, where they are written for Codex CLI, but it holds files changed since contextfmt wrote it: .gemini/skills/lint/SKILL.md (take the folder out by hand if it should go)",
    ]);
  });
});
