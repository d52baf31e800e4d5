/**
 * The user's own hooks as a sync kind: each command hook of the source's settings carried into
 * each target's hook settings by what its event is for and which tools its matcher names, the
 * rest of each file kept byte for byte; contextfmt's own hooks never carried nor touched; what a
 * target cannot hold named in a warning; what an earlier sync added taken out once its source
 * hook is gone.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { SyncKind, SyncTool } from "../../src/sync/locations.js";
import { planChanges } from "../../src/sync/plan.js";
import { isContextfmtHook, readUserHooks } from "../../src/sync/user-hooks.js";
import { Project } from "../../src/workspace/project.js";
import { WrittenRecord } from "../../src/workspace/record.js";
import { settingsFile } from "../../src/workspace/settings-file.js";
import { project, tree } from "../cli/project-dir.js";
import { writePlan } from "./write-plan.js";

const KINDS: SyncKind[] = ["hook"];

function sync(dir: string, to: SyncTool[], from: SyncTool = "claude") {
  const p = Project.at(dir);
  const record = WrittenRecord.read(p);
  const plan = planChanges({ project: p, record, from, to, kinds: KINDS });
  expect(plan.conflicts).toEqual([]);
  writePlan(p, plan, record);
  return plan;
}

const read = (dir: string, path: string) => readFileSync(join(dir, path), "utf8");
const messages = (plan: ReturnType<typeof sync>) => [
  ...plan.warnings.map((w) => `${w.path}: ${w.message}`),
  ...plan.files.flatMap((f) => f.warnings.map((w) => `${w.path}: ${w.message}`)),
];

/** A Claude Code settings file with the user's hooks beside contextfmt's own. */
const CLAUDE_SETTINGS = `{
  "permissions": { "allow": ["Bash(npm test)"] },
  "hooks": {
    "SessionStart": [
      { "hooks": [{ "type": "command", "command": "\\"$CLAUDE_PROJECT_DIR\\"/node_modules/.bin/contextfmt hook claude session-start --rules \\"$CLAUDE_PROJECT_DIR\\"/.contextfmt/rules.json", "timeout": 10 }] },
      { "hooks": [{ "type": "command", "command": "echo started >> .hook-log" }] }
    ],
    "PostToolUse": [
      { "matcher": "Bash", "hooks": [{ "type": "command", "command": "./scripts/after-shell.sh", "timeout": 30 }] },
      { "matcher": "Edit|Write", "hooks": [{ "type": "command", "command": "npx prettier --write ." }] }
    ],
    "PreToolUse": [
      { "matcher": "mcp__github__.*", "hooks": [{ "type": "command", "command": "./guard.sh" }] }
    ],
    "Notification": [
      { "hooks": [{ "type": "command", "command": "notify-send done" }] }
    ],
    "Stop": [
      { "hooks": [{ "type": "prompt", "prompt": "Is the work done?" }] }
    ]
  }
}
`;

