/**
 * contextfmt/agent-config: slash commands and MCP server configs converted between Claude Code,
 * Codex CLI and Gemini CLI. Pure: text in, text out. Command conversion is async (an optional AI
 * converter may be tried first); MCP conversion is sync and rule-based only.
 */

export { skillName } from "./commands/codex-skill-command.js";
export {
  COMMAND_FORMATS,
  type Command,
  type CommandCodec,
  type CommandFormat,
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
  type McpRemoteServer,
  type McpServer,
  McpServerSchema,
  type McpStdioServer,
  type McpTransport,
} from "./mcp/mcp-server.js";
