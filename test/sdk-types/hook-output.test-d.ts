/**
 * hookOutput's Claude Code JSON is assignable to the real `SyncHookJSONOutput` of
 * @anthropic-ai/claude-agent-sdk (installed in this folder, types only: see its package.json).
 */
import type { SyncHookJSONOutput } from "@anthropic-ai/claude-agent-sdk";
import { hookOutput } from "contextfmt/hooks";
import { describe, expectTypeOf, it } from "vitest";

describe("Claude Code hook outputs fit the Agent SDK's SyncHookJSONOutput", () => {
  it("SessionStart, UserPromptSubmit, PreToolUse, PostToolUse", () => {
    expectTypeOf(hookOutput("claude", "SessionStart", {}).output).toExtend<SyncHookJSONOutput>();
    expectTypeOf(
      hookOutput("claude", "UserPromptSubmit", {}).output,
    ).toExtend<SyncHookJSONOutput>();
    expectTypeOf(hookOutput("claude", "PreToolUse", {}).output).toExtend<SyncHookJSONOutput>();
    expectTypeOf(hookOutput("claude", "PostToolUse", {}).output).toExtend<SyncHookJSONOutput>();
  });

  it("every other event with context: subagents, failed tools, batches, stops, model switches", () => {
    expectTypeOf(hookOutput("claude", "SubagentStart", {}).output).toExtend<SyncHookJSONOutput>();
    expectTypeOf(
      hookOutput("claude", "UserPromptExpansion", {}).output,
    ).toExtend<SyncHookJSONOutput>();
    expectTypeOf(
      hookOutput("claude", "PostToolUseFailure", {}).output,
    ).toExtend<SyncHookJSONOutput>();
    expectTypeOf(hookOutput("claude", "PostToolBatch", {}).output).toExtend<SyncHookJSONOutput>();
    expectTypeOf(hookOutput("claude", "Stop", {}).output).toExtend<SyncHookJSONOutput>();
    expectTypeOf(hookOutput("claude", "SubagentStop", {}).output).toExtend<SyncHookJSONOutput>();
    expectTypeOf(hookOutput("claude", "PostModelSwitch", {}).output).toExtend<SyncHookJSONOutput>();
  });

  it("an event name outside Claude Code's would not fit", () => {
    expectTypeOf<{
      hookSpecificOutput: { hookEventName: "BeforeAgent" };
    }>().not.toExtend<SyncHookJSONOutput>();
  });
});
