import { unknownChoice } from "../../problems/suggest.js";
import {
  configuredClients,
  type DoctorReport,
  doctor,
  doctorHtml,
  findProjectRoot,
  readProjectConfig,
  SYNC_TOOLS,
  type SyncTool,
} from "../../sync.js";
import { CONFIG_FILE, PROJECT_MARKERS, projectRoot } from "../../workspace/project-root.js";
import { type Command, printedHelp } from "../command.js";
import { counterFor } from "../counter.js";
import { doctorTable } from "../doctor-table.js";
import { printLines, shown, writeOut, writeStdoutExact } from "../output.js";
import { noMorePositionals, parseFlags } from "../usage.js";

const HELP = `Usage: contextfmt doctor [dir] [--client <id>[,<id>…]] [--project-only] [--json] [--html <file>] [--strict] [--exact] [--start-mcp]

Shows what each client loads from the project for a session started in dir (default: the
current folder), and what it cuts, misses or reads twice. The project is the nearest folder up
from dir with ${PROJECT_MARKERS}: else dir itself, or, with no dir given, an error
(exit code 2). Reads the project (never through a link out of it or into .git) and
the user-level and managed instruction files each client reads for every project
(~/.claude/CLAUDE.md, $CODEX_HOME/AGENTS.md, /etc/claude-code/CLAUDE.md, …); runs
nothing (but servers with --start-mcp), writes nothing.

For each client: the instruction files it reads, in its order, with bytes and tokens, and
whether each is loaded (a user-level or managed file marked "user" or "managed"), shadowed (by what), cut (where, and how much is lost) or not read
(and why); its commands, agents, skills and MCP servers (two of one name: which wins); the
contextfmt hooks installed for it, per event, with what each would inject now against the
event's inline limit; the ignore file it reads, with how many patterns. Each client's rules say whether a real client confirmed them or they
come from its documentation. Then the session's start: per client, the tokens a new session
begins with from the project, by part (instruction files; skills, agents and commands as the
client lists them to the model; what contextfmt's start hooks inject, other start hooks
named but not counted; MCP servers, their tools counted only with --start-mcp).

Problems: over_client_limit, shadowed, not_loaded, duplicate_content, hook_over_limit,
out_of_sync (what "sync --check" would change, for a project synced before),
read_otherwise (a "!" line of an ignore file the client reads otherwise than git), untrusted
(what the client uses only once the folder is trusted or the server approved), unreadable
(a file it cannot or may not read, and why; the rest is still reported).

Options:
  --client <ids>  the clients, comma separated: ${SYNC_TOOLS.join(", ")} (default: those
                  ${CONFIG_FILE} syncs, its "from" and "to"; without it, all)
  --project-only  the project's files alone, no user-level or managed file (what CI
                  checks, the same on every machine)
  --json          the report as JSON: { clients: [...], problems: [...] }
  --html <file>   write the report as one self-contained page instead of the table (an
                  overview of every client, then per client a bar of what it loads, what
                  is cut or skipped, its commands, agents, skills, MCP servers, each hook
                  against its limit, and the problems by severity with their fix); prints
                  one line saying where it is
  --strict        exit 1 when there is any problem (but those of a code ${CONFIG_FILE}
                  lists in "accept", and those the last sync named, as "known", while
                  the files are as it left them)
  --exact         count tokens exactly with o200k (slower to start)
  --start-mcp     RUNS THE PROJECT'S COMMANDS: start each stdio MCP server the project
                  declares (the command its settings name, with your environment), ask
                  it for its tools, count their definitions, stop it (10 s each). Only
                  for a project you trust: a cloned repository's server is its author's
                  program. Never done without this flag; remote servers are not contacted
  -h, --help      show this help

Exit code: 0, or 1 with --strict and problems, or on bad arguments (an unknown client, a
folder that is not there, a page it cannot write).
`;

function clientList(value: string | undefined, root: string): SyncTool[] {
  if (value === undefined) return configuredClients(root) ?? [...SYNC_TOOLS];
  const chosen = new Set<string>();
  for (const id of value.split(",").map((part) => part.trim())) {
    if (!(SYNC_TOOLS as readonly string[]).includes(id)) {
      throw unknownChoice("client", id, SYNC_TOOLS, "--client");
    }
    chosen.add(id);
  }
  return SYNC_TOOLS.filter((tool) => chosen.has(tool));
}

/** `wrote doctor.html: 9 clients, 4 problems (3 warnings, 1 info)`. */
function pageLine(path: string, report: DoctorReport): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  const severities = (["error", "warning", "info"] as const)
    .map(
      (severity) =>
        [severity, report.problems.filter((p) => p.severity === severity).length] as const,
    )
    .filter(([, n]) => n > 0)
    .map(([severity, n]) => (severity === "info" ? `${n} info` : plural(n, severity)));
  const problems = `${plural(report.problems.length, "problem")}${severities.length === 0 ? "" : ` (${severities.join(", ")})`}`;
  return `wrote ${shown(path)}: ${plural(report.clients.length, "client")}, ${problems}`;
}

export const run: Command["run"] = async (args) => {
  const { values, positionals } = parseFlags("doctor", args, {
    client: { type: "string" },
    json: { type: "boolean" },
    html: { type: "string" },
    strict: { type: "boolean" },
    exact: { type: "boolean" },
    "project-only": { type: "boolean" },
    "start-mcp": { type: "boolean" },
  });
  if (printedHelp(values, HELP)) return 0;
  noMorePositionals("doctor", positionals, 1);
  const dir = positionals[0] ?? ".";
  // With no folder named, one outside any project is an error; a folder named is reported even
  // outside one (as its own project).
  const root = positionals[0] === undefined ? projectRoot(process.cwd()) : rootOf(dir);
  const clients = clientList(values.client, root);
  const counter = await counterFor(values.exact);
  const report = await doctor({
    dir,
    clients,
    ...(counter === undefined ? {} : { counter }),
    ...(values["project-only"] ? {} : { user: { env: process.env, platform: process.platform } }),
    ...(values["start-mcp"] ? { startMcp: true } : {}),
  });
  if (values.html !== undefined) writeOut(values.html, doctorHtml(report));
  const failing = unaccepted(report, readProjectConfig(root)?.accept ?? []);
  if (values.json) writeStdoutExact(`${JSON.stringify(report, null, 2)}\n`);
  // The page is the report: one line says where it is, rather than the table again.
  else if (values.html !== undefined) printLines([pageLine(values.html, report)]);
  else {
    printLines(doctorTable(report));
    const accepted = report.problems.length - failing;
    if (accepted > 0) {
      printLines([
        `${accepted} of them of a code ${CONFIG_FILE} accepts (--strict passes over them)`,
      ]);
    }
  }
  return values.strict && failing > 0 ? 1 : 0;
};

/** The project root doctor takes for the folder `dir`: the nearest up, else `dir` itself. */
const rootOf = (dir: string) => findProjectRoot(dir) ?? dir;

/** How many problems of `report` are neither known (named by the last sync) nor of a code in `accept`. */
const unaccepted = (report: DoctorReport, accept: readonly string[]) =>
  report.problems.filter((problem) => problem.known === undefined && !accept.includes(problem.code))
    .length;
