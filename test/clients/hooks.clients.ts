/**
 * The hook commands, run by the real Claude Code and Gemini CLI headless against a loopback
 * server standing in for the model API: the context each hook printed must be in the request the
 * CLI sends to the model.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN } from "../cli/run-bin.js";
import { codexExecArgs, recordModelRequests } from "./run-client.js";

const RULES = {
  rules: [
    {
      name: "hook_rule_marker",
      rule: "HOOK_RULE_MARKER: run the linter before every commit",
      category: "behavior",
      authority: "absolute",
    },
  ],
};
const MEMORIES = {
  memories: [{ id: "m1", content: "HOOK_MEMORY_MARKER: the user's name is Ada", score: 0.9 }],
};

/** A project with the input files, and a home for the CLI's settings. */
function setUp(): { dir: string; home: string; command: (tool: string, event: string) => string } {
  const dir = mkdtempSync(join(tmpdir(), "contextfmt-hook-clients-"));
  const home = join(dir, ".home");
  mkdirSync(home);
  writeFileSync(join(dir, "rules.json"), JSON.stringify(RULES));
  writeFileSync(join(dir, "memories.json"), JSON.stringify(MEMORIES));
  const command = (tool: string, event: string) =>
    `"${process.execPath}" "${BIN}" hook ${tool} ${event} --rules "${join(dir, "rules.json")}" --memories "${join(dir, "memories.json")}"`;
  return { dir, home, command };
}

/** Everything the CLI sent to the model, as one searchable string. */
const sent = (run: { requests: readonly { body: string }[] }) =>
  run.requests.map((request) => request.body).join("\n");

describe("Claude Code puts what the hooks print in front of the model", () => {
  let project: ReturnType<typeof setUp>;
  beforeAll(() => {
    project = setUp();
    const hook = (event: string) => [
      { hooks: [{ type: "command", command: project.command("claude", event) }] },
    ];
    mkdirSync(join(project.home, ".claude"));
    writeFileSync(
      join(project.home, ".claude", "settings.json"),
      JSON.stringify({
        hooks: {
          SessionStart: hook("session-start"),
          UserPromptSubmit: hook("user-prompt-submit"),
        },
      }),
    );
  });
  afterAll(() => rmSync(project.dir, { recursive: true, force: true }));

  it("SessionStart: the rules; UserPromptSubmit: the memories, as XML blocks", () => {
    const body = sent(
      recordModelRequests(
        "claude",
        ["-p", "hi", "--max-turns", "1"],
        { HOME: project.home, ANTHROPIC_API_KEY: "x" },
        project.dir,
      ),
    );
    expect(body).toContain("HOOK_RULE_MARKER: run the linter before every commit");
    expect(body).toContain("**hook_rule_marker**");
    expect(body).toMatch(/<factual_memories nonce=\\"[0-9a-f]+\\">/);
    expect(body).toContain("HOOK_MEMORY_MARKER: the user's name is Ada");
  });
});

describe("Gemini CLI puts what the hooks print in front of the model", () => {
  let project: ReturnType<typeof setUp>;
  beforeAll(() => {
    project = setUp();
    const hook = (event: string) => [
      { hooks: [{ type: "command", command: project.command("gemini", event) }] },
    ];
    mkdirSync(join(project.home, ".gemini"));
    writeFileSync(
      join(project.home, ".gemini", "settings.json"),
      JSON.stringify({
        security: { auth: { selectedType: "gemini-api-key" } },
        hooks: { SessionStart: hook("session-start"), BeforeAgent: hook("before-agent") },
      }),
    );
  });
  afterAll(() => rmSync(project.dir, { recursive: true, force: true }));

  it("SessionStart: the rules; BeforeAgent: the memories, as plain text Gemini need not escape", () => {
    const body = sent(
      recordModelRequests(
        "gemini",
        ["--skip-trust", "-p", "hi"],
        { HOME: project.home, GEMINI_API_KEY: "x" },
        project.dir,
      ),
    );
    expect(body).toContain("HOOK_RULE_MARKER: run the linter before every commit");
    expect(body).toContain("Related: HOOK_MEMORY_MARKER: the user's name is Ada");
    expect(body).not.toContain("&lt;");
  });
});

describe("Codex CLI puts what the hooks print in front of the model, and rejects unknown fields", () => {
  let project: ReturnType<typeof setUp>;
  beforeAll(() => {
    project = setUp();
    writeFileSync(
      join(project.dir, "unknown-field.sh"),
      `#!/bin/sh\ncat > /dev/null\necho '{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"UNKNOWN_FIELD_MARKER","extra":1}}'\n`,
      { mode: 0o755 },
    );
  });
  afterAll(() => rmSync(project.dir, { recursive: true, force: true }));

  /** Codex with the given hook commands, its model provider the recording server. */
  function codex(hooks: Record<string, string>): string {
    const tables = Object.entries(hooks)
      .map(
        ([event, command]) =>
          `[[hooks.${event}]]\n[[hooks.${event}.hooks]]\ntype = "command"\ncommand = '${command}'\ntimeout = 10\n`,
      )
      .join("\n");
    writeFileSync(join(project.home, "config.toml"), `[features]\nhooks = true\n\n${tables}`);
    return sent(
      recordModelRequests(
        "codex",
        codexExecArgs("hi"),
        { CODEX_HOME: project.home, HOME: project.home, RECORDER_KEY: "x" },
        project.dir,
      ),
    );
  }

  it("SessionStart: the rules; UserPromptSubmit: the memories", () => {
    const body = codex({
      SessionStart: project.command("codex", "session-start"),
      UserPromptSubmit: project.command("codex", "user-prompt-submit"),
    });
    expect(body).toContain("HOOK_RULE_MARKER: run the linter before every commit");
    expect(body).toContain("HOOK_MEMORY_MARKER: the user's name is Ada");
  });

  it("an output with one field Codex does not know is dropped whole (so the check above can fail)", () => {
    const body = codex({ UserPromptSubmit: join(project.dir, "unknown-field.sh") });
    expect(body).toContain("hi");
    expect(body).not.toContain("UNKNOWN_FIELD_MARKER");
  });
});
