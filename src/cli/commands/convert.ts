import {
  COMMAND_FORMATS,
  type CommandFormat,
  ConfigParseError,
  convertCommand,
  convertMcpConfig,
  MCP_CONFIG_FORMATS,
  type McpConfigFormat,
} from "../../agent-config/index.js";
import { type Command, printedHelp, printText, reportIssues } from "../command.js";
import { InputFileError, readTextFile } from "../input-files.js";
import { noMorePositionals, parseFlags, positional, UsageError } from "../usage.js";

const HELP = `Usage: contextfmt convert <command|mcp> --from <format> --to <format> <file> [options]

Converts a slash command or an MCP server config between Claude Code, Gemini CLI and Codex CLI
and prints the result on stdout. Whatever the target cannot hold is a warning on stderr.

Kinds and formats:
  command   ${COMMAND_FORMATS.join(", ")}
  mcp       ${MCP_CONFIG_FORMATS.join(", ")}

Options:
  --from <format>   the file's format
  --to <format>     the format to write
  --name <name>     the command's name (default: from the file name, e.g. git/commit)
  -h, --help        show this help
`;

/** `.gemini/commands/git/commit.toml` → `git/commit`; `review.md` → `review`. */
function commandName(file: string): string {
  const path = file.replace(/\\/g, "/");
  const inCommands = /(?:^|\/)commands\/(.+)$/.exec(path)?.[1] ?? path.split("/").pop() ?? path;
  return inCommands.replace(/\.(md|toml)$/i, "").replace(/\/SKILL$/i, "");
}

export const run: Command["run"] = async (args) => {
  const { values, positionals } = parseFlags("convert", args, {
    from: { type: "string" },
    to: { type: "string" },
    name: { type: "string" },
  });
  if (printedHelp(values, HELP)) return 0;
  const kind = positional("convert", positionals, 0, "what to convert (command or mcp)");
  if (kind !== "command" && kind !== "mcp") {
    throw new UsageError(`unknown kind ${JSON.stringify(kind)}; kinds: command, mcp`);
  }
  const file = positional("convert", positionals, 1, "the file to convert");
  noMorePositionals("convert", positionals, 2);
  if (values.from === undefined || values.to === undefined) {
    throw new UsageError('missing --from or --to; see "contextfmt convert --help"');
  }
  const text = readTextFile(file);
  // The converters check --from and --to against their formats and name the flag when wrong.
  const { from, to } = values;
  try {
    const result =
      kind === "mcp"
        ? convertMcpConfig(text, { from: from as McpConfigFormat, to: to as McpConfigFormat })
        : await convertCommand(text, {
            from: from as CommandFormat,
            to: to as CommandFormat,
            name: values.name ?? commandName(file),
          });
    printText(result.content);
    reportIssues(result.warnings);
    return 0;
  } catch (error) {
    if (ConfigParseError.is(error)) throw new InputFileError(`${file}: ${error.message}`);
    throw error;
  }
};
