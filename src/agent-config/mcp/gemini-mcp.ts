/**
 * Gemini CLI's `settings.json`: `mcpServers` entries with `command`/`args`/`env`/`cwd`, or `url`
 * with `type` http / sse (legacy `httpUrl` is Streamable HTTP), `headers`, `timeout` (ms),
 * `trust`, `description`, `includeTools`/`excludeTools`; disabled servers are listed in
 * `mcp.excluded`. Gemini CLI rejects unknown keys, so only these are written. It expands `$VAR`,
 * `${VAR}` and `${VAR:-default}` in every string.
 */
import * as z from "zod/mini";
import { ConfigParseError } from "../config-error.js";
import { readJson, readShape } from "../syntax.js";
import { WarningLog } from "../warnings.js";
import { braceBareReferences, hasBareReference } from "./env-refs.js";
import { definedEntries, type McpCodec } from "./mcp-codec.js";
import type { McpServer } from "./mcp-server.js";

/** What differs between Gemini CLI's settings and Qwen Code's (a fork of Gemini CLI). */
interface SettingsSpec {
  readonly id: string;
  /** The tool's name in messages. */
  readonly tool: string;
  /**
   * How a Streamable HTTP server is written: `url` with `type: "http"` (Gemini CLI), or
   * `httpUrl` (Qwen Code, which reads every `url` as SSE and has no `type`).
   */
  readonly http: "type" | "httpUrl";
}

const strings = z.array(z.string());
const stringMap = z.record(z.string(), z.string());

const GeminiServerSchema = z.looseObject({
  command: z.optional(z.string().check(z.minLength(1))),
  args: z.optional(strings),
  env: z.optional(stringMap),
  cwd: z.optional(z.string()),
  url: z.optional(z.string().check(z.minLength(1))),
  httpUrl: z.optional(z.string().check(z.minLength(1))),
  headers: z.optional(stringMap),
  type: z.optional(z.enum(["stdio", "sse", "http"])),
  timeout: z.optional(z.number().check(z.gte(0))),
  trust: z.optional(z.boolean()),
  description: z.optional(z.string()),
  includeTools: z.optional(strings),
  excludeTools: z.optional(strings),
});

const GeminiFileSchema = z.looseObject({
  mcpServers: z.optional(z.record(z.string(), GeminiServerSchema)),
  mcp: z.optional(z.looseObject({ excluded: z.optional(strings) })),
});

const KNOWN = new Set(Object.keys(GeminiServerSchema.shape));

const braceAll = (values: readonly string[] | undefined) => values?.map(braceBareReferences);
function braceMap(map: Record<string, string> | undefined) {
  if (!map) return undefined;
  return Object.fromEntries(Object.entries(map).map(([k, v]) => [k, braceBareReferences(v)]));
}

function readServer(
  spec: SettingsSpec,
  name: string,
  raw: z.output<typeof GeminiServerSchema>,
  excluded: ReadonlySet<string>,
  log: WarningLog,
): McpServer | undefined {
  for (const key of Object.keys(raw)) {
    if (!KNOWN.has(key)) log.unsupported(name, key, `"${key}" is not carried over (not modelled)`);
  }
  const shared = definedEntries({
    name,
    description: raw.description,
    toolTimeoutMs: raw.timeout,
    includeTools: raw.includeTools,
    excludeTools: raw.excludeTools,
    trust: raw.trust,
    enabled: excluded.has(name) ? false : undefined,
  });
  const path = `mcpServers.${name}`;
  // Gemini CLI picks the transport in this order: httpUrl, then url (type sse or http), then command.
  const url = raw.httpUrl ?? raw.url;
  if (url !== undefined) {
    if (raw.httpUrl !== undefined && raw.url !== undefined) {
      log.unsupported(name, "url", `both httpUrl and url are set; ${spec.tool} uses httpUrl`);
    }
    const sse = raw.httpUrl === undefined && (spec.http === "httpUrl" ? true : raw.type === "sse");
    const transport = sse ? "sse" : "http";
    return {
      ...shared,
      transport,
      url: braceBareReferences(url),
      ...definedEntries({ headers: braceMap(raw.headers) }),
    } as McpServer;
  }
  if (raw.command !== undefined) {
    return {
      ...shared,
      transport: "stdio",
      command: braceBareReferences(raw.command),
      ...definedEntries({ args: braceAll(raw.args), env: braceMap(raw.env), cwd: raw.cwd }),
    } as McpServer;
  }
  if (raw.tcp !== undefined) {
    log.unsupported(
      name,
      "tcp",
      "the websocket (tcp) transport has no equivalent; server left out",
    );
    return undefined;
  }
  throw new ConfigParseError(
    `${spec.id} settings.json`,
    "a server needs a command, url or httpUrl",
    {
      path,
    },
  );
}

