import type { Codec, CodecParseResult, CodecRenderResult } from "../codec.js";
import type { McpServer } from "./mcp-server.js";

/** What reading one MCP config file gives: its servers in file order and what was left out. */
export type McpParseResult = CodecParseResult<"servers", McpServer[]>;

/** What writing one MCP config file gives: the file text and what the format could not hold. */
export type McpRenderResult = CodecRenderResult;

/**
 * One tool's MCP config file: how to read it into servers and write servers into it. A plain
 * object; register your own in an `AgentConfigRegistry` to convert through it. Its `fileLabel`
 * names the file and key that hold the servers: `claude .mcp.json`.
 */
export type McpCodec = Codec<"mcp", McpServer[], "servers">;

/** Keeps the defined entries of `fields` in order, so optional values never appear as `undefined`. */
export function definedEntries<T extends Record<string, unknown>>(fields: T): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) out[key] = value;
  return out as Partial<T>;
}
