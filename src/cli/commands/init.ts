import { existsSync } from "node:fs";
import { join } from "node:path";
import { HOOK_TOOLS, type HookTool } from "../../hooks/events.js";
import type { Issue } from "../../problems/issue.js";
import { unknownChoice } from "../../problems/suggest.js";
import { HOOK_SETTINGS, type InitEvent, initEvents } from "../../sync/init/hook-settings.js";
import { STARTER_FILES } from "../../sync/init/starter-files.js";
import { describeValue, JsoncFile, valueAt } from "../../workspace/json-edit.js";
import { decodeUtf8, Project } from "../../workspace/project.js";
import { sha256, valueHash, WrittenRecord } from "../../workspace/record.js";
import { appendTomlArrayTable, readToml, setTomlKey } from "../../workspace/toml-edit.js";
import { type FileWrite, writeBatch } from "../../workspace/write-batch.js";
import { type Command, printedHelp, reportIssues } from "../command.js";
import { InputFileError } from "../input-files.js";
import { printLines, shown, writeStderr } from "../output.js";
import { noMorePositionals, parseFlags, positional } from "../usage.js";

const HELP = `Usage: contextfmt init <tool> [dir] [--events <events>]

Adds the contextfmt hook entries to the tool's project settings and creates the input files
they read under .contextfmt/ (small examples and a README) when they are absent:
${HOOK_TOOLS.map((tool) => `  ${tool.padEnd(9)}${[HOOK_SETTINGS[tool].script ? `${HOOK_SETTINGS[tool].path}/<Event>` : HOOK_SETTINGS[tool].path, ...Object.keys(HOOK_SETTINGS[tool].files ?? {})].join(", ")}`).join("\n")}

Each hook passes the input files its event injects: session start the rules, project and
session; a subagent's start the rules and project; each prompt the memories; before or after a
tool (and after a failed one) the brief session context.

The settings file is edited in place (other keys, comments and line endings stay), and an entry
already there is not added again; a Codex features.hooks = false stays, with a warning. Like
sync, init writes nothing through a link leading outside the project, writes all files or none,
and notes what it wrote in .contextfmt/written.json.

The hooks run node_modules/.bin/contextfmt, so install contextfmt as a dependency of the project
(npm install -D contextfmt): the installed bin starts in about the time of a bare node, where npx
would add half a second to every hook call.

Cline runs an executable per event: init writes .clinerules/hooks/<Event>, a shell script
that runs the hook from the project folder (mode 755).

OpenCode runs no hook commands: init writes a plugin that runs those of .opencode/contextfmt.json
and adds their context to the system prompt (session start) and to each message (prompt).

Codex reads a project's .codex/config.toml, and Gemini CLI runs its project hooks, only in a
folder the user trusts (Codex: trust_level = "trusted" for the project in ~/.codex/config.toml).

Options:
  --events <events>  the events to install, comma separated (session-start, pre-tool-use, …),
                     or all: every event of the tool the hook answers with context (PostToolBatch
                     only when named: it repeats PostToolUse). Default: the session's start and
                     each prompt (Gemini CLI: before-agent); Cline: post-tool-use.
  -h, --help         show this help
`;

/** The command line of one hook: the installed bin, the files under .contextfmt/. */
export function hookCommand(tool: HookTool, event: string, flags: readonly string[]): string {
  const root = HOOK_SETTINGS[tool].projectDir;
  const files = flags.map((flag) => `--${flag} ${root}.contextfmt/${flag}.json`).join(" ");
  return `${root}node_modules/.bin/contextfmt hook ${tool} ${event} ${files}`;
}

/** Whether a hook list (settings `hooks.<Event>`) already runs `command`. */
function hasCommand(tool: HookTool, list: unknown, command: string): boolean {
  return (
    Array.isArray(list) &&
    list.some((entry) => HOOK_SETTINGS[tool].commandOf(entry).includes(command))
  );
}

/** A settings file's new text, what was written into it, and what was kept and why. */
interface HookEdit {
  readonly text: string;
  /** The hook entries added and settings set, as the record keeps them. */
  readonly written: readonly { kind: "hook" | "setting"; name: string; value: unknown }[];
  readonly warnings: readonly Issue[];
}

