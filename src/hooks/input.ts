import type * as z from "zod/mini";
import type { ClientOf } from "../clients/index.js";
import * as d from "../model/declare.js";
import { parseWith } from "../model/parse.js";
import {
  badArgument,
  functionArgument,
  optionsArgument,
  stringArgument,
} from "../problems/arguments.js";
import { InvalidInputError } from "../problems/errors.js";
import type { Issue } from "../problems/issue.js";
import {
  checkTool,
  eventOf,
  HOOK_EVENTS,
  type HookEventName,
  type HookMoment,
  type HookTool,
  hooksOf,
  isHookTool,
  momentOf,
} from "./events.js";

// Every object is loose: the tools add fields over time, and a hook must not break when they do.
// Only the fields each tool always sends are required.

const text = d.string();

const claudeBase = { session_id: text, transcript_path: text, cwd: text };
const geminiBase = { ...claudeBase, timestamp: text };
// Copilot CLI sends no transcript path.
const copilotBase = { session_id: text, cwd: text, timestamp: text };
// OpenCode's plugin (written by `contextfmt init opencode`) sends the session and the folder.
const opencodeBase = { session_id: text, cwd: text };
// Cursor's common fields, as its documentation lists them: no session id or folder besides
// these (sessionStart adds `session_id`; postToolUse adds `cwd`).
const cursorBase = {
  conversation_id: text,
  generation_id: text,
  model: text,
  cursor_version: text,
  workspace_roots: d.array(text),
  user_email: d.optional(d.nullable(text)),
  transcript_path: d.optional(d.nullable(text)),
};
// Cline's CLI (checked): camelCase fields, and no event name; the hook's command line gives it.
const clineBase = {
  clineVersion: text,
  timestamp: text,
  taskId: text,
  workspaceRoots: d.array(text),
};
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

/**
 * The stdin shapes, by the id a client's spec names (`stdin.shape` in src/clients): the fields
 * every event of theirs has. Qwen Code sends Gemini CLI's.
 */
const bases = {
  claude: claudeBase,
  gemini: geminiBase,
  codex: codexBase,
  copilot: copilotBase,
  opencode: opencodeBase,
  cursor: cursorBase,
  cline: clineBase,
} as const;

/** A stdin shape's id. */
type Shape = keyof typeof bases;

/** The stdin shape `tool` sends. */
const shapeOf = <T extends HookTool>(tool: T) => hooksOf(tool).stdin.shape as ShapeOf<T>;
type ShapeOf<T extends HookTool> = ClientOf<T>["hooks"]["stdin"]["shape"] & Shape;

/** Where a stdin shape's fields for a moment differ from the others'. */
const shapeMomentFields: Partial<
  Record<Shape, Partial<Record<HookMoment, z.core.$ZodLooseShape>>>
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
  // Cursor's sessionStart fires for each new conversation and names no `source`; its
  // postToolUse sends the tool's result as a JSON string, `tool_output`.
  cursor: {
    "session-start": {
      session_id: text,
      is_background_agent: flag,
      composer_mode: d.optional(text),
    },
    "post-tool": {
      tool_name: text,
      tool_input: d.unknown(),
      tool_output: text,
      tool_use_id: text,
      cwd: text,
      duration: count,
    },
  },
  // Cline names the call in `preToolUse` (and `tool_call`), its outcome in `postToolUse` (and
  // `tool_result`): `parameters` holds each input field, a non-string one as JSON text, and
  // `result` the output as text (CLI 3.0.65, checked).
  cline: {
    "pre-tool": {
      preToolUse: d.looseObject({ toolName: text, parameters: d.unknown() }),
    },
    "post-tool": {
      postToolUse: d.looseObject({
        toolName: text,
        parameters: d.unknown(),
        result: text,
        success: flag,
        executionTimeMs: d.optional(count),
      }),
    },
  },
};

function eventSchema(tool: HookTool, moment: HookMoment) {
  return d.looseObject({
    hook_event_name: text,
    ...bases[shapeOf(tool)],
    ...(shapeMomentFields[shapeOf(tool)]?.[moment] ?? momentFields[moment]),
  });
}

type EventSchema = ReturnType<typeof eventSchema>;

const eventSchemas = new Map<HookTool, Readonly<Record<string, EventSchema>>>();

