/**
 * The subagent files of GitHub Copilot CLI, Qwen Code, OpenCode, Cursor and Cline: markdown with YAML
 * frontmatter and the system prompt as the body, like Claude Code's, differing in how each names
 * tools, models and the turn limit. Each is declared once, as data, and built by one function.
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

/** How one tool writes an agent's tools, model and turn limit. */
interface AgentSpec {
  readonly id: string;
  /** The tool's name in messages. */
  readonly tool: string;
  /** Whether the file names the agent (`name:`); false: the file name does. */
  readonly namesItself: boolean;
  /** The turn-limit key, or undefined when the tool has none. */
  readonly maxTurns?: string;
  /** The model key, when not `model`. */
  readonly modelKey?: string;
  /** Frontmatter the tool needs on every agent (OpenCode: `mode: subagent`). */
  readonly fixed?: Readonly<Record<string, unknown>>;
  /** Reads the file's `tools` into neutral (Claude Code) names. */
  readonly readTools: (value: unknown) => string[] | undefined;
  /** The `tools` value for neutral names; unheld names are reported on `log`. */
  readonly writeTools: (agent: Agent, log: WarningLog) => unknown;
  /** Which models the tool runs and how its file names them (see {@link modelFor}). */
  readonly model: Omit<ModelRule, "tool">;
}

function agentFormat(spec: AgentSpec): AgentCodec {
  const fileLabel = `${spec.id} agent markdown`;
  return Object.freeze({
    kind: "agent",
    id: spec.id,
    fileLabel,
    parse(text: string, options: ParseAgentOptions) {
      const fm = readFrontmatter(fileLabel, text);
      const data = { ...fm.data };
      // Keys the tool requires of every file carry nothing of the agent's own.
      for (const key of Object.keys(spec.fixed ?? {})) delete data[key];
      const agent = readMarkdownAgent(fileLabel, spec.id, { ...fm, data }, options, {
        maxTurns: spec.maxTurns ?? "maxTurns",
        readTools: spec.readTools,
        ...(spec.modelKey !== undefined ? { model: spec.modelKey } : {}),
      });
      return { agent, warnings: [] };
    },
    render(agent: Agent) {
      const log = new WarningLog();
      if (agent.maxTurns !== undefined && spec.maxTurns === undefined) {
        log.lossy(agent.name, "maxTurns", `${spec.tool} has no turn limit for an agent; dropped`);
      }
      const head = frontmatterBlock({
        ...(spec.namesItself ? { name: agent.name } : {}),
        description: agent.description,
        ...spec.fixed,
        tools: spec.writeTools(agent, log),
        [spec.modelKey ?? "model"]: modelFor(agent, { tool: spec.tool, ...spec.model }, log),
        ...(spec.maxTurns !== undefined ? { [spec.maxTurns]: agent.maxTurns } : {}),
        ...agent.extra?.[spec.id],
      });
      reportForeignExtras(agent, spec.id, spec.tool, log);
      return { content: `${head}${agent.prompt}`, warnings: log.list };
    },
  });
}

/** A list of tool names, or a comma list; anything else is a parse error. */
function nameList(file: string) {
  return (value: unknown): string[] | undefined => {
    if (value === undefined || value === null) return undefined;
    if (typeof value === "string")
      return value
        .split(",")
        .map((t) => t.trim())
        .filter(Boolean);
    if (Array.isArray(value) && value.every((tool) => typeof tool === "string")) return value;
    throw new ConfigParseError(file, "expected a list of tool names", { path: "tools" });
  };
}

/** Maps neutral tool names through `table`; a name with no entry is reported and left out. */
function mapTools(
  agent: Agent,
  log: WarningLog,
  tool: string,
  map: (name: string) => string | undefined,
): string[] | undefined {
  if (agent.tools === undefined) return undefined;
  const out: string[] = [];
  for (const name of agent.tools) {
    const mapped = map(name);
    if (mapped === undefined)
      log.lossy(agent.name, "tools", `${tool} has no tool "${name}"; dropped`);
    else if (!out.includes(mapped)) out.push(mapped);
  }
  return out;
}

/** The reverse of a one-to-many table: each target name to its first neutral name. */
const reverse = (table: Readonly<Record<string, string>>): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [neutral, own] of Object.entries(table)) out[own] ??= neutral;
  return out;
};

/** Copilot CLI's tool aliases (case-insensitive; it maps Claude Code's names to the same ones). */
const COPILOT_TOOLS: Readonly<Record<string, string>> = {
  Read: "read",
  NotebookRead: "read",
  Edit: "edit",
  MultiEdit: "edit",
  Write: "edit",
  NotebookEdit: "edit",
  Grep: "search",
  Glob: "search",
  Bash: "execute",
  Task: "agent",
  WebFetch: "web",
  WebSearch: "web",
  TodoWrite: "todo",
};
const FROM_COPILOT = reverse(COPILOT_TOOLS);

