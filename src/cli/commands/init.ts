import { existsSync } from "node:fs";
import { join } from "node:path";
import { HOOK_TOOLS, type HookTool } from "../../hooks/index.js";
import type { Issue } from "../../problems/issue.js";
import { unknownChoice } from "../../problems/suggest.js";
import {
  applyPlan,
  type InitHook,
  type InitPlan,
  initPlaces,
  planInit,
  planInitRemoval,
} from "../../sync.js";
import { PROJECT_MARKERS, projectRoot } from "../../workspace/project-root.js";
import { type Command, printedHelp, reportIssues } from "../command.js";
import { previewSession, type SessionPreview } from "../init-preview.js";
import { printLines, shown, writeStdoutExact } from "../output.js";
import { planDiff } from "../plan-diff.js";
import { noMorePositionals, parseFlags, positional, UsageError } from "../usage.js";

const HELP = `Usage: contextfmt init <tool> [dir] [--events <events>] [--dry-run] [--json | --quiet]
       contextfmt init <tool> [dir] --remove [--dry-run] [--json | --quiet]

The project is dir, or else the nearest folder up from the current one with
${PROJECT_MARKERS} (outside any: an error, exit code 2).

Adds the contextfmt hook entries to the tool's project settings and creates the input files
they read under .contextfmt/ when they are absent: blank (a hook injects nothing from a blank
file, so nothing goes into a session before you write it) and a README saying what goes in
each. It prints what it wrote, the hooks it added, what the next session starts with (the
hook run for real on the files as they are) and what to do next. The places:
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

init --remove takes out what init added for the tool, through the record: its hook entries
(the settings file edited in place, other keys and comments kept; a file left empty removed),
its own files, and the starter files once no other tool's hooks read them. Whatever changed
since init wrote it stays, with a warning naming it.

Options:
  --events <events>  the events to install, comma separated (session-start, pre-tool-use, …),
                     or all: every event of the tool the hook answers with context (PostToolBatch
                     only when named: it repeats PostToolUse). Default: the session's start and
                     each prompt (Gemini CLI: before-agent); Cline: post-tool-use.
  --remove           take out what init added for the tool (see above)
  --dry-run          write nothing; print what would change as unified diffs, and what the
                     next session would start with
  --json             print what init does as JSON: { client, dryRun, writes, removals, hooks,
                     warnings, preview }; warnings go in it, not on stderr
  --quiet            print nothing but warnings and errors
  -h, --help         show this help
`;

/** One line naming the hooks added or taken out, per file. */
function hookLines(hooks: readonly InitHook[], verb: string): string[] {
  const byFile = new Map<string, string[]>();
  for (const { path, event } of hooks) byFile.set(path, [...(byFile.get(path) ?? []), event]);
  return [...byFile].map(
    ([path, events]) => `${verb} ${shown(path)}: ${events.map(shown).join(", ")}`,
  );
}

/** What a person reads of the next session's start. */
function previewLines(preview: SessionPreview | undefined): string[] {
  if (preview === undefined) return [];
  if (preview.context === "") {
    return [
      `the next session gets nothing at ${preview.event}: the files under .contextfmt/ hold nothing yet`,
    ];
  }
  const lines = preview.context.replace(/\n$/, "").split("\n");
  // Indented, as the context quoted; a blank line stays blank.
  return [
    `the next session gets at ${preview.event}:`,
    ...lines.map((line) => (line === "" ? "" : `  ${line}`)),
  ];
}

/** The plan as data for `--json`: the writes, the removals, the hooks and the warnings. */
function planJson(
  tool: HookTool,
  dryRun: boolean,
  plan: InitPlan,
  warnings: readonly Issue[],
  preview: SessionPreview | undefined,
): string {
  const writes = plan.changed
    .filter((file) => file.after !== undefined)
    .map(({ path, before, after }) => ({ path, before: before ?? null, after }));
  const removals = plan.changed
    .filter((file) => file.after === undefined)
    .map(({ path, before }) => ({ path, before: before ?? null }));
  const data = {
    client: tool,
    dryRun,
    writes,
    removals,
    hooks: plan.hooks,
    warnings,
    preview: preview === undefined ? null : { event: preview.event, context: preview.context },
  };
  return `${JSON.stringify(data, null, 2)}\n`;
}

export const run: Command["run"] = async (args) => {
  const { values, positionals } = parseFlags("init", args, {
    events: { type: "string" },
    remove: { type: "boolean" },
    "dry-run": { type: "boolean" },
    json: { type: "boolean" },
    quiet: { type: "boolean" },
  });
  if (printedHelp(values, HELP)) return 0;
  const name = positional("init", positionals, 0, `the tool (${HOOK_TOOLS.join(", ")})`);
  if (!(HOOK_TOOLS as readonly string[]).includes(name))
    throw unknownChoice("tool", name, HOOK_TOOLS);
  noMorePositionals("init", positionals, 2);
  if (values.json && values.quiet) throw new UsageError("--json and --quiet: give one of them");
  if (values.remove && values.events !== undefined) {
    throw new UsageError("--events with --remove: --remove takes out every hook init added");
  }
  const tool = name as HookTool;
  // A folder named is the project's root as given; else the nearest one up from here.
  const dir = positionals[1] ?? projectRoot(process.cwd());
  const dryRun = values["dry-run"] === true;
  const remove = values.remove === true;
  const events = values.events;
  const plan = remove
    ? planInitRemoval({ dir, client: tool })
    : planInit({ dir, client: tool, ...(events === undefined ? {} : { events }) });
  const warnings: Issue[] = [...plan.warnings];
  const say = values.json ? (issues: readonly Issue[]) => warnings.push(...issues) : reportIssues;
  if (!values.json) reportIssues(plan.warnings);
  const lines: string[] = [];
  if (dryRun) lines.push(...plan.changed.flatMap(planDiff));
  else {
    const applied = applyPlan(plan);
    say(applied.warnings);
    lines.push(
      ...applied.done.map(
        ({ path, after }) => `${after === undefined ? "removed" : "wrote"} ${shown(path)}`,
      ),
    );
  }
  if (plan.changed.length === 0)
    lines.push(remove ? "nothing of init's to take out" : "up to date");
  const verb = remove
    ? dryRun
      ? "would take hooks out of"
      : "took hooks out of"
    : dryRun
      ? "would add hooks to"
      : "added hooks to";
  lines.push(...hookLines(plan.hooks, verb));
  const preview = remove ? undefined : await previewSession(dir, tool, plan.events ?? [], plan);
  say(preview?.issues ?? []);
  if (!remove) {
    lines.push(...previewLines(preview));
    lines.push(
      preview?.context === ""
        ? `next: write your rules, project, session and memories in .contextfmt/ (its README.md says what goes in each), then see what a session gets: npx contextfmt init ${tool} --dry-run`
        : `next: start a new session; npx contextfmt init ${tool} --dry-run shows what it gets after each change under .contextfmt/, --remove takes the hooks out again`,
    );
  }
  // Only looked at, never read or written: the bin may well live outside (a workspace's root).
  if (!remove && !existsSync(join(dir, "node_modules", ".bin", "contextfmt"))) {
    say([
      {
        code: "bin_missing",
        severity: "warning",
        path: "node_modules/.bin/contextfmt",
        message:
          "the hooks run it, and this project does not have it yet: npm install -D contextfmt",
      },
    ]);
  }
  if (values.json) writeStdoutExact(planJson(tool, dryRun, plan, warnings, preview));
  else if (!values.quiet) printLines(lines);
  return 0;
};
