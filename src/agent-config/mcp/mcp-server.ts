/**
 * One MCP server, said once for all three tools. Values keep environment references in the
 * `${VAR}` / `${VAR:-default}` form Claude Code and Gemini CLI both expand; each tool's module maps
 * them to what that tool reads (Codex: `env_vars`, `env_http_headers`, `bearer_token_env_var`).
 */
import * as z from "zod/mini";

/**
 * The MCP config formats: Claude `.mcp.json` (Copilot CLI reads it too), Gemini and Qwen
 * `settings.json`, Codex `config.toml`, OpenCode `opencode.json`, Cursor `.cursor/mcp.json`, and
 * `.mcp.json`'s shape in Roo Code's, Kiro's, Amazon Q's, Junie's and Firebender's files.
 */
export type McpConfigFormat =
  | "claude"
  | "gemini"
  | "codex"
  | "qwen"
  | "opencode"
  | "cursor"
  | "roo"
  | "kiro"
  | "amazonq"
  | "junie"
  | "firebender";

/** An MCP config format id: a built-in one, or the id of a format registered in an `AgentConfigRegistry`. */
export type McpConfigFormatId = McpConfigFormat | (string & {});

/**
 * The MCP config formats this library reads and writes.
 *
 * @example
 * ```ts
 * for (const to of MCP_CONFIG_FORMATS) convertMcpConfig(text, { from: "claude", to });
 * ```
 */
export const MCP_CONFIG_FORMATS: readonly McpConfigFormat[] = [
  "claude",
  "gemini",
  "codex",
  "qwen",
  "opencode",
  "cursor",
  "roo",
  "kiro",
  "amazonq",
  "junie",
  "firebender",
];

const names = z.array(z.string());
const stringMap = z.record(z.string(), z.string());

const common = {
  /** The key the server is listed under; `__proto__` cannot be one (it would be lost as a key). */
  name: z.string().check(
    z.minLength(1),
    z.refine((name) => name !== "__proto__", { message: 'expected a name other than "__proto__"' }),
  ),
  /** Human-readable description (Gemini only). */
  description: z.optional(z.string()),
  /** Time allowed to start the server and list its tools, in milliseconds (Codex only). */
  startupTimeoutMs: z.optional(z.number().check(z.gte(0))),
  /** Time allowed for one tool call, in milliseconds (Claude `timeout`, Gemini `timeout`, Codex `tool_timeout_sec`). */
  toolTimeoutMs: z.optional(z.number().check(z.gte(0))),
  /** Only these tools are exposed (Gemini `includeTools`, Codex `enabled_tools`). */
  includeTools: z.optional(names),
  /** These tools are hidden (Gemini `excludeTools`, Codex `disabled_tools`). */
  excludeTools: z.optional(names),
  /** Tool calls skip confirmation (Gemini only). */
  trust: z.optional(z.boolean()),
  /** `false` keeps the server configured but off (Codex `enabled`, Gemini `mcp.excluded`). */
  enabled: z.optional(z.boolean()),
};

/** A server the tool starts as a local process and talks to over stdin/stdout. */
export const McpStdioServerSchema = z.strictObject({
  ...common,
  transport: z.literal("stdio"),
  command: z.string().check(z.minLength(1)),
  args: z.optional(z.array(z.string())),
  env: z.optional(stringMap),
  /** Working directory of the process (Gemini and Codex). */
  cwd: z.optional(z.string()),
});

/** A remote server: `http` is Streamable HTTP, `sse` the older Server-Sent Events transport. */
export const McpRemoteServerSchema = z.strictObject({
  ...common,
  transport: z.enum(["http", "sse"]),
  url: z.string().check(z.minLength(1)),
  headers: z.optional(stringMap),
});

/**
 * Schema of one MCP server in the neutral form every format converts through.
 *
 * @example
 * ```ts
 * McpServerSchema.parse({ name: "fs", transport: "stdio", command: "npx", args: ["-y", "server"] });
 * ```
 */
export const McpServerSchema = z.discriminatedUnion("transport", [
  McpStdioServerSchema,
  McpRemoteServerSchema,
]);

/** A local (stdio) MCP server. */
export type McpStdioServer = z.output<typeof McpStdioServerSchema>;
/** A remote (Streamable HTTP or SSE) MCP server. */
export type McpRemoteServer = z.output<typeof McpRemoteServerSchema>;
/** One MCP server in the neutral form; see {@link McpServerSchema}. */
export type McpServer = z.output<typeof McpServerSchema>;
/** The transports: `stdio`, `http` (Streamable HTTP), `sse`. */
export type McpTransport = McpServer["transport"];

/** Schema of a list of servers, names unique. */
export const McpServerListSchema = z.array(McpServerSchema).check(
  z.superRefine((servers, ctx) => {
    const seen = new Set<string>();
    servers.forEach((server, index) => {
      if (seen.has(server.name)) {
        ctx.addIssue({
          code: "custom",
          message: `duplicate server name "${server.name}"`,
          path: [index, "name"],
        });
      }
      seen.add(server.name);
    });
  }),
);
