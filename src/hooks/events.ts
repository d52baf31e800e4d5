import {
  byClient,
  type ClientOf,
  clientById,
  HOOK_CLIENTS,
  type HookClient,
  type HookClientId,
} from "../clients/index.js";
import type { ClientHooks, HookMoment } from "../clients/spec.js";
import { badArgument } from "../problems/arguments.js";
import { InvalidInputError } from "../problems/errors.js";

export type { HookMoment } from "../clients/spec.js";

/**
 * The agent CLIs whose hooks this library speaks: Claude Code, Gemini CLI, Codex CLI, GitHub
 * Copilot CLI, Qwen Code, OpenCode through the plugin `contextfmt init opencode` writes, and
 * Cursor (from its documentation: no Cursor runs here to check it), and Cline's CLI: every
 * client of src/clients with hooks.
 */
export type HookTool = HookClientId;

/**
 * Every hook tool, in the order help texts list them.
 *
 * @example
 * ```ts
 * HOOK_TOOLS.includes("codex"); // true
 * ```
 */
export const HOOK_TOOLS: readonly HookTool[] = HOOK_CLIENTS.map((client) => client.id);

/**
 * The hook events each tool fires whose output can carry context for the model, by their wire
 * names, with what each is for. Each was checked against the pinned client: its own output
 * schema accepts `additionalContext` for the event, and a headless run shows the context in the
 * next model request; Cursor's, which cannot run here, are as its documentation states them.
 * (Gemini CLI's `BeforeTool` is listed for its moment but carries none.) Each client's file in
 * src/clients says why its events are these.
 *
 * @example
 * ```ts
 * HOOK_EVENTS.gemini.BeforeAgent; // "prompt"
 * HOOK_EVENTS.claude.PostToolUseFailure; // "tool-failure"
 * ```
 */
export const HOOK_EVENTS: { readonly [T in HookTool]: ClientOf<T>["hooks"]["events"] } = byClient(
  HOOK_CLIENTS,
  (client) => client.hooks.events,
) as { readonly [T in HookTool]: ClientOf<T>["hooks"]["events"] };

/** What src/clients says of `tool`'s hooks. */
export function hooksOf(tool: HookTool): ClientHooks {
  return (clientById(tool) as HookClient).hooks;
}

/** `tool` by the name its users know it by, for messages. */
export function labelOf(tool: HookTool): string {
  return (clientById(tool) as HookClient).label;
}

/**
 * A hook event name as `tool` writes it in `hook_event_name`, e.g. `PreToolUse` or `BeforeTool`;
 * for several tools, any of theirs (Cursor's camelCase names share none with the others).
 */
export type HookEventName<T extends HookTool = HookTool> = T extends HookTool
  ? keyof (typeof HOOK_EVENTS)[T] & string
  : never;

/**
 * An event's wire name in the spelling command lines use.
 *
 * @example
 * ```ts
 * kebab("PreToolUse"); // "pre-tool-use"
 * ```
 */
export function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter, index: number) =>
    index === 0 ? letter.toLowerCase() : `-${letter.toLowerCase()}`,
  );
}

/**
 * The wire name of `tool`'s event written either way (`PreToolUse` or `pre-tool-use`).
 * An event the tool does not have is an `InvalidInputError` listing the ones it has.
 *
 * @example
 * ```ts
 * resolveHookEvent("gemini", "before-agent"); // "BeforeAgent"
 * ```
 */
export function resolveHookEvent<T extends HookTool>(tool: T, event: string): HookEventName<T> {
  checkTool(tool);
  if (typeof event !== "string") badArgument("event", "a hook event name", event);
  return eventOf(tool, event);
}

/**
 * The wire name of `tool`'s event `name` written either way, or `undefined` when the tool has no
 * such event. For callers that checked `tool` already.
 */
export function findHookEvent<T extends HookTool>(
  tool: T,
  name: string,
): HookEventName<T> | undefined {
  return (Object.keys(HOOK_EVENTS[tool]) as HookEventName<T>[]).find(
    (wire) => wire === name || kebab(wire) === name,
  );
}

/** {@link resolveHookEvent} for a checked `tool` and a string `event`. */
export function eventOf<T extends HookTool>(tool: T, event: string): HookEventName<T> {
  const found = findHookEvent(tool, event);
  if (found) return found;
  const names = Object.keys(HOOK_EVENTS[tool]);
  throw new InvalidInputError([
    {
      code: "invalid_input",
      severity: "error",
      path: "event",
      message: `${JSON.stringify(event)} is not a ${tool} hook event with context; known: ${names
        .map((name) => `${name} (${kebab(name)})`)
        .join(", ")}`,
    },
  ]);
}

/**
 * What `tool`'s event `event` is for.
 *
 * @example
 * ```ts
 * hookMoment("claude", "UserPromptSubmit"); // "prompt"
 * ```
 */
export function hookMoment<T extends HookTool>(tool: T, event: HookEventName<T>): HookMoment {
  checkTool(tool);
  const events = HOOK_EVENTS[tool] as Record<string, HookMoment>;
  if (typeof event !== "string" || !Object.hasOwn(events, event)) {
    badArgument(
      "event",
      Object.keys(events)
        .map((name) => JSON.stringify(name))
        .join(" | "),
      event,
    );
  }
  return momentOf(tool, event);
}

/** {@link hookMoment} for a checked `tool` and one of its wire names. */
export function momentOf<T extends HookTool>(tool: T, event: HookEventName<T>): HookMoment {
  return (HOOK_EVENTS[tool] as Record<string, HookMoment>)[event] as HookMoment;
}

/** Throws `InvalidInputError` unless `tool` is one of {@link HOOK_TOOLS}. */
export function checkTool(tool: unknown): asserts tool is HookTool {
  if (!isHookTool(tool)) {
    badArgument("tool", HOOK_TOOLS.map((name) => JSON.stringify(name)).join(" | "), tool);
  }
}

/**
 * Whether `tool` is one of the hook tools (narrows a command-line string).
 *
 * @example
 * ```ts
 * if (!isHookTool(argv[0])) throw new Error(`one of ${HOOK_TOOLS.join(", ")}`);
 * ```
 */
export function isHookTool(tool: unknown): tool is HookTool {
  return (HOOK_TOOLS as readonly unknown[]).includes(tool);
}
