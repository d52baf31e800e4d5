import { readdirSync, readFileSync } from "node:fs";
import { Ajv } from "ajv";
import {
  HOOK_EVENTS,
  type HookTool,
  hookContextLimit,
  hookOutput,
  overHookLimit,
  utf8Length,
} from "contextfmt/hooks";
import { describe, expect, it } from "vitest";

const CONTEXT = "# Project Memory Rules\n\n- **atomic_commits**: Always make atomic commits\n";

const events = (tool: HookTool) => Object.keys(HOOK_EVENTS[tool]) as never[];

describe("hookOutput", () => {
  const carrying = (["claude", "codex", "gemini", "qwen"] as const).flatMap((tool) =>
    events(tool)
      .filter((event) => !(tool === "gemini" && event === "BeforeTool"))
      .map((event: string) => [tool, event] as const),
  );

  it.each(carrying)("%s %s: the context in hookSpecificOutput, nothing else", (tool, event) => {
    const { output, issues } = hookOutput(tool, event as never, { additionalContext: CONTEXT });
    expect(JSON.stringify(output)).toBe(
      JSON.stringify({ hookSpecificOutput: { hookEventName: event, additionalContext: CONTEXT } }),
    );
    const expected = event === "Stop" || event === "SubagentStop" ? ["continues_turn"] : [];
    expect(issues.map((issue) => issue.code)).toEqual(expected);
  });

  it("Copilot CLI: the context at the top level, where it reads it, for each of its events", () => {
    for (const event of events("copilot")) {
      const { output, issues } = hookOutput("copilot", event, { additionalContext: CONTEXT });
      expect(output).toEqual({ additionalContext: CONTEXT });
      expect(issues).toEqual([]);
    }
    const unread = hookOutput("copilot", "SessionStart", {
      additionalContext: "x",
      systemMessage: "m",
    });
    expect(unread.output).toEqual({ additionalContext: "x" });
    expect(unread.issues.map((issue) => [issue.code, issue.path])).toEqual([
      ["unsupported_field", "systemMessage"],
    ]);
  });

  it("Copilot CLI cuts a tool event's context after 10,240 characters, not a session start's", () => {
    const long = "x".repeat(10_241);
    expect(hookOutput("copilot", "SessionStart", { additionalContext: long }).issues).toEqual([]);
    expect(hookOutput("copilot", "PostToolUse", { additionalContext: long }).issues).toEqual([
      {
        code: "over_hook_limit",
        severity: "error",
        path: "additionalContext",
        message:
          "10241 chars > 10240: GitHub Copilot CLI cuts PostToolUse context over 10240 chars off at the limit",
      },
    ]);
    expect(hookContextLimit("copilot", "PostToolUseFailure")).toEqual({ chars: 10_240 });
    expect(hookContextLimit("copilot", "PreToolUse")).toEqual({});
    expect(hookContextLimit("claude", "PostToolUse")).toEqual({ chars: 10_000 });
  });

  it("Qwen Code escapes XML as Gemini CLI does: a warning", () => {
    expect(
      hookOutput("qwen", "UserPromptSubmit", { additionalContext: "<memory>x</memory>" }).issues,
    ).toEqual([
      expect.objectContaining({
        code: "unsupported_field",
        message: expect.stringMatching(/^Qwen Code escapes < and >/),
      }),
    ]);
  });

  it("warns that context at a stop keeps the agent going", () => {
    expect(hookOutput("claude", "SubagentStop", { additionalContext: "x" }).issues).toEqual([
      {
        code: "continues_turn",
        severity: "warning",
        path: "hookSpecificOutput.additionalContext",
        message:
          "Claude Code does not stop when SubagentStop returns context: the subagent takes another turn to act on it, and the hook runs again when it next stops (stop_hook_active: true)",
      },
    ]);
    expect(hookOutput("claude", "Stop", {}).issues).toEqual([]);
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

  it("reports over_hook_limit past Codex CLI's 10,000 UTF-8 bytes (2,500 of its four-byte tokens)", () => {
    expect(overHookLimit("codex", "x".repeat(10_000))).toBeUndefined();
    // 5,001 characters, 10,002 bytes: over, though far fewer characters than the limit.
    const accented = "é".repeat(5_001);
    expect(hookOutput("codex", "SessionStart", { additionalContext: accented }).issues).toEqual([
      {
        code: "over_hook_limit",
        severity: "error",
        path: "hookSpecificOutput.additionalContext",
        message:
          "10002 bytes > 10000: Codex CLI cuts SessionStart context over 10000 bytes in the middle",
      },
    ]);
    expect(overHookLimit("codex", accented.slice(1))).toBeUndefined();
    expect(overHookLimit("gemini", "x".repeat(100_000))).toBeUndefined();
  });

  it("counts UTF-8 bytes as Codex CLI does: 1 to 4 per code point, 3 for a lone surrogate", () => {
    expect(utf8Length("a")).toBe(1);
    expect(utf8Length("é")).toBe(2);
    expect(utf8Length("€")).toBe(3);
    expect(utf8Length("😀")).toBe(4);
    expect(utf8Length("\ud83d")).toBe(3);
    expect(utf8Length("\ud83dx")).toBe(4);
    const sample = "héllo wörld € 😀 — 日本語";
    expect(utf8Length(sample)).toBe(new TextEncoder().encode(sample).length);
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
  const schemas: Record<string, { properties: Record<string, unknown>; definitions?: object }> =
    Object.fromEntries(
      readdirSync(dir)
        .filter((name) => name.endsWith(".json"))
        .map((name) => [
          name.replace(".command.output.schema.json", ""),
          JSON.parse(readFileSync(new URL(name, dir), "utf8")),
        ]),
    );
  const kebab = (name: string) =>
    name.replace(/[A-Z]/g, (c, i: number) => (i ? "-" : "") + c.toLowerCase());

  it.each(events("codex"))("%s", (event: string) => {
    const validate = ajv.compile(schemas[kebab(event)] as object);
    for (const fields of [
      {},
      { additionalContext: CONTEXT },
      { additionalContext: CONTEXT, systemMessage: "m", suppressOutput: false },
    ]) {
      const { output } = hookOutput("codex", event as never, fields);
      expect(validate(output), JSON.stringify(validate.errors)).toBe(true);
    }
  });

  it("the events with context are exactly those whose schema lets hookSpecificOutput carry it", () => {
    const withContext = Object.entries(schemas)
      .filter(([, schema]) =>
        Object.values(schema.definitions ?? {}).some(
          (definition: { properties?: Record<string, unknown> }) =>
            definition.properties?.additionalContext !== undefined &&
            definition.properties.hookEventName !== undefined,
        ),
      )
      .map(([name]) => name)
      .sort();
    expect(withContext).toEqual(events("codex").map(kebab).sort());
    // The others: a decision, a blocking reason or a message for the user, never context.
    expect(
      Object.keys(schemas)
        .filter((name) => !withContext.includes(name))
        .sort(),
    ).toEqual([
      "interrupt",
      "permission-request",
      "post-compact",
      "pre-compact",
      "stop",
      "subagent-stop",
    ]);
  });

  it("the schemas do reject an unknown field (the check can fail)", () => {
    const validate = ajv.compile(schemas["session-start"] as object);
    expect(validate({ hookSpecificOutput: { hookEventName: "SessionStart", extra: 1 } })).toBe(
      false,
    );
    expect(validate({ unknown: true })).toBe(false);
    // Codex 0.169 has no `env` on SessionStart any more.
    expect(validate({ hookSpecificOutput: { hookEventName: "SessionStart", env: {} } })).toBe(
      false,
    );
  });
});

describe("hookOutput for Cursor (from its documentation)", () => {
  it("the context as a top-level additional_context; systemMessage and suppressOutput left out, said so", () => {
    const { output, issues } = hookOutput("cursor", "postToolUse", {
      additionalContext: "Related: retries stop after five attempts.",
      systemMessage: "shown",
      suppressOutput: true,
    });
    expect(output).toEqual({ additional_context: "Related: retries stop after five attempts." });
    expect(issues.map((issue) => `${issue.code} ${issue.path}: ${issue.message}`)).toEqual([
      "unsupported_field systemMessage: left out: Cursor's hooks are not known to read systemMessage",
      "unsupported_field suppressOutput: left out: Cursor's hooks are not known to read suppressOutput",
    ]);
  });
});
