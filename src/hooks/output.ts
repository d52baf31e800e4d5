import { byClient, type ClientOf, HOOK_CLIENTS } from "../clients/index.js";
import type { HookContextLimit, HookContextLimits } from "../clients/spec.js";
import { badArgument, optionsArgument, stringArgument } from "../problems/arguments.js";
import type { Issue } from "../problems/issue.js";
import { checkedCounter, isTokenCounter, type TokenCounter } from "../tokens/counter.js";
import { defaultCounter } from "../tokens/heuristic.js";
import { utf8Length } from "../tokens/utf8.js";
import {
  checkTool,
  HOOK_EVENTS,
  type HookEventName,
  type HookTool,
  hooksOf,
  labelOf,
  momentOf,
  resolveHookEvent,
} from "./events.js";

/** What a hook may say besides its context; the three tools all read these. */
export interface HookOutputFields {
  /** Text for the model. Empty or absent: the output carries no `hookSpecificOutput`. */
  readonly additionalContext?: string;
  /** Shown to the user, not the model. */
  readonly systemMessage?: string;
  /** Hides the hook's output from the transcript view. */
  readonly suppressOutput?: boolean;
  /** Counts tokens for limits stated in tokens; default: `defaultCounter`. */
  readonly counter?: TokenCounter;
}

/**
 * The JSON a hook writes on stdout for `tool`'s event `E`: only fields every tool documents for
 * that event, so Codex, which rejects unknown fields, accepts it as well as Claude Code and
 * Gemini CLI.
 */
export interface HookOutput<E extends string = string> {
  systemMessage?: string;
  suppressOutput?: boolean;
  hookSpecificOutput?: { hookEventName: E; additionalContext?: string };
  /** Copilot CLI's place for the context: the top level, not `hookSpecificOutput`. */
  additionalContext?: string;
  /** Cursor's place for the context, as its documentation names it: the top level, snake_case. */
  additional_context?: string;
  /** Cline's place for the context: the top level, `contextModification`. */
  contextModification?: string;
}

/** `hookOutput`'s result: the JSON to print, and every problem found with it. */
export interface HookOutputResult<E extends string = string> {
  readonly output: HookOutput<E>;
  readonly issues: readonly Issue[];
}

export type { HookContextLimit } from "../clients/spec.js";

/**
 * How much context each tool takes inline, measured with the pinned clients: the tool's limit,
 * and where an event has its own, that event's. Claude Code moves `additionalContext` over
 * 10,000 characters to a file and shows the model a ~2,000-character preview (every event);
 * Codex CLI counts a token as four UTF-8 bytes and cuts context over 2,500 such tokens (10,000
 * bytes) in the middle (every event); Copilot CLI cuts the context of `PostToolUse` and
 * `PostToolUseFailure` after 10,240 characters, without a word (its other events took 20,000 to
 * 60,000 unchanged). Gemini CLI and Qwen Code took 120,000 characters unchanged; OpenCode's plugin
 * adds the context to the system prompt or the message as it is. Cursor's documentation states
 * no limit, and no Cursor runs here to measure one.
 *
 * @example
 * ```ts
 * HOOK_CONTEXT_LIMITS.claude.chars; // 10000
 * HOOK_CONTEXT_LIMITS.codex.bytes; // 10000
 * ```
 */
export const HOOK_CONTEXT_LIMITS: {
  readonly [T in HookTool]: ClientOf<T>["hooks"]["limit"];
} = byClient(HOOK_CLIENTS, (client) => client.hooks.limit) as {
  readonly [T in HookTool]: ClientOf<T>["hooks"]["limit"];
};

/**
 * The inline limit of `tool`'s `event`: the event's own where it has one, else the tool's.
 *
 * @example
 * ```ts
 * hookContextLimit("copilot", "PostToolUse"); // { chars: 10240 }
 * hookContextLimit("copilot", "SessionStart"); // {}
 * ```
 */
export function hookContextLimit(tool: HookTool, event?: string): HookContextLimit {
  if (event === undefined) checkTool(tool);
  return limitOf(tool, event === undefined ? undefined : resolveHookEvent(tool, event));
}

/** {@link hookContextLimit} for a checked `tool` and one of its wire names (or none). */
export function limitOf(tool: HookTool, name: string | undefined): HookContextLimit {
  const limits: HookContextLimits = HOOK_CONTEXT_LIMITS[tool];
  // Own keys only: an event named like an Object.prototype member is no event of its own.
  const own =
    name !== undefined && limits.events && Object.hasOwn(limits.events, name)
      ? limits.events[name]
      : undefined;
  if (own) return own;
  const { events: _events, ...tool_ } = limits;
  return tool_;
}

