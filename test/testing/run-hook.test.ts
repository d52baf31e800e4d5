import { readFileSync } from "node:fs";
import { HOOK_EVENTS, HOOK_TOOLS, type HookTool } from "contextfmt/hooks";
import { checkHookOutput, makeHookInput, runHook } from "contextfmt/testing";
import { describe, expect, it } from "vitest";

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");
const sources = {
  rules: read("examples/rules.json"),
  memories: read("examples/hooks/memories.json"),
  project: read("examples/hooks/project.json"),
  session: read("examples/hooks/session.json"),
};
const options = { now: "2025-10-04T20:00:00Z", nonce: "n0nce-7f3a9c2e" };

const everyEvent = HOOK_TOOLS.flatMap((tool) =>
  Object.keys(HOOK_EVENTS[tool]).map((event) => [tool, event] as [HookTool, string]),
);

describe("runHook answers every event of every tool within the tool's contract", () => {
  it.each(everyEvent)("%s %s", async (tool, event) => {
    const run = await runHook(tool, event, makeHookInput(tool, event), sources, options);
    expect(run.contract).toEqual([]);
    expect(run.stdout.endsWith("\n")).toBe(true);
    expect(JSON.parse(run.stdout)).toEqual(run.output);
    // Where the tool reads context, the context runHook reports is what the output carries.
    if (run.additionalContext !== undefined) {
      const topLevel: Partial<Record<HookTool, string>> = {
        copilot: "additionalContext",
        cursor: "additional_context",
        cline: "contextModification",
      };
      const field = topLevel[tool];
      const carried =
        field === undefined
          ? run.output.hookSpecificOutput?.additionalContext
          : (run.output as Record<string, unknown>)[field];
      expect(carried).toBe(run.additionalContext);
    }
  });

  it("a SessionStart injects the rules, in the tool's place for them", async () => {
    const claude = await runHook(
      "claude",
      "SessionStart",
      makeHookInput("claude", "SessionStart"),
      sources,
      options,
    );
    expect(claude.additionalContext).toMatch(/^# Project Memory Rules\n/);
    const copilot = await runHook(
      "copilot",
      "SessionStart",
      makeHookInput("copilot", "SessionStart"),
      sources,
      options,
    );
    expect(copilot.output.additionalContext).toMatch(/^# Project Memory Rules\n/);
    expect(copilot.output.hookSpecificOutput).toBeUndefined();
    expect(copilot.additionalContext).toBe(copilot.output.additionalContext);
  });

  it("cacheStable gives the same bytes at any clock", async () => {
    const at = async (now: string) =>
      (
        await runHook(
          "codex",
          "SessionStart",
          makeHookInput("codex", "SessionStart"),
          { rules: sources.rules },
          {
            now,
            cacheStable: true,
          },
        )
      ).stdout;
    expect(await at("2026-01-01T00:00:00Z")).toBe(await at("2027-06-01T12:34:00Z"));
  });
});

describe("runHook gives the context wherever the tool reads it", () => {
  it.each([
    ["cursor", "sessionStart", "additional_context"],
    ["cline", "PostToolUse", "contextModification"],
  ] as const)("%s %s: its top-level %s", async (tool, event, field) => {
    const run = await runHook(tool, event, makeHookInput(tool, event), sources, options);
    const carried = (run.output as Record<string, unknown>)[field];
    expect(typeof carried).toBe("string");
    expect(run.additionalContext).toBe(carried);
  });
});

describe("checkHookOutput reads each tool's place for the context", () => {
  it("Cline: contextModification at the top level, a string", () => {
    expect(checkHookOutput("cline", "PostToolUse", { contextModification: "ok" })).toEqual([]);
    const wrong = checkHookOutput("cline", "PostToolUse", { contextModification: 5 });
    expect(wrong.map((found) => [found.severity, found.path])).toEqual([
      ["error", "contextModification"],
    ]);
  });

  it("Copilot CLI: additionalContext at the top level, over its limit an error", () => {
    expect(checkHookOutput("copilot", "PostToolUse", { additionalContext: "ok" })).toEqual([]);
    const over = checkHookOutput("copilot", "PostToolUse", {
      additionalContext: "x".repeat(20_000),
    });
    expect(over.map((found) => [found.code, found.path])).toEqual([
      ["over_hook_limit", "additionalContext"],
    ]);
  });

  it("Qwen Code escapes XML, as Gemini CLI does", () => {
    const issues = checkHookOutput("qwen", "SessionStart", {
      hookSpecificOutput: {
        hookEventName: "SessionStart",
        additionalContext: "<memory>x</memory>",
      },
    });
    expect(issues.map((found) => found.code)).toEqual(["unsupported_field"]);
  });

  it("Codex CLI: a new event's schema rejects a field it does not know", () => {
    const issues = checkHookOutput("codex", "SubagentStart", {
      hookSpecificOutput: { hookEventName: "SubagentStart", additionalContext: "x", extra: 1 },
    });
    expect(issues.some((found) => found.severity === "error")).toBe(true);
  });
});

describe("checkHookOutput checks its arguments where it is called", () => {
  it("a counter that is not one is an error whatever the output (not only output with context)", () => {
    const expected =
      'options.counter: expected a TokenCounter ({ name: string, count(text): number }), received "words"';
    for (const stdout of ["{}", "not JSON", '{"hookSpecificOutput":{"additionalContext":"x"}}']) {
      expect(() =>
        checkHookOutput("claude", "SessionStart", stdout, { counter: "words" as never }),
      ).toThrow(expected);
    }
  });
});

describe("checkHookOutput for Cursor (its documented output fields)", () => {
  it("a field Cursor does not document, and a context that is not a string", () => {
    const issues = checkHookOutput("cursor", "session-start", {
      additional_context: 5,
      hookSpecificOutput: { hookEventName: "sessionStart" },
    });
    expect(issues.map((issue) => `${issue.severity} ${issue.path}: ${issue.message}`)).toEqual([
      "warning hookSpecificOutput: not a field Cursor reads of a hook's output",
      "error additional_context: expected a string",
    ]);
    expect(checkHookOutput("cursor", "postToolUse", '{"additional_context":"x"}')).toEqual([]);
  });
});
