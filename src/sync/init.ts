/**
 * `init` as a plan: the hook entries a client's project settings need, and the input files they
 * read, as {@link applyPlan} writes them.
 */
import type { HookTool } from "../hooks/events.js";
import { InputFileError } from "../hooks/input-text.js";
import { optionsArgument, stringArgument } from "../problems/arguments.js";
import type { Issue } from "../problems/issue.js";
import { describeValue } from "../workspace/json-edit.js";
import { decodeUtf8, Project } from "../workspace/project.js";
import { RECORD_PATH, sha256, valueHash, WrittenRecord } from "../workspace/record.js";
import { type SettingsFile, settingsFile } from "../workspace/settings-file.js";
import { STARTER_FILES } from "../workspace/starter-files.js";
import { type FileWrite, writeBatch } from "../workspace/write-batch.js";
import {
  checkClient,
  HOOK_SETTINGS,
  hookCommand,
  type InitEvent,
  initEvents,
} from "./init/hook-settings.js";
import { type WritePlan, writePlan, writeWithRecord } from "./sync.js";

/** Whether a hook list (settings `hooks.<Event>`) already runs `command`. */
function hasCommand(tool: HookTool, list: unknown, command: string): boolean {
  return (
    Array.isArray(list) &&
    list.some((entry) => HOOK_SETTINGS[tool].commandOf(entry).includes(command))
  );
}

/** A hook entry added or a setting set, as the record keeps it. */
interface WrittenSetting {
  readonly kind: "hook" | "setting";
  readonly name: string;
  readonly value: unknown;
}

/** A settings file's new text, what was written into it, and what was kept and why. */
interface HookEdit {
  readonly text: string;
  readonly written: readonly WrittenSetting[];
  readonly hooks: readonly InitHook[];
  readonly warnings: readonly Issue[];
}

/** One hook `init` adds, or `init --remove` takes out. */
export interface InitHook {
  /** The settings file it is in (Cline: its own executable), relative to the project. */
  readonly path: string;
  /** The client's name of the event (`SessionStart`). */
  readonly event: string;
  /** The command line it runs. */
  readonly command: string;
}

/** What `init` or `init --remove` would do: a {@link WritePlan}, and the hooks it adds or takes out. */
export interface InitPlan extends WritePlan {
  /** The hook entries (or hook files) added, or taken out, in the client's order of events. */
  readonly hooks: readonly InitHook[];
  /**
   * The events `init` installs, with the input files each one's command passes (absent for
   * `init --remove`): what a preview of the next session runs.
   */
  readonly events?: readonly InitEvent[];
}

/**
 * Codex runs hooks only with its hooks feature on: `features.hooks` set when absent; a user's
 * explicit false stays, with a warning.
 */
function turnOnCodexHooks(file: SettingsFile, written: WrittenSetting[], warnings: Issue[]): void {
  const feature = file.at(["features", "hooks"]);
  if (feature === undefined) {
    file.set(["features", "hooks"], true);
    written.push({ kind: "setting", name: "features.hooks", value: true });
  } else if (feature === false) {
    warnings.push({
      code: "kept_user_value",
      severity: "warning",
      path: `${file.path}: features.hooks`,
      message:
        "kept false, as the file says; Codex runs no hooks, these included, until it is true",
    });
  } else if (feature !== true) {
    throw new InputFileError(
      `${file.path}: features.hooks: expected true or false, found ${describeValue(feature)}`,
    );
  }
}

/** The settings file's new text with every missing hook entry of `events` added. */
function withHooks(
  tool: HookTool,
  path: string,
  text: string,
  events: readonly InitEvent[],
): HookEdit {
  const written: WrittenSetting[] = [];
  const hooks: InitHook[] = [];
  const warnings: Issue[] = [];
  const settings = HOOK_SETTINGS[tool];
  const file = settingsFile(path, text);
  // Copilot CLI's and Cursor's hook files carry their format's version.
  if (settings.version !== undefined && file.at(["version"]) === undefined) {
    file.set(["version"], settings.version);
    written.push({ kind: "setting", name: "version", value: settings.version });
  }
  for (const { event, wire, flags } of events) {
    const command = hookCommand(tool, event, flags);
    if (hasCommand(tool, file.at(["hooks", wire]), command)) continue;
    const entry = settings.entry(command, event);
    file.append(["hooks", wire], entry);
    written.push({ kind: "hook", name: wire, value: entry });
    hooks.push({ path, event: wire, command });
  }
  if (tool === "codex") turnOnCodexHooks(file, written, warnings);
  return { text: file.result(), written, hooks, warnings };
}

/**
 * The files `init` writes for a client's hooks, as the help lists them: its settings file (or
 * its hook scripts' folder), and the files it owns besides (OpenCode's plugin).
 *
 * @example
 * ```ts
 * initPlaces("claude"); // [".claude/settings.json"]
 * ```
 */
export function initPlaces(client: HookTool): string[] {
  checkClient(client);
  const settings = HOOK_SETTINGS[client];
  return [
    settings.script ? `${settings.path}/<Event>` : settings.path,
    ...Object.keys(settings.files ?? {}),
  ];
}

/** What to set up. */
export interface InitOptions {
  /** The project folder (default: the current one). */
  readonly dir?: string;
  /** The client whose hooks to install. */
  readonly client: HookTool;
  /**
   * The events to install, by the client's names or contextfmt's moments, comma separated, or
   * `all` (default: the session's start and each prompt; Cline: after each tool).
   */
  readonly events?: string;
}

