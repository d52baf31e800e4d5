import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { type Command, printedHelp } from "../command.js";
import { STARTER_FILES } from "../init/starter-files.js";
import { writeStderr, writeStdout } from "../output.js";
import { appendJsonItem, readJsonc, valueAt } from "../sync/json-edit.js";
import { SYNC_TOOLS, type SyncTool } from "../sync/locations.js";
import { appendTomlArrayTable, readToml, setTomlKey } from "../sync/toml-edit.js";
import { noMorePositionals, parseFlags, positional, UsageError } from "../usage.js";

const HELP = `Usage: contextfmt init <tool> [dir]

Adds the contextfmt hook entries to the tool's project settings and creates the input files
they read under .contextfmt/ (small examples and a README) when they are absent:
  claude  .claude/settings.json  SessionStart (rules, project, session), UserPromptSubmit (memories)
  codex   .codex/config.toml     SessionStart, UserPromptSubmit; [features] hooks = true
  gemini  .gemini/settings.json  SessionStart, BeforeAgent

The settings file is edited in place (other keys, comments and line endings stay), and an entry
already there is not added again. The hooks run node_modules/.bin/contextfmt, so install
contextfmt as a dependency of the project (npm install -D contextfmt): the installed bin starts
in about the time of a bare node, where npx would add half a second to every hook call.

Codex reads a project's .codex/config.toml, and Gemini CLI runs its project hooks, only in a
folder the user trusts (Codex: trust_level = "trusted" for the project in ~/.codex/config.toml).

Options:
  -h, --help   show this help
`;

/** The hook events of each tool and the files each reads, by flag. */
const EVENTS: Readonly<
  Record<SyncTool, readonly { event: string; wire: string; flags: readonly string[] }[]>
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
const PROJECT_DIR: Readonly<Record<SyncTool, string>> = {
  claude: '"$CLAUDE_PROJECT_DIR"/',
  gemini: '"$GEMINI_PROJECT_DIR"/',
  codex: "",
};

/** The command line of one hook: the installed bin, the files under .contextfmt/. */
export function hookCommand(tool: SyncTool, event: string, flags: readonly string[]): string {
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

/** The settings file's new text with every missing hook entry added. */
function withHooks(tool: SyncTool, path: string, text: string): string {
  let after = text;
  for (const { event, wire, flags } of EVENTS[tool]) {
    const command = hookCommand(tool, event, flags);
    if (tool === "codex") {
      if (hasCommand(valueAt(readToml(path, after), ["hooks", wire]), command)) continue;
      after = appendTomlArrayTable(path, after, ["hooks", wire], {
        hooks: [{ type: "command", command, timeout: 10 }],
      });
      continue;
    }
    if (hasCommand(valueAt(readJsonc(path, after), ["hooks", wire]), command)) continue;
    const hook =
      tool === "gemini"
        ? { name: `contextfmt-${event}`, type: "command", command, timeout: 10_000 }
        : { type: "command", command, timeout: 10 };
    after = appendJsonItem(path, after, ["hooks", wire], { hooks: [hook] });
  }
  // Codex runs hooks only with its hooks feature on.
  if (tool === "codex") after = setTomlKey(path, after, ["features", "hooks"], true);
  return after;
}

const SETTINGS: Readonly<Record<SyncTool, string>> = {
  claude: ".claude/settings.json",
  codex: ".codex/config.toml",
  gemini: ".gemini/settings.json",
};

export const run: Command["run"] = async (args) => {
  const { values, positionals } = parseFlags("init", args, {});
  if (printedHelp(values, HELP)) return 0;
  const tool = positional("init", positionals, 0, `the tool (${SYNC_TOOLS.join(", ")})`);
  if (!(SYNC_TOOLS as readonly string[]).includes(tool)) {
    throw new UsageError(`unknown tool ${JSON.stringify(tool)}; tools: ${SYNC_TOOLS.join(", ")}`);
  }
  noMorePositionals("init", positionals, 2);
  const dir = positionals[1] ?? ".";
  const settings = SETTINGS[tool as SyncTool];
  const full = join(dir, settings);
  const before = existsSync(full) ? readFileSync(full, "utf8") : undefined;
  // Computed before anything is written: a settings file that cannot be edited stops it all.
  const after = withHooks(tool as SyncTool, settings, before ?? "");
  const written: string[] = [];
  for (const [name, text] of Object.entries(STARTER_FILES)) {
    const path = join(dir, ".contextfmt", name);
    if (existsSync(path)) continue;
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    written.push(`.contextfmt/${name}`);
  }
  if (after !== before) {
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, after);
    written.push(settings);
  }
  for (const path of written) writeStdout(`wrote ${path}\n`);
  if (written.length === 0) writeStdout("up to date\n");
  if (!existsSync(join(dir, "node_modules", ".bin", "contextfmt"))) {
    writeStderr(
      "contextfmt: warning: the hooks run node_modules/.bin/contextfmt, which this project does not have yet: npm install -D contextfmt\n",
    );
  }
  return 0;
};
