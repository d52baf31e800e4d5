/**
 * Codex CLI's `config.toml`: `[mcp_servers.NAME]` tables. Stdio: `command`, `args`, `env`,
 * `env_vars` (names passed through from Codex's own environment), `cwd`. Streamable HTTP: `url`,
 * `bearer_token_env_var`, `http_headers`, `env_http_headers`. Both: `startup_timeout_sec` (or the
 * older `startup_timeout_ms`), `tool_timeout_sec`, `enabled`, `enabled_tools`, `disabled_tools`.
 * Codex has no SSE transport, expands no `${VAR}`, and silently ignores keys it does not know.
 */
import { stringify } from "smol-toml";
import * as z from "zod/mini";
import { ConfigParseError } from "../config-error.js";
import { readShape, readToml } from "../syntax.js";
import { WarningLog } from "../warnings.js";
import { bearerReference, hasReference, wholeReference } from "./env-refs.js";
import { definedEntries, type McpCodec } from "./mcp-codec.js";
import type { McpServer } from "./mcp-server.js";

const FILE = "codex config.toml";

const strings = z.array(z.string());
const stringMap = z.record(z.string(), z.string());
const seconds = z.number().check(z.gte(0));

const CodexServerSchema = z.looseObject({
  command: z.optional(z.string().check(z.minLength(1))),
  args: z.optional(strings),
  env: z.optional(stringMap),
  env_vars: z.optional(strings),
  cwd: z.optional(z.string()),
  url: z.optional(z.string().check(z.minLength(1))),
  bearer_token_env_var: z.optional(z.string().check(z.minLength(1))),
  bearer_token: z.optional(z.string()),
  http_headers: z.optional(stringMap),
  env_http_headers: z.optional(stringMap),
  startup_timeout_sec: z.optional(seconds),
  startup_timeout_ms: z.optional(seconds),
  tool_timeout_sec: z.optional(seconds),
  enabled: z.optional(z.boolean()),
  enabled_tools: z.optional(strings),
  disabled_tools: z.optional(strings),
});

const CodexFileSchema = z.looseObject({
  mcp_servers: z.optional(z.record(z.string(), CodexServerSchema)),
});

const KNOWN = new Set(Object.keys(CodexServerSchema.shape));
const STDIO_ONLY = ["args", "env", "env_vars", "cwd"] as const;
const HTTP_ONLY = [
  "bearer_token_env_var",
  "bearer_token",
  "http_headers",
  "env_http_headers",
] as const;

/** Seconds as Codex writes them to whole milliseconds. */
const toMs = (sec: number) => Math.round(sec * 1000);

