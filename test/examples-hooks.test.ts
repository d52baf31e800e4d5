import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { BIN } from "./cli/run-bin.js";

const EXAMPLES = new URL("../examples/hooks/", import.meta.url).pathname;
const read = (path: string) => readFileSync(join(EXAMPLES, path), "utf8");

/** A project as the examples assume it: contextfmt installed, the rules in .contextfmt/. */
function project(): string {
  const root = mkdtempSync(join(tmpdir(), "contextfmt-example-"));
  mkdirSync(join(root, "node_modules/.bin"), { recursive: true });
  symlinkSync(BIN, join(root, "node_modules/.bin/contextfmt"));
  mkdirSync(join(root, ".contextfmt"));
  copyFileSync(
    new URL("../examples/rules.json", import.meta.url),
    join(root, ".contextfmt/rules.json"),
  );
  return root;
}

/** Runs a settings snippet's command line through the shell, as the tool does. */
function runHook(command: string, stdin: string, env: Record<string, string>, cwd: string) {
  return JSON.parse(
    execFileSync("/bin/sh", ["-c", command], {
      input: stdin,
      cwd,
      env: { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH}`, ...env },
      encoding: "utf8",
    }),
  );
}

type SettingsHooks = Record<string, { hooks: { command: string }[] }[]>;
const commandOf = (settings: { hooks: SettingsHooks }, event: string) =>
  settings.hooks[event]?.[0]?.hooks[0]?.command as string;

describe("examples/hooks run as their settings snippets install them", () => {
  it("Claude Code SessionStart: the rules as markdown in additionalContext", () => {
    const root = project();
    const command = commandOf(
      JSON.parse(read("claude/session-start.settings.json")),
      "SessionStart",
    );
    const output = runHook(
      command,
      read("claude/session-start.stdin.json"),
      { CLAUDE_PROJECT_DIR: root },
      root,
    );
    expect(output.hookSpecificOutput.hookEventName).toBe("SessionStart");
    expect(output.hookSpecificOutput.additionalContext).toMatch(/^# Project Memory Rules\n/);
  });

  it("Gemini CLI SessionStart: the rules as a plain system instruction", () => {
    const root = project();
    const command = commandOf(
      JSON.parse(read("gemini/session-start.settings.json")),
      "SessionStart",
    );
    const output = runHook(
      command,
      read("gemini/session-start.stdin.json"),
      { GEMINI_PROJECT_DIR: root },
      root,
    );
    expect(output.hookSpecificOutput.additionalContext).toMatch(/^You are an AI assistant/);
  });

  it("Codex CLI SessionStart: plain text, only the fields Codex knows", () => {
    const root = project();
    const toml = read("codex/session-start.config.toml");
    expect(toml).toContain("[[hooks.SessionStart]]");
    const command = /^command = "(.*)"$/m.exec(toml)?.[1] as string;
    const output = runHook(command, read("codex/session-start.stdin.json"), {}, root);
    expect(Object.keys(output.hookSpecificOutput).sort()).toEqual([
      "additionalContext",
      "hookEventName",
    ]);
    expect(output.hookSpecificOutput.additionalContext).toMatch(/^PROJECT CONTEXT RULES\n/);
  });
});
