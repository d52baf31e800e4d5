import { clientById, SYNC_ORDER } from "../../clients/index.js";
import { type ClientSpec, itemGlob } from "../../clients/spec.js";
import type { Issue } from "../../problems/issue.js";
import { unknownChoice } from "../../problems/suggest.js";
import {
  applyPlan,
  conflictError,
  type PlannedChange,
  type ProjectConfig,
  planSync,
  readProjectConfig,
  SYNC_KINDS,
  SYNC_TOOLS,
  type SyncKind,
  type SyncTool,
  USER_SYNC_KINDS,
  type WritePlan,
  writeProjectConfig,
} from "../../sync.js";
import { Project } from "../../workspace/project.js";
import { CONFIG_FILE, PROJECT_MARKERS, projectRoot } from "../../workspace/project-root.js";
import { WrittenRecord } from "../../workspace/record.js";
import { type Command, printedHelp, reportIssues } from "../command.js";
import { readInputFile } from "../input-files.js";
import { summedLosses } from "../loss-summary.js";
import { printLines, shown } from "../output.js";
import { planDiff } from "../plan-diff.js";
import { upToDate, writtenLines } from "../sync-lines.js";
import { checkWatchFlags, watchUntilStopped } from "../sync-watch.js";
import { groupedByTarget } from "../target-groups.js";
import { noMorePositionals, nonNegativeInteger, parseFlags, UsageError } from "../usage.js";

/** Help's width: a line is broken before the part that would go past it. */
const WIDTH = 100;

/**
 * One line per tool (broken where long): where it keeps commands, MCP servers, agents and skills,
 * as its places say.
 */
function whereEachToolKeepsThem(): string {
  return SYNC_ORDER.map(({ id, items, mcp }: ClientSpec) => {
    const command = items.command;
    const sharer = SYNC_ORDER.find((other: ClientSpec) => other.mcp?.path === mcp?.path)?.id;
    const parts = [
      command === undefined
        ? "(no commands)"
        : command.readable
          ? itemGlob(command)
          : `(commands as skills in ${command.dir})`,
      mcp === undefined
        ? "(no project MCP file)"
        : `${mcp.path} ${mcp.key}${sharer !== id ? ` (shared with ${sharer})` : ""}`,
      items.agent === undefined ? "(no agents)" : itemGlob(items.agent),
      items.skill === undefined ? "(no skills)" : itemGlob(items.skill),
    ];
    const lines = [`  ${id.padEnd(9)} ${parts[0]}`];
    for (const part of parts.slice(1)) {
      const last = lines.length - 1;
      if (`${lines[last]}  ${part}`.length > WIDTH) lines.push(`${" ".repeat(12)}${part}`);
      else lines[last] = `${lines[last]}  ${part}`;
    }
    return lines.join("\n");
  }).join("\n");
}

/** The instruction files, each once. */
const instructionFiles = () => [...new Set(SYNC_ORDER.map((client) => client.instructionFile))];

/** The instruction files several tools read, each with its readers: `codex, … and kilo: AGENTS.md`. */
function sharedFiles(): string {
  return instructionFiles()
    .map((file) => [file, SYNC_ORDER.filter((client) => client.instructionFile === file)] as const)
    .filter(([, readers]) => readers.length > 1)
    .map(([file, readers]) => {
      const ids = readers.map((client) => client.id);
      return `${ids.slice(0, -1).join(", ")} and ${ids.at(-1)}: ${file}`;
    })
    .join("; ");
}

