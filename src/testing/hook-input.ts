import {
  type HookEventName,
  type HookMoment,
  type HookTool,
  hookMoment,
  resolveHookEvent,
} from "../hooks/events.js";
import { optionsArgument } from "../problems/arguments.js";

/** The fields each tool sends with every event, as its documentation and schemas show them. */
const BASES: Readonly<Record<HookTool, Readonly<Record<string, unknown>>>> = {
  claude: {
    session_id: "9f1c2a7e-5b3d-4e8f-a1c6-2d7e9b0f3a41",
    transcript_path: "/home/dev/.claude/projects/-repo/9f1c2a7e-5b3d-4e8f-a1c6-2d7e9b0f3a41.jsonl",
    cwd: "/home/dev/repo",
    permission_mode: "default",
  },
  gemini: {
    session_id: "c0ffee00-1111-4222-8333-444455556666",
    transcript_path: "/home/dev/.gemini/tmp/6f1d/chats/session-2025-10-04T20-00.json",
    cwd: "/home/dev/repo",
    timestamp: "2025-10-04T20:00:00.000Z",
  },
  codex: {
    session_id: "0199b0a4-7c2e-7d31-9a8e-1f2e3d4c5b6a",
    // Codex sends null before a transcript exists.
    transcript_path: null,
    cwd: "/home/dev/repo",
    model: "gpt-5-codex",
    permission_mode: "default",
    turn_id: "turn-1",
  },
  // Copilot CLI sends no transcript path.
  copilot: {
    session_id: "31463c1e-4e44-46e4-9731-1146fde059ca",
    cwd: "/home/dev/repo",
    timestamp: "2025-10-04T20:00:00.000Z",
  },
  qwen: {
    session_id: "7367e82b-877a-4f22-807e-6a89b0f17aea",
    transcript_path: "/home/dev/.qwen/projects/-home-dev-repo/chats/7367e82b.jsonl",
    cwd: "/home/dev/repo",
    timestamp: "2025-10-04T20:00:00.000Z",
    permission_mode: "default",
  },
  // What contextfmt's OpenCode plugin sends.
  opencode: {
    session_id: "ses_53f2a1b0cffeQ2xYlM8dN4kTzR",
    cwd: "/home/dev/repo",
  },
  // Cursor's common fields, from its documentation (no Cursor runs here).
  cursor: {
    conversation_id: "5b0d6c1e-8f2a-4c3d-9e1b-7a6f5d4c3b2a",
    generation_id: "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d",
    model: "claude-sonnet-4",
    cursor_version: "1.7.2",
    workspace_roots: ["/home/dev/repo"],
    user_email: null,
    transcript_path: null,
  },
  // Cline's CLI 3.0.65, as a run showed it (the event is not named; the version is left empty).
  cline: {
    clineVersion: "",
    timestamp: "2025-10-04T20:00:00.000Z",
    taskId: "conv_1759608000000_a1b2c3d",
    sessionContext: { rootSessionId: "1759608000000_a1b2c" },
    workspaceRoots: ["/home/dev/repo"],
    workspaceInfo: { rootPath: "/home/dev/repo", hint: "project" },
    userId: "unknown",
    agent_id: "agent_1759608000000_a1b2c3",
    parent_agent_id: null,
    iteration: 1,
  },
};

/** Each tool's name for its shell tool, and the id of one call. */
const SHELL: Readonly<Record<HookTool, Readonly<Record<string, unknown>>>> = {
  claude: { tool_name: "Bash", tool_use_id: "toolu_01ABCDEF" },
  gemini: { tool_name: "run_shell_command" },
  codex: { tool_name: "Bash", tool_use_id: "call_abc123" },
  copilot: { tool_name: "Bash" },
  qwen: { tool_name: "run_shell_command" },
  opencode: { tool_name: "bash" },
  cursor: { tool_name: "Shell", tool_use_id: "call_9Qx" },
  cline: { tool_name: "run_commands" },
};

const COMMAND = { command: "pytest -q tests/test_payments.py" };
const CLINE_COMMANDS = { commands: [COMMAND.command] };
const CLINE_PARAMETERS = { commands: JSON.stringify(CLINE_COMMANDS.commands) };

/** Where a tool's fields for a moment differ from the others' (Cursor's, as documented). */
const TOOL_MOMENTS: Readonly<
  Partial<Record<HookTool, Partial<Record<HookMoment, Readonly<Record<string, unknown>>>>>>
> = {
  cursor: {
    "session-start": {
      session_id: "5b0d6c1e-8f2a-4c3d-9e1b-7a6f5d4c3b2a",
      is_background_agent: false,
      composer_mode: "agent",
    },
    "post-tool": {
      ...SHELL.cursor,
      tool_input: COMMAND,
      tool_output: JSON.stringify({ output: "3 passed", exitCode: 0 }),
      cwd: "/home/dev/repo",
      duration: 1234,
    },
  },
  // Cline's shell tool takes a list of commands; `parameters` holds it as JSON text.
  cline: {
    "pre-tool": {
      hookName: "tool_call",
      tool_call: { id: "toolu_1_0", name: "run_commands", input: CLINE_COMMANDS },
      preToolUse: { toolName: "run_commands", parameters: CLINE_PARAMETERS },
    },
    "post-tool": {
      hookName: "tool_result",
      tool_result: {
        id: "toolu_1_0",
        name: "run_commands",
        input: CLINE_COMMANDS,
        output: "3 passed",
        durationMs: 1234,
        startedAt: "2025-10-04T20:00:00.000Z",
        endedAt: "2025-10-04T20:00:01.234Z",
      },
      postToolUse: {
        toolName: "run_commands",
        parameters: CLINE_PARAMETERS,
        result: "3 passed",
        success: true,
        executionTimeMs: 1234,
      },
    },
  },
};

/** The fields of each moment; a moment not listed here gets the base fields only. */
const MOMENTS: Readonly<
  Partial<Record<HookMoment, (tool: HookTool) => Readonly<Record<string, unknown>>>>
> = {
  "session-start": () => ({ source: "startup" }),
  prompt: () => ({ prompt: "Add retry logic to the payment client and write tests for it" }),
  "pre-tool": (tool) => ({ ...SHELL[tool], tool_input: COMMAND }),
  "post-tool": (tool) => ({
    ...SHELL[tool],
    tool_input: COMMAND,
    // Copilot CLI reports a tool's outcome as tool_result.
    ...(tool === "copilot"
      ? { tool_result: { result_type: "success", text_result_for_llm: "3 passed" } }
      : { tool_response: { output: "3 passed", exit_code: 0 } }),
  }),
  "tool-failure": (tool) => ({ ...SHELL[tool], tool_input: COMMAND, error: "exit code 1" }),
  "tool-batch": (tool) => ({
    tool_calls: [{ ...SHELL[tool], tool_input: COMMAND, tool_response: { output: "3 passed" } }],
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
  return {
    ...BASES[tool],
    // Cline's stdin names no event.
    ...(tool === "cline" ? {} : { hook_event_name: wire }),
    ...(TOOL_MOMENTS[tool]?.[moment] ?? MOMENTS[moment]?.(tool)),
    ...fields,
  };
}
