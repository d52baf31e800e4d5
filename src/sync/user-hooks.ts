/**
 * The user's own hooks: each command hook of the source's settings file carried into each target's,
 * its event mapped by what it is for (`PostToolUse` → Gemini CLI's `AfterTool`) and its tool
 * matcher by the tools' meaning (`Bash` → `run_shell_command`). Commands are copied as written and
 * never run here. contextfmt's own hooks (`contextfmt hook …`, what init installs) are never
 * carried, nor touched. Each group is appended to the target's list for the event, every other
 * entry, key and comment of the file kept; what a target cannot hold is a warning naming it.
 */
import { clientById } from "../clients/index.js";
import {
  type ClientSpec,
  groupedCommands,
  type HookInstall,
  type HookMoment,
  type ToolMeaning,
} from "../clients/spec.js";
import type { Issue } from "../problems/issue.js";
import { valueHash, type WrittenEntry } from "../workspace/record.js";
import { type SettingsFile, settingsFile } from "../workspace/settings-file.js";
import { SYNC_TOOLS, type SyncTool } from "./locations.js";
import type { Plan, SyncRequest } from "./planned-files.js";
import { noPlace } from "./source-warnings.js";

/** The moments whose hooks a matcher narrows to some tools. */
const TOOL_MOMENTS: ReadonlySet<HookMoment> = new Set(["pre-tool", "post-tool", "tool-failure"]);

/** One group of the user's hook commands as the source lists it, in no client's words yet. */
export interface UserHook {
  /** Where it is, for warnings: `<file>: hooks.<Event>[<index>]`. */
  readonly where: string;
  /** The source's event name. */
  readonly event: string;
  /** What the event is for. */
  readonly moment: HookMoment;
  /** The tools it is for, by meaning; undefined: every tool (or the event has none). */
  readonly tools: readonly ToolMeaning[] | undefined;
  /** The commands, as written, each with its own place (`hooks.<Event>[<i>].hooks[<j>]`). */
  readonly commands: readonly UserHookCommand[];
}

/** One command of a group of the user's hooks. */
export interface UserHookCommand {
  /** Where it is, for warnings: the group's place, then `.hooks[<j>]` in a client that groups. */
  readonly where: string;
  readonly command: string;
  readonly seconds?: number;
  /** Its other fields the source client reads (`if`, `statusMessage`), as written. */
  readonly fields?: Readonly<Record<string, unknown>>;
  /** Those of `fields` it would run more often or otherwise without (`if`): never dropped. */
  readonly needs?: readonly string[];
}

/** What the source's hooks are, and what of them could not be read, each named. */
export interface ReadHooks {
  readonly hooks: UserHook[];
  readonly warnings: Issue[];
}

/** A client whose hooks sync reads and writes: it has hooks, and says nothing against it. */
const hookClient = (
  id: SyncTool,
): (ClientSpec & { hooks: { install: HookInstall } }) | undefined => {
  const client = clientById(id) as ClientSpec;
  if (client.hooks === undefined || client.cannotHold?.hook !== undefined) return undefined;
  return client as ClientSpec & { hooks: { install: HookInstall } };
};

/**
 * The settings file `tool` keeps the user's hooks in, which sync reads and writes; undefined for a
 * client whose hooks sync cannot carry (it warns instead, naming each hook).
 */
export const userHookFile = (tool: SyncTool): string | undefined =>
  hookClient(tool)?.hooks.install.path;

/** Whether the client lists its hooks in groups (`{ matcher, hooks: [...] }`), as Claude Code does. */
const groupsHooks = (install: HookInstall) => install.commandOf === groupedCommands;

/**
 * Whether `command` runs `contextfmt hook` (what init installs, however it names the bin): such
 * a hook is contextfmt's, never the user's to carry. One pass over the words.
 */