describe("the user's hooks, from Claude Code", () => {
  it("Gemini CLI: events and tools by meaning, timeouts in milliseconds, the file's own keys kept", () => {
    const dir = project({
      ".claude/settings.json": CLAUDE_SETTINGS,
      ".gemini/settings.json": '{\n  // mine\n  "theme": "x"\n}\n',
    });
    const plan = sync(dir, ["gemini"]);
    expect(read(dir, ".gemini/settings.json")).toBe(`{
  // mine
  "theme": "x",
  "hooks": {
    "SessionStart": [
      {
        "hooks": [
          {
            "type": "command",
            "command": "echo started >> .hook-log"
          }
        ]
      }
    ],
    "AfterTool": [
      {
        "matcher": "run_shell_command",
        "hooks": [
          {
            "type": "command",
            "command": "./scripts/after-shell.sh",
            "timeout": 30000
          }
        ]
      },
      {
        "matcher": "replace|write_file",
        "hooks": [
          {
            "type": "command",
            "command": "npx prettier --write ."
          }
        ]
      }
    ]
  }
}
`);
    expect(messages(plan)).toEqual([
      '.claude/settings.json: hooks.PreToolUse[0]: not synced: its matcher "mcp__github__.*" names "mcp__github__.*", no built-in tool of known meaning (only tool names joined by | are mapped)',
      ".claude/settings.json: hooks.Notification[0]: not synced: contextfmt does not know what Claude Code's Notification event is for, so no other client's event can stand for it",
      ".claude/settings.json: hooks.Stop[0]: not synced: a hook of type prompt (only command hooks are carried)",
    ]);
  });

  it("Codex CLI: [[hooks.<Event>]] tables appended; a tool it names no hook for is a warning", () => {
    const dir = project({
      ".claude/settings.json": CLAUDE_SETTINGS,
      ".codex/config.toml": '# mine\nmodel = "o3"\n',
    });
    const plan = sync(dir, ["codex"]);
    expect(read(dir, ".codex/config.toml")).toBe(`# mine
model = "o3"

[[hooks.SessionStart]]
[[hooks.SessionStart.hooks]]
type = "command"
command = "echo started >> .hook-log"

[[hooks.PostToolUse]]
matcher = "Bash"

[[hooks.PostToolUse.hooks]]
type = "command"
command = "./scripts/after-shell.sh"
timeout = 30
`);
    expect(messages(plan)).toContain(
      ".claude/settings.json: hooks.PostToolUse[1]: not synced to codex: Codex CLI has no tool for edit, write known to its hooks",
    );
  });

  it("$CLAUDE_PROJECT_DIR: copied as written, a warning where the target does not set it", () => {
    const settings = JSON.stringify({
      hooks: {
        SessionStart: [
          { hooks: [{ type: "command", command: '"$CLAUDE_PROJECT_DIR"/hooks/start.sh' }] },
        ],
      },
    });
    const dir = project({ ".claude/settings.json": settings });
    const plan = sync(dir, ["gemini", "qwen", "codex"]);
    for (const path of [".gemini/settings.json", ".qwen/settings.json", ".codex/config.toml"]) {
      expect(read(dir, path)).toContain("$CLAUDE_PROJECT_DIR");
    }
    // Gemini CLI and Qwen Code set Claude Code's variable too; Codex CLI does not.
    expect(messages(plan)).toEqual([
      ".claude/settings.json: hooks.SessionStart[0].hooks[0]: copied as written, but it uses $CLAUDE_PROJECT_DIR, which Codex CLI does not set (it runs hooks from the project folder): edit the command in the target if it needs the project folder",
    ]);
  });

  it("clients that cannot hold a command hook: a warning naming each hook, nothing written", () => {
    const dir = project({ ".claude/settings.json": CLAUDE_SETTINGS });
    const before = tree(dir);
    const plan = sync(dir, ["opencode", "kilo", "cline"]);
    const { ".contextfmt/written.json": _record, ...after } = tree(dir);
    expect(after).toEqual(before);
    const said = messages(plan).filter((m) => m.includes("not written for"));
    expect(said).toContain(
      ".claude/settings.json: hooks.SessionStart[1]: not written for kilo: Kilo Code's hooks are plugins written in JavaScript, not commands",
    );
    expect(said.filter((m) => m.includes("not written for cline"))).toHaveLength(3);
    expect(said.filter((m) => m.includes("not written for opencode"))).toHaveLength(3);
  });

  it("Copilot CLI and Cursor: their own entry shape and version; a tool matcher cannot be held", () => {
    const settings = JSON.stringify({
      hooks: {
        SessionStart: [{ hooks: [{ type: "command", command: "./start.sh", timeout: 5 }] }],
        PostToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "./after.sh" }] }],
      },
    });
    const dir = project({ ".claude/settings.json": settings });
    const plan = sync(dir, ["copilot", "cursor"]);
    expect(JSON.parse(read(dir, ".github/hooks/contextfmt.json"))).toEqual({
      hooks: { SessionStart: [{ type: "command", bash: "./start.sh", cwd: ".", timeoutSec: 5 }] },
      version: 1,
    });
    expect(JSON.parse(read(dir, ".cursor/hooks.json"))).toEqual({
      hooks: { sessionStart: [{ command: "./start.sh", timeout: 5 }] },
      version: 1,
    });
    expect(messages(plan)).toEqual([
      ".claude/settings.json: hooks.PostToolUse[0]: not synced to copilot: GitHub Copilot CLI's hooks cannot be narrowed to some tools",
      ".claude/settings.json: hooks.PostToolUse[0]: not synced to cursor: Cursor's hooks cannot be narrowed to some tools",
    ]);
  });
});

