import { InvalidInputError } from "contextfmt";
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

describe("parseHookInput", () => {
  it.each(cases)("parses $tool $event stdin, keeping every field", ({ tool, event, payload }) => {
    const input = parseHookInput(tool, JSON.stringify(payload));
    expect(input).toEqual({
      ...payload,
      tool,
      moment: (HOOK_EVENTS[tool] as Record<string, string>)[event],
    });
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
        parseHookInput("claude", { ...hookInputs.claude.SessionStart, hook_event_name: "Stop" }),
      ),
    ).toContain('"Stop" is not a claude hook event');
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
