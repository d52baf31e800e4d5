import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { parse as parseToml } from "smol-toml";
import { describe, expect, it } from "vitest";
import { BIN } from "./cli/run-bin.js";

const EXAMPLES = new URL("../examples/hooks/", import.meta.url).pathname;
const read = (path: string) => readFileSync(join(EXAMPLES, path), "utf8");

/** A project as the examples assume it: contextfmt installed, its input files in .contextfmt/. */
function project(): string {
  const root = mkdtempSync(join(tmpdir(), "contextfmt-example-"));
  mkdirSync(join(root, "node_modules/.bin"), { recursive: true });
  symlinkSync(BIN, join(root, "node_modules/.bin/contextfmt"));
  mkdirSync(join(root, ".contextfmt"));
  copyFileSync(
    new URL("../examples/rules.json", import.meta.url),
    join(root, ".contextfmt/rules.json"),
  );
  for (const name of ["project.json", "session.json", "memories.json"]) {
    copyFileSync(join(EXAMPLES, name), join(root, ".contextfmt", name));
  }
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
  it("Claude Code SessionStart: rules, PROJECT block and session context", () => {
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
    const context: string = output.hookSpecificOutput.additionalContext;
    expect(context).toMatch(/^# Project Memory Rules\n/);
    expect(context).toContain('\n<PROJECT name="Atlas" status="active">\n');
    expect(context).toContain("\n## Relevant Context\n");
  });

  it("Claude Code PreToolUse: the brief session context", () => {
    const root = project();
    const command = commandOf(JSON.parse(read("claude/pre-tool-use.settings.json")), "PreToolUse");
    const output = runHook(
      command,
      read("claude/pre-tool-use.stdin.json"),
      { CLAUDE_PROJECT_DIR: root },
      root,
    );
    expect(output).toEqual({
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        additionalContext: expect.stringMatching(
          /^Related: Added exponential backoff to the payment client/,
        ),
      },
    });
  });

  it("Gemini CLI SessionStart: a plain system instruction, the project and markdown, no XML", () => {
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
    const context: string = output.hookSpecificOutput.additionalContext;
    expect(context).toMatch(/^You are an AI assistant/);
    expect(context).toContain("\n\n### Project: Atlas (active)\nLast session (Oct 4");
    expect(context).toContain("\n## Relevant Context\n");
    expect(context).not.toMatch(/<\/?[A-Za-z]/);
  });

  it("Codex CLI SessionStart: plain text and the PROJECT block, only the fields Codex knows", () => {
    const root = project();
    const config = parseToml(read("codex/session-start.config.toml")) as {
      features: { hooks: boolean };
      hooks: SettingsHooks;
    };
    expect(config.features.hooks).toBe(true);
    const command = commandOf(config, "SessionStart");
    const output = runHook(command, read("codex/session-start.stdin.json"), {}, root);
    expect(Object.keys(output.hookSpecificOutput).sort()).toEqual([
      "additionalContext",
      "hookEventName",
    ]);
    expect(output.hookSpecificOutput.additionalContext).toMatch(/^PROJECT CONTEXT RULES\n/);
    expect(output.hookSpecificOutput.additionalContext).toContain('<PROJECT name="Atlas"');
  });
});

describe("examples/hooks lifecycle settings: every event that takes context", () => {
  it("Claude Code: SubagentStart gets rules and project; SessionStart on resume prints {}", () => {
    const root = project();
    const settings = JSON.parse(read("claude/lifecycle.settings.json"));
    expect(Object.keys(settings.hooks)).toEqual([
      "SessionStart",
      "SubagentStart",
      "UserPromptSubmit",
      "PreToolUse",
      "PostToolUseFailure",
    ]);
    const env = { CLAUDE_PROJECT_DIR: root };
    const subagent = runHook(
      commandOf(settings, "SubagentStart"),
      read("claude/subagent-start.stdin.json"),
      env,
      root,
    );
    expect(subagent.hookSpecificOutput.additionalContext).toMatch(
      /^# Project Memory Rules\n[\s\S]*\n<PROJECT name="Atlas" status="active">\n/,
    );
    const start = JSON.parse(read("claude/session-start.stdin.json"));
    const resume = JSON.stringify({ ...start, source: "resume" });
    expect(runHook(commandOf(settings, "SessionStart"), resume, env, root)).toEqual({});
    const compact = JSON.stringify({ ...start, source: "compact" });
    expect(
      runHook(commandOf(settings, "SessionStart"), compact, env, root).hookSpecificOutput
        .additionalContext,
    ).toContain("\n## Relevant Context\n");
  });

  it("Codex CLI: SubagentStart gets rules and project, in the fields Codex knows", () => {
    const root = project();
    const config = parseToml(read("codex/lifecycle.config.toml")) as { hooks: SettingsHooks };
    expect(Object.keys(config.hooks)).toEqual([
      "SessionStart",
      "SubagentStart",
      "UserPromptSubmit",
      "PostToolUse",
    ]);
    const output = runHook(
      commandOf(config, "SubagentStart"),
      read("codex/subagent-start.stdin.json"),
      {},
      root,
    );
    expect(Object.keys(output.hookSpecificOutput).sort()).toEqual([
      "additionalContext",
      "hookEventName",
    ]);
    expect(output.hookSpecificOutput.additionalContext).toMatch(/^PROJECT CONTEXT RULES\n/);
    expect(output.hookSpecificOutput.additionalContext).toContain('<PROJECT name="Atlas"');
  });
});

describe("docs/hooks.md shows the examples as they are", () => {
  const page = readFileSync(new URL("../docs/hooks.md", import.meta.url), "utf8");
  const hooksSection = page.slice(page.indexOf("## Installing the hooks"));
  const blocks = (lang: string) =>
    [...hooksSection.matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``, "g"))].map(
      (m) => m[1],
    );

  it("the Claude Code SessionStart settings", () => {
    expect(blocks("json")[0]).toBe(read("claude/session-start.settings.json"));
  });

  it("the Codex CLI config (without its comment lines)", () => {
    const toml = read("codex/session-start.config.toml").replace(/^#.*\n/gm, "");
    expect(blocks("toml")[0]).toBe(toml);
  });
});
