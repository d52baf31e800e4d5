import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Issue } from "../../problems/issue.js";
import { type Command, printedHelp, reportIssues } from "../command.js";
import { STARTER_FILES } from "../init/starter-files.js";
import { InputFileError } from "../input-files.js";
import { writeStderr, writeStdout } from "../output.js";
import { describeValue, JsoncFile, valueAt } from "../sync/json-edit.js";
import { appendTomlArrayTable, readToml, setTomlKey } from "../sync/toml-edit.js";
import { noMorePositionals, parseFlags, positional, UsageError } from "../usage.js";
import { decodeUtf8, Project } from "../writer/project.js";
import { sha256, valueHash, WrittenRecord } from "../writer/record.js";
import { type FileWrite, writeBatch } from "../writer/write-batch.js";

const HELP = `Usage: contextfmt init <tool> [dir]

Adds the contextfmt hook entries to the tool's project settings and creates the input files
they read under .contextfmt/ (small examples and a README) when they are absent:
  claude  .claude/settings.json  SessionStart (rules, project, session), UserPromptSubmit (memories)
  codex   .codex/config.toml     SessionStart, UserPromptSubmit; [features] hooks = true
  gemini  .gemini/settings.json  SessionStart, BeforeAgent

The settings file is edited in place (other keys, comments and line endings stay), and an entry
already there is not added again; a Codex features.hooks = false stays, with a warning. Like
sync, init writes nothing through a link leading outside the project, writes all files or none,
and notes what it wrote in .contextfmt/written.json.

The hooks run node_modules/.bin/contextfmt, so install contextfmt as a dependency of the project
(npm install -D contextfmt): the installed bin starts in about the time of a bare node, where npx
would add half a second to every hook call.

Codex reads a project's .codex/config.toml, and Gemini CLI runs its project hooks, only in a
folder the user trusts (Codex: trust_level = "trusted" for the project in ~/.codex/config.toml).

Options:
  -h, --help   show this help
`;

/** The tools `init` installs hooks for. */
type InitTool = "claude" | "codex" | "gemini";
const INIT_TOOLS: readonly InitTool[] = ["claude", "codex", "gemini"];

/** The hook events of each tool and the files each reads, by flag. */
const EVENTS: Readonly<
  Record<InitTool, readonly { event: string; wire: string; flags: readonly string[] }[]>
> = {
  claude: [
    { event: "session-start", wire: "SessionStart", flags: ["rules", "project", "session"] },
    { event: "user-prompt-submit", wire: "UserPromptSubmit", flags: ["memories"] },
  ],
  codex: [
    { event: "session-start", wire: "SessionStart", flags: ["rules", "project", "session"] },
    { event: "user-prompt-submit", wire: "UserPromptSubmit", flags: ["memories"] },
  ],
  gemini: [
    { event: "session-start", wire: "SessionStart", flags: ["rules", "project", "session"] },
    { event: "before-agent", wire: "BeforeAgent", flags: ["memories"] },
  ],
};

/** How each tool names the project folder in a hook command (Codex runs hooks from it). */
const PROJECT_DIR: Readonly<Record<InitTool, string>> = {
  claude: '"$CLAUDE_PROJECT_DIR"/',
  gemini: '"$GEMINI_PROJECT_DIR"/',
  codex: "",
};

/** The command line of one hook: the installed bin, the files under .contextfmt/. */
export function hookCommand(tool: InitTool, event: string, flags: readonly string[]): string {
  const root = PROJECT_DIR[tool];
  const files = flags.map((flag) => `--${flag} ${root}.contextfmt/${flag}.json`).join(" ");
  return `${root}node_modules/.bin/contextfmt hook ${tool} ${event} ${files}`;
}

