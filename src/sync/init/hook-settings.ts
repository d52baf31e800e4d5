/**
 * What `contextfmt init` writes for each hook tool: the project settings file its hooks live in,
 * the shape of one hook entry there, and which events it installs. The events are the tool's
 * own (HOOK_EVENTS) whose moment the hook answers with context (HOOK_SOURCES) and whose output
 * carries it (hookOutput): an event the hook would answer with nothing is never installed.
 */
import { byClient, HOOK_CLIENTS } from "../../clients/index.js";
import type { HookInstall } from "../../clients/spec.js";
import { HOOK_SOURCES, type HookSourceFlag } from "../../hooks/context.js";
import {
  HOOK_EVENTS,
  HOOK_TOOLS,
  type HookMoment,
  type HookTool,
  isHookTool,
  kebab,
  resolveHookEvent,
} from "../../hooks/events.js";
import { carriesNoContext } from "../../hooks/output.js";
import { badArgument } from "../../problems/arguments.js";
import { unknownChoice } from "../../problems/suggest.js";
import { UsageError } from "../../problems/usage-error.js";

/** How a tool keeps its hooks in a project (see src/clients). */
export type HookSettings = HookInstall;

/**
 * Each tool's hook settings, from its file in src/clients: checked against the pinned clients
 * (test/clients); Cursor's from its documentation only, since no Cursor runs here.
 */
export const HOOK_SETTINGS: Readonly<Record<HookTool, HookSettings>> = byClient(
  HOOK_CLIENTS,
  (client) => client.hooks.install,
);

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
  /** The input files its command passes, by flag (`rules` for `--rules`). */
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

/** Every event of `tool` the hook answers with context, in the tool's order. */
export function contextEvents(tool: HookTool): InitEvent[] {
  return Object.entries(HOOK_EVENTS[tool] as Record<string, HookMoment>).flatMap(
    ([wire, moment]) => {
      const flags = flagsOf(moment);
      if (flags.length === 0 || carriesNoContext(tool, wire)) return [];
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

/** Throws `InvalidInputError` naming the `client` argument unless it is a hook client. */
export function checkClient(client: unknown): asserts client is HookTool {
  if (!isHookTool(client)) {
    badArgument("client", HOOK_TOOLS.map((name) => JSON.stringify(name)).join(" | "), client);
  }
}

/** The command line of one hook: the installed bin, the files under .contextfmt/. */
export function hookCommand(tool: HookTool, event: string, flags: readonly string[]): string {
  const root = HOOK_SETTINGS[tool].projectDir;
  const files = flags.map((flag) => `--${flag} ${root}.contextfmt/${flag}.json`).join(" ");
  return `${root}node_modules/.bin/contextfmt hook ${tool} ${event} ${files}`;
}