describe("record and removal, as for every kind", () => {
  it("a second sync adds nothing; a hook gone from the source is taken out, the user's own stay", () => {
    const dir = project({
      ".claude/settings.json": CLAUDE_SETTINGS,
      ".qwen/settings.json": JSON.stringify(
        { hooks: { SessionStart: [{ hooks: [{ type: "command", command: "mine.sh" }] }] } },
        null,
        2,
      ),
    });
    sync(dir, ["qwen"]);
    const once = read(dir, ".qwen/settings.json");
    expect(JSON.parse(once).hooks.SessionStart).toHaveLength(2);
    const again = sync(dir, ["qwen"]);
    expect(again.files.filter((f) => f.after !== f.before)).toEqual([]);
    expect(read(dir, ".qwen/settings.json")).toBe(once);
    // The user drops the session-start hook from Claude Code's settings.
    const source = JSON.parse(CLAUDE_SETTINGS);
    source.hooks.SessionStart.pop();
    writeFileSync(join(dir, ".claude/settings.json"), JSON.stringify(source));
    const removed = sync(dir, ["qwen"]);
    const after = JSON.parse(read(dir, ".qwen/settings.json"));
    expect(after.hooks.SessionStart).toEqual([
      { hooks: [{ type: "command", command: "mine.sh" }] },
    ]);
    expect(after.hooks.PostToolUse).toHaveLength(2);
    expect(messages(removed)).toContain(
      ".qwen/settings.json: hooks.SessionStart[1] taken out: its source hook is no longer in .claude/settings.json",
    );
  });

  it("the last synced hook of an event taken out takes its event too, and an empty hooks object; a comment keeps them", () => {
    const settings = JSON.stringify({
      hooks: {
        SessionStart: [{ hooks: [{ type: "command", command: "./start.sh" }] }],
        PostToolUse: [
          { matcher: "Bash", hooks: [{ type: "command", command: "./after-shell.sh" }] },
        ],
      },
    });
    const gemini = `{
  // my settings
  "model": { "name": "x" }
}
`;
    const qwen = `{
  "hooks": {
    // keep this note
    "SessionStart": [
      { "hooks": [{ "type": "command", "command": "mine.sh" }] }
    ]
  }
}
`;
    const dir = project({
      ".claude/settings.json": settings,
      ".gemini/settings.json": gemini,
      ".qwen/settings.json": qwen,
    });
    sync(dir, ["gemini", "qwen"]);
    // Only the session-start hook goes: its event goes, the other stays as written.
    const withBoth = read(dir, ".gemini/settings.json");
    writeFileSync(
      join(dir, ".claude/settings.json"),
      JSON.stringify({ hooks: { PostToolUse: JSON.parse(settings).hooks.PostToolUse } }),
    );
    sync(dir, ["gemini", "qwen"]);
    const afterOne = read(dir, ".gemini/settings.json");
    expect(JSON.parse(afterOne.replace("// my settings", "")).hooks).toEqual({
      AfterTool: JSON.parse(withBoth.replace("// my settings", "")).hooks.AfterTool,
    });
    expect(afterOne).not.toContain("SessionStart");
    // The last one goes: the file is as the user had it, comment and all.
    writeFileSync(join(dir, ".claude/settings.json"), "{}");
    sync(dir, ["gemini", "qwen"]);
    expect(read(dir, ".gemini/settings.json")).toBe(gemini);
    // The user's own hook and comment in Qwen Code's settings stay, byte for byte.
    expect(read(dir, ".qwen/settings.json")).toBe(qwen);
  });

  it("an event with a comment of the user's keeps its empty list when its last synced hook goes", () => {
    const settings = JSON.stringify({
      hooks: { SessionStart: [{ hooks: [{ type: "command", command: "./start.sh" }] }] },
    });
    const dir = project({ ".claude/settings.json": settings });
    sync(dir, ["gemini"]);
    const written = read(dir, ".gemini/settings.json");
    const noted = written.replace('"SessionStart": [', '// started by sync\n    "SessionStart": [');
    writeFileSync(join(dir, ".gemini/settings.json"), noted);
    writeFileSync(join(dir, ".claude/settings.json"), "{}");
    sync(dir, ["gemini"]);
    expect(read(dir, ".gemini/settings.json")).toBe(
      '{\n  "hooks": {\n    // started by sync\n    "SessionStart": []\n  }\n}\n',
    );
  });

  it("a synced hook the user changed in the target stays", () => {
    const settings = JSON.stringify({
      hooks: { SessionStart: [{ hooks: [{ type: "command", command: "./start.sh" }] }] },
    });
    const dir = project({ ".claude/settings.json": settings });
    sync(dir, ["gemini"]);
    const edited = read(dir, ".gemini/settings.json").replace("./start.sh", "./start.sh --verbose");
    writeFileSync(join(dir, ".gemini/settings.json"), edited);
    writeFileSync(join(dir, ".claude/settings.json"), "{}");
    sync(dir, ["gemini"]);
    expect(read(dir, ".gemini/settings.json")).toBe(edited);
  });

  it("contextfmt's own hooks in the target are never touched", () => {
    const own = {
      hooks: {
        SessionStart: [
          {
            hooks: [
              {
                type: "command",
                command:
                  "node_modules/.bin/contextfmt hook qwen session-start --rules .contextfmt/rules.json",
                timeout: 10,
              },
            ],
          },
        ],
      },
    };
    const dir = project({
      ".claude/settings.json": CLAUDE_SETTINGS,
      ".qwen/settings.json": JSON.stringify(own),
    });
    sync(dir, ["qwen"]);
    writeFileSync(join(dir, ".claude/settings.json"), "{}");
    sync(dir, ["qwen"]);
    expect(JSON.parse(read(dir, ".qwen/settings.json")).hooks.SessionStart).toEqual(
      own.hooks.SessionStart,
    );
  });
});