const HELP = `Usage: contextfmt sync [dir] --from <tool> --to <tool>[,<tool>…]|all [options]

Writes one tool's project config for the others: slash commands, MCP servers, subagents and
skills, read from the source tool's own places in the project and written into the targets'
places. The project is dir, or else the nearest folder up from the current one with
${PROJECT_MARKERS} (outside any: an error, exit code 2).

${CONFIG_FILE} at the project's root (JSON with comments; "contextfmt schema config" prints its
JSON Schema) holds what a bare "contextfmt sync" does: { "from": "claude", "to": "all",
"only": [...], "exclude": [...], "accept": [...] } (accept: doctor's problem codes the project
accepts, which doctor --strict passes over). A flag given wins over its field.
"contextfmt sync --init-config --from <tool> --to <tools>" writes one (never over one). Settings files that hold other things too (Codex
.codex/config.toml, Gemini .gemini/settings.json, .mcp.json) are edited in place: only the
synced servers change; every other key, comment, blank line and line ending stays. Servers the
source does not have are left alone. A second sync right after the first changes nothing.

Where each tool keeps them:
${whereEachToolKeepsThem()}
A kind a target has no place for is a warning naming each item left out.

Instructions: the source's own instruction file (CLAUDE.md, AGENTS.md, GEMINI.md, QWEN.md, …; its text
outside the contextfmt region) goes into each target's, between <!-- contextfmt:begin --> and
<!-- contextfmt:end -->; the target's own text stays byte for byte. Files a CLAUDE.md or GEMINI.md
imports (@path, inside the project) go along after it; a nested file (pkg/CLAUDE.md) goes to the
same folder (pkg/AGENTS.md). A file two targets read (a link) is written once. When the source's
text is gone, a region sync wrote and nobody changed since is taken out again.

Rules: --only rules --rules <file> renders the rules (JSON or YAML) in each file's format into
the fewest instruction files that make each target load them once, between <!-- contextfmt:begin --> and <!-- contextfmt:end -->
(each alone on its line; appended when absent); the rest of the file is never touched. The
instruction files: ${instructionFiles().join(", ")}.
With --only rules, --from may be left out. Two targets that are one file (a link, AGENTS.md ->
CLAUDE.md), or that read one file, get the region once, in the rules format of the first of them
in the order above; these read one file: ${sharedFiles()}.
Instructions and rules share the region: the rules first, the instructions after a
<!-- contextfmt:instructions --> line; a run that writes only one of the two keeps the other.

Ignore files: the lines of the source's ignore file (.geminiignore, .qwenignore, .cursorignore,
.kilocodeignore) go into each target's, between # contextfmt:begin and # contextfmt:end after
its own lines, which stay byte for byte. A target with no ignore file (Claude Code, Codex,
Copilot CLI, OpenCode, Cline's CLI) is a warning naming the lines; so is each ! line a target
reads otherwise (Kilo Code). When the source no longer has them, the region goes again.

Permissions: the source's deny and ask rules (.claude/settings.json permissions, Gemini
tools.exclude/confirmationRequired, OpenCode and Kilo permission, Qwen permissions) go into
each target's, by the tool's meaning (Bash = run_shell_command = bash) and the rule's reach (a
command or command prefix, a project path, a domain); a rule a target cannot say exactly is a
warning naming it, never written wider or narrower. Allow rules only with --carry-allows.
When the source's rule goes, the rule sync wrote goes again.

Safe writes: nothing is read or written through a link that leads outside the project (or to
nothing); every file is planned and checked before the first is written, and each is replaced
whole (a temporary file renamed into place), so a failed or killed run leaves every file as it
was or as planned. .contextfmt/written.json records what sync wrote (a hash of each file,
server and region: commit it, it is the same whoever syncs), and this user's evidence of what
their runs wrote in this folder is kept outside it ($XDG_STATE_HOME/contextfmt, or
~/.local/state/contextfmt); sync replaces or removes only what that evidence proves it wrote,
unchanged since (--force replaces the rest). What a record that came with a clone, or a
teammate's, lists is kept as it is and named; --check takes the record at its word (it writes
nothing), --dry-run shows what this user's sync would do.

The user's level: --user carries the user's own files instead of a project's, from the
source's folder of the user's into each target's: the instruction file (~/.claude/CLAUDE.md ->
~/.codex/AGENTS.md, ~/.gemini/GEMINI.md, ~/.qwen/QWEN.md, ~/.config/opencode/AGENTS.md, …),
commands, agents, skills and MCP servers where the client has a user place for them (a warning
names each item that has none). Each client's folder is its own: a link leading out of it is
refused, nothing is written in the home folder itself, and a target whose folder is not there
(not set up) is left out. $CODEX_HOME and $XDG_CONFIG_HOME are followed as the clients follow
them. What it wrote is recorded in ~/.contextfmt/written.json. No project is read: a project
folder, --rules, --budget, --init-config, --watch and --strict cannot go with it.

Options:
  --user              sync the user's own folders (~/.claude, ~/.codex, …), not a project
  --from <tool>       the tool whose files are the source: ${SYNC_TOOLS.join(", ")}
  --to <tools>        the tools to write, comma separated, or all (every tool but the source)
  --only <kinds>      what to sync, comma separated: ${SYNC_KINDS.join(", ")}
                      (default: all but rules, and rules too when --rules is given)
  --exclude <kinds>   what not to sync of those, comma separated
  --init-config       write the --from, --to, --only and --exclude given as ${CONFIG_FILE}
  --rules <file>      the rules file for --only rules
  --budget <n>        token budget of the rules (default: the format's)
  --check             write nothing; list the files that would change (would create, change
                      or remove), exit 1 if any (for CI)
  --dry-run           write nothing; print what would change as unified diffs
  --strict            exit 1 and write nothing on a warning the last sync did not give: a
                      new loss (a lossy conversion, a source left out), or any other warning;
                      the losses a sync reported are kept in .contextfmt/written.json
  --strict=warnings   exit 1 and write nothing on any warning, known losses included
  --force             replace what sync did not write, or what changed since it did
  --carry-allows      carry the source's allow rules too (permissions kind), each named on
                      stderr: an allow lets an agent act without asking, and one that came
                      with a cloned repository is a rule you may never have read
  --watch             sync, then sync again on every change of the source's files (its
                      instruction files and their imports, commands, agents, skills, rules
                      and MCP settings), each run's lines after its time; Ctrl-C stops
  --verbose           a warning line for each item a target cannot hold all of (default: one
                      line per kind of loss, naming the items)
  -h, --help          show this help

Prints one line per file written; what a target cannot hold is a warning on stderr, one per
kind of loss naming each item and its source file (--verbose: one per item and field).
`;

