/**
 * What `contextfmt init` writes for each hook tool: the project settings file its hooks live in,
 * the shape of one hook entry there, and which events it installs. The events are the tool's
 * own (HOOK_EVENTS) whose moment the hook answers with context (HOOK_SOURCES) and whose output
 * carries it (hookOutput): an event the hook would answer with nothing is never installed.
 */
import { HOOK_SOURCES, type HookSourceFlag } from "../../hooks/context.js";
import {
  HOOK_EVENTS,
  type HookMoment,
  type HookTool,
  kebab,
  resolveHookEvent,
} from "../../hooks/events.js";
import { hookOutput } from "../../hooks/output.js";
import { unknownChoice } from "../../problems/suggest.js";
import { UsageError } from "../../problems/usage-error.js";
import { OPENCODE_PLUGIN } from "./opencode-plugin.js";

/** How a tool keeps its hooks in a project. */
export interface HookSettings {
  /** The settings file, relative to the project. */
  readonly path: string;
  /** How a hook command names the project folder (empty: the tool runs hooks from it). */
  readonly projectDir: string;
  /** The entry appended to the event's list (`hooks.<Event>`) for one command. */
  readonly entry: (command: string, event: string) => Record<string, unknown>;
  /** The command lines of an entry of the list (a group may hold several). */
  readonly commandOf: (entry: unknown) => readonly unknown[];
  /**
   * Whole files the hooks also need (path → text), init's own: written when absent, replaced
   * while unchanged since init wrote them, kept with a warning once the user changed them.
   */
  readonly files?: Readonly<Record<string, string>>;
  /** The format version the file carries at its top (`version`), set when absent. */
  readonly version?: number;
  /**
   * For a tool that runs a file per event instead of reading a settings file (Cline): the
   * text of the executable `<path>/<Event>` that runs `command`. Each is init's own, as `files`.
   */
  readonly script?: (command: string) => string;
}

/** `{ hooks: [hook] }`: the group Claude Code, Gemini CLI, Qwen Code and Codex list. */
const grouped = (hook: Record<string, unknown>) => ({ hooks: [hook] });
const groupedCommands = (group: unknown): unknown[] => {
  const hooks = (group as { hooks?: unknown } | null)?.hooks;
  return Array.isArray(hooks) ? hooks.map((hook) => (hook as { command?: unknown })?.command) : [];
};

/**
 * Each tool's hook settings, checked against the pinned clients (test/clients); Cursor's from
 * its documentation only, since no Cursor runs here.
 */
export const HOOK_SETTINGS: Readonly<Record<HookTool, HookSettings>> = {
  claude: {
    path: ".claude/settings.json",
    projectDir: '"$CLAUDE_PROJECT_DIR"/',
    entry: (command) => grouped({ type: "command", command, timeout: 10 }),
    commandOf: groupedCommands,
  },
  codex: {
    path: ".codex/config.toml",
    projectDir: "",
    entry: (command) => grouped({ type: "command", command, timeout: 10 }),
    commandOf: groupedCommands,
  },
  gemini: {
    path: ".gemini/settings.json",
    projectDir: '"$GEMINI_PROJECT_DIR"/',
    // Gemini CLI's timeout is in milliseconds.
    entry: (command, event) =>
      grouped({ name: `contextfmt-${event}`, type: "command", command, timeout: 10_000 }),
    commandOf: groupedCommands,
  },
  // Copilot CLI reads every JSON file of .github/hooks/; its entries run `bash` from `cwd`.
  copilot: {
    path: ".github/hooks/contextfmt.json",
    projectDir: "",
    entry: (command) => ({ type: "command", bash: command, cwd: ".", timeoutSec: 10 }),
    commandOf: (entry) => [(entry as { bash?: unknown } | null)?.bash],
    version: 1,
  },
  // Qwen Code runs hooks from the project folder, with Claude Code's entry shape (seconds).
  qwen: {
    path: ".qwen/settings.json",
    projectDir: "",
    entry: (command) => grouped({ type: "command", command, timeout: 10 }),
    commandOf: groupedCommands,
  },
  // OpenCode runs no hook commands: its plugin (written beside) runs those listed here, from
  // the project folder, and adds their context (see ./opencode-plugin.ts).
  opencode: {
    path: ".opencode/contextfmt.json",
    projectDir: "",
    entry: (command) => ({ command, timeout: 10 }),
    commandOf: (entry) => [(entry as { command?: unknown } | null)?.command],
    files: { ".opencode/plugins/contextfmt.js": OPENCODE_PLUGIN },
  },
  // Cursor runs a project's hooks from its root; `{ command, timeout }` entries (seconds) in a
  // `version: 1` file, as its documentation shows them.
  cursor: {
    path: ".cursor/hooks.json",
    projectDir: "",
    entry: (command) => ({ command, timeout: 10 }),
    commandOf: (entry) => [(entry as { command?: unknown } | null)?.command],
    version: 1,
  },
  // Cline runs each executable of .clinerules/hooks/ named after an event, with its input on
  // stdin; the script moves to the project folder (two up from itself) to run the hook there.
  cline: {
    path: ".clinerules/hooks",
    projectDir: "",
    entry: (command) => ({ command }),
    commandOf: (entry) => [(entry as { command?: unknown } | null)?.command],
    script: (command) => `#!/bin/sh\ncd "$(dirname "$0")/../.." || exit 1\nexec ${command}\n`,
  },
};

