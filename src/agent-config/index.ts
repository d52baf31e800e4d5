/**
 * contextfmt/agent-config: slash commands, MCP server configs, subagents and skills converted
 * between Claude Code, Codex CLI and Gemini CLI, through a registry of formats a user can extend.
 * Pure: text in, text out. Command conversion is async (an optional AI converter may be tried
 * first); MCP, agent and skill conversion is sync and rule-based only.
 */

// The error thrown for an unknown format id (an InvalidInputError listing the registered ids).
export { UnknownFormatError } from "../problems/errors.js";
export {
  AGENT_FORMATS,
  type Agent,
  type AgentCodec,
  type AgentFormat,
  type AgentParseResult,
  type AgentRenderResult,
  AgentSchema,
  type ParseAgentOptions,
} from "./agents/agent.js";
export {
  type AgentFormatId,
  type ConvertAgentOptions,
  convertAgent,
  type PassthroughConversionResult,
  parseAgent,
  renderAgent,
} from "./agents/convert-agent.js";
export type {
  Codec,
  CodecParseOptions,
  CodecParseResult,
  CodecRenderResult,
} from "./codec.js";
export {
  COMMAND_FORMATS,
  type Command,
  type CommandCodec,
  type CommandFormat,
  type CommandFormatId,
  type CommandParseResult,
  type CommandRenderResult,
  CommandSchema,
  type ParseCommandOptions,
} from "./commands/command.js";
export {
  type AiConversionRequest,
  type AiConverter,
  type CommandConversionResult,
  type ConvertCommandOptions,
  convertCommand,
  parseCommand,
  renderCommand,
} from "./commands/convert-command.js";
export { type ConfigErrorPlace, ConfigParseError } from "./config-error.js";
export {
  type AgentConfigConversion,
  type ConvertAgentConfigOptions,
  convertAgentConfig,
  type ParseResultOfKind,
  parseAgentConfig,
  renderAgentConfig,
  type ValueOfKind,
} from "./convert.js";
export {
  type ConvertMcpOptions,
  convertMcpConfig,
  type McpConversionResult,
  parseMcpConfig,
  renderMcpConfig,
} from "./mcp/convert-mcp.js";
export type { McpCodec, McpParseResult, McpRenderResult } from "./mcp/mcp-codec.js";
export {
  MCP_CONFIG_FORMATS,
  type McpConfigFormat,
  type McpConfigFormatId,
  type McpRemoteServer,
  type McpServer,
  McpServerSchema,
  type McpStdioServer,
  type McpTransport,
} from "./mcp/mcp-server.js";
export {
  type AgentConfigFormat,
  type AgentConfigKind,
  AgentConfigRegistry,
  builtinAgentConfigFormats,
  createAgentConfigRegistry,
  type FormatOfKind,
  type RegistryOption,
} from "./registry.js";
export {
  type ConvertSkillOptions,
  convertSkill,
  parseSkill,
  renderSkill,
  type SkillFormatId,
} from "./skills/convert-skill.js";
export {
  type ParseSkillOptions,
  SKILL_FORMATS,
  type Skill,
  type SkillCodec,
  type SkillFormat,
  type SkillParseResult,
  type SkillRenderResult,
  SkillSchema,
} from "./skills/skill.js";
export { skillName } from "./skills/skill-head.js";
