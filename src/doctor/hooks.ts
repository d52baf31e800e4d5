/**
 * The `contextfmt hook` commands installed for a client, per event, and what each would inject
 * now: the hook's own library call (`answerHook`) run in-process on the files its command names,
 * measured against the event's inline limit.
 */
import { isAbsolute, posix, relative, sep } from "node:path";
import {
  answerHook,
  HOOK_EVENTS,
  HOOK_SOURCE_FLAGS,
  type HookFile,
  type HookMoment,
  type HookSourceFlag,
  type HookTool,
  hookContextLimit,
  isHookTool,
} from "../hooks/index.js";
import { HOOK_SETTINGS } from "../sync/init/hook-settings.js";
import { CLIENT_LOADING } from "../sync/loading.js";
import { unreadableReason } from "../sync/loads/unreadable.js";
import type { ProjectView } from "../sync/loads/view.js";
import type { SyncTool } from "../sync/locations.js";
import type { TokenCounter } from "../tokens/counter.js";
import { parseInputFile } from "../workspace/input-file.js";
import { valueAt } from "../workspace/json-edit.js";
import { writtenNames } from "./item-names.js";
import type { DoctorProblem, HookItem, InstalledHook, UserHookCount } from "./report.js";

/**
 * The prompt a prompt event's hook is measured with: one that shares no word with any memory.
 * It is measured with every memory in play (`minRelevance` 0, ranked as before matching), so
 * the size shown is the most a prompt can bring: one that matches every memory.
 */
const SAMPLE_PROMPT = "continue";

/** What a hook command line asks for, when it runs `contextfmt hook`. */
interface HookCall {
  readonly tool: string;
  readonly event: string;
  readonly files: Partial<Record<HookSourceFlag, string>>;
  readonly budget?: number;
}

/**
 * What starts a word that names the project folder by the client's variable (`"$VAR"/`, as
 * `init` writes it, or `$VAR/`, `${VAR}/`, in double quotes or not); undefined for a client
 * without one.
 */
function projectPrefix(projectDir: string): RegExp | undefined {
  const variable = /\$(\w+)/.exec(projectDir)?.[1];
  return variable === undefined
    ? undefined
    : new RegExp(`^("?)\\$(?:${variable}|\\{${variable}\\})\\1/`);
}

/**
 * The `contextfmt hook` call of a command line, or undefined when it runs something else.
 * Arguments are split at spaces with quotes taken off: the form `init` writes, and what a person
 * edits it into; a path holding spaces is not supported.
 */
