/**
 * The user's hooks of real repositories (test/fixtures/real-hooks/SOURCES.md): every field a
 * target cannot hold named, each warning said once at the command it is about, a matcher naming a
 * tool of no known meaning narrowed rather than the hook dropped.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { SyncTool } from "../../src/sync/locations.js";
import { planChanges } from "../../src/sync/plan.js";
import { Project } from "../../src/workspace/project.js";
import { WrittenRecord } from "../../src/workspace/record.js";
import { project } from "../cli/project-dir.js";
import { writePlan } from "./write-plan.js";

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/real-hooks/${name}`, import.meta.url), "utf8");

/**
 * bibito-/claude-workflow-kit's `.claude/settings.json` (a6a21c9), its shape: four guards under
 * one Bash matcher, the first with Claude Code's `if` condition, each with `blocking` (a field
 * Claude Code does not read). The repository states no licence, so its hooks are described here,
 * not copied: the same fields, matchers and commands' form.
 */
const WORKFLOW_KIT = JSON.stringify(
  {
    hooks: {
      PreToolUse: [
        {
          matcher: "Bash",
          hooks: [
            {
              type: "command",
              command: 'node "$CLAUDE_PROJECT_DIR/.claude/hooks/guard-rm-rf.js"',
              if: "Bash(rm -rf *)",
              blocking: true,
            },
            {
              type: "command",
              command: 'node "$CLAUDE_PROJECT_DIR/.claude/hooks/guard-env-read.js"',
              blocking: true,
            },
            {
              type: "command",
              command: 'node "$CLAUDE_PROJECT_DIR/.claude/hooks/guard-review.js"',
              blocking: true,
            },
            {
              type: "command",
              command: 'node "$CLAUDE_PROJECT_DIR/.claude/hooks/guard-push.cjs"',
              blocking: true,
            },
          ],
        },
        {
          matcher: "Write|Edit",
          hooks: [
            {
              type: "command",
              command: 'node "$CLAUDE_PROJECT_DIR/.claude/hooks/guard-write.cjs"',
              blocking: true,
            },
          ],
        },
      ],
    },
  },
  null,
  2,
);

function sync(dir: string, to: SyncTool[]) {
  const p = Project.at(dir);
  const record = WrittenRecord.read(p);
  const plan = planChanges({ project: p, record, from: "claude", to, kinds: ["hook"] });
  expect(plan.conflicts).toEqual([]);
  writePlan(p, plan, record);
  return plan;
}

const messages = (plan: ReturnType<typeof sync>) => [
  ...plan.warnings.map((w) => `${w.path}: ${w.message}`),
  ...plan.files.flatMap((f) => f.warnings.map((w) => `${w.path}: ${w.message}`)),
];

const read = (dir: string, path: string) => readFileSync(join(dir, path), "utf8");

describe("claude-workflow-kit's guards", () => {
  it("a warning about a command names that command, once, not its group once per command", () => {
    const dir = project({ ".claude/settings.json": WORKFLOW_KIT });
    const said = messages(sync(dir, ["codex"])).filter((m) => m.includes("CLAUDE_PROJECT_DIR"));
    expect(said.length).toBe(new Set(said).size);
    expect(said.map((m) => m.slice(0, m.indexOf(": copied")))).toEqual([
      ".claude/settings.json: hooks.PreToolUse[0].hooks[1]",
      ".claude/settings.json: hooks.PreToolUse[0].hooks[2]",
      ".claude/settings.json: hooks.PreToolUse[0].hooks[3]",
    ]);
  });
});