/** What {@link overHookLimit} found over the limit. */
export interface HookLimitExcess {
  readonly unit: "chars" | "bytes" | "tokens";
  readonly size: number;
  readonly limit: number;
}

/**
 * The measure that is over the inline limit of `tool` (of its `event`, where that has its own),
 * or `undefined` when `context` fits. Used both to report and to shrink context until it fits.
 *
 * @example
 * ```ts
 * overHookLimit("claude", "x".repeat(10_001)); // { unit: "chars", size: 10001, limit: 10000 }
 * overHookLimit("codex", "é".repeat(5_001)); // { unit: "bytes", size: 10002, limit: 10000 }
 * ```
 */
export function overHookLimit(
  tool: HookTool,
  context: string,
  tokenCounter: TokenCounter = defaultCounter,
  event?: string,
): HookLimitExcess | undefined {
  stringArgument(context, "context");
  const counter = checkedCounter(tokenCounter, "counter");
  return excessOf(hookContextLimit(tool, event), context, counter);
}

/** {@link overHookLimit} against `limits`, with a checked counter. */
export function excessOf(
  limits: HookContextLimit,
  context: string,
  counter: TokenCounter,
): HookLimitExcess | undefined {
  if (limits.chars !== undefined && context.length > limits.chars) {
    return { unit: "chars", size: context.length, limit: limits.chars };
  }
  // Every UTF-16 unit is at most three bytes: most texts need no byte count at all.
  if (limits.bytes !== undefined && context.length * 3 > limits.bytes) {
    const size = utf8Length(context);
    if (size > limits.bytes) return { unit: "bytes", size, limit: limits.bytes };
  }
  if (limits.tokens !== undefined) {
    const size = counter.count(context);
    if (size > limits.tokens) return { unit: "tokens", size, limit: limits.tokens };
  }
  return undefined;
}

/**
 * The path of the context in `tool`'s output, as issues name it: in `hookSpecificOutput`, or at
 * the top level under the tool's own name (see src/clients).
 */
export const contextPath = (tool: HookTool): string => {
  const field = hooksOf(tool).contextField;
  return field === "hookSpecificOutput" ? "hookSpecificOutput.additionalContext" : field;
};

/**
 * Whether `tool` turns `<` and `>` in hook context into `&lt;` and `&gt;` (Gemini CLI, and Qwen
 * Code after it): XML reaches the model as entities there, so it gets markdown and plain text.
 */
export function escapesXml(tool: HookTool): boolean {
  return hooksOf(tool).escapesXml;
}

/**
 * Whether `tool`'s event `event` is listed for its moment but its output carries no context
 * (Gemini CLI's BeforeTool).
 */
export function carriesNoContext(tool: HookTool, event: string): boolean {
  return (hooksOf(tool).withoutContext as readonly string[] | undefined)?.includes(event) ?? false;
}

/** A tag such as `<memory id="1">` or `</directive>`: what Gemini CLI turns into `&lt;…&gt;`. */
export const XML_TAG = /<\/?[A-Za-z][\w:.-]*(?:\s[^<>]*)?\/?>/;

function contextIssues(
  tool: HookTool,
  event: string,
  context: string,
  counter: TokenCounter,
): Issue[] {
  const issues: Issue[] = [];
  const path = contextPath(tool);
  const over = excessOf(limitOf(tool, event), context, counter);
  if (over) {
    const limit = `${event} context over ${over.limit} ${over.unit}`;
    const fate = {
      "cuts-middle": `cuts ${limit} in the middle`,
      "cuts-end": `cuts ${limit} off at the limit`,
      "moves-to-file": `moves ${limit} to a file and shows the model only a stub`,
    }[hooksOf(tool).overLimit ?? "moves-to-file"];
    issues.push({
      code: "over_hook_limit",
      severity: "error",
      path,
      message: `${over.size} ${over.unit} > ${over.limit}: ${labelOf(tool)} ${fate}`,
    });
  }
  if (escapesXml(tool) && XML_TAG.test(context)) {
    issues.push({
      code: "unsupported_field",
      severity: "warning",
      path,
      message: `${labelOf(tool)} escapes < and > in additionalContext, so XML tags reach the model as &lt;…&gt;; send markdown or plain text`,
    });
  }
  return issues;
}

/**
 * `fields` with their counter checked; an `InvalidInputError` names the first field that is not
 * as documented.
 */