/** The clients `--to` names: a list, or `all`. */
function targets(value: string): SyncTool[] | "all" {
  return value.trim() === "all" ? "all" : toolList("to", value);
}

function toolList(flag: string, value: string): SyncTool[] {
  const tools = value.split(",").map((t) => t.trim());
  for (const tool of tools) {
    if (!(SYNC_TOOLS as readonly string[]).includes(tool)) {
      throw unknownChoice("tool", tool, SYNC_TOOLS, `--${flag}`);
    }
  }
  return [...new Set(tools as SyncTool[])];
}

/**
 * A kind as `--only` lists it: the countable kinds in the plural (`commands`, `hooks`), `mcp` and
 * `ignore` as they are.
 */
const kindName = (kind: SyncKind) =>
  kind === "mcp" || kind === "ignore" || kind.endsWith("s") ? kind : `${kind}s`;

/** The clients `to` names: `all` is every client but the source. */
const targetsOf = (to: readonly SyncTool[] | "all", from: SyncTool | undefined): SyncTool[] =>
  to === "all" ? SYNC_TOOLS.filter((tool) => tool !== from) : [...to];

function kindList(flag: string, value: string): SyncKind[] {
  const kinds: SyncKind[] = [];
  for (const typed of value.split(",").map((k) => k.trim())) {
    // Each kind is taken either way: "command" or "commands", "rule" or "rules".
    const known = SYNC_KINDS.find(
      (kind) => typed === kind || typed === `${kind}s` || `${typed}s` === kind,
    );
    if (known === undefined) throw unknownChoice("kind", typed, SYNC_KINDS.map(kindName), flag);
    kinds.push(known);
  }
  return [...new Set(kinds)];
}

/**
 * Why `--strict` stops the run, or undefined: any warning with `--strict=warnings`; else a
 * warning that is no loss the last sync reported (its record keeps them), so a known lossy
 * field does not fail every run, a new one does.
 */
function strictFailures(
  dir: string,
  warnings: readonly Issue[],
  everyWarning: boolean,
): string | undefined {
  const serious = warnings.filter((issue) => issue.severity !== "info");
  if (everyWarning) {
    return serious.length === 0
      ? undefined
      : `nothing written: ${serious.length} warning(s) with --strict=warnings`;
  }
  const record = WrittenRecord.read(Project.at(dir), { atItsWord: true });
  const fresh = serious.filter((issue) => !record.knownLoss(issue));
  if (fresh.length === 0) return undefined;
  const known = serious.length - fresh.length;
  return `nothing written: ${fresh.length} warning(s) with --strict that the last sync did not give${
    known > 0 ? ` (${known} known loss(es) aside: --strict=warnings counts them too)` : ""
  }`;
}

/** The request of the command line, each part not given there taken from the project's config. */
interface Request {
  readonly from: SyncTool | undefined;
  readonly to: readonly SyncTool[] | "all" | undefined;
  readonly only: readonly SyncKind[] | undefined;
  readonly exclude: readonly SyncKind[] | undefined;
}

/** `sync --init-config`: the request typed, written as the project's contextfmt.json. */
function initConfig(dir: string, request: Request): number {
  if (request.from === undefined || request.to === undefined) {
    throw new UsageError(
      `--init-config writes the --from and --to given (and --only, --exclude) as ${CONFIG_FILE}; give both`,
    );
  }
  const config: ProjectConfig = {
    from: request.from,
    to: request.to,
    ...(request.only === undefined ? {} : { only: request.only }),
    ...(request.exclude === undefined ? {} : { exclude: request.exclude }),
  };
  writeProjectConfig(dir, config);
  printLines([`wrote ${CONFIG_FILE}`]);
  return 0;
}