/**
 * The schemas of `tool`'s events, by wire name: made the first time that tool's stdin is read,
 * so a hook builds its own tool's and no other's (each compiles its fast check on first use).
 */
export function eventSchemasOf(tool: HookTool): Readonly<Record<string, EventSchema>> {
  let schemas = eventSchemas.get(tool);
  if (schemas === undefined) {
    schemas = Object.fromEntries(
      Object.entries(HOOK_EVENTS[tool]).map(([event, moment]) => [
        event,
        eventSchema(tool, moment),
      ]),
    );
    eventSchemas.set(tool, schemas);
  }
  return schemas;
}

/** What every event's stdin names first: the event. */
export const EVENT_NAME = d.object({ hook_event_name: text });

/**
 * What contextfmt's own hook reads of each moment's fields (lifecycle.ts: a session start's
 * `source`; relevance.ts: the prompt): all a tolerant parse requires besides the event's name.
 */
const READ_FIELDS = { "session-start": ["source"], prompt: ["prompt"] } as const satisfies Partial<
  Record<HookMoment, readonly string[]>
>;
type ReadFieldsOf<M extends HookMoment> = M extends keyof typeof READ_FIELDS
  ? (typeof READ_FIELDS)[M][number]
  : never;

type BaseOf<T extends HookTool> = z.output<z.ZodMiniObject<(typeof bases)[ShapeOf<T>]>>;
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

/**
 * What a tolerant parse ({@link parseHookInput} with `strict: false`) returns: the fields
 * contextfmt's own hook reads at the moment (a session start's `source`, a prompt's `prompt`),
 * checked and typed, and every other field as it came.
 */
export type TolerantHookInput<T extends HookTool = HookTool> = {
  [M in HookMoment]: Pick<MomentOf<M>, ReadFieldsOf<M> & keyof MomentOf<M>> & {
    readonly tool: T;
    readonly moment: M;
    readonly hook_event_name: HookEventName<T>;
    readonly [field: string]: unknown;
  };
}[HookMoment];

/** How {@link parseHookInput} reads a hook's stdin. */
export interface ParseHookInputOptions<T extends HookTool = HookTool> {
  /**
   * `true` (the default): every field the tool always sends is required, with its type.
   * `false`: only the event's name and the fields contextfmt's own hook reads at that moment
   * (`source` at a session start, `prompt` at a prompt) are; any other field that is missing or
   * of another type is reported as a warning and left as it came, so that a client that drops
   * or renames a field the hook never reads does not cost the session its context.
   */
  readonly strict?: boolean;
  /**
   * The event when stdin names none (the one a command line gives): with `strict: false` for
   * any tool; always for Cline, whose stdin never names it.
   */
  readonly event?: HookEventName<T> | undefined;
  /** With `strict: false`: receives each warning. */
  readonly report?: ((issue: Issue) => void) | undefined;
}

