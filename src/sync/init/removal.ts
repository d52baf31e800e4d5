/**
 * `init --remove`: what `init` added for a client taken out again, through the record. Only what
 * the record holds as this user's init wrote it, unchanged since, goes: a hook entry the user
 * edited, a starter file they filled, a file init did not write, stay (named in a warning when
 * init wrote them once).
 */
import { HOOK_TOOLS, type HookTool } from "../../hooks/events.js";
import { optionsArgument, stringArgument } from "../../problems/arguments.js";
import type { Issue } from "../../problems/issue.js";
import { decodeUtf8, Project } from "../../workspace/project.js";
import { sha256, valueHash, type WrittenEntry, WrittenRecord } from "../../workspace/record.js";
import { settingsFile } from "../../workspace/settings-file.js";
import { STARTER_FILES } from "../../workspace/starter-files.js";
import type { FileWrite } from "../../workspace/write-batch.js";
import { type InitHook, type InitPlan, initPlan } from "../init.js";
import { checkClient, contextEvents, HOOK_SETTINGS, hookCommand } from "./hook-settings.js";

/** What to take out. */
export interface InitRemovalOptions {
  /** The project folder (default: the current one). */
  readonly dir?: string;
  /** The client whose hooks to take out. */
  readonly client: HookTool;
}

/** A warning for something init wrote that stays, as it changed since. */
const keptChanged = (path: string, what?: string): Issue => ({
  code: "kept_changed",
  severity: "warning",
  path: what === undefined ? path : `${path}: ${what}`,
  message: "kept: changed since contextfmt init wrote it (take it out by hand if it should go)",
});

/** A warning for what the record claims without this user's evidence. */
const keptUnproven = (path: string, what?: string): Issue => ({
  code: "kept_unproven",
  severity: "warning",
  path: what === undefined ? path : `${path}: ${what}`,
  message: `kept: the record lists it as contextfmt's, but this user's contextfmt has no evidence of writing it here (an init by whoever wrote it can take it out)`,
});

/** What a removal has found so far. */
interface Removal {
  readonly project: Project;
  readonly record: WrittenRecord;
  readonly writes: FileWrite[];
  readonly warnings: Issue[];
  readonly hooks: InitHook[];
}

/** The record's path of a project path (as the record keeps it). */
const recordPath = (project: Project, path: string) => project.relative(project.resolve(path));

/**
 * Takes the whole file init wrote at `path` out when it is as init wrote it; one changed since
 * stays, with a warning. Returns whether it goes.
 */
function removeOwnFile(removal: Removal, path: string): boolean {
  const { project, record } = removal;
  const at = recordPath(project, path);
  const bytes = project.read(path);
  if (bytes === undefined) {
    record.forget(at, "starter", undefined);
    return false;
  }
  const hash = sha256(bytes);
  if (record.wrote(at, "starter", undefined, hash)) {
    record.forget(at, "starter", undefined);
    removal.writes.push({ path, bytes: undefined, before: bytes });
    return true;
  }
  if (record.claimsUnproven(at, "starter", undefined, hash)) {
    removal.warnings.push(keptUnproven(path));
  } else if (record.entry(at, "starter", undefined) !== undefined) {
    record.forget(at, "starter", undefined);
    removal.warnings.push(keptChanged(path));
  }
  return false;
}

/** How many hook entries a settings file's `hooks` holds, all events together. */
const hookCount = (hooks: unknown): number =>
  typeof hooks === "object" && hooks !== null
    ? Object.values(hooks).reduce<number>(
        (sum, list) => sum + (Array.isArray(list) ? list.length : 0),
        0,
      )
    : 0;

/**
 * Takes the hook entries init added out of the client's settings file, edited in place (other
 * keys, comments, line endings stay): each entry whose value is as the record holds it. Then the
 * settings init set (`version`, Codex's `features.hooks`) when no hook is left to need them. A
 * file left holding nothing is removed. Returns whether any hook entry of init's stays.
 */
