import {
  AGENT_FORMATS,
  type AgentFormatId,
  COMMAND_FORMATS,
  type CommandFormat,
  ConfigParseError,
  convertAgent,
  convertAgentConfig,
  convertCommand,
  convertSkill,
  MCP_CONFIG_FORMATS,
  SKILL_FORMATS,
  type SkillFormatId,
} from "../../agent-config/index.js";
import type { Issue } from "../../problems/issue.js";
import { unknownChoice } from "../../problems/suggest.js";
import { type Command, printedHelp, printText, reportIssues } from "../command.js";
import { InputFileError, readTextFile, STDIN } from "../input-files.js";
import { writeOut } from "../output.js";
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
    convert: (text, from, to) => {
      const result = convertAgentConfig("mcp", text, { from, to });
      // A file with no servers at all is most likely another file (VS Code's { "servers" }, a
      // config.toml without [mcp_servers]): empty output with exit 0 would hide that.
      if (result.value.length === 0 && result.warnings.length === 0) {
        throw new ConfigParseError(`${from} MCP config`, "no MCP servers found to convert");
      }
      return result;
    },
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

const HELP = `Usage: contextfmt convert <${Object.keys(KINDS).join("|")}> --from <format> --to <format> <file|-> [options]

Converts one slash command, MCP server config, subagent or skill file (- reads stdin) between
Claude Code, Gemini CLI and Codex CLI and prints the result on stdout, or writes it with --out.
Whatever the target cannot hold is a warning on stderr. For a whole project, see
"contextfmt sync".

Kinds and formats:
${Object.entries(KINDS)
  .map(([kind, { formats }]) => `  ${kind.padEnd(9)} ${formats.join(", ")}`)
  .join("\n")}

Options:
  --from <format>   the file's format
  --to <format>     the format to write
  --name <name>     the name (default: from the file's path, e.g. commands/git/commit.toml
                    → git/commit, skills/review/SKILL.md → review; needed with -)
  --out <file>      write the result to this file instead of stdout
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
    out: { type: "string" },
  });
  if (printedHelp(values, HELP)) return 0;
  const kindName = positional("convert", positionals, 0, "what to convert");
  const kind = KINDS[kindName];
  if (!kind) throw unknownChoice("kind", kindName, Object.keys(KINDS));
  const file = positional("convert", positionals, 1, "the file to convert");
  noMorePositionals("convert", positionals, 2);
  if (values.from === undefined || values.to === undefined) {
    throw new UsageError('missing --from or --to; see "contextfmt convert --help"');
  }
  for (const [flag, format] of [
    ["--from", values.from],
    ["--to", values.to],
  ] as const) {
    if (!kind.formats.includes(format)) {
      throw unknownChoice(`${kindName} format`, format, kind.formats, flag);
    }
  }
  const text = await readTextFile(file);
  const name = values.name ?? (file === STDIN ? undefined : nameFromPath(file));
  if (name === undefined && kind !== KINDS.mcp) {
    throw new UsageError(
      '--name is needed when the file is read from stdin; see "contextfmt convert --help"',
    );
  }
  let result: { content: string; warnings: readonly Issue[] };
  try {
    result = await kind.convert(text, values.from, values.to, name ?? "");
  } catch (error) {
    if (ConfigParseError.is(error)) {
      throw new InputFileError(`${file === STDIN ? "<stdin>" : file}: ${error.message}`);
    }
    throw error;
  }
  const content = result.content.endsWith("\n") ? result.content : `${result.content}\n`;
  if (values.out !== undefined) writeOut(values.out, content);
  else printText(content);
  reportIssues(result.warnings);
  return 0;
};
