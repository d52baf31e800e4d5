import { badArgument, optionsArgument, stringArgument } from "../problems/arguments.js";
import type { Issue } from "../problems/issue.js";
import { checkedCounter, type TokenCounter } from "../tokens/counter.js";
import { defaultCounter } from "../tokens/heuristic.js";
import {
  checkTool,
  type HookEventName,
  type HookTool,
  hookMoment,
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
  /** Counts tokens for limits stated in tokens (Codex); default: `defaultCounter`. */
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
}

/** `hookOutput`'s result: the JSON to print, and every problem found with it. */
export interface HookOutputResult<E extends string = string> {
  readonly output: HookOutput<E>;
  readonly issues: readonly Issue[];
}

/**
 * How much context each tool takes inline. Claude Code moves `additionalContext` over 10,000
 * characters to a file and shows the model a short stub; Codex CLI does the same over about
 * 2,500 tokens. Gemini CLI states no limit.
 *
 * @example
 * ```ts
 * HOOK_CONTEXT_LIMITS.claude.chars; // 10000
 * ```
 */
export const HOOK_CONTEXT_LIMITS = {
  claude: { chars: 10_000 },
  codex: { tokens: 2_500 },
  gemini: {},
} as const satisfies Record<HookTool, { chars?: number; tokens?: number }>;

/**
 * The measure that is over `tool`'s inline limit, or `undefined` when `context` fits.
 * Used both to report and to shrink context until it fits.
 *
 * @example
 * ```ts
 * overHookLimit("claude", "x".repeat(10_001)); // { unit: "chars", size: 10001, limit: 10000 }
 * ```
 */
export function overHookLimit(
  tool: HookTool,
  context: string,
  tokenCounter: TokenCounter = defaultCounter,
): { unit: "chars" | "tokens"; size: number; limit: number } | undefined {
  checkTool(tool);
  stringArgument(context, "context");
  const counter = checkedCounter(tokenCounter, "counter");
  const limits: { chars?: number; tokens?: number } = HOOK_CONTEXT_LIMITS[tool];
  if (limits.chars !== undefined && context.length > limits.chars) {
    return { unit: "chars", size: context.length, limit: limits.chars };
  }
  if (limits.tokens !== undefined) {
    const size = counter.count(context);
    if (size > limits.tokens) return { unit: "tokens", size, limit: limits.tokens };
  }
  return undefined;
}

const TOOL_NAMES: Record<HookTool, string> = {
  claude: "Claude Code",
  codex: "Codex CLI",
  gemini: "Gemini CLI",
};

/** A tag such as `<memory id="1">` or `</directive>`: what Gemini CLI turns into `&lt;…&gt;`. */
const XML_TAG = /<\/?[A-Za-z][\w:.-]*(?:\s[^<>]*)?\/?>/;

function contextIssues(
  tool: HookTool,
  event: string,
  context: string,
  counter: TokenCounter | undefined,
): Issue[] {
  const issues: Issue[] = [];
  const over = overHookLimit(tool, context, counter);
  if (over) {
    issues.push({
      code: "over_hook_limit",
      severity: "error",
      path: "hookSpecificOutput.additionalContext",
      message: `${over.size} ${over.unit} > ${over.limit}: ${TOOL_NAMES[tool]} moves ${event} context over ${over.limit} ${over.unit} to a file and shows the model only a stub`,
    });
  }
  if (tool === "gemini" && XML_TAG.test(context)) {
    issues.push({
      code: "unsupported_field",
      severity: "warning",
      path: "hookSpecificOutput.additionalContext",
      message:
        "Gemini CLI escapes < and > in additionalContext, so XML tags reach the model as &lt;…&gt;; send markdown or plain text",
    });
  }
  return issues;
}

/** Throws `InvalidInputError` naming the first field of `fields` that is not as documented. */
function checkFields(fields: HookOutputFields): void {
  for (const key of ["additionalContext", "systemMessage"] as const) {
    if (fields[key] !== undefined) stringArgument(fields[key], `fields.${key}`);
  }
  const { suppressOutput, counter } = fields;
  if (suppressOutput !== undefined && typeof suppressOutput !== "boolean") {
    badArgument("fields.suppressOutput", "a boolean", suppressOutput);
  }
  if (counter !== undefined) checkedCounter(counter, "fields.counter");
}

/**
 * The JSON `tool` accepts on a hook's stdout for `event` (`SessionStart`, `UserPromptSubmit` /
 * `BeforeAgent`, `PreToolUse` / `BeforeTool`, `PostToolUse` / `AfterTool`; kebab-case works too),
 * with `additionalContext` in `hookSpecificOutput`. It emits only fields the tool knows (Codex
 * rejects any other) and reports, never hides: context over the tool's inline limit is an
 * `over_hook_limit` error; context for an event that cannot carry it (Gemini's `BeforeTool`) is
 * left out with an `unsupported_field` warning, as is XML sent to Gemini.
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
  checkFields(optionsArgument(fields, "fields"));
  const issues: Issue[] = [];
  const output: HookOutput<E> = {};
  if (fields.systemMessage !== undefined) output.systemMessage = fields.systemMessage;
  if (fields.suppressOutput !== undefined) output.suppressOutput = fields.suppressOutput;

  const context = fields.additionalContext ?? "";
  if (context === "") return { output, issues };
  if (tool === "gemini" && hookMoment(tool, eventName) === "pre-tool") {
    issues.push({
      code: "unsupported_field",
      severity: "warning",
      path: "hookSpecificOutput.additionalContext",
      message:
        "Gemini CLI's BeforeTool hook carries no additionalContext; the context was left out (AfterTool, BeforeAgent and SessionStart carry it)",
    });
    return { output, issues };
  }
  const counter =
    fields.counter === undefined ? undefined : checkedCounter(fields.counter, "fields.counter");
  issues.push(...contextIssues(tool, eventName, context, counter));
  output.hookSpecificOutput = { hookEventName: eventName, additionalContext: context };
  return { output, issues };
}
