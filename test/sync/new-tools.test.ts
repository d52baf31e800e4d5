/**
 * Sync into and out of the tools beyond the first three: Copilot CLI, Qwen Code, OpenCode, Cursor,
 * Cline and Kilo Code. A Claude Code project's commands, agent, skill and MCP servers go to each;
 * the files
 * are pinned byte for byte (goldens of each tool's documented shape), with every warning; a
 * second sync writes nothing; and each tool's files, synced back to Claude Code, give the same
 * prompts. Planned and written in process, through the same writer the bin uses.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Issue } from "../../src/problems/issue.js";
import {
  readPlaces,
  SYNC_TOOL_PLACES,
  type SyncKind,
  type SyncTool,
} from "../../src/sync/locations.js";
import { planChanges } from "../../src/sync/plan.js";
import { Project } from "../../src/workspace/project.js";
import { WrittenRecord } from "../../src/workspace/record.js";
import { project, tree } from "../cli/project-dir.js";
import { writePlan } from "./write-plan.js";

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/agent-config/${name}`, import.meta.url), "utf8");

const KINDS: SyncKind[] = ["command", "mcp", "agent", "skill"];
const NEW_TOOLS: SyncTool[] = [
  "copilot",
  "qwen",
  "opencode",
  "cursor",
  "cline",
  "kilo",
  "pi",
  "continue",
];

/** A Claude Code project with one of each kind. */
const CLAUDE_FILES = {
  ".claude/commands/git/commit.md":
    "---\ndescription: Commit staged work\n---\nWrite a commit message for the staged work. $ARGUMENTS\n",
  ".claude/agents/code-reviewer.md": fixture("code-reviewer.claude-agent.md"),
  ".claude/skills/pdf-forms/SKILL.md": fixture("pdf-forms.claude-skill.md"),
  ".claude/skills/pdf-forms/scripts/fill.py": "print('fill')\n",
  ".mcp.json": fixture("servers.mcp.json"),
};

/** Plans and writes one sync; returns what it warned and how many files it changed. */
function sync(dir: string, from: SyncTool, to: SyncTool[]): { warnings: Issue[]; changed: number } {
  const p = Project.at(dir);
  const record = WrittenRecord.read(p);
  const plan = planChanges({ project: p, record, from, to, kinds: KINDS });
  expect(plan.conflicts).toEqual([]);
  const { changed } = writePlan(p, plan, record);
  return {
    warnings: [...plan.warnings, ...changed.flatMap((file) => file.warnings)],
    changed: changed.length,
  };
}

const lines = (warnings: readonly Issue[]) =>
  warnings.map((w) => `- ${w.code} ${w.path ?? ""}: ${w.message}`).join("\n");

