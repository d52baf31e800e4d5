import { byClient, type ClientOf, HOOK_CLIENTS } from "../clients/index.js";
import type { SessionStartContext } from "../clients/spec.js";
import { stringArgument } from "../problems/arguments.js";
import { checkTool, type HookTool } from "./events.js";

export type { SessionStartContext } from "../clients/spec.js";

/**
 * What each tool's SessionStart needs, by its `source`, as the pinned clients behave (each row
 * checked headless against a loopback model server):
 *
 * - `startup` (Copilot CLI: `new`): a new conversation: everything.
 * - `resume`, `fork`: Claude Code and Codex CLI send the whole earlier conversation again,
 *   earlier hook context included, so injecting it again would send it twice: nothing. Gemini
 *   CLI, Copilot CLI and Qwen Code do not send the earlier SessionStart context again after a
 *   resume: everything. OpenCode's plugin keeps nothing in the conversation: it sends
 *   `startup` for each session it first sees, a resumed one included.
 * - `clear`: a new, empty conversation: everything.
 * - `compact`: the conversation was summarised and earlier hook context dropped; the context
 *   injected now is kept after the summary: everything.
 *
 * A source not listed (a newer client's) gets everything: sent twice is better than lost. Cursor
 * names no source: its sessionStart fires when a new conversation is created (its
 * documentation's word; no Cursor runs here), so it gets everything.
 *
 * @example
 * ```ts
 * SESSION_START_CONTEXT.claude.resume; // "none"
 * ```
 */
export const SESSION_START_CONTEXT: {
  readonly [T in HookTool]: ClientOf<T>["hooks"]["sessionStart"];
} = byClient(HOOK_CLIENTS, (client) => client.hooks.sessionStart) as {
  readonly [T in HookTool]: ClientOf<T>["hooks"]["sessionStart"];
};

/**
 * What `tool`'s SessionStart with this `source` should inject (see {@link SESSION_START_CONTEXT});
 * `full` for a source the table does not know, or none (Cursor's).
 *
 * @example
 * ```ts
 * sessionStartContext("codex", "resume"); // "none"
 * sessionStartContext("gemini", "resume"); // "full"
 * ```
 */
export function sessionStartContext(
  tool: HookTool,
  source: string | undefined,
): SessionStartContext {
  checkTool(tool);
  if (source !== undefined) stringArgument(source, "source");
  return startContextOf(tool, source);
}

/** {@link sessionStartContext} for a checked `tool` and `source`. */
export function startContextOf(tool: HookTool, source: string | undefined): SessionStartContext {
  if (source === undefined) return "full";
  const known: Readonly<Record<string, SessionStartContext>> = SESSION_START_CONTEXT[tool];
  return Object.hasOwn(known, source) ? (known[source] as SessionStartContext) : "full";
}
