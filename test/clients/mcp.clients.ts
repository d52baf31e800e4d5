/**
 * MCP configs rendered by this library, read back by the real CLIs (installed by
 * `npm run test:clients` into .clients/). Each CLI runs in a temporary home, with no network
 * where `unshare` allows it; they only read configuration, so none needs one.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type McpConfigFormat,
  type McpServer,
  parseMcpConfig,
  renderMcpConfig,
} from "contextfmt/agent-config";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runClient } from "./run-client.js";

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/agent-config/${name}`, import.meta.url), "utf8");

/** Every server of the realistic fixtures, each read from its own tool's format. */
const SERVERS: McpServer[] = [
  ...parseMcpConfig("claude", fixture("servers.mcp.json")).servers,
  ...parseMcpConfig("gemini", fixture("gemini-settings.json")).servers,
  ...parseMcpConfig("codex", fixture("codex-config.toml")).servers,
];

/** Every `${VAR}` the servers name, set to a dummy so no CLI reports a missing variable. */
const VARIABLES = Object.fromEntries(
  [...JSON.stringify(SERVERS).matchAll(/\$\{([A-Za-z_]\w*)\}/g)].map((m) => [m[1], "x"]),
);

const run = (
  tool: "claude" | "codex" | "gemini",
  args: string[],
  env: Record<string, string>,
  cwd: string,
) => runClient(tool, args, { ...VARIABLES, ...env }, cwd);

function rendered(format: McpConfigFormat): { content: string; servers: McpServer[] } {
  const { content } = renderMcpConfig(format, SERVERS);
  return { content, servers: parseMcpConfig(format, content).servers };
}

