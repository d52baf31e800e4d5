import type * as z from "zod/mini";
import * as d from "../model/declare.js";
import { parseWith } from "../model/parse.js";
import { InvalidInputError } from "../problems/errors.js";
import {
  HOOK_EVENTS,
  type HookEventName,
  type HookMoment,
  type HookTool,
  hookMoment,
  resolveHookEvent,
} from "./events.js";

// Every object is loose: the tools add fields over time, and a hook must not break when they do.
// Only the fields each tool always sends are required.

const text = d.string();

const claudeBase = { session_id: text, transcript_path: text, cwd: text };
const geminiBase = { ...claudeBase, timestamp: text };
// Copilot CLI sends no transcript path.
const copilotBase = { session_id: text, cwd: text, timestamp: text };
const codexBase = {
  session_id: text,
  // Codex sends `null` before a transcript exists.
  transcript_path: d.nullable(text),
  cwd: text,
  model: text,
  permission_mode: d.optional(text),
  turn_id: d.optional(text),
};

const flag = d.boolean();
const count = d.number();

/**
 * Fields of each moment, as the tools that have it send them (`source`, `prompt`, `tool_*`…).
 * Fields only some tools or versions send are optional.
 */
const momentFields = {
  "session-start": {
    /** `startup`, `resume`, `clear`, `compact` or `fork` (Gemini CLI: the first three). */
    source: text,
    /** Claude Code on resume or fork: the resumed conversation's size in tokens. */
    context_tokens: d.optional(count),
    /** Claude Code on resume or fork: the prompt cache has likely expired since. */
    prompt_cache_likely_expired: d.optional(flag),
  },
  "subagent-start": { agent_id: text, agent_type: text },
  prompt: { prompt: text },
  "prompt-expansion": {
    prompt: text,
    expansion_type: text,
    command_name: text,
    command_args: text,
  },
  "pre-tool": { tool_name: text, tool_input: d.unknown() },
  "post-tool": { tool_name: text, tool_input: d.unknown(), tool_response: d.unknown() },
  "tool-failure": { tool_name: text, tool_input: d.unknown(), error: text },
  "tool-batch": {
    tool_calls: d.array(
      d.looseObject({
        tool_name: text,
        tool_input: d.optional(d.unknown()),
        tool_response: d.optional(d.unknown()),
      }),
    ),
  },
  stop: { stop_hook_active: flag },
  "subagent-stop": { stop_hook_active: flag, agent_id: text, agent_type: text },
  "model-switch": { from_model: text, to_model: text, source: text },
} as const satisfies Record<HookMoment, z.core.$ZodLooseShape>;

const bases = {
  claude: claudeBase,
  gemini: geminiBase,
  codex: codexBase,
  copilot: copilotBase,
  qwen: geminiBase,
} as const;

/** Where a tool's fields for a moment differ from the others'. */
const toolMomentFields: Partial<
  Record<HookTool, Partial<Record<HookMoment, z.core.$ZodLooseShape>>>
> = {
  // Copilot CLI reports a tool's outcome as `tool_result`.
  copilot: {
    "post-tool": {
      tool_name: text,
      tool_input: d.unknown(),
      tool_result: d.unknown(),
      tool_response: d.optional(d.unknown()),
    },
  },
};

function eventSchema(tool: HookTool, moment: HookMoment) {
  return d.looseObject({
    hook_event_name: text,
    ...bases[tool],
    ...(toolMomentFields[tool]?.[moment] ?? momentFields[moment]),
  });
}

/** Each tool's events' schemas, made once (each compiles its fast check on first use). */
export const EVENT_SCHEMAS = Object.fromEntries(
  Object.entries(HOOK_EVENTS).map(([tool, events]) => [
    tool,
    Object.fromEntries(
      Object.entries(events).map(([event, moment]) => [
        event,
        eventSchema(tool as HookTool, moment),
      ]),
    ),
  ]),
) as Record<HookTool, Record<string, ReturnType<typeof eventSchema>>>;

/** What every event's stdin names first: the event. */
export const EVENT_NAME = d.object({ hook_event_name: text });

type BaseOf<T extends HookTool> = z.output<z.ZodMiniObject<(typeof bases)[T]>>;
type MomentOf<M extends HookMoment> = z.output<z.ZodMiniObject<(typeof momentFields)[M]>>;

/**
 * The parsed stdin of one hook call: the tool's own fields (snake_case, as the tool sends them;
 * unknown extra fields kept), plus `tool` and `moment` (what the event is for; narrow on it).
 */
export type HookInput<T extends HookTool = HookTool> = {
  [M in HookMoment]: BaseOf<T> &
    MomentOf<M> & {
      readonly tool: T;
      readonly moment: M;
      readonly hook_event_name: HookEventName<T>;
      readonly [field: string]: unknown;
    };
}[HookMoment];

/** Parses raw stdin text as JSON; a syntax error names where it is. */
function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new InvalidInputError([
      {
        code: "invalid_input",
        severity: "error",
        path: "(stdin)",
        message: raw.trim() === "" ? "expected hook JSON, received nothing" : `not JSON: ${reason}`,
      },
    ]);
  }
}

/**
 * Parses what `tool` writes on a hook's stdin (a JSON string, or the value already parsed).
 * Unknown extra fields are kept; a missing required field, or an event that carries no context,
 * is an `InvalidInputError` naming the field and what was expected.
 *
 * @example
 * ```ts
 * const input = parseHookInput("claude", await readStdin());
 * if (input.moment === "prompt") console.error(input.prompt);
 * ```
 */
export function parseHookInput<T extends HookTool>(tool: T, json: unknown): HookInput<T> {
  const data = typeof json === "string" ? parseJson(json) : json;
  const eventName = parseWith(EVENT_NAME, data).hook_event_name;
  let event: HookEventName<T>;
  try {
    event = resolveHookEvent(tool, eventName);
  } catch (error) {
    if (!InvalidInputError.is(error)) throw error;
    throw new InvalidInputError(
      error.issues.map((issue) => ({ ...issue, path: "hook_event_name" })),
    );
  }
  const moment = hookMoment(tool, event);
  const parsed = parseWith(EVENT_SCHEMAS[tool][event] as z.core.$ZodType, data);
  return { ...(parsed as object), tool, moment } as HookInput<T>;
}
