/**
 * The user's own hooks, synced from Claude Code's settings by `contextfmt sync --only hooks`, run
 * by the real Gemini CLI, Qwen Code and Codex CLI headless against a scripted model that calls
 * the shell twice: the session-start hook runs; the hook for the shell runs after each shell
 * call, and the one for file reads does not (the matcher kept its meaning); a hook before the
 * shell refuses the call it is meant to refuse, and the command never runs.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type ModelScript, runScripted, syncProject } from "./run-scripted.js";

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** Claude Code's settings with the user's hooks, each leaving a line in a file of `markers`. */
function claudeSettings(markers: string): string {
  const mark = (name: string) => `echo ran >> '${join(markers, name)}'`;
  const group = (command: string, matcher?: string) => ({
    ...(matcher !== undefined && { matcher }),
    hooks: [{ type: "command", command, timeout: 20 }],
  });
  return JSON.stringify(
    {
      hooks: {
        SessionStart: [group(mark("session-start"))],
        PreToolUse: [
          group(
            `if grep -q BLOCK_ME; then echo "refused by the project's hook" >&2; exit 2; fi; ${mark("before-shell")}`,
            "Bash",
          ),
        ],
        PostToolUse: [group(mark("after-shell"), "Bash"), group(mark("after-read"), "Read")],
      },
    },
    null,
    2,
  );
}

/** Two shell calls, one after the other: one the hook allows, one it refuses. */
function shellScript(tool: string, input: (command: string) => unknown, dir: string): ModelScript {
  return {
    replies: [
      {
        when: ["HOOK_PROMPT"],
        unless: ["ALLOWED_RAN"],
        times: 1,
        reply: {
          tool: { name: tool, input: input(`echo ALLOWED_RAN > '${join(dir, "allowed")}'`) },
        },
      },
      {
        when: ["HOOK_PROMPT", "ALLOWED_RAN"],
        unless: ["BLOCK_ME"],
        times: 1,
        reply: { tool: { name: tool, input: input(`echo BLOCK_ME > '${join(dir, "blocked")}'`) } },
      },
    ],
  };
}

/** A git project with Claude Code's hooks synced into the three targets. */
function synced() {
  const made = syncProject({});
  roots.push(made.root);
  const markers = join(made.root, "markers");
  mkdirSync(markers);
  writeFileSync(join(made.dir, "readme.txt"), "hello\n");
  mkdirSync(join(made.dir, ".claude"));
  writeFileSync(join(made.dir, ".claude/settings.json"), claudeSettings(markers));
  made.contextfmt("sync", "--from", "claude", "--to", "gemini,qwen,codex", "--only", "hooks");
  return { ...made, markers };
}

const lines = (path: string) =>
  existsSync(path) ? readFileSync(path, "utf8").split("\n").length - 1 : 0;

/** What each hook left: how many times it ran. */
const ran = (markers: string) => ({
  "session-start": lines(join(markers, "session-start")),
  "before-shell": lines(join(markers, "before-shell")),
  "after-shell": lines(join(markers, "after-shell")),
  "after-read": lines(join(markers, "after-read")),
});

describe("the user's hooks synced from Claude Code run in the real clients", () => {
  it("Gemini CLI: session start, before and after the shell; a refused call never runs", () => {
    const box = synced();
    const settings = JSON.parse(readFileSync(join(box.dir, ".gemini/settings.json"), "utf8"));
    expect(Object.keys(settings.hooks)).toEqual(["SessionStart", "BeforeTool", "AfterTool"]);
    mkdirSync(join(box.home, ".gemini"));
    writeFileSync(
      join(box.home, ".gemini/settings.json"),
      JSON.stringify({ security: { auth: { selectedType: "gemini-api-key" } } }),
    );
    writeFileSync(
      join(box.home, ".gemini/trustedFolders.json"),
      JSON.stringify({ [box.dir]: "TRUST_FOLDER" }),
    );
    const run = runScripted(
      "gemini",
      shellScript("run_shell_command", (command) => ({ command }), box.dir),
      ["--yolo", "-p", "HOOK_PROMPT run it"],
      { HOME: box.home, GEMINI_API_KEY: "x" },
      box.dir,
    );
    expect(existsSync(join(box.dir, "allowed")), run.output).toBe(true);
    expect(existsSync(join(box.dir, "blocked"))).toBe(false);
    expect(ran(box.markers)).toEqual({
      "session-start": 1,
      "before-shell": 1,
      "after-shell": 1,
      "after-read": 0,
    });
  });

  it("Qwen Code: session start and after the shell (it has no hook before a tool here)", () => {
    const box = synced();
    mkdirSync(join(box.home, ".qwen"));
    writeFileSync(
      join(box.home, ".qwen/settings.json"),
      JSON.stringify({
        security: { auth: { selectedType: "anthropic" } },
        model: { name: "claude-sonnet-4-5" },
      }),
    );
    const script = shellScript("run_shell_command", (command) => ({ command }), box.dir);
    const run = runScripted(
      "qwen",
      { replies: script.replies.slice(0, 1) },
      ["--yolo", "HOOK_PROMPT run it"],
      { HOME: box.home, ANTHROPIC_API_KEY: "x" },
      box.dir,
    );
    expect(existsSync(join(box.dir, "allowed")), run.output).toBe(true);
    expect(ran(box.markers)).toEqual({
      "session-start": 1,
      "before-shell": 0,
      "after-shell": 1,
      "after-read": 0,
    });
  });

  it("Codex CLI: session start, before and after the shell; a refused call never runs", () => {
    const box = synced();
    writeFileSync(
      join(box.home, "config.toml"),
      `[projects."${box.dir}"]\ntrust_level = "trusted"\n`,
    );
    const run = runScripted(
      "codex",
      shellScript("exec_command", (cmd) => ({ cmd }), box.dir),
      [
        "exec",
        "--skip-git-repo-check",
        "--dangerously-bypass-hook-trust",
        "-c",
        "model_provider=scripted",
        "-c",
        'model_providers.scripted={name="scripted",base_url="{BASE_URL}/v1",wire_api="responses",env_key="SCRIPTED_KEY"}',
        "-c",
        "model=gpt-5",
        "HOOK_PROMPT run it",
      ],
      { CODEX_HOME: box.home, HOME: box.home, SCRIPTED_KEY: "x" },
      box.dir,
    );
    expect(existsSync(join(box.dir, "allowed")), run.output).toBe(true);
    expect(existsSync(join(box.dir, "blocked"))).toBe(false);
    expect(ran(box.markers)).toEqual({
      "session-start": 1,
      "before-shell": 1,
      "after-shell": 1,
      "after-read": 0,
    });
  });
});