/** Values Gemini would expand although the source meant them as text. */
function checkBare(
  tool: string,
  name: string,
  field: string,
  values: readonly string[],
  log: WarningLog,
) {
  if (values.some(hasBareReference)) {
    log.lossy(name, field, `${tool} expands a bare $NAME in ${field}; write it as text elsewhere`);
  }
}

function toGemini(spec: SettingsSpec, server: McpServer, log: WarningLog): Record<string, unknown> {
  const name = server.name;
  const tool = spec.tool;
  if (server.startupTimeoutMs !== undefined) {
    log.lossy(
      name,
      "startupTimeoutMs",
      `${tool} has no startup timeout; only the request timeout is kept`,
    );
  }
  const shared = definedEntries({
    timeout: server.toolTimeoutMs,
    trust: server.trust,
    description: server.description,
    includeTools: server.includeTools,
    excludeTools: server.excludeTools,
  });
  if (server.transport === "stdio") {
    checkBare(tool, name, "command", [server.command], log);
    checkBare(tool, name, "args", server.args ?? [], log);
    checkBare(tool, name, "env", Object.values(server.env ?? {}), log);
    return {
      command: server.command,
      ...definedEntries({ args: server.args, env: server.env, cwd: server.cwd }),
      ...shared,
    };
  }
  checkBare(tool, name, "url", [server.url], log);
  checkBare(tool, name, "headers", Object.values(server.headers ?? {}), log);
  const where =
    spec.http === "type"
      ? { url: server.url, type: server.transport }
      : server.transport === "http"
        ? { httpUrl: server.url }
        : { url: server.url };
  return { ...where, ...definedEntries({ headers: server.headers }), ...shared };
}

function settingsMcp(spec: SettingsSpec): McpCodec {
  const fileLabel = `${spec.id} settings.json`;
  return Object.freeze({
    kind: "mcp",
    id: spec.id,
    fileLabel,
    parse(text: string) {
      const file = readShape(fileLabel, GeminiFileSchema, readJson(fileLabel, text));
      const log = new WarningLog();
      const excluded = new Set(file.mcp?.excluded ?? []);
      const servers: McpServer[] = [];
      for (const [name, raw] of Object.entries(file.mcpServers ?? {})) {
        const server = readServer(spec, name, raw, excluded, log);
        if (server) servers.push(server);
      }
      return { servers, warnings: log.list };
    },
    render(servers: readonly McpServer[]) {
      const log = new WarningLog();
      const mcpServers = Object.fromEntries(
        servers.map((server) => [server.name, toGemini(spec, server, log)]),
      );
      const excluded = servers.filter((server) => server.enabled === false).map((s) => s.name);
      const settings = excluded.length ? { mcpServers, mcp: { excluded } } : { mcpServers };
      return { content: `${JSON.stringify(settings, null, 2)}\n`, warnings: log.list };
    },
  });
}

/**
 * Reads and writes the MCP part of Gemini CLI's `settings.json` (`mcpServers`, `mcp.excluded`).
 *
 * @example
 * ```ts
 * geminiMcp.render([{ name: "docs", transport: "http", url: "https://example.com/mcp" }]).content;
 * ```
 */
export const geminiMcp: McpCodec = settingsMcp({ id: "gemini", tool: "Gemini CLI", http: "type" });

/**
 * Reads and writes the MCP part of Qwen Code's `.qwen/settings.json`: Gemini CLI's shape, but a
 * Streamable HTTP server is `httpUrl` and every `url` is SSE.
 */
export const qwenMcp: McpCodec = settingsMcp({ id: "qwen", tool: "Qwen Code", http: "httpUrl" });
