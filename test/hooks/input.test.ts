import { readFileSync } from "node:fs";
import { Ajv } from "ajv";
import { InvalidInputError, type Issue } from "contextfmt";
import { HOOK_EVENTS, type HookTool, parseHookInput } from "contextfmt/hooks";
import { describe, expect, it } from "vitest";
import { hookInputs } from "../fixtures/hook-inputs.js";

const cases = (Object.keys(hookInputs) as HookTool[]).flatMap((tool) =>
  Object.entries(hookInputs[tool]).map(([event, payload]) => ({ tool, event, payload })),
);

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (InvalidInputError.is(error)) return error.message;
    throw error;
  }
  throw new Error("expected an InvalidInputError");
}

describe("Codex CLI's own input schemas accept the Codex payloads the tests use", () => {
  const dir = new URL("../fixtures/codex-hook-input-schemas/", import.meta.url);
  const ajv = new Ajv({ strict: false });
  const kebab = (name: string) =>
    name.replace(/[A-Z]/g, (c, i: number) => (i ? "-" : "") + c.toLowerCase());

  it.each(Object.keys(HOOK_EVENTS.codex))("%s", (event) => {
    const schema = JSON.parse(
      readFileSync(new URL(`${kebab(event)}.command.input.schema.json`, dir), "utf8"),
    );
    const validate = ajv.compile(schema);
    const payload = (hookInputs.codex as Record<string, unknown>)[event];
    expect(validate(payload), JSON.stringify(validate.errors)).toBe(true);
    // Each payload is also what parseHookInput takes.
    expect(parseHookInput("codex", payload).hook_event_name).toBe(event);
  });
});

describe("parseHookInput", () => {
  it.each(cases)("parses $tool $event stdin, keeping every field", ({ tool, event, payload }) => {
    // Cline's stdin names no event: the call gives it, and the input carries it as the others'.
    const input = parseHookInput(
      tool,
      JSON.stringify(payload),
      tool === "cline" ? { event: event as never } : {},
    );
    expect(input).toEqual({
      hook_event_name: event,
      ...payload,
      tool,
      moment: (HOOK_EVENTS[tool] as Record<string, string>)[event],
    });
  });

  it("Cline's stdin, which names no event, needs the event it was called for", () => {
    const stdin = JSON.stringify(hookInputs.cline.PostToolUse);
    expect(messageOf(() => parseHookInput("cline", stdin))).toBe(
      "options.event: cline's hook input names no event: give the event the hook was called for",
    );
    const pre = parseHookInput("cline", stdin, { event: "PreToolUse", strict: false });
    expect(pre.moment).toBe("pre-tool");
    // Strict, a PostToolUse payload is no PreToolUse: it lacks preToolUse.
    expect(messageOf(() => parseHookInput("cline", stdin, { event: "PreToolUse" }))).toMatch(
      /^preToolUse: /,
    );
  });

  it("takes an already parsed value as well as JSON text", () => {
    const input = parseHookInput("claude", hookInputs.claude.UserPromptSubmit);
    expect(input.moment).toBe("prompt");
    if (input.moment === "prompt") expect(input.prompt).toContain("retry logic");
  });

  it("tolerates fields the tools add later", () => {
    const payload = { ...hookInputs.gemini.SessionStart, brand_new_field: { nested: true } };
    expect(parseHookInput("gemini", payload)).toMatchObject({ brand_new_field: { nested: true } });
  });

  it("names every missing required field", () => {
    const { cwd: _cwd, prompt: _prompt, ...rest } = hookInputs.claude.UserPromptSubmit;
    expect(messageOf(() => parseHookInput("claude", rest))).toBe(
      "cwd: expected string, received nothing\nprompt: expected string, received nothing",
    );
  });

  it("requires what each tool always sends: Gemini's timestamp, Codex's model", () => {
    const { timestamp: _t, ...gemini } = hookInputs.gemini.BeforeAgent;
    expect(messageOf(() => parseHookInput("gemini", gemini))).toBe(
      "timestamp: expected string, received nothing",
    );
    const { model: _m, ...codex } = hookInputs.codex.SessionStart;
    expect(messageOf(() => parseHookInput("codex", codex))).toBe(
      "model: expected string, received nothing",
    );
  });

  it("accepts Codex's null transcript_path, but not Claude Code's", () => {
    expect(parseHookInput("codex", hookInputs.codex.PreToolUse).transcript_path).toBeNull();
    expect(
      messageOf(() =>
        parseHookInput("claude", { ...hookInputs.claude.SessionStart, transcript_path: null }),
      ),
    ).toBe("transcript_path: expected string, received null");
  });

  it("rejects an event of another tool, or one without context, listing the tool's events", () => {
    expect(messageOf(() => parseHookInput("gemini", hookInputs.claude.PreToolUse))).toBe(
      'hook_event_name: "PreToolUse" is not a gemini hook event with context; known: SessionStart (session-start), BeforeAgent (before-agent), BeforeTool (before-tool), AfterTool (after-tool)',
    );
    expect(
      messageOf(() =>
        parseHookInput("claude", { ...hookInputs.claude.SessionStart, hook_event_name: "Setup" }),
      ),
    ).toContain('"Setup" is not a claude hook event');
    expect(
      messageOf(() =>
        parseHookInput("codex", { ...hookInputs.codex.SessionStart, hook_event_name: "Stop" }),
      ),
    ).toContain('"Stop" is not a codex hook event');
  });

  it("names what each new moment requires", () => {
    const { agent_type: _a, ...subagent } = hookInputs.codex.SubagentStart;
    expect(messageOf(() => parseHookInput("codex", subagent))).toBe(
      "agent_type: expected string, received nothing",
    );
    const { error: _e, ...failure } = hookInputs.claude.PostToolUseFailure;
    expect(messageOf(() => parseHookInput("claude", failure))).toBe(
      "error: expected string, received nothing",
    );
    expect(
      messageOf(() =>
        parseHookInput("claude", { ...hookInputs.claude.PostToolBatch, tool_calls: [{}] }),
      ),
    ).toBe("tool_calls[0].tool_name: expected string, received nothing");
    expect(
      messageOf(() =>
        parseHookInput("claude", { ...hookInputs.claude.Stop, stop_hook_active: "no" }),
      ),
    ).toBe('stop_hook_active: expected boolean, received "no"');
  });

  it("types what Claude Code adds to SessionStart on resume", () => {
    const input = parseHookInput("claude", {
      ...hookInputs.claude.SessionStart,
      source: "resume",
      context_tokens: 48_213,
      prompt_cache_likely_expired: true,
    });
    expect(input.moment === "session-start" && input.context_tokens).toBe(48_213);
    expect(
      messageOf(() =>
        parseHookInput("claude", { ...hookInputs.claude.SessionStart, context_tokens: "many" }),
      ),
    ).toBe('context_tokens: expected number, received "many"');
  });

  it("says what is wrong with text that is not JSON, or empty stdin", () => {
    expect(messageOf(() => parseHookInput("claude", "{not json"))).toMatch(
      /^\(stdin\): not JSON: /,
    );
    expect(messageOf(() => parseHookInput("codex", "  \n"))).toBe(
      "(stdin): expected hook JSON, received nothing",
    );
    expect(messageOf(() => parseHookInput("claude", "[1]"))).toBe(
      "(input): expected object, received an array",
    );
  });
});