function checkedFields(fields: HookOutputFields): HookOutputFields {
  for (const key of ["additionalContext", "systemMessage"] as const) {
    if (fields[key] !== undefined) stringArgument(fields[key], `fields.${key}`);
  }
  const { suppressOutput, counter } = fields;
  if (suppressOutput !== undefined && typeof suppressOutput !== "boolean") {
    badArgument("fields.suppressOutput", "a boolean", suppressOutput);
  }
  if (counter === undefined) return fields;
  // A counter of the wrong shape is the field; a bad count, the counter (as overHookLimit says).
  if (!isTokenCounter(counter)) checkedCounter(counter, "fields.counter");
  return { ...fields, counter: checkedCounter(counter, "counter") };
}

/**
 * The JSON `tool` accepts on a hook's stdout for `event` (any of {@link HOOK_EVENTS}, such as
 * `SessionStart`, `SubagentStart`, `UserPromptSubmit` / `BeforeAgent`, `PostToolUseFailure`;
 * kebab-case works too), with `additionalContext` in `hookSpecificOutput` (for Copilot CLI at
 * the top level, where it reads it; for Cursor as its documented top-level
 * `additional_context`). It emits only fields the tool knows for that event (Codex
 * rejects any other) and reports, never hides: context over
 * the tool's inline limit is an `over_hook_limit` error; context for an event that cannot carry
 * it (Gemini's `BeforeTool`) is left out with an `unsupported_field` warning, as is XML sent to
 * Gemini; context at `Stop` or `SubagentStop` is sent with a `continues_turn` warning, since the
 * agent then goes on instead of stopping.
 *
 * @example
 * ```ts
 * const { output, issues } = hookOutput("claude", "SessionStart", { additionalContext: text });
 * process.stdout.write(`${JSON.stringify(output)}\n`);
 * ```
 */
export function hookOutput<T extends HookTool, E extends HookEventName<T>>(
  tool: T,
  event: E,
  fields: HookOutputFields = {},
): HookOutputResult<E> {
  const eventName = resolveHookEvent(tool, event) as E;
  return outputFor(tool, eventName, checkedFields(optionsArgument(fields, "fields")));
}

/**
 * {@link hookOutput} for a checked `tool`, one of its wire names and checked `fields` (a
 * `counter` among them checked too).
 */
export function outputFor<T extends HookTool, E extends HookEventName<T>>(
  tool: T,
  eventName: E,
  fields: HookOutputFields,
): HookOutputResult<E> {
  const issues: Issue[] = [];
  const output: HookOutput<E> = {};
  const place = hooksOf(tool).contextField;
  if (place !== "hookSpecificOutput") {
    // Copilot CLI (checked) and Cursor (documented) read a top-level context for these events;
    // neither is known to read systemMessage or suppressOutput, so they are not sent.
    for (const field of ["systemMessage", "suppressOutput"] as const) {
      if (fields[field] === undefined) continue;
      issues.push({
        code: "unsupported_field",
        severity: "warning",
        path: field,
        message: `left out: ${labelOf(tool)}'s hooks are not known to read ${field}`,
      });
    }
  } else {
    if (fields.systemMessage !== undefined) output.systemMessage = fields.systemMessage;
    if (fields.suppressOutput !== undefined) output.suppressOutput = fields.suppressOutput;
  }

  const context = fields.additionalContext ?? "";
  if (context === "") return { output, issues };
  if (carriesNoContext(tool, eventName)) {
    const others = Object.keys(HOOK_EVENTS[tool])
      .filter((name) => !carriesNoContext(tool, name))
      .sort();
    issues.push({
      code: "unsupported_field",
      severity: "warning",
      path: contextPath(tool),
      message: `${labelOf(tool)}'s ${eventName} hook carries no additionalContext; the context was left out (${others.slice(0, -1).join(", ")} and ${others.at(-1)} carry it)`,
    });
    return { output, issues };
  }
  const counter = fields.counter ?? defaultCounter;
  for (const issue of contextIssues(tool, eventName, context, counter)) issues.push(issue);
  if (place !== "hookSpecificOutput") {
    (output as Record<typeof place, string>)[place] = context;
    return { output, issues };
  }
  const moment = momentOf(tool, eventName);
  if (moment === "stop" || moment === "subagent-stop") {
    issues.push({
      code: "continues_turn",
      severity: "warning",
      path: "hookSpecificOutput.additionalContext",
      message: `${labelOf(tool)} does not stop when ${eventName} returns context: the ${moment === "stop" ? "agent" : "subagent"} takes another turn to act on it, and the hook runs again when it next stops (stop_hook_active: true)`,
    });
  }
  output.hookSpecificOutput = { hookEventName: eventName, additionalContext: context };
  return { output, issues };
}