function hookCall(command: string, projectDir: string): HookCall | undefined {
  const prefix = projectPrefix(projectDir);
  const words = command
    .split(/\s+/)
    .map((word) => (prefix === undefined ? word : word.replace(prefix, "")))
    .map((word) => word.replace(/^["']|["']$/g, ""));
  const at = words.findIndex(
    (word, index) => word === "hook" && /(^|\/)contextfmt(\.c?js)?$/.test(words[index - 1] ?? ""),
  );
  if (at === -1) return undefined;
  const files: Partial<Record<HookSourceFlag, string>> = {};
  let budget: number | undefined;
  for (let index = at + 3; index < words.length; index += 1) {
    const flag = words[index]?.replace(/^--/, "") as string;
    if ((HOOK_SOURCE_FLAGS as readonly string[]).includes(flag)) {
      files[flag as HookSourceFlag] = words[index + 1] as string;
      index += 1;
    } else if (flag === "budget") {
      budget = Number(words[index + 1]);
      index += 1;
    }
  }
  return {
    tool: words[at + 1] ?? "",
    event: words[at + 2] ?? "",
    files,
    ...(budget !== undefined && Number.isInteger(budget) ? { budget } : {}),
  };
}

/** The hook's JSON on stdin for a sample moment of `event`: what answerHook reads of it. */
const sampleStdin = (event: string, cwd: string) =>
  JSON.stringify({
    hook_event_name: event,
    session_id: "doctor",
    cwd,
    source: "startup",
    prompt: SAMPLE_PROMPT,
    tool_name: "Read",
    tool_input: {},
  });

/** The client's installed hooks with what each would inject now; problems of limits and trust. */
export async function clientHooks(
  view: ProjectView,
  client: SyncTool,
  counter: TokenCounter,
  problems: DoctorProblem[],
): Promise<InstalledHook[]> {
  if (!isHookTool(client)) return [];
  const tool: HookTool = client;
  const settings = HOOK_SETTINGS[tool];
  const hooks: InstalledHook[] = [];
  for (const { event, path, command } of installedCommands(view, tool)) {
    const call = hookCall(command, settings.projectDir);
    if (call === undefined) continue;
    const unread = (file: string, why: string) =>
      problems.push({ code: "unreadable", client, path: file, message: `${event}: ${why}` });
    const { inject, over } = await injected(view, tool, event, call, counter, unread);
    hooks.push({
      event,
      path,
      command,
      limit: hookContextLimit(tool, event),
      ...(inject !== undefined ? { inject } : {}),
    });
    if (over !== undefined) {
      problems.push({ code: "hook_over_limit", client, path, message: `${event}: ${over}` });
    }
  }
  const gate = CLIENT_LOADING[client].hooksGate;
  if (gate !== undefined && hooks.length > 0) {
    problems.push({ code: "untrusted", client, path: settings.path, message: gate });
  }
  return hooks;
}

/**
 * Per event of `moment`, how many hooks other than `contextfmt hook` the client runs: what they
 * inject is known only by running them, which doctor never does, so they are counted as hooks,
 * not as tokens. A script per event (Cline) is one hook when any line of it runs something else.
 */
export function otherHooks(
  view: ProjectView,
  client: SyncTool,
  moment: HookMoment,
): Map<string, number> {
  const counts = new Map<string, number>();
  if (!isHookTool(client)) return counts;
  const tool: HookTool = client;
  const settings = HOOK_SETTINGS[tool];
  const events = HOOK_EVENTS[tool] as Record<string, HookMoment>;
  const scripts = new Set<string>();
  for (const { event, path, command } of installedCommands(view, tool)) {
    if (events[event] !== moment || hookCall(command, settings.projectDir) !== undefined) continue;
    if (settings.script !== undefined) {
      // A script's shebang, comments and blank lines run nothing; the script counts once.
      if (command === "" || command.startsWith("#") || scripts.has(path)) continue;
      scripts.add(path);
    }
    counts.set(event, (counts.get(event) ?? 0) + 1);
  }
  return counts;
}

/**
 * The user's own hooks in the client's hook settings file, per event as the file lists them (any
 * event, known to contextfmt or not): contextfmt's own calls left out. Read as data; nothing
 * runs. A client that runs a script per event (Cline) has no list to count: none.
 */
export function userHookCounts(view: ProjectView, client: SyncTool): UserHookCount[] {
  if (!isHookTool(client)) return [];
  const settings = HOOK_SETTINGS[client as HookTool];
  if (settings.script !== undefined) return [];
  const data = view.data(settings.path);
  const lists = data === undefined ? undefined : valueAt(data, ["hooks"]);
  if (typeof lists !== "object" || lists === null || Array.isArray(lists)) return [];
  const counts: UserHookCount[] = [];
  for (const [event, list] of Object.entries(lists as Record<string, unknown>)) {
    if (!Array.isArray(list)) continue;
    let commands = 0;
    const matchers = new Set<string>();
    for (const entry of list) {
      const own = settings
        .commandOf(entry)
        .filter(
          (command): command is string =>
            typeof command === "string" && hookCall(command, settings.projectDir) === undefined,
        );
      if (own.length === 0) continue;
      commands += own.length;
      const matcher = (entry as { matcher?: unknown } | null)?.matcher;
      if (typeof matcher === "string" && matcher !== "") matchers.add(matcher);
    }
    if (commands > 0)
      counts.push({ event, path: settings.path, commands, matchers: [...matchers] });
  }
  return counts;
}

/** A command line the client runs for `event`, and the file that holds it. */
interface InstalledCommand {
  readonly event: string;
  readonly path: string;
  readonly command: string;
}

/**
 * The command lines `tool` runs per event: each entry of its settings file's `hooks`, or, for a
 * tool that runs a script per event (Cline), each line of `<folder>/<Event>` (only the line
 * that runs `contextfmt hook` is ever a hook call).
 */
function installedCommands(view: ProjectView, tool: HookTool): InstalledCommand[] {
  const settings = HOOK_SETTINGS[tool];
  const events = Object.keys(HOOK_EVENTS[tool]);
  if (settings.script !== undefined) {
    return events.flatMap((event) => {
      const path = `${settings.path}/${event}`;
      const lines = view.text(path)?.split("\n") ?? [];
      return lines.map((line) => ({ event, path, command: line.trim() }));
    });
  }
  const data = view.data(settings.path);
  if (data === undefined) return [];
  const lists = valueAt(data, ["hooks"]);
  if (typeof lists !== "object" || lists === null) return [];
  return events.flatMap((event) => {
    const list = (lists as Record<string, unknown>)[event];
    if (!Array.isArray(list)) return [];
    return list
      .flatMap((entry) => settings.commandOf(entry))
      .filter((command): command is string => typeof command === "string")
      .map((command) => ({ event, path: settings.path, command }));
  });
}

/**
 * A hook input's path as its command names it (relative to the project, where the hook runs, or
 * absolute) as a project path; undefined when it leads outside the project (by the path alone:
 * nothing outside is looked at).
 */
function inProject(root: string, path: string): string | undefined {
  const rel = isAbsolute(path) ? relative(root, path).split(sep).join("/") : path;
  const plain = posix.normalize(rel);
  if (isAbsolute(rel) || plain === ".." || plain.startsWith("../")) return undefined;
  return plain;
}

/**
 * What the hook `call` would inject now, by the library call the hook makes; undefined when it
 * names no input file that can be read (then nothing is measured). Only files of the project
 * are read: one outside, or one that cannot be read or is not the input its flag takes, is
 * passed to `unread` with why, never with what it holds. `over` says how the context was over
 * the event's inline limit, when it was.
 */
async function injected(
  view: ProjectView,
  tool: HookTool,
  event: string,
  call: HookCall,
  counter: TokenCounter,
  unread: (path: string, why: string) => void,
): Promise<{ inject?: InstalledHook["inject"]; over?: string }> {
  const root = view.project.root;
  const files: Partial<Record<HookSourceFlag, HookFile>> = {};
  const names = new Map<string, (id: string) => string>();
  for (const [flag, path] of Object.entries(call.files)) {
    const name = `the hook's --${flag} ${path}`;
    // `~`, `$HOME`, `$(…)`: where it leads is the shell's to say, so possibly outside.
    if (/^~|[$`]/.test(path)) {
      unread(path, `${name} is expanded by the shell: doctor does not read it`);
      continue;
    }
    const file = inProject(root, path);
    if (file === undefined) {
      unread(path, `${name} is outside the project: doctor does not read it`);
      continue;
    }
    // Noted unreadable by the view when it is there and cannot be read.
    const text = view.text(file);
    // A blank file injects nothing, as the hook reads it (init writes its starters blank).
    if (text === undefined || text.trim() === "") continue;
    let data: unknown;
    try {
      data = parseInputFile(file, text);
    } catch (error) {
      unread(path, `${name} cannot be read: ${unreadableReason(error)}`);
      continue;
    }
    files[flag as HookSourceFlag] = { path: file, load: () => data };
    names.set(`--${flag}`, writtenNames(flag as HookSourceFlag, data));
  }
  if (Object.keys(files).length === 0) return {};
  let answer: Awaited<ReturnType<typeof answerHook>>;
  try {
    answer = await answerHook({
      tool,
      event: event as never,
      stdin: sampleStdin(event, root),
      files,
      counter,
      minRelevance: 0,
      ...(call.budget !== undefined ? { budget: call.budget } : {}),
    });
  } catch (error) {
    // The input files are checked against their flag's schema here; the error names the file.
    const reason = unreadableReason(error);
    const loaded = Object.entries(files) as [string, HookFile][];
    const [flag, file] = (loaded.find(([, { path }]) => reason.startsWith(`${path}:`)) ??
      loaded[0]) as [string, HookFile];
    unread(file.path, `the hook's --${flag} ${file.path} is not what it takes: ${reason}`);
    return {};
  }
  // Each tool's place for the context (see hookOutput): nested, or at the top under its name.
  const output = JSON.parse(answer.stdout) as {
    hookSpecificOutput?: { additionalContext?: string };
    additionalContext?: string;
    additional_context?: string;
    contextModification?: string;
  };
  const context =
    output.hookSpecificOutput?.additionalContext ??
    output.additionalContext ??
    output.additional_context ??
    output.contextModification ??
    "";
  const items = answer.parts.flatMap(({ label, result }) =>
    result.report.items.map(
      (item): HookItem => ({
        source: label,
        id: item.id,
        name: names.get(label)?.(item.id) ?? item.id,
        status: item.status,
        tokens: item.status === "skipped" ? 0 : item.tokens,
        ...(item.reason !== undefined ? { reason: item.reason } : {}),
      }),
    ),
  );
  const over = answer.issues.find((issue) => issue.code === "over_hook_limit")?.message;
  return {
    inject: {
      chars: context.length,
      bytes: Buffer.byteLength(context),
      tokens: counter.count(context),
      items,
      ...(over !== undefined ? { cut: over } : {}),
    },
    ...(over !== undefined ? { over } : {}),
  };
}