/** Whether a hook list (settings `hooks.<Event>`) already runs `command`. */
function hasCommand(list: unknown, command: string): boolean {
  return (
    Array.isArray(list) &&
    list.some(
      (group) =>
        Array.isArray((group as { hooks?: unknown })?.hooks) &&
        (group as { hooks: unknown[] }).hooks.some(
          (hook) => (hook as { command?: unknown })?.command === command,
        ),
    )
  );
}

/** A settings file's new text, what was written into it, and what was kept and why. */
interface HookEdit {
  readonly text: string;
  /** The hook entries added and settings set, as the record keeps them. */
  readonly written: readonly { kind: "hook" | "setting"; name: string; value: unknown }[];
  readonly warnings: readonly Issue[];
}

/** The settings file's new text with every missing hook entry added. */
function withHooks(tool: InitTool, path: string, text: string): HookEdit {
  const written: { kind: "hook" | "setting"; name: string; value: unknown }[] = [];
  const warnings: Issue[] = [];
  if (tool === "codex") {
    let after = text;
    for (const { event, wire, flags } of EVENTS[tool]) {
      const command = hookCommand(tool, event, flags);
      if (hasCommand(valueAt(readToml(path, after), ["hooks", wire]), command)) continue;
      const group = { hooks: [{ type: "command", command, timeout: 10 }] };
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
  for (const { event, wire, flags } of EVENTS[tool]) {
    const command = hookCommand(tool, event, flags);
    if (hasCommand(valueAt(file.value(), ["hooks", wire]), command)) continue;
    const hook =
      tool === "gemini"
        ? { name: `contextfmt-${event}`, type: "command", command, timeout: 10_000 }
        : { type: "command", command, timeout: 10 };
    file.append(["hooks", wire], { hooks: [hook] });
    written.push({ kind: "hook", name: wire, value: { hooks: [hook] } });
  }
  return { text: file.result(), written, warnings };
}

const SETTINGS: Readonly<Record<InitTool, string>> = {
  claude: ".claude/settings.json",
  codex: ".codex/config.toml",
  gemini: ".gemini/settings.json",
};

export const run: Command["run"] = async (args) => {
  const { values, positionals } = parseFlags("init", args, {});
  if (printedHelp(values, HELP)) return 0;
  const tool = positional("init", positionals, 0, `the tool (${INIT_TOOLS.join(", ")})`);
  if (!(INIT_TOOLS as readonly string[]).includes(tool)) {
    throw new UsageError(`unknown tool ${JSON.stringify(tool)}; tools: ${INIT_TOOLS.join(", ")}`);
  }
  noMorePositionals("init", positionals, 2);
  const dir = positionals[1] ?? ".";
  const settings = SETTINGS[tool as InitTool];
  const project = Project.at(dir);
  const record = WrittenRecord.read(project);
  const beforeBytes = project.read(settings);
  const before = beforeBytes && decodeUtf8(settings, beforeBytes);
  // Computed before anything is written: a settings file that cannot be edited stops it all.
  const edit = withHooks(tool as InitTool, settings, before ?? "");
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
  if (edit.text !== before) {
    writes.push({ path: settings, bytes: Buffer.from(edit.text), before: beforeBytes });
    const recordPath = project.relative(project.resolve(settings));
    for (const { kind, name, value } of edit.written) {
      record.set({ path: recordPath, kind, name, sha256: valueHash(value) });
    }
  }
  reportIssues(edit.warnings);
  const recordWrite = record.write();
  writeBatch(project, recordWrite ? [...writes, recordWrite] : writes);
  for (const { path } of writes) writeStdout(`wrote ${path}\n`);
  if (writes.length === 0) writeStdout("up to date\n");
  // Only looked at, never read or written: the bin may well live outside (a workspace's root).
  if (!existsSync(join(dir, "node_modules", ".bin", "contextfmt"))) {
    writeStderr(
      "contextfmt: warning: the hooks run node_modules/.bin/contextfmt, which this project does not have yet: npm install -D contextfmt\n",
    );
  }
  return 0;
};