describe("parseHookInput with { strict: false }: only what contextfmt's hook reads is required", () => {
  const without = (payload: object, ...fields: string[]) =>
    Object.fromEntries(Object.entries(payload).filter(([key]) => !fields.includes(key)));

  it("a field the tool always sends but the hook does not read: reported, left as it came", () => {
    const reported: Issue[] = [];
    const payload = { ...without(hookInputs.gemini.BeforeAgent, "timestamp"), cwd: 7 };
    const input = parseHookInput("gemini", payload, {
      strict: false,
      report: (issue) => reported.push(issue),
    });
    expect(input).toEqual({ ...payload, tool: "gemini", moment: "prompt" });
    if (input.moment === "prompt") expect(input.prompt).toBe(hookInputs.gemini.BeforeAgent.prompt);
    expect(reported).toEqual([
      {
        code: "invalid_input",
        severity: "warning",
        path: "cwd",
        message: "expected string, received 7 (not needed for BeforeAgent: ignored)",
      },
      {
        code: "invalid_input",
        severity: "warning",
        path: "timestamp",
        message: "expected string, received nothing (not needed for BeforeAgent: ignored)",
      },
    ]);
  });

  it("what the hook reads stays required: a session start's source, a prompt's prompt", () => {
    const tolerant = { strict: false } as const;
    expect(
      messageOf(() =>
        parseHookInput(
          "claude",
          without(hookInputs.claude.SessionStart, "source", "cwd"),
          tolerant,
        ),
      ),
    ).toBe("source: expected string, received nothing");
    expect(
      messageOf(() =>
        parseHookInput("codex", { ...hookInputs.codex.UserPromptSubmit, prompt: null }, tolerant),
      ),
    ).toBe("prompt: expected string, received null");
    expect(messageOf(() => parseHookInput("claude", "[1]", tolerant))).toBe(
      "(input): expected object, received an array",
    );
  });

  it("stdin without hook_event_name: the event the options give, with a warning", () => {
    const reported: Issue[] = [];
    const payload = without(hookInputs.qwen.SessionStart, "hook_event_name");
    const input = parseHookInput("qwen", payload, {
      strict: false,
      event: "SessionStart",
      report: (issue) => reported.push(issue),
    });
    expect(input.hook_event_name).toBe("SessionStart");
    expect(input.moment).toBe("session-start");
    expect(reported.map((issue) => issue.path)).toEqual(["hook_event_name"]);
    // Without `event`, or strict, the name is required.
    expect(messageOf(() => parseHookInput("qwen", payload, { strict: false }))).toBe(
      "hook_event_name: expected string, received nothing",
    );
    expect(messageOf(() => parseHookInput("qwen", payload, { event: "SessionStart" }))).toBe(
      "hook_event_name: expected string, received nothing",
    );
  });

  it("takes a UTF-8 byte order mark before the JSON, strict or not", () => {
    const text = `\uFEFF${JSON.stringify(hookInputs.claude.UserPromptSubmit)}`;
    expect(parseHookInput("claude", text).moment).toBe("prompt");
    expect(parseHookInput("claude", text, { strict: false }).moment).toBe("prompt");
  });

  it("names options of the wrong type", () => {
    const payload = hookInputs.claude.SessionStart;
    expect(messageOf(() => parseHookInput("claude", payload, null as never))).toBe(
      "options: expected an object of options, received null",
    );
    expect(messageOf(() => parseHookInput("claude", payload, { strict: "no" as never }))).toBe(
      'options.strict: expected a boolean, received "no"',
    );
    expect(
      messageOf(() => parseHookInput("claude", payload, { strict: false, report: 5 as never })),
    ).toBe("options.report: expected a function, received 5");
  });
});
