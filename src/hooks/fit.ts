import {
  badArgument,
  functionArgument,
  integerArgument,
  optionsArgument,
} from "../problems/arguments.js";
import { checkedCounter, type TokenCounter } from "../tokens/counter.js";
import { checkTool, type HookTool, resolveHookEvent } from "./events.js";
import { overHookLimit } from "./output.js";

/** Options of {@link fitHookContext}. */
export interface FitHookContextOptions {
  /** The token budget to start from. */
  readonly budget: number;
  /** Counts tokens for limits stated in tokens; default: `defaultCounter`. */
  readonly counter?: TokenCounter;
  /** The event, where its limit differs from the tool's (Copilot CLI's tool events). */
  readonly event?: string;
}

/** The fitted result, and the budget it was rendered with. */
export interface FittedHookContext<R> {
  readonly result: R;
  readonly budget: number;
}

/**
 * Renders context for `tool`'s hook inside the tool's inline limit (Claude Code: 10,000
 * characters; Codex CLI: 10,000 UTF-8 bytes) by lowering the token budget until `render(budget)` fits.
 * Shrinking goes through the budget, so the pipeline drops the least important items first and
 * reports each; at budget 0 only required items remain. If even those are over the limit,
 * shrinking cannot make it fit, so the result at the given `budget` is returned (with the
 * issues it has at that budget): `hookOutput` then reports `over_hook_limit`. `budget` is a
 * whole number >= 0.
 *
 * @example
 * ```ts
 * const { result } = fitHookContext("claude", (budget) => manager.format("claude", input, { budget }), { budget: 4000 });
 * ```
 */
export function fitHookContext<R extends { readonly content: string }>(
  tool: HookTool,
  render: (budget: number) => R,
  options: FitHookContextOptions,
): FittedHookContext<R> {
  checkTool(tool);
  functionArgument(render, "render");
  const given = optionsArgument(options);
  // A whole number, so that each step lowers it and the loop ends.
  const budget = integerArgument(given.budget, "options.budget");
  const counter =
    given.counter === undefined ? undefined : checkedCounter(given.counter, "options.counter");
  const event = given.event === undefined ? undefined : resolveHookEvent(tool, given.event);
  const renderAt = (at: number): R => {
    const rendered: unknown = render(at);
    const content = (rendered as { content?: unknown } | null)?.content;
    if (typeof content !== "string") {
      badArgument("render", "a function returning { content: string }", rendered);
    }
    return rendered as R;
  };
  const requested = renderAt(budget);
  let current = budget;
  let result = requested;
  for (;;) {
    const over = overHookLimit(tool, result.content, counter, event);
    if (!over) return { result, budget: current };
    // Nothing but the required items left and still over: lowering the budget only dropped
    // context without making it fit, so the context at the given budget is returned.
    if (current === 0) return { result: requested, budget };
    // Scale the budget by how far over the limit the content is, with a small margin, and
    // always lower it, so the loop ends after a few renders.
    const scaled = Math.floor(((current * over.limit) / over.size) * 0.97);
    current = Math.max(0, Math.min(current - 1, scaled));
    result = renderAt(current);
  }
}