export function isContextfmtHook(command: string): boolean {
  const words = command.split(/\s+/);
  return words.some(
    (word, index) =>
      index > 0 &&
      word === "hook" &&
      /(^|\/)contextfmt(\.c?js)?$/.test((words[index - 1] ?? "").replace(/^["']|["']$/g, "")),
  );
}

/** The meaning of each tool name of `client`. */
const meaningsOf = (client: ClientSpec) =>
  new Map(
    Object.entries(client.tools ?? {}).map(([meaning, name]) => [name, meaning as ToolMeaning]),
  );

const warn = (path: string, message: string): Issue => ({
  code: "item_skipped",
  severity: "warning",
  path,
  message,
});

/**
 * The tools a matcher names, by meaning: `undefined` for every tool (no matcher, `""`, `*`), the
 * names it holds of no known meaning (a pattern, a retired or an MCP tool) apart, or why it cannot
 * be read at all (not text, or no name of known meaning left).
 */
function matcherTools(
  matcher: unknown,
  names: ReadonlyMap<string, ToolMeaning>,
):
  | { readonly tools: readonly ToolMeaning[]; readonly unknown: readonly string[] }
  | undefined
  | { readonly why: string } {
  if (matcher === undefined || matcher === "" || matcher === "*") return undefined;
  if (typeof matcher !== "string") return { why: "its matcher is not text" };
  const tools: ToolMeaning[] = [];
  const unknown: string[] = [];
  for (const part of matcher.split("|")) {
    const name = part.trim();
    const meaning = names.get(name);
    if (meaning === undefined) unknown.push(name);
    else if (!tools.includes(meaning)) tools.push(meaning);
  }
  if (tools.length === 0) {
    return {
      why: `its matcher ${JSON.stringify(matcher)} names ${unknown.map((name) => JSON.stringify(name)).join(", ")}, no built-in tool of known meaning (only tool names joined by | are mapped)`,
    };
  }
  return { tools, unknown };
}

/** Every field of a hook command but its type, its command and its timeout, as written. */
function otherFields(entry: Record<string, unknown>, command: string): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  let named = false;
  for (const [name, value] of Object.entries(entry)) {
    if (name === "type" || name === "timeout" || name === "timeoutSec") continue;
    // The command's own key (`command`, Copilot CLI's `bash`): the first holding it.
    if (!named && value === command) {
      named = true;
      continue;
    }
    fields[name] = value;
  }
  return fields;
}

/** A timeout in seconds, from the client's unit; undefined when none or not a positive number. */
const secondsOf = (value: unknown, install: HookInstall): number | undefined =>
  typeof value === "number" && value > 0
    ? install.timeoutUnit === "ms"
      ? value / 1000
      : value
    : undefined;

/**
 * The user's hooks in `file`, the settings file of `from` (read as data; nothing runs):
 * contextfmt's own commands left out unnamed, everything else that cannot be read named in a
 * warning.
 */
export function readUserHooks(from: SyncTool, file: SettingsFile): ReadHooks {
  const client = hookClient(from);
  const found: ReadHooks = { hooks: [], warnings: [] };
  if (client === undefined) return found;
  const { install, events } = client.hooks;
  const listed = file.at(["hooks"]);
  if (typeof listed !== "object" || listed === null || Array.isArray(listed)) return found;
  const names = meaningsOf(client);
  for (const [event, list] of Object.entries(listed)) {
    if (!Array.isArray(list)) continue;
    const moment = (events as Readonly<Record<string, HookMoment>>)[event];
    list.forEach((group: unknown, index) => {
      const where = `${file.path}: hooks.${event}[${index}]`;
      const entries = groupsHooks(install)
        ? ((group as { hooks?: unknown } | null)?.hooks ?? [])
        : [group];
      const commands: UserHookCommand[] = [];
      const skipped: string[] = [];
      (Array.isArray(entries) ? entries : []).forEach((entry: unknown, at) => {
        const own = groupsHooks(install) ? `${where}.hooks[${at}]` : where;
        const command = install.commandOf(groupsHooks(install) ? { hooks: [entry] } : entry)[0];
        const type = (entry as { type?: unknown } | null)?.type;
        if (typeof command !== "string" || (type !== undefined && type !== "command")) {
          skipped.push(
            typeof type === "string" ? `a hook of type ${type}` : "a hook with no command",
          );
          return;
        }
        if (isContextfmtHook(command)) return;
        const seconds = secondsOf(
          (entry as Record<string, unknown>).timeout ??
            (entry as Record<string, unknown>).timeoutSec,
          install,
        );
        const fields = otherFields(entry as Record<string, unknown>, command);
        for (const name of Object.keys(fields)) {
          if (install.fields === undefined || install.fields[name] !== undefined) continue;
          // Not the source's own: the source ignores it, so the hook runs without it there too.
          found.warnings.push(
            warn(
              own,
              `${JSON.stringify(name)} not carried: ${client.label} reads no such field of a hook (it ignores it)`,
            ),
          );
          delete fields[name];
        }
        const needs = Object.keys(fields).filter((name) => install.fields?.[name] === "needed");
        commands.push({
          where: own,
          command,
          ...(seconds !== undefined && { seconds }),
          ...(Object.keys(fields).length > 0 && { fields }),
          ...(needs.length > 0 && { needs }),
        });
      });
      for (const what of skipped) {
        found.warnings.push(warn(where, `not synced: ${what} (only command hooks are carried)`));
      }
      if (commands.length === 0) return;
      if (moment === undefined) {
        found.warnings.push(
          warn(
            where,
            `not synced: contextfmt does not know what ${client.label}'s ${event} event is for, so no other client's event can stand for it`,
          ),
        );
        return;
      }
      const matcher = (group as { matcher?: unknown }).matcher;
      const read = matcherTools(matcher, names);
      if (read !== undefined && "why" in read) {
        found.warnings.push(warn(where, `not synced: ${read.why}`));
        return;
      }
      const tools = read?.tools;
      if (tools !== undefined && !TOOL_MOMENTS.has(moment)) {
        found.warnings.push(
          warn(
            where,
            `not synced: its matcher ${JSON.stringify(matcher)} narrows an event that is no tool's`,
          ),
        );
        return;
      }
      // Never widened: a name of no known meaning is left out, the hook kept for the others.
      if (read !== undefined && read.unknown.length > 0) {
        const unknown = new Set(read.unknown);
        const kept = (matcher as string)
          .split("|")
          .map((part) => part.trim())
          .filter((name) => !unknown.has(name));
        found.warnings.push(
          warn(
            where,
            `synced for ${kept.join("|")} only: its matcher ${JSON.stringify(matcher)} also names ${[...unknown].map((name) => JSON.stringify(name)).join(", ")}, no built-in tool of ${client.label} of known meaning (only tool names joined by | are mapped)`,
          ),
        );
      }
      found.hooks.push({
        where,
        event,
        moment,
        tools,
        commands,
      });
    });
  }
  return found;
}

/** Every client's variables for the project folder, each with the clients that set it. */
const PROJECT_VARIABLES: ReadonlySet<string> = new Set(
  SYNC_TOOLS.flatMap((tool) => hookClient(tool)?.hooks.install.variables ?? []),
);

/**
 * Warnings for the variables `command` names that `target` does not set: the command is copied
 * as written, so it would find them empty there.
 */
function variableWarnings(
  where: string,
  command: string,
  target: ClientSpec,
  install: HookInstall,
) {
  const set = install.variables ?? [];
  const warnings: Issue[] = [];
  for (const variable of PROJECT_VARIABLES) {
    if (set.includes(variable)) continue;
    if (!command.includes(`$${variable}`) && !command.includes(`\${${variable}}`)) continue;
    const own = set[0];
    const instead =
      own !== undefined
        ? `its own is $${own}`
        : install.projectDir === ""
          ? "it runs hooks from the project folder"
          : "it names the project folder otherwise";
    warnings.push({
      code: "lossy_conversion",
      severity: "warning",
      path: where,
      message: `copied as written, but it uses $${variable}, which ${target.label} does not set (${instead}): edit the command in the target if it needs the project folder`,
    });
  }
  return warnings;
}

/**
 * The first field `command` needs (a hook without it would run more often or otherwise) that
 * `install` reads no field of its name for, with its value (`"if" ("Bash(rm -rf *)")`).
 */
function missingNeed(command: UserHookCommand, install: HookInstall): string | undefined {
  const name = command.needs?.find((need) => install.fields?.[need] === undefined);
  return name === undefined
    ? undefined
    : `${JSON.stringify(name)} (${JSON.stringify(command.fields?.[name])})`;
}

/**
 * `hook` as `to` lists it under `event` (no group when every command was left out, each with its
 * warning), or why it cannot; warnings for what it loses.
 */
function targetGroup(
  hook: UserHook,
  to: ClientSpec & { hooks: { install: HookInstall } },
): { event: string; group?: Record<string, unknown>; warnings: Issue[] } | { why: string } {
  const { install, events } = to.hooks;
  const event = Object.entries(events as Readonly<Record<string, HookMoment>>).find(
    ([, moment]) => moment === hook.moment,
  )?.[0];
  if (event === undefined) {
    return { why: `${to.label} has no hook event for ${hook.event} (${hook.moment})` };
  }
  const warnings: Issue[] = [];
  let matcher: string | undefined;
  if (hook.tools !== undefined) {
    if (!groupsHooks(install) || to.tools === undefined) {
      return { why: `${to.label}'s hooks cannot be narrowed to some tools` };
    }
    const names = hook.tools.flatMap((meaning) => to.tools?.[meaning] ?? []);
    const lost = hook.tools.filter((meaning) => to.tools?.[meaning] === undefined);
    if (names.length === 0) {
      return { why: `${to.label} has no tool for ${lost.join(", ")} known to its hooks` };
    }
    if (lost.length > 0) {
      warnings.push(
        warn(
          hook.where,
          `synced for ${names.join(", ")} only: ${to.label} has no tool for ${lost.join(", ")} known to its hooks`,
        ),
      );
    }
    matcher = names.join("|");
  }
  const unit = install.timeoutUnit === "ms" ? 1000 : 1;
  const commands = hook.commands.filter((command) => {
    const lost = missingNeed(command, install);
    if (lost === undefined) return true;
    warnings.push(
      warn(
        command.where,
        `not synced to ${to.id}: its ${lost} limits when or how it runs, and ${to.label} reads no such field: without it the command would run more often or otherwise`,
      ),
    );
    return false;
  });
  if (commands.length === 0) return { event, warnings };
  const entry = ({ where, command, seconds, fields }: UserHookCommand) => {
    for (const warning of variableWarnings(where, command, to, install)) warnings.push(warning);
    const carried: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(fields ?? {})) {
      if (install.fields?.[name] !== undefined) carried[name] = value;
      else {
        warnings.push(
          warn(
            where,
            `${JSON.stringify(name)} not carried to ${to.id}: ${to.label} reads no such field of a hook`,
          ),
        );
      }
    }
    if (groupsHooks(install)) {
      return {
        type: "command",
        command,
        ...(seconds !== undefined && { timeout: Math.round(seconds * unit) }),
        ...carried,
      };
    }
    // A flat list: the client's own entry shape, its timeout the source's.
    const own = install.entry(command, event);
    const timeoutKey = Object.keys(own).find((key) => typeof own[key] === "number");
    if (timeoutKey !== undefined) {
      if (seconds === undefined) delete own[timeoutKey];
      else own[timeoutKey] = Math.round(seconds * unit);
    }
    return own;
  };
  if (!groupsHooks(install)) {
    if (commands.length > 1) {
      return { why: `${to.label} lists one command per entry; a group of several is not split` };
    }
    return { event, group: entry(commands[0] as UserHookCommand), warnings };
  }
  const group = {
    ...(matcher !== undefined && { matcher }),
    hooks: commands.map(entry),
  };
  return { event, group, warnings };
}

/** The hashes of the groups listed for `event` in `file`. */
const hashesAt = (file: SettingsFile, event: string): Set<string> => {
  const listed = file.at(["hooks", event]);
  return new Set(Array.isArray(listed) ? listed.map((item) => valueHash(item)) : []);
};

/** The record's name of a group: the event and its value's hash (a list has no names). */
const groupName = (event: string, hash: string) => `${event}#${hash}`;

/** Each source's hooks, read (and their warnings given) once for all targets. */
const readOnce = new WeakMap<Plan, Map<string, UserHook[]>>();

function sourceHooks(plan: Plan, from: SyncTool, path: string): UserHook[] | undefined {
  const read = readOnce.get(plan) ?? new Map<string, UserHook[]>();
  readOnce.set(plan, read);
  const known = read.get(path);
  if (known !== undefined) return known;
  const text = plan.sourceText(path);
  if (text === undefined) return undefined;
  const { hooks, warnings } = readUserHooks(from, settingsFile(path, text));
  for (const warning of warnings) plan.warnings.push(warning);
  read.set(path, hooks);
  return hooks;
}

/** Plans the user's hooks of `from` into `to`'s hook settings file. */
export function planUserHooks(plan: Plan, from: SyncTool, to: SyncTool): void {
  const source = hookClient(from);
  if (source === undefined) return;
  const path = source.hooks.install.path;
  const hooks = sourceHooks(plan, from, path);
  if (hooks === undefined || hooks.length === 0) return;
  const target = hookClient(to);
  if (target === undefined) {
    noPlace(
      plan,
      to,
      "hook",
      hooks.map((hook) => hook.where),
    );
    return;
  }
  const install = target.hooks.install;
  const file = settingsFile(install.path, plan.text(install.path));
  const warnings: Issue[] = [];
  // By event: the hashes of the groups there (one hash per group, not a comparison per pair),
  // and the groups to append, all at once.
  const there = new Map<string, Set<string>>();
  const added = new Map<string, Record<string, unknown>[]>();
  for (const hook of hooks) {
    const made = targetGroup(hook, target);
    if ("why" in made) {
      warnings.push(warn(hook.where, `not synced to ${to}: ${made.why}`));
      continue;
    }
    for (const warning of made.warnings) warnings.push(warning);
    if (made.group === undefined) continue;
    const hash = valueHash(made.group);
    const listed = there.get(made.event) ?? hashesAt(file, made.event);
    there.set(made.event, listed);
    if (!listed.has(hash)) {
      listed.add(hash);
      const groups = added.get(made.event);
      if (groups === undefined) added.set(made.event, [made.group]);
      else groups.push(made.group);
    }
    plan.claimPart(
      install.path,
      "user-hook",
      groupName(made.event, hash),
      { before: undefined, after: hash },
      `hooks.${made.event}`,
      path,
    );
  }
  // Nothing to add: the file stays unplanned (an absent one is not made empty).
  if (added.size === 0) {
    for (const warning of warnings) plan.warnings.push(warning);
    return;
  }
  for (const [event, groups] of added) file.append(["hooks", event], ...groups);
  if (install.version !== undefined && file.at(["version"]) === undefined) {
    file.set(["version"], install.version);
  }
  plan.write(install.path, file.result(), warnings);
}

/**
 * Takes out of each target's hook settings file the groups an earlier sync appended from `from`'s
 * hooks that this run did not write again (their source hook is gone), those still as written;
 * one changed since is no longer found by its hash, and the record lets go of it.
 */
export function removeUserHooks(plan: Plan, request: SyncRequest, entries: WrittenEntry[]): void {
  const from = request.from;
  if (from === undefined || !request.kinds.includes("hook")) return;
  const source = hookClient(from)?.hooks.install.path;
  for (const to of request.to) {
    const target = hookClient(to);
    if (target === undefined || to === from) continue;
    const path = target.hooks.install.path;
    const recordPath = plan.recordPath(path);
    const mine = entries.filter(
      (entry) => entry.kind === "user-hook" && entry.path === recordPath && entry.from === source,
    );
    if (mine.length === 0) continue;
    const file = settingsFile(path, plan.text(path));
    const gone = new Map<string, Set<number>>();
    const notes: Issue[] = [];
    // By event, each hash's places in the list, each group hashed once.
    const places = new Map<string, Map<string, number[]>>();
    const placesOf = (event: string) => {
      const known = places.get(event);
      if (known !== undefined) return known;
      const found = new Map<string, number[]>();
      const listed = file.at(["hooks", event]);
      (Array.isArray(listed) ? listed : []).forEach((item, at) => {
        const hash = valueHash(item);
        const list = found.get(hash);
        if (list === undefined) found.set(hash, [at]);
        else list.push(at);
      });
      places.set(event, found);
      return found;
    };
    for (const entry of mine) {
      const event = (entry.name ?? "").slice(0, (entry.name ?? "").lastIndexOf("#"));
      const index = placesOf(event).get(entry.sha256)?.[0] ?? -1;
      if (!plan.record.proves(entry)) {
        if (index !== -1) plan.unproven.push(`${path}: hooks.${event}`);
        continue;
      }
      plan.record.forget(recordPath, "user-hook", entry.name);
      if (index === -1) continue;
      placesOf(event).get(entry.sha256)?.shift();
      const indexes = gone.get(event) ?? new Set<number>();
      indexes.add(index);
      gone.set(event, indexes);
      notes.push({
        code: "removed",
        severity: "info",
        path,
        message: `hooks.${event}[${index}] taken out: its source hook is no longer in ${source}`,
      });
    }
    if (gone.size === 0) continue;
    takeOut(file, gone);
    plan.write(path, file.result(), notes);
  }
}

/**
 * Takes the groups `gone` names (by event, their places in its list) out of `file`. An event
 * whose every group goes leaves no `"Event": []` behind when nothing else of the user's stands
 * there (no comment in it or beside it): its key goes, and so does a `hooks` object left with no
 * key. An event with a comment keeps its empty list, the comment with it.
 */
function takeOut(file: SettingsFile, gone: ReadonlyMap<string, ReadonlySet<number>>): void {
  const emptied = new Set<string>();
  for (const [event, indexes] of gone) {
    const listed = file.at(["hooks", event]);
    const every = Array.isArray(listed) && listed.length === indexes.size;
    if (every && !file.commentNear(["hooks", event])) emptied.add(event);
    else file.removeItems(["hooks", event], indexes);
  }
  const events = Object.keys((file.at(["hooks"]) ?? {}) as object);
  if (
    emptied.size > 0 &&
    events.every((event) => emptied.has(event)) &&
    !file.commentNear(["hooks"])
  ) {
    file.remove(["hooks"]);
    return;
  }
  for (const event of emptied) file.remove(["hooks", event]);
}
