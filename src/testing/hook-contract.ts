/**
 * Each tool's contract for what a hook prints: the fields it reads, what it rejects, how much
 * context it takes inline. Checked on the text a hook wrote, so it serves hooks written with or
 * without contextfmt.
 */
import {
  type HookEventName,
  type HookTool,
  hooksOf,
  kebab,
  labelOf,
  resolveHookEvent,
} from "../hooks/events.js";
import { carriesNoContext, escapesXml, excessOf, limitOf, XML_TAG } from "../hooks/output.js";
import { badArgument, optionsArgument } from "../problems/arguments.js";
import type { Issue } from "../problems/issue.js";
import { checkedCounter, type TokenCounter } from "../tokens/counter.js";
import { defaultCounter } from "../tokens/heuristic.js";
import { CODEX_HOOK_OUTPUT_SCHEMAS } from "./codex-hook-schemas.js";
import { schemaProblems } from "./schema-check.js";

/**
 * The top-level fields Claude Code reads (the Agent SDK's `SyncHookJSONOutput`) and those of
 * `hookSpecificOutput` per event; a type test pins them to @anthropic-ai/claude-agent-sdk.
 */
export const CLAUDE_HOOK_FIELDS = {
  output: [
    "continue",
    "suppressOutput",
    "stopReason",
    "decision",
    "systemMessage",
    "terminalSequence",
    "reason",
    "hookSpecificOutput",
  ],
  specific: {
    SessionStart: [
      "hookEventName",
      "additionalContext",
      "initialUserMessage",
      "sessionTitle",
      "watchPaths",
      "reloadSkills",
    ],
    UserPromptSubmit: [
      "hookEventName",
      "additionalContext",
      "sessionTitle",
      "suppressOriginalPrompt",
    ],
    PreToolUse: [
      "hookEventName",
      "permissionDecision",
      "permissionDecisionReason",
      "updatedInput",
      "additionalContext",
    ],
    PostToolUse: [
      "hookEventName",
      "additionalContext",
      "classifierContext",
      "updatedToolOutput",
      "updatedMCPToolOutput",
    ],
  },
} as const;

/** The fields Gemini CLI reads of a hook's output (its hook output classes) and per event. */
export const GEMINI_HOOK_FIELDS = {
  output: [
    "continue",
    "stopReason",
    "suppressOutput",
    "systemMessage",
    "decision",
    "reason",
    "hookSpecificOutput",
  ],
  specific: {
    SessionStart: ["hookEventName", "additionalContext"],
    BeforeAgent: ["hookEventName", "additionalContext"],
    BeforeTool: ["hookEventName", "tool_input"],
    AfterTool: ["hookEventName", "additionalContext", "tailToolCallRequest"],
  },
} as const;

/**
 * The fields Cursor's documentation lists of a hook's output, per event (no schema is published,
 * and no Cursor runs here to check them).
 */
export const CURSOR_HOOK_FIELDS = {
  sessionStart: ["env", "additional_context", "continue", "user_message"],
  postToolUse: ["updated_mcp_tool_output", "additional_context"],
} as const;

/** Options of {@link checkHookOutput}. */
export interface HookContractOptions {
  /** Counts tokens for Codex CLI's inline limit; default: the default counter. */
  readonly counter?: TokenCounter;
}

const issue = (
  severity: Issue["severity"],
  path: string,
  message: string,
  code = "hook_contract",
): Issue => ({ code, severity, path, message });

/** The hook output as JSON, or the issue that says why it is not one object. */
function parseOutput(
  stdout: string,
  tool: HookTool,
): { output: Readonly<Record<string, unknown>> } | { problem: Issue } {
  let value: unknown;
  try {
    value = JSON.parse(stdout);
  } catch (error) {
    const reason = `not JSON (${(error as Error).message}); ${labelOf(tool)} shows it as plain text, not as context`;
    return { problem: issue("error", "(stdout)", reason) };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    const shown = JSON.stringify(value)?.slice(0, 40);
    return { problem: issue("error", "(stdout)", `expected one JSON object, received ${shown}`) };
  }
  return { output: value as Record<string, unknown> };
}

/** Fields of `object` not among `known`, as warnings at `path`. */
function unknownFields(
  object: Readonly<Record<string, unknown>>,
  known: readonly string[],
  path: string,
  tool: HookTool,
): Issue[] {
  return Object.keys(object)
    .filter((key) => !known.includes(key))
    .map((key) =>
      issue(
        "warning",
        path ? `${path}.${key}` : key,
        `not a field ${labelOf(tool)} reads of a hook's output`,
      ),
    );
}

/** The Claude Code and Gemini CLI checks: field names and types, the event, context for the event. */
function readerIssues(
  tool: Exclude<HookTool, "codex" | "cursor">,
  event: string,
  output: Readonly<Record<string, unknown>>,
): Issue[] {
  // Copilot CLI and Qwen Code are checked for the fields contextfmt writes, not for every field
  // they read: their full lists are not published as schemas.
  const fields =
    tool === "claude" ? CLAUDE_HOOK_FIELDS : tool === "gemini" ? GEMINI_HOOK_FIELDS : undefined;
  const issues = fields ? unknownFields(output, fields.output, "", tool) : [];
  for (const key of ["continue", "suppressOutput"]) {
    if (key in output && typeof output[key] !== "boolean")
      issues.push(issue("error", key, "expected a boolean"));
  }
  for (const key of ["stopReason", "systemMessage", "reason"]) {
    if (key in output && typeof output[key] !== "string")
      issues.push(issue("error", key, "expected a string"));
  }
  const specific = output.hookSpecificOutput;
  if (specific === undefined) return issues;
  if (typeof specific !== "object" || specific === null || Array.isArray(specific)) {
    return [...issues, issue("error", "hookSpecificOutput", "expected an object")];
  }
  const known = (fields?.specific as Readonly<Record<string, readonly string[]>> | undefined)?.[
    event
  ];
  if (known) {
    const unknown = unknownFields(
      specific as Record<string, unknown>,
      known,
      "hookSpecificOutput",
      tool,
    );
    for (const issue of unknown) issues.push(issue);
  }
  return issues;
}

