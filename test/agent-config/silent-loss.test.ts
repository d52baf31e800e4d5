/** Conversions that used to drop or change something without a word, each named. */

import { InvalidInputError } from "contextfmt";
import {
  ConfigParseError,
  convertCommand,
  convertMcpConfig,
  parseAgent,
  parseMcpConfig,
  renderAgent,
  renderMcpConfig,
} from "contextfmt/agent-config";
import { describe, expect, it } from "vitest";

const paths = (warnings: readonly { path?: string }[]) => warnings.map((w) => w.path);

describe("Codex MCP values given twice", () => {
  it("http_headers.Authorization beside bearer_token_env_var: the literal one is reported dropped", () => {
    const { servers, warnings } = parseMcpConfig(
      "codex",
      '[mcp_servers.a]\nurl = "https://x"\nbearer_token_env_var = "T"\nhttp_headers = { Authorization = "Bearer literal" }\n',
    );
    expect(servers[0]).toMatchObject({ headers: { Authorization: "Bearer ${T}" } });
    expect(paths(warnings)).toEqual(["a.http_headers.Authorization"]);
  });

  it("an env value beside env_vars of the same name", () => {
    const { warnings } = parseMcpConfig(
      "codex",
      '[mcp_servers.a]\ncommand = "x"\nenv = { A = "literal" }\nenv_vars = ["A"]\n',
    );
    expect(paths(warnings)).toEqual(["a.env.A"]);
  });

  it("http_headers.X beside env_http_headers.X", () => {
    const { warnings } = parseMcpConfig(
      "codex",
      '[mcp_servers.a]\nurl = "https://x"\nhttp_headers = { X = "literal" }\nenv_http_headers = { X = "V" }\n',
    );
    expect(paths(warnings)).toEqual(["a.http_headers.X"]);
  });
});

describe("__proto__ as a name or key is refused, never dropped", () => {
  it("a server named __proto__ in .mcp.json", () => {
    expect(() => parseMcpConfig("claude", '{"mcpServers":{"__proto__":{"command":"x"}}}')).toThrow(
      /mcpServers\.__proto__: a key named "__proto__"/,
    );
  });

  it("an env key named __proto__ in Gemini settings and Codex TOML", () => {
    expect(() =>
      parseMcpConfig("gemini", '{"mcpServers":{"b":{"command":"y","env":{"__proto__":"1"}}}}'),
    ).toThrow(ConfigParseError);
    expect(() =>
      parseMcpConfig("codex", '[mcp_servers.b]\ncommand = "y"\nenv = { __proto__ = "1" }\n'),
    ).toThrow(/mcp_servers\.b\.env\.__proto__/);
  });

  it("rendering a server named __proto__, or with such a key", () => {
    expect(() =>
      renderMcpConfig("claude", [{ name: "__proto__", transport: "stdio", command: "x" }]),
    ).toThrow(InvalidInputError);
    const env = JSON.parse('{"__proto__":"1"}');
    expect(() =>
      renderMcpConfig("codex", [{ name: "a", transport: "stdio", command: "x", env }]),
    ).toThrow(/servers\[0\]\.env\.__proto__/);
  });

  it("a frontmatter key named __proto__", () => {
    expect(() =>
      parseAgent("claude", "---\nname: a\ndescription: d\n__proto__: x\n---\nHi\n"),
    ).toThrow(ConfigParseError);
  });
});

describe("switched-off servers stay off, narrowed ones are said to widen", () => {
  it("a disabled Codex server is left out of .mcp.json, with a warning", () => {
    const result = convertMcpConfig('[mcp_servers.a]\ncommand = "x"\nenabled = false\n', {
      from: "codex",
      to: "claude",
    });
    expect(JSON.parse(result.content)).toEqual({ mcpServers: {} });
    expect(paths(result.warnings)).toEqual(["a.enabled"]);
  });

  it("a Gemini mcp.excluded server keeps its includeTools into Codex and stays disabled", () => {
    const result = convertMcpConfig(
      '{"mcpServers":{"a":{"command":"x","includeTools":["t"]}},"mcp":{"excluded":["a"]}}',
      { from: "gemini", to: "codex" },
    );
    expect(result.content).toBe(
      '[mcp_servers.a]\ncommand = "x"\nenabled = false\nenabled_tools = [ "t" ]\n',
    );
    expect(result.warnings).toEqual([]);
  });

  it("includeTools into Claude says every tool is offered", () => {
    const result = convertMcpConfig('{"mcpServers":{"a":{"command":"x","includeTools":["t"]}}}', {
      from: "gemini",
      to: "claude",
    });
    expect(result.warnings[0]?.message).toMatch(/every tool of the server is offered/);
  });
});

describe("input of the wrong shape is an error, not empty output", () => {
  it('{"servers": …} is not a .mcp.json', () => {
    expect(() => parseMcpConfig("claude", '{"servers":{"a":{"command":"x"}}}')).toThrow(
      'claude .mcp.json, mcpServers: expected { "mcpServers": { … } }; found "servers"',
    );
  });
});

describe("commands", () => {
  it("a shell inline with a positional argument: the warning says what was written", async () => {
    const result = await convertCommand("Run !`git diff HEAD -- $0` now", {
      from: "claude",
      to: "gemini",
      name: "c",
    });
    expect(result.content).toContain("!{git diff HEAD -- $0}");
    expect(result.warnings[0]?.message).toBe(
      "c: Gemini CLI has no positional arguments; !`git diff HEAD -- $0` is written as !{…} with its positional argument left as written ({{args}} holds all of them)",
    );
  });

  it("a CRLF Claude command becomes TOML without a \\r on every line", async () => {
    const result = await convertCommand(
      "---\r\ndescription: d\r\n---\r\nline one\r\nline two\r\n",
      { from: "claude", to: "gemini", name: "c" },
    );
    expect(result.content).toBe('description = "d"\nprompt = """\nline one\nline two\n"""\n');
  });
});

describe("renderAgent writes only what parseAgent reads", () => {
  it("a blank description or name is refused with the path", () => {
    expect(() => renderAgent("claude", { name: "a", description: "", prompt: "" })).toThrow(
      /agent\.description: expected text that is not blank/,
    );
    expect(() => renderAgent("gemini", { name: " ", description: "d", prompt: "" })).toThrow(
      /agent\.name/,
    );
  });

  it("what it writes for every format reads back", () => {
    for (const format of ["claude", "gemini"] as const) {
      const { content } = renderAgent(format, { name: "a", description: "d", prompt: "" });
      expect(parseAgent(format, content).agent).toMatchObject({ name: "a", description: "d" });
    }
  });
});
