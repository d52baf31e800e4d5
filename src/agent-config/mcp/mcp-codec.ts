import type { Issue } from "../../problems/issue.js";
import type { AgentConfigRegistry } from "../registry.js";
import type { McpServer } from "./mcp-server.js";

/** What reading one MCP config file gives: its servers in file order and what was left out. */
export interface McpParseResult {
  readonly servers: McpServer[];
  readonly warnings: Issue[];
}

/** What writing one MCP config file gives: the file text and what the format could not hold. */
export interface McpRenderResult {
  readonly content: string;
  readonly warnings: Issue[];
}

/**
 * One tool's MCP config file: how to read it into servers and write servers into it. A plain
 * object; register your own in an {@link AgentConfigRegistry} to convert through it.
 */
export interface McpCodec {
  readonly kind: "mcp";
  /** The id it is looked up by: `claude`, `gemini`, `codex`, … */
  readonly id: string;
  /** The file and key that hold the servers, used in error messages: `claude .mcp.json`. */
  readonly fileLabel: string;
  parse(text: string): McpParseResult;
  render(servers: readonly McpServer[]): McpRenderResult;
}

/** Keeps the defined entries of `fields` in order, so optional values never appear as `undefined`. */
export function definedEntries<T extends Record<string, unknown>>(fields: T): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) out[key] = value;
  return out as Partial<T>;
}