/** The input files the hook reads at `moment`, in the order it joins them. */
export function flagsOf(moment: HookMoment): HookSourceFlag[] {
  const flags = HOOK_SOURCES.filter((source) => source.moments.includes(moment)).map((s) => s.flag);
  return [...new Set(flags)];
}

/** One hook `init` installs: the tool's event name and the files its command passes. */
export interface InitEvent {
  /** The wire name (`SessionStart`). */
  readonly wire: string;
  /** As the command line writes it (`session-start`). */
  readonly event: string;
  readonly flags: readonly HookSourceFlag[];
}

/**
 * The moments installed when `--events` is not given: the session's start and each prompt; for
 * a tool with neither (Cline), after each tool (before it too would repeat the same context).
 */
const DEFAULT_MOMENTS: readonly HookMoment[] = ["session-start", "prompt"];
const DEFAULT_ELSE: readonly HookMoment[] = ["post-tool"];

/**
 * Moments `all` leaves out: PostToolBatch fires after the batch's PostToolUse hooks, and both
 * would inject the same brief context; name it to have it instead.
 */
const NOT_IN_ALL: readonly HookMoment[] = ["tool-batch"];

/** Whether the tool reads context from the event's output (Gemini CLI's BeforeTool does not). */
const carriesContext = (tool: HookTool, wire: string) =>
  !hookOutput(tool, wire as never, { additionalContext: "x" }).issues.some(
    (issue) => issue.code === "unsupported_field",
  );

/** Every event of `tool` the hook answers with context, in the tool's order. */
export function contextEvents(tool: HookTool): InitEvent[] {
  return Object.entries(HOOK_EVENTS[tool] as Record<string, HookMoment>).flatMap(
    ([wire, moment]) => {
      const flags = flagsOf(moment);
      if (flags.length === 0 || !carriesContext(tool, wire)) return [];
      return [{ wire, event: kebab(wire), flags }];
    },
  );
}

/**
 * The events `--events` names for `tool` (comma separated wire or command-line names, or
 * `all`), or the default ones; an event the tool lacks, or one the hook answers with nothing,
 * is a usage error listing the ones it can install.
 */
export function initEvents(tool: HookTool, events: string | undefined): InitEvent[] {
  const known = contextEvents(tool);
  const moments = HOOK_EVENTS[tool] as Record<string, HookMoment>;
  if (events === undefined) {
    const among = (list: readonly HookMoment[]) =>
      known.filter((e) => list.includes(moments[e.wire] as HookMoment));
    const usual = among(DEFAULT_MOMENTS);
    return usual.length > 0 ? usual : among(DEFAULT_ELSE);
  }
  if (events.trim() === "all") {
    return known.filter((e) => !NOT_IN_ALL.includes(moments[e.wire] as HookMoment));
  }
  const list = `events of ${tool} with context: ${known.map((e) => e.event).join(", ")}, or all`;
  const chosen = new Set<string>();
  for (const name of events.split(",").map((e) => e.trim())) {
    let wire: string;
    try {
      wire = resolveHookEvent(tool, name);
    } catch {
      throw unknownChoice(`${tool} event`, name, [...known.map((e) => e.event), "all"], "--events");
    }
    if (!known.some((e) => e.wire === wire)) {
      throw new UsageError(`--events: ${name}: the hook adds nothing there; ${list}`);
    }
    chosen.add(wire);
  }
  return known.filter((e) => chosen.has(e.wire));
}
