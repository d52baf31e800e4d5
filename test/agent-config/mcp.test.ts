import { InvalidInputError } from "contextfmt";
import {
  ConfigParseError,
  convertMcpConfig,
  type McpServer,
  parseMcpConfig,
  renderMcpConfig,
} from "contextfmt/agent-config";
import { describe, expect, it } from "vitest";

const bearer: McpServer = {
  name: "github",
  transport: "http",
  url: "https://api.githubcopilot.com/mcp/",
  headers: { Authorization: "Bearer ${GITHUB_PAT}", "X-Org": "${ORG}", "X-Lit": "1" },
};

describe("Codex config.toml", () => {
  it("maps Bearer ${VAR} to bearer_token_env_var, whole ${VAR} headers to env_http_headers", () => {
    const { content, warnings } = renderMcpConfig("codex", [bearer]);
    expect(content).toBe(
      [
        "[mcp_servers.github]",
        'url = "https://api.githubcopilot.com/mcp/"',
        'bearer_token_env_var = "GITHUB_PAT"',
        "",
        "[mcp_servers.github.http_headers]",
        'X-Lit = "1"',
        "",
        "[mcp_servers.github.env_http_headers]",
        'X-Org = "ORG"',
        "",
      ].join("\n"),
    );
    expect(warnings).toEqual([]);
    expect(parseMcpConfig("codex", content).servers).toEqual([bearer]);
  });

  it("passes ${KEY} env values through env_vars; other references are lossy and named", () => {
    const server: McpServer = {
      name: "fs",
      transport: "stdio",
      command: "npx",
      args: ["${HOME}/data"],
      env: { KEY: "${KEY}", OTHER: "${SOURCE}", PLAIN: "1" },
    };
    const { content, warnings } = renderMcpConfig("codex", [server]);
    expect(content).toContain('env_vars = [ "KEY" ]');
    expect(content).toContain('PLAIN = "1"');
    expect(content).not.toContain("SOURCE");
    expect(warnings.map((w) => [w.code, w.path])).toEqual([
      ["lossy_conversion", "fs.args"],
      ["lossy_conversion", "fs.env.OTHER"],
    ]);
  });

  it("two headers that differ only in case are one header: the second is dropped and named", () => {
    const { content, warnings } = renderMcpConfig("codex", [
      { name: "h", transport: "http", url: "https://x", headers: { e: "", E: "${A}" } },
    ]);
    expect(warnings.map((w) => [w.code, w.path])).toEqual([["lossy_conversion", "h.headers.E"]]);
    expect(parseMcpConfig("codex", content).servers).toEqual([
      { name: "h", transport: "http", url: "https://x", headers: { e: "" } },
    ]);
  });

  it("SSE is a warning naming the server; the server is left out", () => {
    const { content, warnings } = renderMcpConfig("codex", [
      { name: "linear", transport: "sse", url: "https://mcp.linear.app/sse" },
    ]);
    expect(content).toBe("");
    expect(warnings).toEqual([
      {
        code: "lossy_conversion",
        severity: "warning",
        message: "linear: Codex has no SSE transport; server left out",
        path: "linear.transport",
      },
    ]);
  });

  it("converts timeouts between seconds and milliseconds (startup_timeout_ms too)", () => {
    const text =
      '[mcp_servers.a]\ncommand = "x"\nstartup_timeout_ms = 2500\ntool_timeout_sec = 1.5\n';
    const [server] = parseMcpConfig("codex", text).servers;
    expect(server).toMatchObject({ startupTimeoutMs: 2500, toolTimeoutMs: 1500 });
    expect(renderMcpConfig("codex", [server as McpServer]).content).toContain(
      "startup_timeout_sec = 2.5\ntool_timeout_sec = 1.5",
    );
    expect(renderMcpConfig("gemini", [server as McpServer]).content).toContain('"timeout": 1500');
  });

  it("rejects a table mixing transports the way Codex does, naming the key", () => {
    expect(() =>
      parseMcpConfig("codex", '[mcp_servers.a]\ncommand = "x"\nurl = "http://h"\n'),
    ).toThrow("codex config.toml, mcp_servers.a.url: url is not supported for stdio");
  });

  it("a TOML syntax error names line and column", () => {
    try {
      parseMcpConfig("codex", '[mcp_servers.a]\ncommand = "x\n');
      expect.unreachable();
    } catch (error) {
      expect(ConfigParseError.is(error)).toBe(true);
      expect(error).toMatchObject({ format: "codex config.toml", line: 2 });
    }
  });

  it("a literal ${…} in Codex (which expands nothing) is reported before others would expand it", () => {
    const { warnings } = parseMcpConfig(
      "codex",
      '[mcp_servers.a]\ncommand = "x"\nargs = ["${HOME}"]\n',
    );
    expect(warnings.map((w) => [w.code, w.path])).toEqual([["lossy_conversion", "a.values"]]);
  });

  it("keys it does not model are unsupported_field warnings naming server and key", () => {
    const { warnings } = parseMcpConfig(
      "codex",
      '[mcp_servers.a]\ncommand = "x"\nrequired = true\n',
    );
    expect(warnings).toEqual([
      {
        code: "unsupported_field",
        severity: "warning",
        message: 'a: "required" is not carried over (not modelled)',
        path: "a.required",
      },
    ]);
  });
});