describe("reading the source", () => {
  it("contextfmt's own commands are not the user's, however the bin is named", () => {
    expect(
      isContextfmtHook('"$CLAUDE_PROJECT_DIR"/node_modules/.bin/contextfmt hook claude x'),
    ).toBe(true);
    expect(isContextfmtHook("npx contextfmt hook gemini session-start")).toBe(true);
    expect(isContextfmtHook("node dist/cli/contextfmt.js hook codex x")).toBe(true);
    expect(isContextfmtHook("echo contextfmt && hook")).toBe(false);
    expect(isContextfmtHook("./my-contextfmt-hook.sh")).toBe(false);
  });

  it("Gemini CLI's milliseconds are read as seconds", () => {
    const file = settingsFile(
      ".gemini/settings.json",
      JSON.stringify({
        hooks: {
          BeforeTool: [
            {
              matcher: "run_shell_command",
              hooks: [{ type: "command", command: "x", timeout: 1500 }],
            },
          ],
        },
      }),
    );
    expect(readUserHooks("gemini", file).hooks).toEqual([
      {
        where: ".gemini/settings.json: hooks.BeforeTool[0]",
        event: "BeforeTool",
        moment: "pre-tool",
        tools: ["shell"],
        commands: [
          {
            where: ".gemini/settings.json: hooks.BeforeTool[0].hooks[0]",
            command: "x",
            seconds: 1.5,
          },
        ],
      },
    ]);
  });
});