/**
 * GitHub Copilot CLI's `.github/agents/<name>.agent.md`: `name`, `description`, `tools` (its
 * aliases `read`, `edit`, `search`, `execute`, `agent`, `web`, `todo`; an MCP server's tools as
 * `server/tool` or `server/*`), `model`, and its own keys (`target`, `mcp-servers`, …), kept.
 */
export const copilotAgent: AgentCodec = agentFormat({
  id: "copilot",
  tool: "Copilot CLI",
  namesItself: true,
  readTools: (value) =>
    nameList("copilot agent markdown")(value)?.map((name) => {
      const mcp = /^([^/]+)\/(.+)$/.exec(name);
      if (mcp) return mcp[2] === "*" ? `mcp__${mcp[1]}` : `mcp__${mcp[1]}__${mcp[2]}`;
      return FROM_COPILOT[name.toLowerCase()] ?? name;
    }),
  writeTools: (agent, log) =>
    mapTools(agent, log, "Copilot CLI", (name) => {
      const mcp = /^mcp__(.+?)(?:__(.+))?$/.exec(name);
      if (mcp) return `${mcp[1]}/${mcp[2] ?? "*"}`;
      return COPILOT_TOOLS[name] ?? (/^[a-z]+$/.test(name) ? name : undefined);
    }),
  // Copilot serves models of several vendors; it has no `inherit` (a model it does not offer is
  // "not available; will use current model instead").
  model: { vendors: ["Anthropic", "Google", "OpenAI"], inheritWord: false },
});

/** Qwen Code's tool names for Claude Code's. */
const QWEN_TOOLS: Readonly<Record<string, string>> = {
  Read: "read_file",
  Write: "write_file",
  Edit: "edit",
  Glob: "glob",
  Grep: "grep_search",
  LS: "list_directory",
  Bash: "run_shell_command",
  WebFetch: "web_fetch",
  WebSearch: "web_search",
  TodoWrite: "todo_write",
  Skill: "skill",
  Task: "agent",
  AskUserQuestion: "ask_user_question",
};
const FROM_QWEN = reverse(QWEN_TOOLS);

/**
 * Qwen Code's `.qwen/agents/<name>.md`: `name`, `description`, `tools` (its own names,
 * `read_file`, `run_shell_command`, …; MCP tools as Claude Code writes them), `model`,
 * `maxTurns`, and its other keys (`color`, `approvalMode`, `disallowedTools`, …), kept.
 */
export const qwenAgent: AgentCodec = agentFormat({
  id: "qwen",
  tool: "Qwen Code",
  namesItself: true,
  maxTurns: "maxTurns",
  readTools: (value) =>
    nameList("qwen agent markdown")(value)?.map((name) => FROM_QWEN[name] ?? name),
  writeTools: (agent, log) =>
    mapTools(agent, log, "Qwen Code", (name) =>
      name.startsWith("mcp__")
        ? name
        : (QWEN_TOOLS[name] ?? (/^[a-z_]+$/.test(name) ? name : undefined)),
    ),
  // Qwen Code's own models, and others through its OpenAI, Anthropic and Gemini auth types; its
  // agents take `inherit`, `fast`, a model id or `authType:model-id`.
  model: { vendors: ["Qwen", "OpenAI", "Anthropic", "Google"], inheritWord: true },
});

/** OpenCode's tool names for Claude Code's. */
const OPENCODE_TOOLS: Readonly<Record<string, string>> = {
  Read: "read",
  Write: "write",
  Edit: "edit",
  MultiEdit: "edit",
  Glob: "glob",
  Grep: "grep",
  LS: "list",
  Bash: "bash",
  WebFetch: "webfetch",
  TodoWrite: "todowrite",
  Skill: "skill",
  Task: "task",
};
const FROM_OPENCODE = reverse(OPENCODE_TOOLS);

/**
 * OpenCode's `.opencode/agent/<name>.md` (the file names the agent): `description`,
 * `mode: subagent`, `model` as `provider/model`, `tools` as a map of tool name to on/off (a list
 * becomes `"*": false` and the listed ones on), `steps`, and its other keys (`temperature`,
 * `permission`, …), kept.
 */
