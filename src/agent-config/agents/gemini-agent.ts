/**
 * Gemini CLI's subagent file (`.gemini/agents/<name>.md`): YAML frontmatter with `name` (a slug:
 * lowercase letters, digits, `-`, `_`), `description`, `kind: local`, `tools` (a list of Gemini
 * tool names, wildcards `*`, `mcp_*`, `mcp_server_*`), `model`, `max_turns`, and the keys
 * `display_name`, `temperature`, `timeout_mins`, `policy`, `mcp_servers`, kept. Gemini CLI
 * refuses a file with any other key, so only these are written. Remote (A2A) agents are not read.
 */
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
import { fromGeminiTool, toGeminiTool } from "./tool-names.js";

const ID = "gemini";
const FILE = "gemini agent markdown";
/** Gemini CLI runs Google's models; its loader reads `inherit` (and no model) as the session's. */
const MODEL: ModelRule = { tool: "Gemini CLI", vendors: ["Google"], inheritWord: true };
/**
 * The other keys Gemini CLI's local agent schema accepts. Its docs write `mcpServers`, but the CLI
 * (0.61) reads `mcp_servers` and refuses a file with `mcpServers`.
 */
const KEPT = new Set([
  "kind",
  "display_name",
  "temperature",
  "timeout_mins",
  "policy",
  "mcp_servers",
]);

/** Gemini's name rule: lowercase letters, digits, hyphens and underscores. */
function geminiName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9_-]+/g, "-");
}

function readTools(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value) && value.every((tool) => typeof tool === "string")) {
    return value.map(fromGeminiTool);
  }
  throw new ConfigParseError(FILE, "expected a list of tool names", { path: "tools" });
}

function geminiTools(agent: Agent, log: WarningLog): string[] | undefined {
  if (agent.tools === undefined) return undefined;
  const kept: string[] = [];
  for (const tool of agent.tools) {
    const gemini = toGeminiTool(tool);
    if (gemini !== undefined) kept.push(gemini);
    else {
      const why = /\(/.test(tool)
        ? "Gemini CLI cannot limit a tool to some arguments"
        : "Gemini CLI has no such tool";
      log.lossy(agent.name, "tools", `${why}; "${tool}" dropped`);
    }
  }
  return kept;
}

/**
 * Reads and writes Gemini CLI subagent markdown.
 *
 * @example
 * ```ts
 * geminiAgent.render({ name: "reviewer", description: "Reviews diffs", prompt: "You review.\n", tools: ["Read"] }).content;
 * // ---\nname: reviewer\ndescription: Reviews diffs\ntools:\n  - read_file\n---\nYou review.\n
 * ```
 */
export const geminiAgent: AgentCodec = Object.freeze({
  kind: "agent",
  id: ID,
  fileLabel: FILE,
  parse(text: string, options: ParseAgentOptions) {
    const fm = readFrontmatter(FILE, text);
    if (fm.data.kind === "remote") {
      throw new ConfigParseError(FILE, "a remote (A2A) agent has no equivalent elsewhere", {
        path: "kind",
      });
    }
    const agent = readMarkdownAgent(FILE, ID, fm, options, { maxTurns: "max_turns", readTools });
    return { agent, warnings: [] };
  },
  render(agent: Agent) {
    const log = new WarningLog();
    const name = geminiName(agent.name);
    if (name !== agent.name) {
      log.lossy(agent.name, "name", `Gemini CLI names are lowercase slugs; written as "${name}"`);
    }
    const kept: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(agent.extra?.[ID] ?? {})) {
      if (KEPT.has(key)) kept[key] = value;
      else log.lossy(agent.name, key, `Gemini CLI refuses an agent with "${key}"; dropped`);
    }
    // In the order Gemini CLI documents its keys; an object keeps the order keys first appear in.
    const head = frontmatterBlock({
      name,
      description: agent.description,
      kind: undefined,
      display_name: undefined,
      tools: geminiTools(agent, log),
      model: modelFor(agent, MODEL, log),
      temperature: undefined,
      max_turns: agent.maxTurns,
      ...kept,
    });
    reportForeignExtras(agent, ID, "Gemini CLI", log);
    return { content: `${head}${agent.prompt}`, warnings: log.list };
  },
});
