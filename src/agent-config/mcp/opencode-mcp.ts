/**
 * OpenCode's `opencode.json` `mcp` key: each server `{ type: "local", command: [cmd, ...args],
 * environment, enabled, timeout }` or `{ type: "remote", url, headers, enabled, timeout }`.
 * `timeout` is the time allowed to list the server's tools (ms). A remote server is tried as
 * Streamable HTTP, then SSE, so both neutral transports are `remote`. OpenCode fills in
 * `{env:NAME}` in any string; it has no default value for a missing variable.
 */
import * as z from "zod/mini";
import { ConfigParseError } from "../config-error.js";
import { readJson, readShape } from "../syntax.js";
import { WarningLog } from "../warnings.js";
import { rewriteReferences } from "./env-refs.js";
import { definedEntries, type McpCodec } from "./mcp-codec.js";
import type { McpServer } from "./mcp-server.js";

const FILE = "opencode opencode.json";

const stringMap = z.record(z.string(), z.string());

const OpencodeServerSchema = z.looseObject({
  type: z.enum(["local", "remote"]),
  command: z.optional(z.array(z.string()).check(z.minLength(1))),
  environment: z.optional(stringMap),
  url: z.optional(z.string().check(z.minLength(1))),
  headers: z.optional(stringMap),
  enabled: z.optional(z.boolean()),
  timeout: z.optional(z.number().check(z.gte(0))),
});

const OpencodeFileSchema = z.looseObject({
  mcp: z.optional(z.record(z.string(), OpencodeServerSchema)),
});

const KNOWN = new Set(Object.keys(OpencodeServerSchema.shape));

/** `{env:NAME}` as OpenCode writes it, `${NAME}` (with an optional default) as the neutral form does. */
const OPENCODE_REF = /\{env:([A-Za-z_][A-Za-z0-9_]*)\}/g;

const fromOpencode = (value: string) =>
  value.includes("{env:") ? value.replace(OPENCODE_REF, "${$1}") : value;

function mapValues<T>(map: Record<string, string> | undefined, f: (v: string) => T) {
  return map && Object.fromEntries(Object.entries(map).map(([k, v]) => [k, f(v)]));
}

function readServer(
  name: string,
  raw: z.output<typeof OpencodeServerSchema>,
  log: WarningLog,
): McpServer {
  for (const key of Object.keys(raw)) {
    if (!KNOWN.has(key)) log.unsupported(name, key, `"${key}" is not carried over (not modelled)`);
  }
  const shared = definedEntries({
    name,
    startupTimeoutMs: raw.timeout,
    enabled: raw.enabled === false ? false : undefined,
  });
  if (raw.type === "local") {
    const [command, ...args] = (raw.command ?? []).map(fromOpencode);
    if (command === undefined) {
      throw new ConfigParseError(FILE, "a local server needs a command", {
        path: `mcp.${name}.command`,
      });
    }
    return {
      ...shared,
      transport: "stdio",
      command,
      ...definedEntries({
        args: args.length ? args : undefined,
        env: mapValues(raw.environment, fromOpencode),
      }),
    } as McpServer;
  }
  if (raw.url === undefined) {
    throw new ConfigParseError(FILE, "a remote server needs a url", { path: `mcp.${name}.url` });
  }
  return {
    ...shared,
    transport: "http",
    url: fromOpencode(raw.url),
    ...definedEntries({ headers: mapValues(raw.headers, fromOpencode) }),
  } as McpServer;
}

function toOpencode(server: McpServer, log: WarningLog): Record<string, unknown> {
  const name = server.name;
  const toFile = (value: string) =>
    rewriteReferences(value, (ref, fallback) => {
      if (fallback !== undefined) {
        log.lossy(name, "env", `OpenCode has no default for \${${ref}}; ${fallback} dropped`);
      }
      return `{env:${ref}}`;
    });
  const dropped: [keyof McpServer, string][] = [
    ["toolTimeoutMs", "OpenCode has no per-call timeout (its timeout is for listing the tools)"],
    [
      "includeTools",
      "OpenCode has no per-server tool list in the server entry; every tool is offered",
    ],
    [
      "excludeTools",
      "OpenCode has no per-server tool list in the server entry; every tool is offered",
    ],
    ["trust", "OpenCode has no per-server trust"],
    ["description", "OpenCode has no server description"],
  ];
  for (const [field, message] of dropped) {
    if (server[field] !== undefined) log.lossy(name, field, `${message}; dropped`);
  }
  const shared = definedEntries({
    enabled: server.enabled,
    timeout: server.startupTimeoutMs,
  });
  if (server.transport === "stdio") {
    if (server.cwd !== undefined) {
      log.lossy(name, "cwd", "OpenCode has no working directory setting; cwd dropped");
    }
    if (server.args?.length === 0) {
      log.lossy(
        name,
        "args",
        "OpenCode keeps the command and its arguments in one list; an empty list of arguments is not kept",
      );
    }
    return {
      type: "local",
      command: [server.command, ...(server.args ?? [])].map(toFile),
      ...definedEntries({ environment: mapValues(server.env, toFile) }),
      ...shared,
    };
  }
  if (server.transport === "sse") {
    log.lossy(
      name,
      "transport",
      "OpenCode tries Streamable HTTP first and falls back to SSE; written as remote",
    );
  }
  return {
    type: "remote",
    url: toFile(server.url),
    ...definedEntries({ headers: mapValues(server.headers, toFile) }),
    ...shared,
  };
}

/**
 * Reads and writes the `mcp` key of OpenCode's `opencode.json`.
 *
 * @example
 * ```ts
 * opencodeMcp.render([{ name: "fs", transport: "stdio", command: "npx", args: ["-y", "server"] }]).content;
 * // {"mcp":{"fs":{"type":"local","command":["npx","-y","server"]}}}, indented
 * ```
 */
export const opencodeMcp: McpCodec = Object.freeze({
  kind: "mcp",
  id: "opencode",
  fileLabel: FILE,
  parse(text: string) {
    const file = readShape(FILE, OpencodeFileSchema, readJson(FILE, text));
    const log = new WarningLog();
    const servers = Object.entries(file.mcp ?? {}).map(([name, raw]) => readServer(name, raw, log));
    return { servers, warnings: log.list };
  },
  render(servers: readonly McpServer[]) {
    const log = new WarningLog();
    const mcp = Object.fromEntries(servers.map((server) => [server.name, toOpencode(server, log)]));
    return { content: `${JSON.stringify({ mcp }, null, 2)}\n`, warnings: log.list };
  },
});
