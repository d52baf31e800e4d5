import type { Issue } from "../../problems/issue.js";
import { convertAgentConfig, parseAgentConfig, renderAgentConfig } from "../convert.js";
import type { RegistryOption } from "../registry.js";
import type { McpParseResult, McpRenderResult } from "./mcp-codec.js";
import type { McpConfigFormatId, McpServer } from "./mcp-server.js";

/**
 * Reads the MCP servers of one tool's config file: Claude Code `.mcp.json`, Gemini CLI
 * `settings.json` or Codex CLI `config.toml`. Keys this library does not model come back as
 * `unsupported_field` warnings naming the server and key.
 *
 * @throws {ConfigParseError} broken syntax (with line and column) or a wrong shape (with the key path).
 * @example
 * ```ts
 * const { servers, warnings } = parseMcpConfig("codex", '[mcp_servers.fs]\ncommand = "npx"\n');
 * ```
 */
export function parseMcpConfig(
  format: McpConfigFormatId,
  text: string,
  options: RegistryOption = {},
): McpParseResult {
  return parseAgentConfig("mcp", format, text, {
    ...(options?.registry ? { registry: options.registry } : {}),
  });
}

/**
 * Writes MCP servers as one tool's config file, with only the keys that tool reads. What the
 * tool cannot express comes back as `lossy_conversion` warnings naming the server and field.
 *
 * @throws {InvalidInputError} when `servers` does not match {@link McpServerSchema}.
 * @example
 * ```ts
 * renderMcpConfig("gemini", [{ name: "fs", transport: "stdio", command: "npx", cwd: "/srv" }]).content;
 * ```
 */
export function renderMcpConfig(
  format: McpConfigFormatId,
  servers: readonly McpServer[],
  options: RegistryOption = {},
): McpRenderResult {
  return renderAgentConfig("mcp", format, servers as McpServer[], options);
}

/** Options of {@link convertMcpConfig}. */
export interface ConvertMcpOptions extends RegistryOption {
  readonly from: McpConfigFormatId;
  readonly to: McpConfigFormatId;
}

/**
 * What a conversion gives. `usedAI` and `fallbackUsed` are always false for MCP configs: they are
 * structured data, converted by rules only, so the result is exact and reproducible.
 */
export interface McpConversionResult {
  readonly content: string;
  /** Parse warnings of the source, then render warnings of the target. */
  readonly warnings: readonly Issue[];
  readonly usedAI: false;
  readonly fallbackUsed: false;
}

/**
 * Converts an MCP config file from one tool's format to another's, synchronously and by rules
 * only. Nothing is dropped silently: every field or server the target cannot hold is a warning.
 *
 * @throws {ConfigParseError} when the source text cannot be read.
 * @example
 * ```ts
 * const { content, warnings } = convertMcpConfig(mcpJson, { from: "claude", to: "codex" });
 * ```
 */
export function convertMcpConfig(text: string, options: ConvertMcpOptions): McpConversionResult {
  const { content, warnings } = convertAgentConfig("mcp", text, options);
  return { content, warnings, usedAI: false, fallbackUsed: false };
}