/** Codex CLI's check: the event's generated schema, which rejects any field it does not know. */
function codexIssues(event: string, output: Readonly<Record<string, unknown>>): Issue[] {
  const schema = CODEX_HOOK_OUTPUT_SCHEMAS[kebab(event)];
  if (schema === undefined) {
    return [
      issue(
        "info",
        "(stdout)",
        `no Codex CLI output schema is known for ${event}; only the common checks were made`,
      ),
    ];
  }
  return schemaProblems(schema as Record<string, unknown>, output).map((problem) => {
    const [path = "(output)", message = problem] = problem.split(/: (.*)/s);
    return issue(
      "error",
      path,
      `${message}; Codex CLI drops the whole output of a hook it cannot read`,
    );
  });
}

/**
 * Every way a hook's stdout breaks `tool`'s contract for `event`: not one JSON object (error);
 * a `hookSpecificOutput.hookEventName` other than the event (error); for Codex CLI anything its
 * generated schema for the event rejects, an unknown field included (error: it drops the whole
 * output); for Claude Code and Gemini CLI a field they do not read (warning); `additionalContext`
 * (Copilot CLI: at the top level) over the tool's inline limit for the event (`over_hook_limit`,
 * see `hookContextLimit`: Claude Code 10,000 characters, Codex CLI 10,000 UTF-8 bytes); context
 * on Gemini CLI's `BeforeTool`, which carries none, or XML tags sent to Gemini CLI or Qwen Code,
 * which escape them (`unsupported_field` warnings). `[]` when the output keeps the
 * contract; `{}` always does.
 *
 * @example
 * ```ts
 * checkHookOutput("codex", "SessionStart", '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"x","extra":1}}');
 * // [{ code: "hook_contract", severity: "error", path: "hookSpecificOutput.extra", message: "not a known field; Codex CLI drops …" }]
 * ```
 */
export function checkHookOutput(
  tool: HookTool,
  event: HookEventName | string,
  stdout: string | Readonly<Record<string, unknown>>,
  options: HookContractOptions = {},
): Issue[] {
  const wire = resolveHookEvent(tool, event);
  const { counter } = optionsArgument(options);
  if (typeof stdout !== "string" && (typeof stdout !== "object" || stdout === null)) {
    badArgument("stdout", "the hook's stdout text or its parsed JSON", stdout);
  }
  return contractIssues(
    tool,
    wire,
    stdout,
    counter === undefined ? undefined : checkedCounter(counter, "options.counter"),
  );
}

/** {@link checkHookOutput} for a checked `tool`, one of its wire names and a checked counter. */
export function contractIssues(
  tool: HookTool,
  wire: HookEventName,
  stdout: string | Readonly<Record<string, unknown>>,
  counter: TokenCounter | undefined,
): Issue[] {
  const parsed = typeof stdout === "string" ? parseOutput(stdout, tool) : { output: stdout };
  if ("problem" in parsed) return [parsed.problem];
  const { output } = parsed;
  const issues =
    tool === "codex"
      ? codexIssues(wire, output)
      : tool === "cursor"
        ? unknownFields(
            output,
            CURSOR_HOOK_FIELDS[wire as keyof typeof CURSOR_HOOK_FIELDS],
            "",
            tool,
          )
        : readerIssues(tool, wire, output);
  // Copilot CLI, Cursor and Cline read the context at the top level, under their own names;
  // the others in hookSpecificOutput.
  const field = hooksOf(tool).contextField;
  const topLevel = field !== "hookSpecificOutput";
  const holder = topLevel ? output : (output.hookSpecificOutput as Record<string, unknown> | null);
  if (typeof holder !== "object" || holder === null) return issues;
  const eventPath = "hookSpecificOutput.hookEventName";
  if (
    !topLevel &&
    holder.hookEventName !== wire &&
    !issues.some((found) => found.path === eventPath)
  ) {
    issues.push(
      issue(
        "error",
        eventPath,
        `expected ${JSON.stringify(wire)}, received ${JSON.stringify(holder.hookEventName)}`,
      ),
    );
  }
  const key = topLevel ? field : "additionalContext";
  const context = holder[key];
  const path = topLevel ? key : "hookSpecificOutput.additionalContext";
  if (context === undefined || context === null) return issues;
  if (typeof context !== "string") {
    if (tool !== "codex") issues.push(issue("error", path, "expected a string"));
    return issues;
  }
  if (carriesNoContext(tool, wire)) {
    issues.push(
      issue(
        "warning",
        path,
        `${labelOf(tool)}'s ${wire} carries no additionalContext: the model never sees it`,
        "unsupported_field",
      ),
    );
  }
  if (escapesXml(tool) && XML_TAG.test(context)) {
    issues.push(
      issue(
        "warning",
        path,
        `${labelOf(tool)} escapes < and > in additionalContext, so XML tags reach the model as &lt;…&gt;`,
        "unsupported_field",
      ),
    );
  }
  const over = excessOf(limitOf(tool, wire), context, counter ?? defaultCounter);
  if (over) {
    issues.push(
      issue(
        "error",
        path,
        `${over.size} ${over.unit} > ${over.limit}: ${labelOf(tool)} does not take ${wire} context over ${over.limit} ${over.unit} inline (it is cut, or moved to a file with only a stub shown)`,
        "over_hook_limit",
      ),
    );
  }
  return issues;
}