describe("sync from Claude Code into each new tool", () => {
  for (const to of NEW_TOOLS) {
    it(`${to}: its files as documented, every loss named; a second sync writes nothing`, async () => {
      const dir = project(CLAUDE_FILES);
      const before = tree(dir);
      const first = sync(dir, "claude", [to]);
      const after = tree(dir);
      const written = Object.keys(after)
        .filter((path) => after[path] !== before[path] && !path.startsWith(".contextfmt/"))
        .sort();
      const report = [
        `# claude → ${to}`,
        "",
        ...written.map((path) => `## ${path}\n\`\`\`\n${after[path]}\`\`\`\n`),
        "## warnings",
        lines(first.warnings) || "(none)",
        "",
      ].join("\n");
      await expect(report).toMatchFileSnapshot(`../golden/sync/claude-to-${to}.md`);
      // Each written file is in a place the tool's declaration names.
      const places = SYNC_TOOL_PLACES[to];
      const dirs = [
        ...Object.values(places.items).map((files) => `${files.dir}/`),
        ...(places.mcp ? [places.mcp.path] : []),
      ];
      for (const path of written) {
        expect(
          dirs.some((place) => path === place || path.startsWith(place)),
          path,
        ).toBe(true);
      }
      // The source's files are as they were.
      for (const path of Object.keys(CLAUDE_FILES)) {
        if (path !== ".mcp.json" || places.mcp?.path !== ".mcp.json") {
          expect(after[path]).toBe(before[path]);
        }
      }
      expect(sync(dir, "claude", [to]).changed).toBe(0);
      expect(tree(dir)).toEqual(after);
    });
  }

  it("a kind the target has no place for is a warning naming each item (Cline: MCP)", () => {
    const dir = project(CLAUDE_FILES);
    const { warnings } = sync(dir, "claude", ["cline"]);
    const unheld = warnings.filter((w) => w.code === "unsupported_kind").map((w) => w.path);
    expect(unheld).toEqual([
      ".mcp.json: mcpServers.filesystem",
      ".mcp.json: mcpServers.github",
      ".mcp.json: mcpServers.linear",
    ]);
  });

  it("Copilot CLI reads Claude Code's .mcp.json itself: nothing is written for its servers", () => {
    const dir = project(CLAUDE_FILES);
    sync(dir, "claude", ["copilot"]);
    expect(tree(dir)[".mcp.json"]).toBe(CLAUDE_FILES[".mcp.json"]);
  });

  it("Copilot CLI's servers, read from .mcp.json in Claude Code's shape, go to another tool", () => {
    const dir = project({ ".mcp.json": CLAUDE_FILES[".mcp.json"] });
    const { warnings } = sync(dir, "copilot", ["gemini"]);
    const fromClaude = project({ ".mcp.json": CLAUDE_FILES[".mcp.json"] });
    sync(fromClaude, "claude", ["gemini"]);
    expect(tree(dir)[".gemini/settings.json"]).toBe(tree(fromClaude)[".gemini/settings.json"]);
    expect(tree(dir)[".gemini/settings.json"]).toContain('"mcpServers"');
    expect(lines(warnings)).not.toContain("copilot");
  });
});

describe("each new tool's files synced back to Claude Code", () => {
  for (const via of NEW_TOOLS) {
    it(`claude → ${via} → claude keeps the prompts of what ${via} holds`, () => {
      const dir = project(CLAUDE_FILES);
      sync(dir, "claude", [via]);
      const mid = tree(dir);
      // Only the tool's own files go on to a fresh project.
      const places = SYNC_TOOL_PLACES[via];
      const own = Object.fromEntries(
        Object.entries(mid).filter(
          ([path]) =>
            Object.values(places.items).some((files) => path.startsWith(`${files.dir}/`)) ||
            path === places.mcp?.path,
        ),
      );
      const back = project(own);
      sync(back, via, ["claude"]);
      const out = tree(back);
      const body = (text: string | undefined) => text?.replace(/^---\n[\s\S]*?\n---\n/, "");
      if (places.items.agent) {
        expect(body(out[".claude/agents/code-reviewer.md"])).toBe(
          body(CLAUDE_FILES[".claude/agents/code-reviewer.md"]),
        );
      }
      // A tool that reads .claude/skills itself gets no copy of the skill: nothing to go back.
      if (readPlaces(via, "skill", "loaded").some((place) => place.dir === ".claude/skills")) {
        const skills = `${places.items.skill?.dir}/pdf-forms/`;
        expect(Object.keys(mid).filter((path) => path.startsWith(skills))).toEqual([]);
      } else {
        expect(body(out[".claude/skills/pdf-forms/SKILL.md"])).toBe(
          body(CLAUDE_FILES[".claude/skills/pdf-forms/SKILL.md"]),
        );
        expect(out[".claude/skills/pdf-forms/scripts/fill.py"]).toBe("print('fill')\n");
      }
      if (places.items.command?.readable) {
        const command = Object.entries(out).find(([path]) => path.startsWith(".claude/commands/"));
        expect(command?.[1]).toContain("Write a commit message for the staged work. $ARGUMENTS");
      }
    });
  }
});