function readServer(name: string, raw: z.output<typeof CodexServerSchema>, log: WarningLog) {
  for (const key of Object.keys(raw)) {
    if (!KNOWN.has(key)) log.unsupported(name, key, `"${key}" is not carried over (not modelled)`);
  }
  const path = `mcp_servers.${name}`;
  // Codex keeps ${…} as text; in the neutral form it would read as a reference the others expand.
  const literal = [
    raw.command,
    ...(raw.args ?? []),
    raw.cwd,
    raw.url,
    ...Object.values(raw.env ?? {}),
  ];
  for (const value of Object.values(raw.http_headers ?? {})) literal.push(value);
  if (literal.some((value) => value !== undefined && hasReference(value))) {
    log.lossy(
      name,
      "values",
      "holds ${…} as literal text; Claude Code and Gemini CLI would expand it",
    );
  }
  const startup =
    raw.startup_timeout_sec !== undefined
      ? toMs(raw.startup_timeout_sec)
      : raw.startup_timeout_ms !== undefined
        ? Math.round(raw.startup_timeout_ms)
        : undefined;
  const shared = definedEntries({
    name,
    startupTimeoutMs: startup,
    toolTimeoutMs: raw.tool_timeout_sec === undefined ? undefined : toMs(raw.tool_timeout_sec),
    includeTools: raw.enabled_tools,
    excludeTools: raw.disabled_tools,
    enabled: raw.enabled,
  });
  // Codex refuses a table that mixes the transports; so do we, with the same wording.
  const misplaced = (keys: readonly string[], transport: string) => {
    const key = keys.find((k) => raw[k as keyof typeof raw] !== undefined);
    if (key) {
      throw new ConfigParseError(FILE, `${key} is not supported for ${transport}`, {
        path: `${path}.${key}`,
      });
    }
  };
  if (raw.command !== undefined) {
    misplaced(["url", ...HTTP_ONLY], "stdio");
    const env = { ...raw.env };
    for (const variable of raw.env_vars ?? []) {
      if (env[variable] !== undefined) {
        log.lossy(
          name,
          `env.${variable}`,
          `${variable} is both set in env and passed through by env_vars; one value can be kept: the one passed through (env_vars); the literal "env" value is dropped`,
        );
      }
      env[variable] = `\${${variable}}`;
    }
    return {
      ...shared,
      transport: "stdio",
      command: raw.command,
      ...definedEntries({
        args: raw.args,
        env: raw.env || raw.env_vars ? env : undefined,
        cwd: raw.cwd,
      }),
    } as McpServer;
  }
  if (raw.url !== undefined) {
    misplaced(STDIO_ONLY, "streamable_http");
    const headers: Record<string, string> = { ...raw.http_headers };
    // One value per header in the neutral form: where Codex is given two, say which is dropped.
    const setHeader = (header: string, value: string, from: string) => {
      const taken = Object.keys(headers).find((h) => h.toLowerCase() === header.toLowerCase());
      if (taken !== undefined) {
        log.lossy(
          name,
          `http_headers.${taken}`,
          `"${taken}" is given twice (http_headers and ${from}); one value can be kept: the one of ${from}; the http_headers value is dropped`,
        );
        delete headers[taken];
      }
      headers[header] = value;
    };
    for (const [header, variable] of Object.entries(raw.env_http_headers ?? {})) {
      setHeader(header, `\${${variable}}`, "env_http_headers");
    }
    if (raw.bearer_token_env_var !== undefined) {
      setHeader("Authorization", `Bearer \${${raw.bearer_token_env_var}}`, "bearer_token_env_var");
    } else if (raw.bearer_token !== undefined) {
      setHeader("Authorization", `Bearer ${raw.bearer_token}`, "bearer_token");
    }
    return {
      ...shared,
      transport: "http",
      url: raw.url,
      ...definedEntries({ headers: Object.keys(headers).length ? headers : undefined }),
    } as McpServer;
  }
  throw new ConfigParseError(FILE, "invalid transport: expected command or url", { path });
}

function warnReferences(name: string, field: string, values: readonly string[], log: WarningLog) {
  if (values.some(hasReference)) {
    log.lossy(name, field, `Codex does not expand \${VAR} in ${field}; written as literal text`);
  }
}

/** Splits headers into what Codex reads: literal, from an env var, or the bearer token variable. */
function codexHeaders(name: string, headers: Record<string, string>, log: WarningLog) {
  const http: Record<string, string> = {};
  const fromEnv: Record<string, string> = {};
  let bearer: string | undefined;
  // HTTP header names ignore case: two that differ only in case are one header, of one value.
  const seen = new Map<string, string>();
  for (const [header, value] of Object.entries(headers)) {
    const first = seen.get(header.toLowerCase());
    if (first !== undefined) {
      log.lossy(
        name,
        `headers.${header}`,
        `"${header}" and "${first}" are one HTTP header (names ignore case) and Codex reads one value; "${header}" dropped`,
      );
      continue;
    }
    seen.set(header.toLowerCase(), header);
    const bearerVar = header.toLowerCase() === "authorization" ? bearerReference(value) : undefined;
    const variable = wholeReference(value);
    if (bearerVar !== undefined && bearer === undefined) bearer = bearerVar;
    else if (variable !== undefined) fromEnv[header] = variable;
    else if (!hasReference(value)) http[header] = value;
    else {
      log.lossy(
        name,
        `headers.${header}`,
        `Codex can take a header only whole from one variable (env_http_headers) or as "Bearer \${VAR}"; "${header}" dropped`,
      );
    }
  }
  return definedEntries({
    bearer_token_env_var: bearer,
    http_headers: Object.keys(http).length ? http : undefined,
    env_http_headers: Object.keys(fromEnv).length ? fromEnv : undefined,
  });
}

