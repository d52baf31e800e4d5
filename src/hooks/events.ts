import { badArgument } from "../problems/arguments.js";
import { InvalidInputError } from "../problems/errors.js";

/** The agent CLIs whose hooks this library speaks: Claude Code, Gemini CLI, Codex CLI. */
export type HookTool = "claude" | "gemini" | "codex";

/**
 * Every hook tool, in the order help texts list them.
 *
 * @example
 * ```ts
 * HOOK_TOOLS.includes("codex"); // true
 * ```
 */
export const HOOK_TOOLS: readonly HookTool[] = ["claude", "gemini", "codex"];

/**
 * What a hook event is for, whatever the tool calls it: the session opens (`session-start`), a
 * prompt was submitted (`prompt`), a tool is about to run (`pre-tool`) or has run (`post-tool`).
 */
export type HookMoment = "session-start" | "prompt" | "pre-tool" | "post-tool";

/**
 * The hook events each tool fires that can carry context, by their wire names, with what each is for.
 *
 * @example
 * ```ts
 * HOOK_EVENTS.gemini.BeforeAgent; // "prompt"
 * ```
 */
export const HOOK_EVENTS = {
  claude: {
    SessionStart: "session-start",
    UserPromptSubmit: "prompt",
    PreToolUse: "pre-tool",
    PostToolUse: "post-tool",
  },
  codex: {
    SessionStart: "session-start",
    UserPromptSubmit: "prompt",
    PreToolUse: "pre-tool",
    PostToolUse: "post-tool",
  },
  gemini: {
    SessionStart: "session-start",
    BeforeAgent: "prompt",
    BeforeTool: "pre-tool",
    AfterTool: "post-tool",
  },
} as const satisfies Record<HookTool, Record<string, HookMoment>>;

/** A hook event name as `tool` writes it in `hook_event_name`, e.g. `PreToolUse` or `BeforeTool`. */
export type HookEventName<T extends HookTool = HookTool> = keyof (typeof HOOK_EVENTS)[T] & string;

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
  const names = Object.keys(HOOK_EVENTS[tool]) as HookEventName<T>[];
  const found = names.find((name) => name === event || kebab(name) === event);
  if (found) return found;
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
  return events[event] as HookMoment;
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
 * if (!isHookTool(argv[0])) throw new Error("claude, gemini or codex");
 * ```
 */
export function isHookTool(tool: unknown): tool is HookTool {
  return (HOOK_TOOLS as readonly unknown[]).includes(tool);
}