let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), "contextfmt-clients-"));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function freshDir(name: string): string {
  const dir = join(scratch, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** What Codex should report for a server, derived from the neutral form. */
function codexExpectation(server: McpServer) {
  const timeout = (ms: number | undefined) => (ms === undefined ? null : ms / 1000);
  const common = {
    name: server.name,
    enabled: server.enabled ?? true,
    startup_timeout_sec: timeout(server.startupTimeoutMs),
    tool_timeout_sec: timeout(server.toolTimeoutMs),
  };
  if (server.transport === "stdio") {
    const env = Object.entries(server.env ?? {});
    const passed = env.filter(([key, value]) => value === `\${${key}}`).map(([key]) => key);
    const literal = Object.fromEntries(env.filter(([key]) => !passed.includes(key)));
    return {
      ...common,
      transport: {
        type: "stdio",
        command: server.command,
        args: server.args ?? [],
        env: Object.keys(literal).length ? literal : null,
        env_vars: passed,
        cwd: server.cwd ?? null,
      },
    };
  }
  const headers = Object.entries(server.headers ?? {});
  const bearer = headers.find(([key]) => key === "Authorization")?.[1];
  const fromEnv = headers.filter(
    ([key, value]) => key !== "Authorization" && /^\$\{\w+\}$/.test(value),
  );
  const literal = headers.filter(
    ([key, value]) => key !== "Authorization" && !value.includes("${"),
  );
  return {
    ...common,
    transport: {
      type: "streamable_http",
      url: server.url,
      bearer_token_env_var: bearer ? bearer.slice("Bearer ${".length, -1) : null,
      http_headers: literal.length ? Object.fromEntries(literal) : null,
      env_http_headers: fromEnv.length
        ? Object.fromEntries(fromEnv.map(([key, value]) => [key, value.slice(2, -1)]))
        : null,
    },
  };
}

describe("Codex CLI reads the config.toml we write", () => {
  const { content, servers } = rendered("codex");
  let home: string;
  beforeAll(() => {
    home = freshDir("codex-home");
    writeFileSync(join(home, "config.toml"), content);
  });
  const codex = (...args: string[]) => run("codex", args, { CODEX_HOME: home, HOME: home }, home);

  it("codex mcp list --json shows every server with its transport, url, env and bearer variable", () => {
    const listed = JSON.parse(codex("mcp", "list", "--json").stdout) as Record<string, unknown>[];
    expect(listed.map((entry) => entry.name)).toEqual(servers.map((s) => s.name).sort());
    for (const server of servers) {
      expect(listed.find((entry) => entry.name === server.name)).toMatchObject(
        codexExpectation(server),
      );
    }
  });

  it("a table Codex cannot read fails the command, so the checks here can fail", () => {
    const bad = freshDir("codex-home-bad");
    writeFileSync(join(bad, "config.toml"), '[mcp_servers.x]\ncommand = "y"\nurl = "http://h"\n');
    expect(() =>
      run("codex", ["mcp", "list", "--json"], { CODEX_HOME: bad, HOME: bad }, bad),
    ).toThrow(/url is not supported for stdio/);
  });

  for (const server of servers) {
    it(`codex mcp get ${server.name} --json: tool lists and timeouts as intended`, () => {
      const got = JSON.parse(codex("mcp", "get", server.name, "--json").stdout);
      expect(got).toMatchObject({
        ...codexExpectation(server),
        enabled_tools: server.includeTools ?? null,
        disabled_tools: server.excludeTools ?? null,
      });
    });
  }
});

/** `claude mcp get` output as key/value pairs, nested blocks (Args, Environment, Headers) as text. */
function claudeFields(output: string): Record<string, string> {
  const fields: Record<string, string> = {};
  let key = "";
  for (const line of output.split("\n")) {
    const top = /^ {2}([A-Za-z][A-Za-z ]*):\s*(.*)$/.exec(line);
    const nested = /^ {4}(.*)$/.exec(line);
    if (top?.[1]) {
      key = top[1];
      fields[key] = top[2] ?? "";
    } else if (nested?.[1] && key)
      fields[key] = `${fields[key] ? `${fields[key]}\n` : ""}${nested[1]}`;
  }
  return fields;
}

describe("Claude Code reads the .mcp.json we write", () => {
  const { content, servers } = rendered("claude");
  let project: string;
  let home: string;
  beforeAll(() => {
    home = freshDir("claude-home");
    project = freshDir("claude-project");
    writeFileSync(join(project, ".mcp.json"), content);
  });
  const claude = (...args: string[]) => run("claude", args, { HOME: home }, project);

  it("claude mcp list shows every server and no diagnostics (nothing skipped)", () => {
    const { output } = claude("mcp", "list");
    expect(output).not.toMatch(/Skipped|diagnostics|\[Warning\]|\[Error\]/);
    for (const server of servers) {
      const target = server.transport === "stdio" ? server.command : server.url;
      expect(output).toContain(`${server.name}: ${target}`);
    }
  });

  it("a server Claude Code cannot read is reported as skipped, so the check above can fail", () => {
    const bad = freshDir("claude-project-bad");
    writeFileSync(join(bad, ".mcp.json"), '{"mcpServers":{"x":{"type":"http","command":"y"}}}');
    expect(run("claude", ["mcp", "list"], { HOME: home }, bad).output).toMatch(/Skipped/);
  });

  for (const server of servers) {
    it(`claude mcp get ${server.name}: type, target, env, headers and timeout as intended`, () => {
      const fields = claudeFields(claude("mcp", "get", server.name).output);
      expect(fields.Type).toBe(server.transport);
      if (server.transport === "stdio") {
        expect(fields.Command).toBe(server.command);
        expect(fields.Args).toBe((server.args ?? []).join(" "));
        const env = Object.entries(server.env ?? {}).map(([k, v]) => `${k}=${v}`);
        expect(fields.Environment?.split("\n") ?? []).toEqual(env);
      } else {
        expect(fields.URL).toBe(server.url);
        const headers = Object.entries(server.headers ?? {}).map(([k, v]) => `${k}: ${v}`);
        expect(fields.Headers?.split("\n") ?? []).toEqual(headers);
      }
      expect(fields.Timeout).toBe(
        server.toolTimeoutMs === undefined ? undefined : `${server.toolTimeoutMs}ms`,
      );
    });
  }
});

describe("Gemini CLI reads the settings.json we write", () => {
  const { content, servers } = rendered("gemini");

  it("gemini mcp list in an untrusted folder: no invalid configuration, every server listed", () => {
    const home = freshDir("gemini-home");
    const project = freshDir("gemini-project");
    mkdirSync(join(home, ".gemini"), { recursive: true });
    writeFileSync(join(home, ".gemini", "settings.json"), content);
    const { output } = run("gemini", ["mcp", "list"], { HOME: home }, project);
    expect(output).not.toMatch(/Invalid configuration|Unrecognized key/);
    for (const server of servers) {
      // Gemini prints the command, a space, then the arguments (so a trailing space when none).
      const target =
        server.transport === "stdio"
          ? `${server.command} ${(server.args ?? []).join(" ")}`
          : server.url;
      const state = server.enabled === false ? "Blocked" : "Disabled";
      expect(output).toContain(`${server.name}: ${target} (${server.transport}) - ${state}`);
    }
  });

  it("an unknown key is reported by Gemini CLI, so the check above can fail", () => {
    const home = freshDir("gemini-home-bad");
    const project = freshDir("gemini-project-bad");
    mkdirSync(join(home, ".gemini"), { recursive: true });
    const bad = JSON.parse(content);
    // A key Codex reads but Gemini CLI does not: Gemini must refuse the file.
    bad.mcpServers.filesystem.startup_timeout_sec = 5;
    writeFileSync(join(home, ".gemini", "settings.json"), JSON.stringify(bad));
    // Gemini CLI still exits 0 here: the message is what tells.
    const { output } = run("gemini", ["mcp", "list"], { HOME: home }, project);
    expect(output).toMatch(/Invalid configuration in .*settings\.json[\s\S]*startup_timeout_sec/);
  });
});
