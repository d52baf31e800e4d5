/**
 * Claude Code's `.mcp.json` (and the `mcpServers` of `~/.claude.json`): `type` stdio / http / sse,
 * `command`, `args`, `env`, `url`, `headers`, and a per-server `timeout` in milliseconds for tool
 * calls. Claude Code expands `${VAR}` and `${VAR:-default}` itself and ignores keys it does not know.
 */
import * as z from "zod/mini";
import { ConfigParseError } from "../config-error.js";
import { readJson, readShape, refuseUnwritableData } from "../syntax.js";
import { WarningLog } from "../warnings.js";
import { rewriteReferences } from "./env-refs.js";
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

function readServer(
  file: string,
  name: string,
  raw: z.output<typeof ClaudeServerSchema>,
  log: WarningLog,
  urlAlone: "http" | undefined,
  httpType: string,
) {
  const given = raw.type === httpType ? "http" : raw.type;
  const type =
    given ?? (raw.command !== undefined ? "stdio" : raw.url !== undefined ? urlAlone : undefined);
  const path = `mcpServers.${name}`;
  for (const key of Object.keys(raw)) {
    if (!KNOWN.has(key)) log.unsupported(name, key, `"${key}" is not carried over (not modelled)`);
  }
  const shared = definedEntries({ name, toolTimeoutMs: raw.timeout });
  if (type === "stdio") {
    if (raw.command === undefined) {
      throw new ConfigParseError(file, "a stdio server needs a command", {
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
      throw new ConfigParseError(file, `an ${type} server needs a url`, { path: `${path}.url` });
    }
    return {
      ...shared,
      transport: type,
      ...definedEntries({ url: raw.url, headers: raw.headers }),
    } as McpServer;
  }
  if (type === undefined) {
    throw new ConfigParseError(file, 'expected "stdio" | "http" | "sse", or a command', {
      path: `${path}.type`,
    });
  }
  log.unsupported(name, "type", `transport "${type}" has no equivalent; server left out`);
  return undefined;
}

function toClaude(
  tool: string,
  server: McpServer,
  log: WarningLog,
  httpType: string,
): Record<string, unknown> {
  const name = server.name;
  if (server.transport === "stdio" && server.cwd !== undefined) {
    log.lossy(name, "cwd", `${tool} has no working directory setting; cwd dropped`);
  }
  if (server.startupTimeoutMs !== undefined) {
    log.lossy(
      name,
      "startupTimeoutMs",
      `${tool} has no per-server startup timeout${tool === "Claude Code" ? " (MCP_TIMEOUT is global)" : ""}`,
    );
  }
  for (const field of ["includeTools", "excludeTools"] as const) {
    if (server[field] !== undefined) {
      log.lossy(
        name,
        field,
        `${tool} has no per-server tool lists; every tool of the server is offered${tool === "Claude Code" ? " (limit them with permissions in settings.json)" : ""}`,
      );
    }
  }
  if (server.trust !== undefined) log.lossy(name, "trust", `${tool} has no per-server trust`);

  if (server.description !== undefined) {
    log.lossy(name, "description", `${tool} has no server description`);
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
    type: server.transport === "http" ? httpType : server.transport,
    url: server.url,
    ...definedEntries({ headers: server.headers }),
    ...timeout,
  };
}

/** What differs between the tools that read Claude Code's `.mcp.json` shape. */
interface McpJsonSpec {
  readonly id: string;
  readonly tool: string;
  readonly fileLabel: string;
  /** The file, as messages name it. */
  readonly path: string;
  /** Each string value as the tool writes environment references, from the neutral `${VAR}`. */
  readonly toFile?: (value: string, server: string, log: WarningLog) => string;
  /** Each string value in the neutral form, from the tool's. */
  readonly fromFile?: (value: string) => string;
  /**
   * The transport of a server with a `url` and no `type`, for a tool that documents that form
   * (Cursor: a remote server, over streamable HTTP); absent: the tool needs the `type`.
   */
  readonly urlAlone?: "http";
  /** The `type` that names streamable HTTP (Roo Code: `streamable-http`); absent: `http`. */
  readonly httpType?: string;
}

/** `value` with every string in it (keys left alone) passed through `map`. */
function mapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === "string") return map(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, map)]));
  }
  return value;
}

