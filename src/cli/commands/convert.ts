import {
  AGENT_FORMATS,
  type AgentFormatId,
  COMMAND_FORMATS,
  type CommandFormat,
  ConfigParseError,
  convertAgent,
  convertCommand,
  convertMcpConfig,
  convertSkill,
  MCP_CONFIG_FORMATS,
  type McpConfigFormat,
  SKILL_FORMATS,
  type SkillFormatId,
} from "../../agent-config/index.js";
import type { Issue } from "../../problems/issue.js";
import { type Command, printedHelp, printText, reportIssues } from "../command.js";
import { InputFileError, readTextFile } from "../input-files.js";
import { noMorePositionals, parseFlags, positional, UsageError } from "../usage.js";

/** What one kind of file converts with. The converters check `from` and `to` themselves. */
interface Kind {
  readonly formats: readonly string[];
  readonly convert: (
    text: string,
    from: string,
    to: string,
    name: string,
  ) =>
    | { content: string; warnings: readonly Issue[] }
    | Promise<{ content: string; warnings: readonly Issue[] }>;
}

const KINDS: Readonly<Record<string, Kind>> = {
  command: {
    formats: COMMAND_FORMATS,
    convert: (text, from, to, name) =>
      convertCommand(text, { from: from as CommandFormat, to: to as CommandFormat, name }),
  },
  mcp: {
    formats: MCP_CONFIG_FORMATS,
    convert: (text, from, to) =>
      convertMcpConfig(text, { from: from as McpConfigFormat, to: to as McpConfigFormat }),
  },
  agent: {
    formats: AGENT_FORMATS,
    convert: (text, from, to, name) =>
      convertAgent(text, { from: from as AgentFormatId, to: to as AgentFormatId, name }),
  },
  skill: {
    formats: SKILL_FORMATS,
    convert: (text, from, to, name) =>
      convertSkill(text, { from: from as SkillFormatId, to: to as SkillFormatId, name }),
  },
};

const HELP = `Usage: contextfmt convert <${Object.keys(KINDS).join("|")}> --from <format> --to <format> <file> [options]

Converts a slash command, an MCP server config, a subagent or a skill between Claude Code,
Gemini CLI and Codex CLI and prints the result on stdout. Whatever the target cannot hold is a
warning on stderr.

Kinds and formats:
${Object.entries(KINDS)
  .map(([kind, { formats }]) => `  ${kind.padEnd(9)} ${formats.join(", ")}`)
  .join("\n")}

Options:
  --from <format>   the file's format
  --to <format>     the format to write
  --name <name>     the name (default: from the file's path, e.g. commands/git/commit.toml
                    → git/commit, skills/review/SKILL.md → review)
  -h, --help        show this help
`;

/** `.gemini/commands/git/commit.toml` → `git/commit`; `skills/review/SKILL.md` → `review`. */
function nameFromPath(file: string): string {
  const path = file.replace(/\\/g, "/").replace(/\/SKILL\.md$/i, "");
  const under = /(?:^|\/)(?:commands|agents|skills)\/(.+)$/.exec(path)?.[1];
  return (under ?? path.split("/").pop() ?? path).replace(/\.(md|toml)$/i, "");
}

export const run: Command["run"] = async (args) => {
  const { values, positionals } = parseFlags("convert", args, {
    from: { type: "string" },
    to: { type: "string" },
    name: { type: "string" },
  });
  if (printedHelp(values, HELP)) return 0;
  const kindName = positional("convert", positionals, 0, "what to convert");
  const kind = KINDS[kindName];
  if (!kind) {
    throw new UsageError(
      `unknown kind ${JSON.stringify(kindName)}; kinds: ${Object.keys(KINDS).join(", ")}`,
    );
  }
  const file = positional("convert", positionals, 1, "the file to convert");
  noMorePositionals("convert", positionals, 2);
  if (values.from === undefined || values.to === undefined) {
    throw new UsageError('missing --from or --to; see "contextfmt convert --help"');
  }
  const text = readTextFile(file);
  try {
    const result = await kind.convert(
      text,
      values.from,
      values.to,
      values.name ?? nameFromPath(file),
    );
    printText(result.content);
    reportIssues(result.warnings);
    return 0;
  } catch (error) {
    if (ConfigParseError.is(error)) throw new InputFileError(`${file}: ${error.message}`);
    throw error;
  }
};
