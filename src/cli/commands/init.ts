import { existsSync } from "node:fs";
import { join } from "node:path";
import { HOOK_TOOLS, type HookTool } from "../../hooks/index.js";
import { unknownChoice } from "../../problems/suggest.js";
import { applyPlan, initPlaces, planInit } from "../../sync.js";
import { PROJECT_MARKERS, projectRoot } from "../../workspace/project-root.js";
import { type Command, printedHelp, reportIssues } from "../command.js";
import { printLines, shown, writeStderr } from "../output.js";
import { noMorePositionals, parseFlags, positional } from "../usage.js";

const HELP = `Usage: contextfmt init <tool> [dir] [--events <events>]

The project is dir, or else the nearest folder up from the current one with
${PROJECT_MARKERS} (outside any: an error, exit code 2).

Adds the contextfmt hook entries to the tool's project settings and creates the input files
they read under .contextfmt/ (small examples and a README) when they are absent:
${HOOK_TOOLS.map((tool) => `  ${tool.padEnd(9)}${initPlaces(tool).join(", ")}`).join("\n")}

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

export const run: Command["run"] = async (args) => {
  const { values, positionals } = parseFlags("init", args, { events: { type: "string" } });
  if (printedHelp(values, HELP)) return 0;
  const name = positional("init", positionals, 0, `the tool (${HOOK_TOOLS.join(", ")})`);
  if (!(HOOK_TOOLS as readonly string[]).includes(name))
    throw unknownChoice("tool", name, HOOK_TOOLS);
  noMorePositionals("init", positionals, 2);
  // A folder named is the project's root as given; else the nearest one up from here.
  const dir = positionals[1] ?? projectRoot(process.cwd());
  const plan = planInit({
    dir,
    client: name as HookTool,
    ...(values.events === undefined ? {} : { events: values.events }),
  });
  reportIssues(plan.warnings);
  const applied = applyPlan(plan);
  reportIssues(applied.warnings);
  const writes = applied.done;
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
