import { optionsArgument } from "../problems/arguments.js";
import {
  type HookEventName,
  type HookMoment,
  type HookTool,
  hookMoment,
  hooksOf,
  resolveHookEvent,
} from "./events.js";

const COMMAND = { command: "pytest -q tests/test_payments.py" };

/** The tool's name for its shell tool, and the id of one call (see src/clients). */
const shellOf = (tool: HookTool) => hooksOf(tool).stdin.sample.shell;

/**
 * The fields of each moment, where the tool's sample (src/clients) has none of its own; a moment
 * not listed here gets the base fields only.
 */
const MOMENTS: Readonly<
  Partial<Record<HookMoment, (tool: HookTool) => Readonly<Record<string, unknown>>>>
> = {
  "session-start": () => ({ source: "startup" }),
  prompt: () => ({ prompt: "Add retry logic to the payment client and write tests for it" }),
  "pre-tool": (tool) => ({ ...shellOf(tool), tool_input: COMMAND }),
  "post-tool": (tool) => ({
    ...shellOf(tool),
    tool_input: COMMAND,
    tool_response: { output: "3 passed", exit_code: 0 },
  }),
  "tool-failure": (tool) => ({ ...shellOf(tool), tool_input: COMMAND, error: "exit code 1" }),
  "tool-batch": (tool) => ({
    tool_calls: [{ ...shellOf(tool), tool_input: COMMAND, tool_response: { output: "3 passed" } }],
  }),
  "subagent-start": () => ({ agent_id: "agent-1", agent_type: "general-purpose" }),
  "prompt-expansion": () => ({
    prompt: "/review payments",
    expansion_type: "slash_command",
    command_name: "review",
    command_args: "payments",
  }),
  stop: () => ({ stop_hook_active: false }),
  "subagent-stop": () => ({
    stop_hook_active: false,
    agent_id: "agent-1",
    agent_type: "general-purpose",
  }),
  "model-switch": () => ({ from_model: "sonnet", to_model: "opus", source: "user" }),
};

/**
 * A realistic stdin payload of `tool`'s hook `event` (wire or kebab-case name): the fields that
 * tool sends, with fixed ids and paths, `fields` merged over them (a `prompt`, a `tool_name`).
 * Serialize it with `JSON.stringify`, or pass it to `runHook` as it is.
 *
 * @example
 * ```ts
 * makeHookInput("codex", "UserPromptSubmit", { prompt: "Fix the flaky test" });
 * // { session_id: "0199…", transcript_path: null, cwd: "/home/dev/repo", model: "gpt-5-codex", …,
 * //   hook_event_name: "UserPromptSubmit", prompt: "Fix the flaky test" }
 * ```
 */
export function makeHookInput(
  tool: HookTool,
  event: HookEventName | string,
  fields: Readonly<Record<string, unknown>> = {},
): Record<string, unknown> {
  const wire = resolveHookEvent(tool, event);
  optionsArgument(fields, "fields");
  const moment = hookMoment(tool, wire);
  const { stdin } = hooksOf(tool);
  return {
    ...stdin.sample.base,
    // Cline's stdin names no event.
    ...(stdin.namesEvent ? { hook_event_name: wire } : {}),
    ...(stdin.sample.moments?.[moment] ?? MOMENTS[moment]?.(tool)),
    ...fields,
  };
}