/** Splits env into literal values and names Codex passes through from its own environment. */
function codexEnv(name: string, env: Record<string, string>, log: WarningLog) {
  const literal: Record<string, string> = {};
  const passThrough: string[] = [];
  for (const [key, value] of Object.entries(env)) {
    if (wholeReference(value) === key) passThrough.push(key);
    else if (!hasReference(value)) literal[key] = value;
    else {
      log.lossy(
        name,
        `env.${key}`,
        `Codex cannot set ${key} from another variable (only env_vars passes ${key} through as is); dropped`,
      );
    }
  }
  return definedEntries({
    env: Object.keys(literal).length ? literal : undefined,
    env_vars: passThrough.length ? passThrough : undefined,
  });
}

function toCodex(server: McpServer, log: WarningLog): Record<string, unknown> | undefined {
  const name = server.name;
  if (server.transport === "sse") {
    log.lossy(name, "transport", "Codex has no SSE transport; server left out");
    return undefined;
  }
  if (server.trust !== undefined) log.lossy(name, "trust", "Codex has no per-server trust");
  if (server.description !== undefined) {
    log.lossy(name, "description", "Codex has no server description");
  }
  const shared = definedEntries({
    startup_timeout_sec:
      server.startupTimeoutMs === undefined ? undefined : server.startupTimeoutMs / 1000,
    tool_timeout_sec: server.toolTimeoutMs === undefined ? undefined : server.toolTimeoutMs / 1000,
    enabled: server.enabled,
    enabled_tools: server.includeTools,
    disabled_tools: server.excludeTools,
  });
  if (server.transport === "stdio") {
    warnReferences(name, "command", [server.command], log);
    warnReferences(name, "args", server.args ?? [], log);
    if (server.cwd !== undefined) warnReferences(name, "cwd", [server.cwd], log);
    return {
      command: server.command,
      ...definedEntries({ args: server.args }),
      ...(server.env ? codexEnv(name, server.env, log) : {}),
      ...definedEntries({ cwd: server.cwd }),
      ...shared,
    };
  }
  warnReferences(name, "url", [server.url], log);
  return {
    url: server.url,
    ...(server.headers ? codexHeaders(name, server.headers, log) : {}),
    ...shared,
  };
}

/**
 * Reads and writes the `[mcp_servers.NAME]` tables of Codex CLI's `config.toml`.
 *
 * @example
 * ```ts
 * codexMcp.render([{ name: "gh", transport: "http", url: "https://api.githubcopilot.com/mcp/",
 *   headers: { Authorization: "Bearer ${GITHUB_TOKEN}" } }]).content; // bearer_token_env_var = "GITHUB_TOKEN"
 * ```
 */
export const codexMcp: McpCodec = Object.freeze({
  kind: "mcp",
  id: "codex",
  fileLabel: FILE,
  parse(text: string) {
    const file = readShape(FILE, CodexFileSchema, readToml(FILE, text));
    const log = new WarningLog();
    const servers: McpServer[] = [];
    for (const [name, raw] of Object.entries(file.mcp_servers ?? {})) {
      servers.push(readServer(name, raw, log));
    }
    return { servers, warnings: log.list };
  },
  render(servers: readonly McpServer[]) {
    const log = new WarningLog();
    const entries: [string, Record<string, unknown>][] = [];
    for (const server of servers) {
      const table = toCodex(server, log);
      if (table) entries.push([server.name, table]);
    }
    const tables = Object.fromEntries(entries);
    const content = Object.keys(tables).length ? stringify({ mcp_servers: tables }) : "";
    return { content: content && `${content.trimEnd()}\n`, warnings: log.list };
  },
});