export const opencodeAgent: AgentCodec = agentFormat({
  id: "opencode",
  tool: "OpenCode",
  namesItself: false,
  maxTurns: "steps",
  fixed: { mode: "subagent" },
  readTools: (value) => {
    if (value === undefined || value === null) return undefined;
    if (typeof value !== "object" || Array.isArray(value)) {
      throw new ConfigParseError(
        "opencode agent markdown",
        "expected a map of tool names to true or false",
        {
          path: "tools",
        },
      );
    }
    const entries = Object.entries(value as Record<string, unknown>);
    // Only an allow-list reads back as a list: every tool off, then some on.
    if (!entries.some(([name, on]) => name === "*" && on === false)) return undefined;
    return entries
      .filter(([name, on]) => name !== "*" && on === true)
      .map(([name]) => {
        const mcp = /^([^_]+)_(.+)$/.exec(name);
        if (FROM_OPENCODE[name]) return FROM_OPENCODE[name];
        if (mcp) return mcp[2] === "*" ? `mcp__${mcp[1]}` : `mcp__${mcp[1]}__${mcp[2]}`;
        return name;
      });
  },
  writeTools: (agent, log) => {
    const tools = mapTools(agent, log, "OpenCode", (name) => {
      const mcp = /^mcp__(.+?)(?:__(.+))?$/.exec(name);
      if (mcp) return `${mcp[1]}_${mcp[2] ?? "*"}`;
      if (/\(/.test(name)) return undefined;
      return OPENCODE_TOOLS[name];
    });
    if (tools === undefined) return undefined;
    return Object.fromEntries([["*", false], ...tools.map((name) => [name, true])]);
  },
  // Any vendor's model through a provider named first; no word for the session's model.
  model: {
    vendors: ["Anthropic", "Google", "OpenAI", "Qwen"],
    inheritWord: false,
    providers: { Anthropic: "anthropic", Google: "google", OpenAI: "openai" },
  },
});

/**
 * Cursor's `.cursor/agents/<name>.md`: `name`, `description`, `model` (`inherit`, `fast` or a
 * model id), and its own keys (`readonly`, `is_background`), kept. Cursor has no per-agent tool
 * list: a list is reported and left out (the agent gets every tool).
 */
export const cursorAgent: AgentCodec = agentFormat({
  id: "cursor",
  tool: "Cursor",
  namesItself: true,
  readTools: () => undefined,
  writeTools: (agent, log) => {
    if (agent.tools !== undefined) {
      log.lossy(agent.name, "tools", "Cursor has no per-agent tool list; every tool is offered");
    }
    return undefined;
  },
  // Cursor serves models of several vendors and knows `inherit` and `fast`.
  model: { vendors: ["Anthropic", "Google", "OpenAI"], inheritWord: true },
});

/**
 * Cline's names for Claude Code's tools: Cline lowercases a listed name and maps its own older
 * names (`read_file`, `execute_command`, …) to its tools, keeping any other name as written.
 */
const CLINE_TOOLS: Readonly<Record<string, string>> = {
  Read: "read_files",
  Edit: "editor",
  Write: "editor",
  MultiEdit: "editor",
  Grep: "search_codebase",
  Glob: "search_codebase",
  Bash: "run_commands",
  WebFetch: "fetch_web_content",
  Skill: "skills",
  AskUserQuestion: "ask_question",
};
const FROM_CLINE = reverse(CLINE_TOOLS);
/** Every tool a Cline subagent can be given (any other name in its list gives it nothing). */
const CLINE_OWN_TOOLS: ReadonlySet<string> = new Set([
  ...Object.values(CLINE_TOOLS),
  "apply_patch",
  "submit_and_exit",
]);

/**
 * Cline's `.cline/agents/<name>.yaml` (its CLI offers each as a `subagent_<name>` tool): YAML
 * frontmatter between `---` lines with `name`, `description`, `tools` (its own names,
 * `read_files`, `run_commands`, `editor`, …), `modelId`, `maxIterations` and its other keys
 * (`providerId`, `skills`), kept, then the system prompt. A subagent gets Cline's own tools
 * only: an MCP tool, or a tool limited to some commands, is reported and left out.
 */
export const clineAgent: AgentCodec = agentFormat({
  id: "cline",
  tool: "Cline",
  namesItself: true,
  maxTurns: "maxIterations",
  modelKey: "modelId",
  readTools: (value) =>
    nameList("cline agent markdown")(value)?.map((name) => FROM_CLINE[name.toLowerCase()] ?? name),
  writeTools: (agent, log) =>
    mapTools(agent, log, "Cline", (name) => {
      if (name.startsWith("mcp__")) return undefined;
      const own = CLINE_TOOLS[name];
      // One Cline tool does the work of several (Write and Edit: its editor): said, as it reads
      // back as the first of them.
      if (own !== undefined && FROM_CLINE[own] !== name) {
        log.info(
          "rewritten_field",
          `${agent.name}: tool ${name} written as ${own}, Cline's one tool for it`,
          `${agent.name}.tools`,
        );
      }
      return own ?? (CLINE_OWN_TOOLS.has(name) ? name : undefined);
    }),
  // Cline runs every vendor's models through the session's provider; no word for its model.
  model: { vendors: ["Anthropic", "Google", "OpenAI", "Qwen"], inheritWord: false },
});