/** The settings file's new text with every missing hook entry of `events` added. */
function withHooks(
  tool: HookTool,
  path: string,
  text: string,
  events: readonly InitEvent[],
): HookEdit {
  const written: { kind: "hook" | "setting"; name: string; value: unknown }[] = [];
  const warnings: Issue[] = [];
  const settings = HOOK_SETTINGS[tool];
  if (tool === "codex") {
    let after = text;
    for (const { event, wire, flags } of events) {
      const command = hookCommand(tool, event, flags);
      if (hasCommand(tool, valueAt(readToml(path, after), ["hooks", wire]), command)) continue;
      const group = settings.entry(command, event);
      after = appendTomlArrayTable(path, after, ["hooks", wire], group);
      written.push({ kind: "hook", name: wire, value: group });
    }
    // Codex runs hooks only with its hooks feature on; a user's explicit false stays.
    const feature = valueAt(readToml(path, after), ["features", "hooks"]);
    if (feature === undefined) {
      after = setTomlKey(path, after, ["features", "hooks"], true);
      written.push({ kind: "setting", name: "features.hooks", value: true });
    } else if (feature === false) {
      warnings.push({
        code: "kept_user_value",
        severity: "warning",
        path: `${path}: features.hooks`,
        message:
          "kept false, as the file says; Codex runs no hooks, these included, until it is true",
      });
    } else if (feature !== true) {
      throw new InputFileError(
        `${path}: features.hooks: expected true or false, found ${describeValue(feature)}`,
      );
    }
    return { text: after, written, warnings };
  }
  const file = new JsoncFile(path, text);
  // Copilot CLI's and Cursor's hook files carry their format's version.
  if (settings.version !== undefined && valueAt(file.value(), ["version"]) === undefined) {
    file.set(["version"], settings.version);
    written.push({ kind: "setting", name: "version", value: settings.version });
  }
  for (const { event, wire, flags } of events) {
    const command = hookCommand(tool, event, flags);
    if (hasCommand(tool, valueAt(file.value(), ["hooks", wire]), command)) continue;
    const entry = settings.entry(command, event);
    file.append(["hooks", wire], entry);
    written.push({ kind: "hook", name: wire, value: entry });
  }
  return { text: file.result(), written, warnings };
}

export const run: Command["run"] = async (args) => {
  const { values, positionals } = parseFlags("init", args, { events: { type: "string" } });
  if (printedHelp(values, HELP)) return 0;
  const name = positional("init", positionals, 0, `the tool (${HOOK_TOOLS.join(", ")})`);
  if (!(HOOK_TOOLS as readonly string[]).includes(name))
    throw unknownChoice("tool", name, HOOK_TOOLS);
  const tool = name as HookTool;
  const events = initEvents(tool, values.events);
  noMorePositionals("init", positionals, 2);
  const dir = positionals[1] ?? ".";
  const settings = HOOK_SETTINGS[tool].path;
  const project = Project.at(dir);
  const record = WrittenRecord.read(project);
  const beforeBytes = HOOK_SETTINGS[tool].script ? undefined : project.read(settings);
  const before = beforeBytes && decodeUtf8(settings, beforeBytes);
  // Computed before anything is written: a settings file that cannot be edited stops it all.
  // A tool whose hooks are scripts (Cline) has no settings file: `settings` is their folder.
  const edit = HOOK_SETTINGS[tool].script
    ? { text: "", written: [], warnings: [] }
    : withHooks(tool, settings, before ?? "", events);
  const writes: FileWrite[] = [];
  for (const [name, text] of Object.entries(STARTER_FILES)) {
    const path = `.contextfmt/${name}`;
    if (project.exists(path)) continue;
    const bytes = Buffer.from(text);
    writes.push({ path, bytes, before: undefined });
    record.set({
      path: project.relative(project.resolve(path)),
      kind: "starter",
      sha256: sha256(bytes),
    });
  }
  const warnings = [...record.warnings, ...edit.warnings];
  /** Writes init's own file at `path` unless the user changed it since (then warns). */
  const own = (path: string, text: string, mode?: number) => {
    const bytes = Buffer.from(text);
    const there = project.read(path);
    if (there?.equals(bytes)) return;
    if (there !== undefined && !record.wrote(path, "starter", undefined, sha256(there))) {
      warnings.push({
        code: "kept_user_value",
        severity: "warning",
        path,
        message: `kept: changed since contextfmt init wrote it (or not written by it); delete it and run init again to have contextfmt's`,
      });
      return;
    }
    writes.push({ path, bytes, before: there, ...(mode === undefined ? {} : { mode }) });
    record.set({
      path: project.relative(project.resolve(path)),
      kind: "starter",
      sha256: sha256(bytes),
    });
  };
  for (const [path, text] of Object.entries(HOOK_SETTINGS[tool].files ?? {})) own(path, text);
  const { script } = HOOK_SETTINGS[tool];
  for (const { wire, event, flags } of script ? events : []) {
    own(`${settings}/${wire}`, script?.(hookCommand(tool, event, flags)) ?? "", 0o755);
  }
  if (!HOOK_SETTINGS[tool].script && edit.text !== before) {
    writes.push({ path: settings, bytes: Buffer.from(edit.text), before: beforeBytes });
    const recordPath = project.relative(project.resolve(settings));
    for (const { kind, name, value } of edit.written) {
      record.set({ path: recordPath, kind, name, sha256: valueHash(value) });
    }
  }
  reportIssues(warnings);
  const recordWrite = record.write();
  // init replaces files but never removes one: nothing it writes can be kept as changed.
  writeBatch(project, recordWrite ? [...writes, recordWrite] : writes);
  reportIssues(record.saveEvidence());
  printLines(
    writes.length === 0 ? ["up to date"] : writes.map(({ path }) => `wrote ${shown(path)}`),
  );
  // Only looked at, never read or written: the bin may well live outside (a workspace's root).
  if (!existsSync(join(dir, "node_modules", ".bin", "contextfmt"))) {
    writeStderr(
      "contextfmt: warning: the hooks run node_modules/.bin/contextfmt, which this project does not have yet: npm install -D contextfmt\n",
    );
  }
  return 0;
};