/** What a change does to its file, in words: a file not there yet is created, not changed. */
const changeVerb = (file: PlannedChange) =>
  file.after === undefined ? "remove" : file.before === undefined ? "create" : "change";

/** `before → after`, or the one number when it stays. */
const change = (before: number, after: number, unit: string) =>
  before === after ? `${after} ${unit}` : `${before} → ${after} ${unit}`;

/**
 * One line per target client: what it loads at the start of a session at the project's root
 * before the sync and after it (its instruction files' bytes and tokens, the commands, agents
 * and skills it offers).
 */
function loadLines(plan: WritePlan): string[] {
  return (plan.loads ?? []).map(({ client, before, after }) => {
    const parts = [
      change(before.bytes, after.bytes, "bytes"),
      change(before.tokens, after.tokens, "tokens"),
      change(before.items, after.items, "items"),
    ];
    return `${clientById(client).label} loads ${parts.join(", ")}`;
  });
}

/** The options that are a project's: none of them goes with `--user`. */
const PROJECT_ONLY = ["rules", "budget", "init-config", "watch", "strict"] as const;

/**
 * `sync --user`: the user's level, each client's own folder of the user's, from this process's
 * environment; no project is looked for or read, so nothing in one can steer where it writes.
 */
function syncUser(
  values: Readonly<Record<string, string | boolean | undefined>>,
  positionals: readonly string[],
): number {
  const given = [
    ...(positionals.length > 0 ? [`a project folder (${positionals[0]})`] : []),
    ...PROJECT_ONLY.filter((flag) => values[flag] !== undefined).map((flag) => `--${flag}`),
  ];
  if (given.length > 0) {
    throw new UsageError(
      `--user syncs the user's own folders and reads no project: ${given.join(", ")} cannot go with it`,
    );
  }
  if (values.from === undefined)
    throw new UsageError('--user needs --from; see "contextfmt sync --help"');
  if (values.to === undefined)
    throw new UsageError('--user needs --to; see "contextfmt sync --help"');
  const from = toolList("from", values.from as string)[0] as SyncTool;
  const to = targetsOf(targets(values.to as string), from);
  const only =
    values.only === undefined ? [...USER_SYNC_KINDS] : kindList("--only", values.only as string);
  const excluded = new Set(
    values.exclude === undefined ? [] : kindList("--exclude", values.exclude as string),
  );
  const kinds = only.filter((kind) => !excluded.has(kind));
  const other = kinds.filter((kind) => !(USER_SYNC_KINDS as readonly string[]).includes(kind));
  if (other.length > 0) {
    throw new UsageError(
      `--user carries ${USER_SYNC_KINDS.map(kindName).join(", ")}; ${other.map(kindName).join(", ")} ${other.length > 1 ? "are" : "is"} a project's`,
    );
  }
  if (kinds.length === 0) throw new UsageError("nothing to sync: every kind is excluded");
  const plan = planSync({ from, to, kinds, user: { env: process.env } });
  const { changed } = plan;
  const warnings = [...plan.warnings, ...changed.flatMap((file) => file.warnings)];
  reportIssues(values.verbose ? warnings : summedLosses(warnings));
  const conflict = values.force ? undefined : conflictError(plan);
  if (conflict) throw conflict;
  if (values["dry-run"]) {
    printLines(changed.flatMap(planDiff));
    return 0;
  }
  if (values.check) {
    printLines(
      changed.length === 0
        ? [`up to date (${plan.files.length} files)`]
        : changed.map((file) => `would ${changeVerb(file)} ${shown(file.path)}`),
    );
    return changed.length > 0 ? 1 : 0;
  }
  const { done, warnings: kept } = applyPlan(plan, { force: values.force === true });
  reportIssues(kept);
  printLines(writtenLines(plan, done));
  return 0;
}