describe("Claude .mcp.json", () => {
  it("a stdio server may omit type", () => {
    const text = '{"mcpServers":{"fs":{"command":"npx","args":["-y","srv"]}}}';
    expect(parseMcpConfig("claude", text).servers).toEqual([
      { name: "fs", transport: "stdio", command: "npx", args: ["-y", "srv"] },
    ]);
  });

  it("cwd, trust, tool lists and startup timeout into Claude are warnings naming each field", () => {
    const { warnings } = renderMcpConfig("claude", [
      {
        name: "py",
        transport: "stdio",
        command: "python",
        cwd: "/srv",
        trust: true,
        includeTools: ["a"],
        excludeTools: ["b"],
        startupTimeoutMs: 1000,
      },
    ]);
    expect(warnings.map((w) => w.path)).toEqual([
      "py.cwd",
      "py.startupTimeoutMs",
      "py.includeTools",
      "py.excludeTools",
      "py.trust",
    ]);
  });

  it("invalid JSON names line and column; a wrong shape names the key path", () => {
    expect(() => parseMcpConfig("claude", '{\n  "mcpServers": {\n    "a": }\n}')).toThrow(
      /^claude \.mcp\.json, line 3, column \d+: invalid JSON/,
    );
    expect(() =>
      parseMcpConfig("claude", '{"mcpServers":{"a":{"command":"x","args":"-y"}}}'),
    ).toThrow('claude .mcp.json, mcpServers.a.args: expected array, received "-y"');
    expect(() => parseMcpConfig("claude", '{"mcpServers":{"a":{"type":"http"}}}')).toThrow(
      "mcpServers.a.url: an http server needs a url",
    );
  });

  it("transports it cannot carry are unsupported_field warnings", () => {
    const { servers, warnings } = parseMcpConfig(
      "claude",
      '{"mcpServers":{"w":{"type":"ws","url":"ws://h"}}}',
    );
    expect(servers).toEqual([]);
    expect(warnings[0]).toMatchObject({ code: "unsupported_field", path: "w.type" });
  });
});

describe("Gemini settings.json", () => {
  it("legacy httpUrl is Streamable HTTP; url without type is too; url + sse is SSE", () => {
    const text = JSON.stringify({
      mcpServers: {
        a: { httpUrl: "https://a/mcp" },
        b: { url: "https://b/mcp" },
        c: { url: "https://c/sse", type: "sse" },
      },
    });
    expect(parseMcpConfig("gemini", text).servers.map((s) => s.transport)).toEqual([
      "http",
      "http",
      "sse",
    ]);
  });

  it("bare $VAR is read as ${VAR}, the form Claude Code also expands", () => {
    const text = '{"mcpServers":{"a":{"command":"x","env":{"K":"$TOKEN"}}}}';
    expect(parseMcpConfig("gemini", text).servers[0]).toMatchObject({ env: { K: "${TOKEN}" } });
  });

  it("a disabled server is listed in mcp.excluded", () => {
    const { content } = renderMcpConfig("gemini", [
      { name: "a", transport: "stdio", command: "x", enabled: false },
    ]);
    expect(JSON.parse(content)).toEqual({
      mcpServers: { a: { command: "x" } },
      mcp: { excluded: ["a"] },
    });
  });

  it("writes only keys Gemini CLI accepts", () => {
    const all: McpServer = {
      name: "a",
      transport: "http",
      url: "https://h",
      headers: { A: "b" },
      description: "d",
      startupTimeoutMs: 5,
      toolTimeoutMs: 6,
      includeTools: ["x"],
      excludeTools: ["y"],
      trust: false,
      enabled: true,
    };
    const written = JSON.parse(renderMcpConfig("gemini", [all]).content).mcpServers.a;
    const accepted = [
      "url",
      "type",
      "headers",
      "timeout",
      "trust",
      "description",
      "includeTools",
      "excludeTools",
    ];
    expect(Object.keys(written).every((key) => accepted.includes(key))).toBe(true);
  });
});

describe("bad arguments", () => {
  it("renderMcpConfig checks the servers and names the path", () => {
    expect(() =>
      renderMcpConfig("claude", [{ name: "a", transport: "stdio" } as unknown as McpServer]),
    ).toThrow(InvalidInputError);
    expect(() =>
      renderMcpConfig("claude", [
        { name: "a", transport: "stdio", command: "x" },
        { name: "a", transport: "stdio", command: "y" },
      ]),
    ).toThrow('servers[1].name: duplicate server name "a"');
  });

  it("convertMcpConfig names an unknown format", () => {
    expect(() => convertMcpConfig("{}", { from: "vscode" as never, to: "codex" })).toThrow(
      'from: expected "claude" | "gemini" | "codex" | "qwen" | "opencode" | "cursor" | "roo" | "kiro" | "amazonq" | "junie" | "firebender", received "vscode"',
    );
  });
});