function removeHookEntries(removal: Removal, tool: HookTool): boolean {
  const { project, record } = removal;
  const path = HOOK_SETTINGS[tool].path;
  const bytes = project.read(path);
  if (bytes === undefined) return false;
  const at = recordPath(project, path);
  const text = decodeUtf8(path, bytes);
  const file = settingsFile(path, text);
  const hooks = file.at(["hooks"]);
  let left = hookCount(hooks);
  let stays = false;
  const taken = new Map<string, Set<number>>();
  for (const { wire } of contextEvents(tool)) {
    const entry = record.entry(at, "hook", wire);
    const list = file.at(["hooks", wire]);
    const items = Array.isArray(list) ? list : [];
    const ours = new Set(
      items.flatMap((item, index) => (entry && valueHash(item) === entry.sha256 ? [index] : [])),
    );
    if (entry === undefined) {
      const claimed = items.some((item) =>
        record.claimsUnproven(at, "hook", wire, valueHash(item)),
      );
      if (claimed) removal.warnings.push(keptUnproven(path, `hooks.${wire}`));
      stays ||= claimed;
      continue;
    }
    record.forget(at, "hook", wire);
    const commands = (item: unknown) => HOOK_SETTINGS[tool].commandOf(item).map(String);
    if (ours.size === 0) {
      // Init's entry is still there when one runs its command, edited since (a timeout, say).
      const edited = items.some((item) =>
        commands(item).some((line) => line.includes(` hook ${tool} `)),
      );
      if (edited) removal.warnings.push(keptChanged(path, `hooks.${wire}`));
      stays ||= edited;
      continue;
    }
    taken.set(wire, ours);
    left -= ours.size;
    const [first] = ours;
    removal.hooks.push({ path, event: wire, command: commands(items[first as number])[0] ?? "" });
  }
  if (taken.size === 0) return stays;
  // TOML's arrays of tables go with their last table; JSON keeps an emptied list or object.
  const toml = path.endsWith(".toml");
  if (!toml && left === 0 && isOnlyEvents(hooks, taken)) file.remove(["hooks"]);
  else {
    for (const [wire, indexes] of taken) {
      const list = file.at(["hooks", wire]) as unknown[];
      if (!toml && indexes.size === list.length) file.remove(["hooks", wire]);
      else file.removeItems(["hooks", wire], indexes);
    }
  }
  // The settings init set go with the last hook: `version` and `features.hooks` serve hooks.
  for (const name of ["version", "features.hooks"]) {
    const entry = record.entry(at, "setting", name);
    if (entry === undefined || left > 0) continue;
    record.forget(at, "setting", name);
    if (valueHash(file.at(name.split("."))) === entry.sha256) file.remove(name.split("."));
  }
  const after = file.result();
  const empty = toml ? after.trim() === "" : after.replace(/\s/g, "") === "{}";
  removal.writes.push({ path, bytes: empty ? undefined : Buffer.from(after), before: bytes });
  return stays;
}

/** Whether `hooks` holds no key but the events of `taken`. */
const isOnlyEvents = (hooks: unknown, taken: ReadonlyMap<string, unknown>) =>
  typeof hooks === "object" && hooks !== null && Object.keys(hooks).every((key) => taken.has(key));

/** Whether the record still holds a hook of another client than `tool`. */
function otherClientHooks(record: WrittenRecord, tool: HookTool): HookTool[] {
  const entries: WrittenEntry[] = record.untouched();
  return HOOK_TOOLS.filter((other) => {
    if (other === tool) return false;
    const { path, script, files } = HOOK_SETTINGS[other];
    return entries.some(
      (entry) =>
        (entry.kind === "hook" && entry.path === path) ||
        (entry.kind === "starter" &&
          ((script && entry.path.startsWith(`${path}/`)) ||
            Object.hasOwn(files ?? {}, entry.path))),
    );
  });
}

/**
 * What `contextfmt init <client> --remove` would take out: exactly what init added for the
 * client and the record holds as written by this user's contextfmt, unchanged since. The hook
 * entries go from the settings file, edited in place (other keys, comments and line endings
 * stay; the settings init set go with the last hook; a file left empty is removed); the files
 * init owns (a plugin, Cline's hook scripts) are removed; the starter files under `.contextfmt/`
 * too, once no other client's hooks read them. Whatever changed since init wrote it stays, with
 * a warning naming it; so does what the record claims without this user's evidence. The record
 * forgets what went, and is removed when it then holds nothing. Writes nothing;
 * {@link applyPlan} writes it.
 *
 * @throws InvalidInputError for an unknown client; InputFileError for a settings file that
 *   cannot be read or edited in place.
 * @example
 * ```ts
 * const plan = planInitRemoval({ dir: "my-project", client: "claude" });
 * plan.hooks; // the hook entries it takes out
 * applyPlan(plan);
 * ```
 */
export function planInitRemoval(options: InitRemovalOptions): InitPlan {
  const { dir = ".", client: tool } = optionsArgument(options);
  stringArgument(dir, "dir");
  checkClient(tool);
  const project = Project.at(dir);
  const record = WrittenRecord.read(project);
  const removal: Removal = {
    project,
    record,
    writes: [],
    warnings: [...record.warnings],
    hooks: [],
  };
  const { path, script, files } = HOOK_SETTINGS[tool];
  let stays = false;
  if (script) {
    for (const { wire, event, flags } of contextEvents(tool)) {
      const file = `${path}/${wire}`;
      if (removeOwnFile(removal, file)) {
        removal.hooks.push({ path: file, event: wire, command: hookCommand(tool, event, flags) });
      } else stays ||= project.read(file) !== undefined;
    }
  } else stays = removeHookEntries(removal, tool);
  for (const file of Object.keys(files ?? {})) removeOwnFile(removal, file);
  const others = otherClientHooks(record, tool);
  if (others.length > 0 || stays) {
    removal.warnings.push({
      code: "kept_shared",
      severity: "info",
      path: ".contextfmt/",
      message: `kept: the hooks of ${stays ? [tool, ...others].join(", ") : others.join(", ")} still read it`,
    });
  } else {
    for (const name of Object.keys(STARTER_FILES)) removeOwnFile(removal, `.contextfmt/${name}`);
  }
  return initPlan(project, record, removal.writes, removal.warnings, removal.hooks);
}
