/**
 * Claude Code's `.mcp.json` (and the `mcpServers` of `~/.claude.json`): `type` stdio / http / sse,
 * `command`, `args`, `env`, `url`, `headers`, and a per-server `timeout` in milliseconds for tool
 * calls. Claude Code expands `${VAR}` and `${VAR:-default}` itself and ignores keys it does not know.
 */
import * as z from "zod/mini";
import { ConfigParseError } from "../config-error.js";
import { readJson, readShape } from "../syntax.js";
import { WarningLog } from "../warnings.js";
import { definedEntries, type McpCodec } from "./mcp-codec.js";
import type { McpServer } from "./mcp-server.js";

const FILE = "claude .mcp.json";

const ClaudeServerSchema = z.looseObject({
  type: z.optional(z.string()),
  command: z.optional(z.string().check(z.minLength(1))),
  args: z.optional(z.array(z.string())),
  env: z.optional(z.record(z.string(), z.string())),
  url: z.optional(z.string().check(z.minLength(1))),
  headers: z.optional(z.record(z.string(), z.string())),
  timeout: z.optional(z.number().check(z.gte(0))),
});

const ClaudeFileSchema = z.looseObject({
  mcpServers: z.optional(z.record(z.string(), ClaudeServerSchema)),
});

const KNOWN = new Set(Object.keys(ClaudeServerSchema.shape));

function readServer(name: string, raw: z.output<typeof ClaudeServerSchema>, log: WarningLog) {
  const type = raw.type ?? (raw.command !== undefined ? "stdio" : undefined);
  const path = `mcpServers.${name}`;
  for (const key of Object.keys(raw)) {
    if (!KNOWN.has(key)) log.unsupported(name, key, `"${key}" is not carried over (not modelled)`);
  }
  const shared = definedEntries({ name, toolTimeoutMs: raw.timeout });
  if (type === "stdio") {
    if (raw.command === undefined) {
      throw new ConfigParseError(FILE, "a stdio server needs a command", {
        path: `${path}.command`,
      });
    }
    return {
      ...shared,
      transport: "stdio",
      ...definedEntries({ command: raw.command, args: raw.args, env: raw.env }),
    } as McpServer;
  }
  if (type === "http" || type === "sse") {
    if (raw.url === undefined) {
      throw new ConfigParseError(FILE, `an ${type} server needs a url`, { path: `${path}.url` });
    }
    return {
      ...shared,
      transport: type,
      ...definedEntries({ url: raw.url, headers: raw.headers }),
    } as McpServer;
  }
  if (type === undefined) {
    throw new ConfigParseError(FILE, 'expected "stdio" | "http" | "sse", or a command', {
      path: `${path}.type`,
    });
  }
  log.unsupported(name, "type", `transport "${type}" has no equivalent; server left out`);
  return undefined;
}

function toClaude(server: McpServer, log: WarningLog): Record<string, unknown> {
  const name = server.name;
  if (server.transport === "stdio" && server.cwd !== undefined) {
    log.lossy(name, "cwd", "Claude Code has no working directory setting; cwd dropped");
  }
  if (server.startupTimeoutMs !== undefined) {
    log.lossy(
      name,
      "startupTimeoutMs",
      "Claude Code has no per-server startup timeout (MCP_TIMEOUT is global)",
    );
  }
  for (const field of ["includeTools", "excludeTools"] as const) {
    if (server[field] !== undefined) {
      log.lossy(
        name,
        field,
        "Claude Code has no per-server tool lists; every tool of the server is offered (limit them with permissions in settings.json)",
      );
    }
  }
  if (server.trust !== undefined) log.lossy(name, "trust", "Claude Code has no per-server trust");

  if (server.description !== undefined) {
    log.lossy(name, "description", "Claude Code has no server description");
  }
  const timeout = definedEntries({ timeout: server.toolTimeoutMs });
  if (server.transport === "stdio") {
    return {
      type: "stdio",
      command: server.command,
      ...definedEntries({ args: server.args, env: server.env }),
      ...timeout,
    };
  }
  return {
    type: server.transport,
    url: server.url,
    ...definedEntries({ headers: server.headers }),
    ...timeout,
  };
}

/**
 * Reads and writes Claude Code's `.mcp.json`.
 *
 * @example
 * ```ts
 * claudeMcp.parse('{"mcpServers":{"fs":{"command":"npx","args":["-y","server"]}}}').servers;
 * ```
 */
export const claudeMcp: McpCodec = Object.freeze({
  kind: "mcp",
  id: "claude",
  fileLabel: FILE,
  parse(text: string) {
    const data = readJson(FILE, text);
    if (
      typeof data === "object" &&
      data !== null &&
      !Array.isArray(data) &&
      !Object.hasOwn(data, "mcpServers")
    ) {
      const keys = Object.keys(data);
      throw new ConfigParseError(
        FILE,
        `expected { "mcpServers": { … } }${keys.length ? `; found ${keys.map((k) => JSON.stringify(k)).join(", ")}` : ""}`,
        { path: "mcpServers" },
      );
    }
    const file = readShape(FILE, ClaudeFileSchema, data);
    const log = new WarningLog();
    const servers: McpServer[] = [];
    for (const [name, raw] of Object.entries(file.mcpServers ?? {})) {
      const server = readServer(name, raw, log);
      if (server) servers.push(server);
    }
    return { servers, warnings: log.list };
  },
  render(servers: readonly McpServer[]) {
    const log = new WarningLog();
    const entries: [string, unknown][] = [];
    for (const server of servers) {
      if (server.enabled === false) {
        // Written, it would run: a server its owner switched off stays off by staying out.
        log.lossy(
          server.name,
          "enabled",
          "Claude Code cannot disable a server in .mcp.json; the disabled server is left out",
        );
      } else entries.push([server.name, toClaude(server, log)]);
    }
    const mcpServers = Object.fromEntries(entries);
    return { content: `${JSON.stringify({ mcpServers }, null, 2)}\n`, warnings: log.list };
  },
});
