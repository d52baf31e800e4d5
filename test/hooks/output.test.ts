import { readdirSync, readFileSync } from "node:fs";
import { Ajv } from "ajv";
import { HOOK_EVENTS, type HookTool, hookOutput, overHookLimit } from "contextfmt/hooks";
import { describe, expect, it } from "vitest";

const CONTEXT = "# Project Memory Rules\n\n- **atomic_commits**: Always make atomic commits\n";

const events = (tool: HookTool) => Object.keys(HOOK_EVENTS[tool]) as never[];

describe("hookOutput", () => {
  it.each([
    ["claude", "SessionStart"],
    ["claude", "UserPromptSubmit"],
    ["claude", "PreToolUse"],
    ["claude", "PostToolUse"],
    ["codex", "SessionStart"],
    ["codex", "UserPromptSubmit"],
    ["codex", "PreToolUse"],
    ["codex", "PostToolUse"],
    ["gemini", "SessionStart"],
    ["gemini", "BeforeAgent"],
    ["gemini", "AfterTool"],
  ] as const)("%s %s: the context in hookSpecificOutput, nothing else", (tool, event) => {
    const { output, issues } = hookOutput(tool, event as never, { additionalContext: CONTEXT });
    expect(JSON.stringify(output)).toBe(
      JSON.stringify({ hookSpecificOutput: { hookEventName: event, additionalContext: CONTEXT } }),
    );
    expect(issues).toEqual([]);
  });

  it("takes kebab-case event names as the command line writes them", () => {
    expect(
      hookOutput("gemini", "before-agent" as never, { additionalContext: "x" }).output,
    ).toEqual({
      hookSpecificOutput: { hookEventName: "BeforeAgent", additionalContext: "x" },
    });
  });

  it("writes {} when there is no context, so the tool carries on unchanged", () => {
    expect(hookOutput("codex", "PreToolUse", { additionalContext: "" }).output).toEqual({});
    expect(hookOutput("claude", "SessionStart").output).toEqual({});
  });

  it("passes systemMessage and suppressOutput through", () => {
    expect(
      hookOutput("claude", "SessionStart", {
        additionalContext: "x",
        systemMessage: "3 rules loaded",
        suppressOutput: true,
      }).output,
    ).toEqual({
      systemMessage: "3 rules loaded",
      suppressOutput: true,
      hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "x" },
    });
  });

  it("leaves the context out of Gemini's BeforeTool, which cannot carry it, and says so", () => {
    const { output, issues } = hookOutput("gemini", "BeforeTool", { additionalContext: CONTEXT });
    expect(output).toEqual({});
    expect(issues).toEqual([
      expect.objectContaining({ code: "unsupported_field", severity: "warning" }),
    ]);
  });

  it("warns when XML goes to Gemini CLI, which escapes < and >", () => {
    const { issues } = hookOutput("gemini", "BeforeAgent", {
      additionalContext: '<memory id="1">text</memory>',
    });
    expect(issues.map((issue) => issue.code)).toEqual(["unsupported_field"]);
    expect(
      hookOutput("claude", "UserPromptSubmit", { additionalContext: "<memory>x</memory>" }).issues,
    ).toEqual([]);
    expect(
      hookOutput("gemini", "BeforeAgent", { additionalContext: "a < b and c > d" }).issues,
    ).toEqual([]);
  });

  it("reports over_hook_limit past Claude Code's 10,000 characters, and keeps the text", () => {
    const fits = "x".repeat(10_000);
    expect(hookOutput("claude", "SessionStart", { additionalContext: fits }).issues).toEqual([]);
    const { output, issues } = hookOutput("claude", "SessionStart", {
      additionalContext: `${fits}y`,
    });
    expect(output.hookSpecificOutput?.additionalContext).toHaveLength(10_001);
    expect(issues).toEqual([
      {
        code: "over_hook_limit",
        severity: "error",
        path: "hookSpecificOutput.additionalContext",
        message:
          "10001 chars > 10000: Claude Code moves SessionStart context over 10000 chars to a file and shows the model only a stub",
      },
    ]);
  });

  it("reports over_hook_limit past Codex CLI's ~2,500 tokens, counted by the given counter", () => {
    const counter = { name: "words", count: (text: string) => text.split(" ").length };
    const text = Array.from({ length: 2_501 }, () => "w").join(" ");
    expect(
      hookOutput("codex", "SessionStart", { additionalContext: text, counter }).issues,
    ).toEqual([
      expect.objectContaining({
        code: "over_hook_limit",
        message: expect.stringMatching(/^2501 tokens > 2500/),
      }),
    ]);
    expect(overHookLimit("codex", text.slice(2), counter)).toBeUndefined();
    expect(overHookLimit("gemini", "x".repeat(100_000))).toBeUndefined();
  });

  it("rejects an event the tool does not have", () => {
    expect(() => hookOutput("codex", "BeforeAgent" as never, {})).toThrow(
      /"BeforeAgent" is not a codex hook event/,
    );
  });
});

describe("Codex CLI accepts exactly what hookOutput writes (its deny-unknown-fields schemas)", () => {
  const dir = new URL("../fixtures/codex-hook-output-schemas/", import.meta.url);
  const ajv = new Ajv({ strict: false });
  const schemas = Object.fromEntries(
    readdirSync(dir)
      .filter((name) => name.endsWith(".json"))
      .map((name) => [
        name.replace(".command.output.schema.json", ""),
        JSON.parse(readFileSync(new URL(name, dir), "utf8")),
      ]),
  );
  const file: Record<string, string> = {
    SessionStart: "session-start",
    UserPromptSubmit: "user-prompt-submit",
    PreToolUse: "pre-tool-use",
    PostToolUse: "post-tool-use",
  };

  it.each(events("codex"))("%s", (event: string) => {
    const validate = ajv.compile(schemas[file[event] as string]);
    for (const fields of [
      {},
      { additionalContext: CONTEXT },
      { additionalContext: CONTEXT, systemMessage: "m", suppressOutput: false },
    ]) {
      const { output } = hookOutput("codex", event as never, fields);
      expect(validate(output), JSON.stringify(validate.errors)).toBe(true);
    }
  });

  it("the schemas do reject an unknown field (the check can fail)", () => {
    const validate = ajv.compile(schemas["session-start"]);
    expect(validate({ hookSpecificOutput: { hookEventName: "SessionStart", extra: 1 } })).toBe(
      false,
    );
    expect(validate({ unknown: true })).toBe(false);
  });
});
