import type { TokenCounter } from "../tokens/counter.js";
import type { HookTool } from "./events.js";
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
 * reports each; at budget 0 only required items remain. If even those are over the limit, the
 * last result is returned as it is: `hookOutput` then reports `over_hook_limit`.
 *
 * @example
 * ```ts
 * const { result } = fitHookContext("claude", (budget) => manager.format("claude", input, { budget }), { budget: 4000 });
 * ```
 */
export function fitHookContext<R extends { readonly content: string }>(
  tool: HookTool,
  render: (budget: number) => R,
  { budget, counter, event }: FitHookContextOptions,
): FittedHookContext<R> {
  let current = Math.max(0, Math.floor(budget));
  let result = render(current);
  for (;;) {
    const over = overHookLimit(tool, result.content, counter, event);
    if (!over || current === 0) return { result, budget: current };
    // Scale the budget by how far over the limit the content is, with a small margin, and
    // always lower it, so the loop ends after a few renders.
    const scaled = Math.floor(((current * over.limit) / over.size) * 0.97);
    current = Math.max(0, Math.min(current - 1, scaled));
    result = render(current);
  }
}
