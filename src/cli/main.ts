/**
 * The `contextfmt` command. The only code of the package that touches the file system, stdin and
 * stdout. Each subcommand is its own chunk, loaded on demand, so `contextfmt hook` (run on every
 * tool call) loads neither the YAML parser nor the converters.
 */
import * as nodeModule from "node:module";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { ContextFmtError } from "../problems/errors.js";
import { closestChoice, unknownChoice } from "../problems/suggest.js";
import { UsageError } from "../problems/usage-error.js";
import { NotInProjectError } from "../workspace/project-root.js";
import type { Command } from "./command.js";
import { requireCompiled } from "./compile-cache.js";
import { writeStderr, writeStdoutExact } from "./output.js";

/**
 * A hook lives ~25 ms. V8's optimizing compilers would compile its hot loops on background
 * threads that the process then waits for at exit, for code that never runs long enough to pay
 * off: measured 4 ms of wall time and 11 ms of CPU per call with 200 rules. Not with --exact:
 * decoding the tokenizer's 200,000 ranks is a loop long enough to pay (about 12 % of its CPU
 * time). Set before anything is compiled or cached: code cached under other flags is rejected,
 * and Node's own cache files its code by the flags in force when it is enabled.
 */
function setHookFlags(argv: readonly string[]): void {
  if (argv[0] !== "hook" || argv.includes("--exact")) return;
  setFlagsFromString("--no-opt --no-maglev");
}

setHookFlags(process.argv.slice(2));
// Node 22.1+ caches V8's compiled code itself; older Node gets the same from requireCompiled.
const nativeCache = (nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache;
nativeCache?.();

/**
 * A subcommand's file, built next to this one (dist/bin/commands/<name>.cjs): required only when
 * that subcommand runs, so `hook` never loads what `convert` needs.
 */
function loadCommand(name: string): Promise<Command> {
  const file = join(__dirname, "commands", `${name}.cjs`);
  return Promise.resolve(
    (nativeCache ? nodeModule.createRequire(__filename)(file) : requireCompiled(file)) as Command,
  );
}

const COMMANDS: Readonly<Record<string, { summary: string; load: () => Promise<Command> }>> = {
  render: {
    summary: "print a formatted context (render --format claude rules.json)",
    load: () => loadCommand("render"),
  },
  hook: {
    summary:
      "answer a tool's hook with the rules, project, session or memories (hook claude session-start)",
    load: () => loadCommand("hook"),
  },
  convert: {
    summary:
      "convert one command, MCP, agent or skill file (convert mcp --from claude --to codex .mcp.json)",
    load: () => loadCommand("convert"),
  },
  sync: {
    summary:
      "write one tool's commands, MCP servers, agents, skills, rules for others (sync --from claude --to gemini)",
    load: () => loadCommand("sync"),
  },
  init: {
    summary: "add the contextfmt hooks to a tool's project settings (init claude)",
    load: () => loadCommand("init"),
  },
  schema: {
    summary: "print the JSON Schema of an input file (schema rules)",
    load: () => loadCommand("schema"),
  },
  doctor: {
    summary: "what each client loads from the project, cut or missed (doctor)",
    load: () => loadCommand("doctor"),
  },
  tokens: {
    summary: "count tokens per section of a text or a rendered context (tokens CLAUDE.md)",
    load: () => loadCommand("tokens"),
  },
};

const HELP = `Usage: contextfmt <command> [options]

Commands:
${Object.entries(COMMANDS)
  .map(([name, { summary }]) => `  ${name.padEnd(8)} ${summary}`)
  .join("\n")}

Run "contextfmt <command> --help" for a command's options; "contextfmt --version" for the version.
Input files are JSON (.json) or YAML (.yaml, .yml); - reads stdin. Errors are one line on
stderr, with exit code 1 (2 for sync, init or doctor run outside any project).
`;

/** One line, whatever the error: the tool calling a hook shows stderr as it is. */
function describe(error: unknown): string {
  const message = ContextFmtError.is(error)
    ? error.message
    : `unexpected error: ${error instanceof Error ? error.message : String(error)}`;
  return message.split("\n").join("; ");
}

async function main(argv: readonly string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === "--help" || name === "-h" || name === "help") {
    writeStdoutExact(HELP);
    return 0;
  }
  if (name === undefined) {
    // As git and npm do: the help, and exit 1. A hook command line that lost its subcommand must
    // fail where a tool shows it, not inject this text into every session as a success would.
    writeStdoutExact(HELP);
    return 1;
  }
  if (name === "--version" || name === "-v" || name === "version") {
    // Read when asked: the bin is dist/bin/cli.cjs, the manifest two folders up.
    const { version } = nodeModule.createRequire(__filename)("../../package.json") as {
      version: string;
    };
    writeStdoutExact(`${version}\n`);
    return 0;
  }
  const command = COMMANDS[name];
  if (!command && name.startsWith("-")) {
    const near = closestChoice(name, ["--help", "--version"]);
    throw new UsageError(
      `unknown option ${JSON.stringify(name)}; ${near ? `did you mean "${near}"? ` : ""}see "contextfmt --help"`,
    );
  }
  if (!command) throw unknownChoice("command", name, Object.keys(COMMANDS));
  const { run } = await command.load();
  return run(args);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    writeStderr(`contextfmt: ${describe(error)}\n`);
    // Never 2 for a hook's error: Claude Code and Gemini CLI read exit code 2 as "block this
    // action". Only sync, init and doctor look for a project, and a script running one of them
    // in the wrong folder tells that (2) from a failed run (1).
    process.exitCode = NotInProjectError.is(error) ? 2 : 1;
  },
);
