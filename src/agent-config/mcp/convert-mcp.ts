import { parseWith } from "../../model/parse.js";
import type { Issue } from "../../problems/issue.js";
import { pickCodec } from "../pick-codec.js";
import { claudeMcp } from "./claude-mcp.js";
import { codexMcp } from "./codex-mcp.js";
import { geminiMcp } from "./gemini-mcp.js";
import type { McpCodec, McpParseResult, McpRenderResult } from "./mcp-codec.js";
import { type McpConfigFormat, type McpServer, McpServerListSchema } from "./mcp-server.js";

const CODECS: Record<McpConfigFormat, McpCodec> = {
  claude: claudeMcp,
  gemini: geminiMcp,
  codex: codexMcp,
};

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
export function parseMcpConfig(format: McpConfigFormat, text: string): McpParseResult {
  return pickCodec(CODECS, format, "format").parse(text);
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
  format: McpConfigFormat,
  servers: readonly McpServer[],
): McpRenderResult {
  const codec = pickCodec(CODECS, format, "format");
  return codec.render(parseWith(McpServerListSchema, servers, "servers"));
}

/** Options of {@link convertMcpConfig}. */
export interface ConvertMcpOptions {
  readonly from: McpConfigFormat;
  readonly to: McpConfigFormat;
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
  const source = pickCodec(CODECS, options?.from, "from");
  const target = pickCodec(CODECS, options?.to, "to");
  const parsed = source.parse(text);
  const rendered = target.render(parsed.servers);
  return {
    content: rendered.content,
    warnings: [...parsed.warnings, ...rendered.warnings],
    usedAI: false,
    fallbackUsed: false,
  };
}