/** An MCP codec for a file of `.mcp.json`'s shape. */
function mcpJsonFormat(spec: McpJsonSpec): McpCodec {
  const file = spec.fileLabel;
  return Object.freeze({
    kind: "mcp",
    id: spec.id,
    fileLabel: file,
    parse(text: string) {
      const raw = readJson(file, text);
      if (
        typeof raw === "object" &&
        raw !== null &&
        !Array.isArray(raw) &&
        !Object.hasOwn(raw, "mcpServers")
      ) {
        const keys = Object.keys(raw);
        throw new ConfigParseError(
          file,
          `expected { "mcpServers": { … } }${keys.length ? `; found ${keys.map((k) => JSON.stringify(k)).join(", ")}` : ""}`,
          { path: "mcpServers" },
        );
      }
      const { fromFile } = spec;
      // mapStrings recurses: what it may not walk (too deep) is refused before it does.
      if (fromFile) refuseUnwritableData(file, raw);
      const data = fromFile ? mapStrings(raw, fromFile) : raw;
      const parsed = readShape(file, ClaudeFileSchema, data);
      const log = new WarningLog();
      const servers: McpServer[] = [];
      for (const [name, server] of Object.entries(parsed.mcpServers ?? {})) {
        const read = readServer(file, name, server, log, spec.urlAlone, spec.httpType ?? "http");
        if (read) servers.push(read);
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
            `${spec.tool} cannot disable a server in ${spec.path}; the disabled server is left out`,
          );
          continue;
        }
        const written = toClaude(spec.tool, server, log, spec.httpType ?? "http");
        const { toFile } = spec;
        entries.push([
          server.name,
          toFile ? mapStrings(written, (text) => toFile(text, server.name, log)) : written,
        ]);
      }
      const mcpServers = Object.fromEntries(entries);
      return { content: `${JSON.stringify({ mcpServers }, null, 2)}\n`, warnings: log.list };
    },
  });
}

/**
 * Reads and writes Claude Code's `.mcp.json` (which GitHub Copilot CLI reads as well).
 *
 * @example
 * ```ts
 * claudeMcp.parse('{"mcpServers":{"fs":{"command":"npx","args":["-y","server"]}}}').servers;
 * ```
 */
export const claudeMcp: McpCodec = mcpJsonFormat({
  id: "claude",
  tool: "Claude Code",
  fileLabel: FILE,
  path: ".mcp.json",
});

const CURSOR_REF = /\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * Reads and writes Cursor's `.cursor/mcp.json`: `.mcp.json`'s shape, with environment references
 * written `${env:NAME}`. Cursor has no default value for a missing variable: `${NAME:-default}`
 * is written `${env:NAME}`, reported.
 */
export const cursorMcp: McpCodec = mcpJsonFormat({
  id: "cursor",
  tool: "Cursor",
  fileLabel: "cursor .cursor/mcp.json",
  path: ".cursor/mcp.json",
  urlAlone: "http",
  fromFile: (value) => (value.includes("${env:") ? value.replace(CURSOR_REF, "${$1}") : value),
  toFile: (value, server, log) =>
    rewriteReferences(value, (name, fallback) => {
      if (fallback !== undefined) {
        log.lossy(server, "env", `Cursor has no default for \${${name}}; ${fallback} dropped`);
      }
      return `\${env:${name}}`;
    }),
});

/**
 * Roo Code's `.roo/mcp.json`: `.mcp.json`'s shape, streamable HTTP written `streamable-http`
 * (https://docs.roocode.com/features/mcp/using-mcp-in-roo).
 */
export const rooMcp: McpCodec = mcpJsonFormat({
  id: "roo",
  tool: "Roo Code",
  fileLabel: "roo .roo/mcp.json",
  path: ".roo/mcp.json",
  httpType: "streamable-http",
});

/**
 * Kiro's `.kiro/settings/mcp.json`: `.mcp.json`'s shape, a remote server by its `url`
 * (https://kiro.dev/docs/mcp/configuration/).
 */
export const kiroMcp: McpCodec = mcpJsonFormat({
  id: "kiro",
  tool: "Kiro",
  fileLabel: "kiro .kiro/settings/mcp.json",
  path: ".kiro/settings/mcp.json",
  urlAlone: "http",
});

/**
 * Amazon Q Developer's `.amazonq/mcp.json`: `.mcp.json`'s shape
 * (https://docs.aws.amazon.com/amazonq/latest/qdeveloper-ug/mcp-ide.html).
 */
export const amazonqMcp: McpCodec = mcpJsonFormat({
  id: "amazonq",
  tool: "Amazon Q Developer",
  fileLabel: "amazonq .amazonq/mcp.json",
  path: ".amazonq/mcp.json",
  urlAlone: "http",
});

/**
 * Junie's `.junie/mcp/mcp.json`: `.mcp.json`'s shape
 * (https://www.jetbrains.com/help/junie/model-context-protocol-mcp.html).
 */
export const junieMcp: McpCodec = mcpJsonFormat({
  id: "junie",
  tool: "Junie",
  fileLabel: "junie .junie/mcp/mcp.json",
  path: ".junie/mcp/mcp.json",
  urlAlone: "http",
});

/**
 * Firebender's `mcpServers` in firebender.json: `.mcp.json`'s shape, a remote server by its `url`
 * (https://docs.firebender.com/context/syntax).
 */
export const firebenderMcp: McpCodec = mcpJsonFormat({
  id: "firebender",
  tool: "Firebender",
  fileLabel: "firebender firebender.json",
  path: "firebender.json",
  urlAlone: "http",
});