describe("claude-workflow-kit's fields", () => {
  it("a command with a condition the target cannot hold is left out, named; every other field not carried is named", () => {
    const dir = project({ ".claude/settings.json": WORKFLOW_KIT });
    const plan = sync(dir, ["gemini", "codex"]);
    const gemini = JSON.parse(read(dir, ".gemini/settings.json"));
    expect(
      gemini.hooks.BeforeTool.map((g: { hooks: { command: string }[] }) =>
        g.hooks.map((h) => h.command),
      ),
    ).toEqual([
      [
        'node "$CLAUDE_PROJECT_DIR/.claude/hooks/guard-env-read.js"',
        'node "$CLAUDE_PROJECT_DIR/.claude/hooks/guard-review.js"',
        'node "$CLAUDE_PROJECT_DIR/.claude/hooks/guard-push.cjs"',
      ],
      ['node "$CLAUDE_PROJECT_DIR/.claude/hooks/guard-write.cjs"'],
    ]);
    expect(read(dir, ".codex/config.toml")).not.toContain("guard-rm-rf");
    expect(read(dir, ".codex/config.toml")).toContain("guard-env-read");
    const said = messages(plan).filter((m) => !m.includes("CLAUDE_PROJECT_DIR, which"));
    expect(said.sort()).toEqual(
      [
        '.claude/settings.json: hooks.PreToolUse[0].hooks[0]: "blocking" not carried: Claude Code reads no such field of a hook (it ignores it)',
        '.claude/settings.json: hooks.PreToolUse[0].hooks[1]: "blocking" not carried: Claude Code reads no such field of a hook (it ignores it)',
        '.claude/settings.json: hooks.PreToolUse[0].hooks[2]: "blocking" not carried: Claude Code reads no such field of a hook (it ignores it)',
        '.claude/settings.json: hooks.PreToolUse[0].hooks[3]: "blocking" not carried: Claude Code reads no such field of a hook (it ignores it)',
        '.claude/settings.json: hooks.PreToolUse[1].hooks[0]: "blocking" not carried: Claude Code reads no such field of a hook (it ignores it)',
        ".claude/settings.json: hooks.PreToolUse[1]: not synced to codex: Codex CLI has no tool for write, edit known to its hooks",
        '.claude/settings.json: hooks.PreToolUse[0].hooks[0]: not synced to gemini: its "if" ("Bash(rm -rf *)") limits when or how it runs, and Gemini CLI reads no such field: without it the command would run more often or otherwise',
        '.claude/settings.json: hooks.PreToolUse[0].hooks[0]: not synced to codex: its "if" ("Bash(rm -rf *)") limits when or how it runs, and Codex CLI reads no such field: without it the command would run more often or otherwise',
      ].sort(),
    );
  });

  it("a field the target reads by the same name is carried as written; one it does not is named", () => {
    const dir = project({
      ".claude/settings.json": JSON.stringify({
        hooks: {
          PostToolUse: [
            {
              matcher: "Bash",
              hooks: [
                { type: "command", command: "./lint.sh", statusMessage: "Linting", async: true },
              ],
            },
          ],
        },
      }),
    });
    const plan = sync(dir, ["codex", "gemini"]);
    expect(read(dir, ".codex/config.toml")).toContain('statusMessage = "Linting"');
    expect(read(dir, ".codex/config.toml")).not.toContain("async");
    expect(JSON.parse(read(dir, ".gemini/settings.json")).hooks.AfterTool[0].hooks).toEqual([
      { type: "command", command: "./lint.sh" },
    ]);
    expect(messages(plan).sort()).toEqual([
      '.claude/settings.json: hooks.PostToolUse[0].hooks[0]: "async" not carried to codex: Codex CLI reads no such field of a hook',
      '.claude/settings.json: hooks.PostToolUse[0].hooks[0]: "async" not carried to gemini: Gemini CLI reads no such field of a hook',
      '.claude/settings.json: hooks.PostToolUse[0].hooks[0]: "statusMessage" not carried to gemini: Gemini CLI reads no such field of a hook',
    ]);
  });
});

describe("claude-code-init's context hook", () => {
  it("a matcher naming MultiEdit is narrowed to the tools it names of known meaning, not dropped", () => {
    const dir = project({ ".claude/settings.json": fixture("claude-code-init/settings.json") });
    const plan = sync(dir, ["gemini"]);
    const gemini = JSON.parse(read(dir, ".gemini/settings.json"));
    expect(gemini.hooks.BeforeTool).toEqual([
      {
        matcher: "replace|write_file|run_shell_command",
        hooks: [
          {
            type: "command",
            command: 'bash "$CLAUDE_PROJECT_DIR/.claude/hooks/smart-context.sh"',
          },
        ],
      },
    ]);
    expect(messages(plan)).toEqual([
      '.claude/settings.json: hooks.PreToolUse[0]: synced for Edit|Write|Bash only: its matcher "Edit|Write|MultiEdit|Bash" also names "MultiEdit", no built-in tool of Claude Code of known meaning (only tool names joined by | are mapped)',
    ]);
  });

  it("a matcher naming no tool of known meaning is still not synced, named", () => {
    const dir = project({
      ".claude/settings.json": JSON.stringify({
        hooks: {
          PreToolUse: [
            { matcher: "MultiEdit|mcp__x__y", hooks: [{ type: "command", command: "./x.sh" }] },
          ],
        },
      }),
    });
    const plan = sync(dir, ["gemini"]);
    expect(messages(plan)).toEqual([
      '.claude/settings.json: hooks.PreToolUse[0]: not synced: its matcher "MultiEdit|mcp__x__y" names "MultiEdit", "mcp__x__y", no built-in tool of known meaning (only tool names joined by | are mapped)',
    ]);
  });
});
