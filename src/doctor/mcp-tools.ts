/**
 * `doctor --start-mcp`: starts a project's stdio MCP server, asks it for its tools
 * (`initialize`, then `tools/list` page by page) and stops it, all within a timeout. This runs
 * the command the project's settings name, as the client would once the server is approved:
 * the only place doctor runs anything, and only when the caller asks for it.
 */
import { spawn } from "node:child_process";
import { isAbsolute, join } from "node:path";
import type { McpServer } from "../agent-config/mcp/mcp-server.js";

/** What a server's `tools/list` gave: each tool's definition as the client sends it the model. */
export type ListedTools =
  | { readonly tools: readonly ToolDefinition[] }
  | { readonly error: string };

/** One tool as `tools/list` defines it (the fields a client passes on to the model). */
export interface ToolDefinition {
  readonly name: string;
  readonly description?: string;
  readonly inputSchema?: unknown;
}

/** Output past this many characters is not an answer doctor waits for: the server is stopped. */
const MAX_OUTPUT = 16 * 1024 * 1024;
/** A server that pages its tools more often than this is stopped, as one that never ends. */
const MAX_PAGES = 100;

/**
 * The tools stdio server `server` lists, started in `root` (or its `cwd` there) with its
 * environment added to this process's; an error in words when it cannot be started, does not
 * answer within `timeoutMs`, or answers with an error. The server's process group is killed
 * at the end, whatever happened.
 */
export function listTools(
  server: McpServer,
  root: string,
  timeoutMs: number,
): Promise<ListedTools> {
  if (server.transport !== "stdio") {
    return Promise.resolve({ error: `a ${server.transport} server is not contacted` });
  }
  const cwd =
    server.cwd === undefined ? root : isAbsolute(server.cwd) ? server.cwd : join(root, server.cwd);
  return new Promise((resolve) => {
    let settled = false;
    const child = spawn(server.command, server.args ?? [], {
      cwd,
      env: { ...process.env, ...server.env },
      stdio: ["pipe", "pipe", "ignore"],
      // Its own process group, so `npx` and what it starts stop together.
      detached: true,
    });
    const finish = (result: ListedTools) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      stop(child.pid);
      resolve(result);
    };
    const timer = setTimeout(
      () => finish({ error: `no tool list within ${timeoutMs / 1000} s` }),
      timeoutMs,
    );
    child.on("error", (error) => finish({ error: `cannot be started: ${error.message}` }));
    child.on("exit", (code, signal) =>
      finish({ error: `exited before listing its tools (${signal ?? `code ${code}`})` }),
    );
    child.stdin.on("error", () => undefined);
    const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
    const tools: ToolDefinition[] = [];
    let pages = 0;
    const askTools = (cursor?: string) => {
      pages += 1;
      send({
        jsonrpc: "2.0",
        id: 1 + pages,
        method: "tools/list",
        params: cursor ? { cursor } : {},
      });
    };
    const answer = (message: Record<string, unknown>) => {
      if (message.id === undefined || message.method !== undefined) return;
      if (message.error !== undefined) {
        const said = (message.error as { message?: unknown } | null)?.message;
        finish({ error: `answered with an error: ${typeof said === "string" ? said : "?"}` });
        return;
      }
      const result = (message.result ?? {}) as Record<string, unknown>;
      if (message.id === 1) {
        send({ jsonrpc: "2.0", method: "notifications/initialized" });
        askTools();
        return;
      }
      if (!Array.isArray(result.tools)) {
        finish({ error: "answered tools/list without a tools list" });
        return;
      }
      tools.push(...(result.tools as ToolDefinition[]).filter(isTool));
      const next = result.nextCursor;
      if (typeof next === "string" && next !== "" && pages < MAX_PAGES) askTools(next);
      else finish({ tools: chosen(tools, server) });
    };
    // The unfinished line's chunks, joined once when its end comes: a long line written in
    // many chunks is copied once, not once per chunk.
    let pending: string[] = [];
    let seen = 0;
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      seen += chunk.length;
      if (seen > MAX_OUTPUT) {
        finish({ error: `wrote over ${MAX_OUTPUT} characters without listing its tools` });
        return;
      }
      if (!chunk.includes("\n")) {
        pending.push(chunk);
        return;
      }
      // One message a line.
      const lines = [...pending, chunk].join("").split("\n");
      pending = [lines.pop() ?? ""];
      for (const line of lines) {
        if (line.trim() === "") continue;
        let message: unknown;
        try {
          message = JSON.parse(line);
        } catch {
          continue; // A log line on stdout: the clients skip it too.
        }
        if (typeof message === "object" && message !== null) {
          answer(message as Record<string, unknown>);
        }
      }
    });
    send({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "contextfmt-doctor", version: "1" },
      },
    });
  });
}

/** Whether a listed value is a tool: an object with a name. */
const isTool = (tool: unknown): tool is ToolDefinition =>
  typeof tool === "object" &&
  tool !== null &&
  typeof (tool as { name?: unknown }).name === "string";

/** The tools the client passes on: those `includeTools` names, less those `excludeTools` names. */
function chosen(tools: readonly ToolDefinition[], server: McpServer): ToolDefinition[] {
  const include = server.includeTools === undefined ? undefined : new Set(server.includeTools);
  const exclude = new Set(server.excludeTools ?? []);
  return tools.filter(
    (tool) => (include === undefined || include.has(tool.name)) && !exclude.has(tool.name),
  );
}

/** Kills the process group led by `pid` (the server and whatever it started). */
function stop(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // Already gone.
  }
}