/** Parses raw stdin text as JSON; a syntax error names where it is. */
function parseJson(raw: string): unknown {
  try {
    // A byte order mark is not JSON, but editors and some shells write one: as files are read.
    return JSON.parse(raw.startsWith("\uFEFF") ? raw.slice(1) : raw);
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

/** How one parse goes: {@link ParseHookInputOptions}, checked, with their defaults. */
export interface HowToParse {
  readonly strict: boolean;
  readonly event: string | undefined;
  readonly report: (issue: Issue) => void;
}

function howToParse<T extends HookTool>(options: ParseHookInputOptions<T> | undefined): HowToParse {
  const { strict = true, event, report = () => {} } = optionsArgument(options);
  if (typeof strict !== "boolean") badArgument("options.strict", "a boolean", strict);
  if (event !== undefined) stringArgument(event, "options.event");
  return { strict, event, report: functionArgument(report, "options.report") };
}

/** `issues` as warnings that say the parse went on without the field. */
function tolerated(issues: readonly Issue[], event: string): Issue[] {
  return issues.map((issue) => ({
    ...issue,
    severity: "warning",
    message: `${issue.message} (not needed for ${event}: ignored)`,
  }));
}

/**
 * The event's name stdin gives; `undefined` when it gives none and a tolerant parse goes on with
 * the one `how` gives.
 */
function eventNameOf(tool: HookTool, data: unknown, how: HowToParse): string | undefined {
  // A tool whose stdin names no event (Cline): the event is the one the call is made for. (An
  // unknown tool reads stdin's name, so that its error comes after the name's, as it always has.)
  if (isHookTool(tool) && !hooksOf(tool).stdin.namesEvent) {
    if (how.event !== undefined) return undefined;
    throw new InvalidInputError([
      {
        code: "invalid_input",
        severity: "error",
        path: "options.event",
        message: `${tool}'s hook input names no event: give the event the hook was called for`,
      },
    ]);
  }
  try {
    return parseWith(EVENT_NAME, data).hook_event_name;
  } catch (error) {
    const { event } = how;
    const onlyTheName =
      InvalidInputError.is(error) &&
      error.issues.every((issue) => issue.path === "hook_event_name");
    if (how.strict || event === undefined || !onlyTheName) throw error;
    for (const issue of tolerated(error.issues, event)) how.report(issue);
    return undefined;
  }
}

/**
 * Parses what `tool` writes on a hook's stdin (a JSON string, a leading byte order mark allowed,
 * or the value already parsed). Unknown extra fields are kept; a missing required field, or an
 * event that carries no context, is an `InvalidInputError` naming the field and what was
 * expected. With `{ strict: false }` only what contextfmt's own hook reads is required (see
 * {@link ParseHookInputOptions}); the `contextfmt hook` command reads stdin so.
 *
 * @example
 * ```ts
 * const input = parseHookInput("claude", await readStdin());
 * if (input.moment === "prompt") console.error(input.prompt);
 * const tolerant = parseHookInput("gemini", stdin, { strict: false, report: console.warn });
 * ```
 */
export function parseHookInput<T extends HookTool>(
  tool: T,
  json: unknown,
  options?: ParseHookInputOptions<T> & { readonly strict?: true },
): HookInput<T>;
export function parseHookInput<T extends HookTool>(
  tool: T,
  json: unknown,
  options: ParseHookInputOptions<T> & { readonly strict: false },
): TolerantHookInput<T>;
export function parseHookInput<T extends HookTool>(
  tool: T,
  json: unknown,
  options?: ParseHookInputOptions<T>,
): TolerantHookInput<T>;
export function parseHookInput<T extends HookTool>(
  tool: T,
  json: unknown,
  options?: ParseHookInputOptions<T>,
): HookInput<T> | TolerantHookInput<T> {
  const how = howToParse(options);
  if (!isHookTool(tool)) {
    // Found where the event is looked up, after the JSON and the event's name: named there.
    eventNameOf(tool, typeof json === "string" ? parseJson(json) : json, how);
    atEventName(() => checkTool(tool));
  }
  return hookInputOf(tool, json, how);
}

/** `lookUp()`, its `InvalidInputError` said of stdin's `hook_event_name`. */
function atEventName<R>(lookUp: () => R): R {
  try {
    return lookUp();
  } catch (error) {
    if (!InvalidInputError.is(error)) throw error;
    throw new InvalidInputError(
      error.issues.map((issue) => ({ ...issue, path: "hook_event_name" })),
    );
  }
}

/** {@link parseHookInput} for a checked `tool` and checked options. */
export function hookInputOf<T extends HookTool>(
  tool: T,
  json: unknown,
  how: HowToParse,
): HookInput<T> | TolerantHookInput<T> {
  const data = typeof json === "string" ? parseJson(json) : json;
  const named = eventNameOf(tool, data, how);
  const event = atEventName(() => eventOf(tool, named ?? (how.event as string)));
  const moment = momentOf(tool, event);
  const input = named === undefined ? { ...(data as object), hook_event_name: event } : data;
  try {
    const parsed = parseWith(eventSchemasOf(tool)[event] as z.core.$ZodType, input);
    return { ...(parsed as object), tool, moment } as HookInput<T>;
  } catch (error) {
    if (how.strict || !InvalidInputError.is(error)) throw error;
    // Cursor's sessionStart has no `source` to read.
    const read: readonly string[] =
      moment === "session-start" && !hooksOf(tool).stdin.sessionSource
        ? []
        : ((READ_FIELDS as Partial<Record<HookMoment, readonly string[]>>)[moment] ?? []);
    const needed = error.issues.filter((issue) => read.includes(issue.path ?? ""));
    if (needed.length > 0) throw new InvalidInputError(needed);
    for (const issue of tolerated(error.issues, event)) how.report(issue);
    return { ...(input as object), tool, moment } as TolerantHookInput<T>;
  }
}
