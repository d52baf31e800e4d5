/**
 * Claude Code's subagent file (`.claude/agents/<name>.md`): YAML frontmatter with `name`,
 * `description`, `tools` (a comma list or a YAML list; absent means every tool), `model`
 * (`sonnet`, `opus`, `haiku`, a model id or `inherit`), `maxTurns`, and any other key
 * (`disallowedTools`, `permissionMode`, `color`, …), kept; the body is the system prompt.
 */
import { splitTools } from "../commands/command.js";
import { ConfigParseError } from "../config-error.js";
import { frontmatterBlock, readFrontmatter } from "../frontmatter.js";
import { WarningLog } from "../warnings.js";
import {
  type Agent,
  type AgentCodec,
  type ParseAgentOptions,
  reportForeignExtras,
} from "./agent.js";
import { type ModelRule, modelFor } from "./agent-model.js";
import { readMarkdownAgent } from "./markdown-agent.js";
import { isClaudeTool } from "./tool-names.js";

const ID = "claude";
const FILE = "claude agent markdown";
/** Claude Code runs Anthropic's models and resolves its own aliases and `inherit`. */
const MODEL: ModelRule = { tool: "Claude Code", vendors: ["Anthropic"], inheritWord: true };

function readTools(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") return splitTools(value);
  if (Array.isArray(value) && value.every((tool) => typeof tool === "string")) return value;
  throw new ConfigParseError(FILE, "expected a string or a list of strings", { path: "tools" });
}

/** The tools Claude Code can read; Gemini-only names are reported and left out. */
function claudeTools(agent: Agent, log: WarningLog): string[] | undefined {
  if (agent.tools === undefined) return undefined;
  const kept: string[] = [];
  for (const tool of agent.tools) {
    if (isClaudeTool(tool)) kept.push(tool);
    else log.lossy(agent.name, "tools", `Claude Code has no tool "${tool}"; dropped`);
  }
  return kept;
}

/**
 * Reads and writes Claude Code subagent markdown.
 *
 * @example
 * ```ts
 * claudeAgent.parse("---\nname: reviewer\ndescription: Reviews diffs\ntools: Read, Grep\n---\nYou review.\n", {}).agent.tools;
 * // ["Read", "Grep"]
 * ```
 */
export const claudeAgent: AgentCodec = Object.freeze({
  kind: "agent",
  id: ID,
  fileLabel: FILE,
  parse(text: string, options: ParseAgentOptions) {
    const fm = readFrontmatter(FILE, text);
    const agent = readMarkdownAgent(FILE, ID, fm, options, { maxTurns: "maxTurns", readTools });
    return { agent, warnings: [] };
  },
  render(agent: Agent) {
    const log = new WarningLog();
    const tools = claudeTools(agent, log);
    const head = frontmatterBlock({
      name: agent.name,
      description: agent.description,
      // A comma list, as Claude Code writes it; an empty list stays a list (no tools at all).
      tools: tools?.length ? tools.join(", ") : tools,
      model: modelFor(agent, MODEL, log),
      maxTurns: agent.maxTurns,
      ...agent.extra?.[ID],
    });
    reportForeignExtras(agent, ID, "Claude Code", log);
    return { content: `${head}${agent.prompt}`, warnings: log.list };
  },
});