export const run: Command["run"] = async (args) => {
  const { values, positionals } = parseFlags("sync", args, {
    from: { type: "string" },
    to: { type: "string" },
    only: { type: "string" },
    exclude: { type: "string" },
    rules: { type: "string" },
    budget: { type: "string" },
    check: { type: "boolean" },
    "dry-run": { type: "boolean" },
    strict: { type: "boolean", values: ["warnings"] },
    force: { type: "boolean" },
    "init-config": { type: "boolean" },
    verbose: { type: "boolean" },
    watch: { type: "boolean" },
    "carry-allows": { type: "boolean" },
    user: { type: "boolean" },
  });
  if (printedHelp(values, HELP)) return 0;
  noMorePositionals("sync", positionals, 1);
  if (values.user) return syncUser(values, positionals);
  if (values.watch) checkWatchFlags(values);
  // What is typed is checked before any folder is looked at.
  const typed: Request = {
    from: values.from === undefined ? undefined : toolList("from", values.from)[0],
    to: values.to === undefined ? undefined : targets(values.to),
    only: values.only === undefined ? undefined : kindList("--only", values.only),
    exclude: values.exclude === undefined ? undefined : kindList("--exclude", values.exclude),
  };
  const budget = nonNegativeInteger("budget", values.budget);
  // A folder named is the project's root as given; else the nearest one up from here.
  const dir = positionals[0] ?? projectRoot(process.cwd());
  if (values["init-config"]) return initConfig(dir, typed);
  const config = readProjectConfig(dir) ?? {};
  const from = typed.from ?? config.from;
  const toGiven = typed.to ?? config.to;
  if (toGiven === undefined) {
    throw new UsageError(`missing --to (or "to" in ${CONFIG_FILE}); see "contextfmt sync --help"`);
  }
  const to = targetsOf(toGiven, from);
  const only =
    typed.only ??
    config.only ??
    SYNC_KINDS.filter((kind) => kind !== "rules" || values.rules !== undefined);
  const excluded = new Set(typed.exclude ?? config.exclude ?? []);
  const kinds = only.filter((kind) => !excluded.has(kind));
  if (kinds.length === 0) {
    throw new UsageError(
      `nothing to sync: every kind of ${only.map(kindName).join(", ")} is excluded`,
    );
  }
  if (from === undefined && kinds.some((kind) => kind !== "rules")) {
    throw new UsageError(
      `missing --from (or "from" in ${CONFIG_FILE}; only --only rules goes without); see "contextfmt sync --help"`,
    );
  }
  if (kinds.includes("rules") && values.rules === undefined) {
    throw new UsageError('the rules kind needs --rules <file>; see "contextfmt sync --help"');
  }
  const rules = values.rules === undefined ? undefined : await readInputFile(values.rules);
  if (values.watch) {
    if (from === undefined)
      throw new UsageError("--watch watches the --from tool's files; give --from");
    return watchUntilStopped(
      {
        dir,
        from,
        to,
        kinds,
        ...(rules === undefined ? {} : { rules, rulesName: values.rules as string }),
        ...(budget === undefined ? {} : { budget }),
        ...(values["carry-allows"] ? { carryAllows: true } : {}),
        force: values.force === true,
      },
      values.verbose === true,
    );
  }
  // --check takes the record at its word (in CI there is no user's evidence), --dry-run shows
  // what this user's sync would do; neither saves evidence.
  const plan = planSync({
    dir,
    ...(from === undefined ? {} : { from }),
    to,
    kinds,
    ...(rules === undefined ? {} : { rules, rulesName: values.rules as string }),
    ...(budget === undefined ? {} : { budget }),
    ...(values["carry-allows"] ? { carryAllows: true } : {}),
    recordAtItsWord: values.check === true && !values["dry-run"],
  });
  const { files, changed } = plan;
  // What a file already written says again is no news: a sync that changes nothing is silent.
  const warnings = [
    ...plan.warnings,
    ...(values.strict ? files : changed).flatMap((file) => file.warnings),
  ];
  reportIssues(values.verbose ? warnings : groupedByTarget(summedLosses(warnings)));
  if (values.strict) {
    const failed = strictFailures(dir, warnings, values.strict === "warnings");
    if (failed !== undefined) {
      printLines([failed]);
      return 1;
    }
  }
  const conflict = values.force ? undefined : conflictError(plan);
  if (conflict) throw conflict;
  const loads = changed.length === 0 ? [] : loadLines(plan);
  if (values["dry-run"]) {
    printLines([...changed.flatMap(planDiff), ...loads]);
    return 0;
  }
  if (values.check) {
    printLines(
      changed.length === 0
        ? [upToDate(files.length)]
        : [...changed.map((file) => `would ${changeVerb(file)} ${shown(file.path)}`), ...loads],
    );
    return changed.length > 0 ? 1 : 0;
  }
  const { done, warnings: kept } = applyPlan(plan, { force: values.force === true });
  reportIssues(kept);
  printLines(writtenLines(plan, done));
  printLines(loads);
  return 0;
};