/**
 * What `contextfmt init` would write: the client's hook entries added to its project settings
 * (edited in place: other keys, comments and line endings stay; an entry already there is not
 * added again), and the input files under `.contextfmt/` when absent: blank (a hook injects
 * nothing from a blank file) with a README saying what goes in each. One of them still as an
 * earlier init wrote it, and no longer what init writes, is brought up to date. Writes nothing;
 * {@link applyPlan} writes it.
 *
 * @throws InvalidInputError for an unknown client; UsageError for an event the client's hook
 *   adds nothing at; InputFileError for a settings file that cannot be edited.
 * @example
 * ```ts
 * const plan = planInit({ dir: "my-project", client: "claude" });
 * plan.hooks; // [{ path: ".claude/settings.json", event: "SessionStart", command: "…" }, …]
 * applyPlan(plan);
 * ```
 */
export function planInit(options: InitOptions): InitPlan {
  const { dir = ".", client: tool, events: eventList } = optionsArgument(options);
  stringArgument(dir, "dir");
  checkClient(tool);
  if (eventList !== undefined) stringArgument(eventList, "events");
  const events = initEvents(tool, eventList);
  const settings = HOOK_SETTINGS[tool].path;
  const project = Project.at(dir);
  const record = WrittenRecord.read(project);
  const beforeBytes = HOOK_SETTINGS[tool].script ? undefined : project.read(settings);
  const before = beforeBytes && decodeUtf8(settings, beforeBytes);
  // Computed before anything is written: a settings file that cannot be edited stops it all.
  // A tool whose hooks are scripts (Cline) has no settings file: `settings` is their folder.
  const edit = HOOK_SETTINGS[tool].script
    ? { text: "", written: [], hooks: [], warnings: [] }
    : withHooks(tool, settings, before ?? "", events);
  const writes: FileWrite[] = [];
  const hooks: InitHook[] = [...edit.hooks];
  const warnings = [...record.warnings, ...edit.warnings];
  const recordPath = (path: string) => project.relative(project.resolve(path));
  /**
   * Writes init's own file at `path` when absent or as an earlier init wrote it; one changed
   * since is the user's: kept, with a warning unless `quietly` (a starter file is for editing).
   */
  const own = (path: string, text: string, options: { mode?: number; quietly?: boolean } = {}) => {
    const bytes = Buffer.from(text);
    const there = project.read(path);
    if (there?.equals(bytes)) return false;
    if (
      there !== undefined &&
      !record.wrote(recordPath(path), "starter", undefined, sha256(there))
    ) {
      if (options.quietly) return false;
      warnings.push({
        code: "kept_user_value",
        severity: "warning",
        path,
        message: `kept: changed since contextfmt init wrote it (or not written by it); delete it and run init again to have contextfmt's`,
      });
      return false;
    }
    const mode = options.mode;
    writes.push({ path, bytes, before: there, ...(mode === undefined ? {} : { mode }) });
    record.set({ path: recordPath(path), kind: "starter", sha256: sha256(bytes) });
    return true;
  };
  for (const [name, text] of Object.entries(STARTER_FILES)) {
    own(`.contextfmt/${name}`, text, { quietly: true });
  }
  for (const [path, text] of Object.entries(HOOK_SETTINGS[tool].files ?? {})) own(path, text);
  const { script } = HOOK_SETTINGS[tool];
  for (const { wire, event, flags } of script ? events : []) {
    const command = hookCommand(tool, event, flags);
    const path = `${settings}/${wire}`;
    if (own(path, script?.(command) ?? "", { mode: 0o755 }))
      hooks.push({ path, event: wire, command });
  }
  if (!HOOK_SETTINGS[tool].script && edit.text !== before) {
    writes.push({ path: settings, bytes: Buffer.from(edit.text), before: beforeBytes });
    for (const { kind, name, value } of edit.written) {
      record.set({ path: recordPath(settings), kind, name, sha256: valueHash(value) });
    }
  }
  return initPlan(project, record, writes, warnings, hooks, events);
}

/**
 * The plan of `writes` (a removal when its bytes are undefined), written with the record, or,
 * when the record then holds nothing, with the record removed.
 */
export function initPlan(
  project: Project,
  record: WrittenRecord,
  writes: readonly FileWrite[],
  warnings: readonly Issue[],
  hooks: readonly InitHook[],
  events?: readonly InitEvent[],
): InitPlan {
  const changes = writes.map(({ path, bytes, before: was }) => ({
    path,
    before: was === undefined ? undefined : Buffer.from(was).toString("utf8"),
    after: bytes === undefined ? undefined : Buffer.from(bytes).toString("utf8"),
    warnings: [],
  }));
  const data: InitPlan = {
    files: changes,
    changed: changes,
    warnings,
    conflicts: [],
    hooks,
    ...(events === undefined ? {} : { events }),
  };
  // Only what init wrote and is unchanged since is replaced or removed: nothing is a conflict.
  return writePlan(data, () => {
    if (!record.isEmpty() || writes.length === 0) {
      return { done: changes, warnings: writeWithRecord(project, record, writes) };
    }
    // A record of nothing goes too: init --remove leaves no trace of contextfmt behind.
    const there = project.read(RECORD_PATH);
    const all = there
      ? [...writes, { path: RECORD_PATH, bytes: undefined, before: there }]
      : writes;
    return { done: changes, warnings: [...writeBatch(project, all), ...record.saveEvidence()] };
  });
}
