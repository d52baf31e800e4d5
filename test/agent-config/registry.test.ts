import { ContextFmtError, InvalidInputError } from "contextfmt";
import {
  AgentConfigRegistry,
  builtinAgentConfigFormats,
  type Command,
  type CommandCodec,
  convertCommand,
  convertMcpConfig,
  createAgentConfigRegistry,
  type McpCodec,
  parseCommand,
  renderCommand,
  UnknownFormatError,
} from "contextfmt/agent-config";
import { describe, expect, it } from "vitest";

/**
 * An Acme editor workflow (`.acme/workflows/<name>.md`), a tool the library has no format for:
 * plain markdown, no frontmatter, no placeholders; the name comes from the file name. Written the
 * way a user of the library would.
 */
const acmeCommand: CommandCodec = Object.freeze({
  kind: "command",
  id: "acme",
  fileLabel: "acme workflow markdown",
  parse(text: string, options: { readonly name?: string }) {
    return {
      command: { ...(options.name ? { name: options.name } : {}), prompt: text.trimEnd() },
      warnings: [],
    };
  },
  render(command: Command) {
    const warnings = command.description
      ? [
          {
            code: "lossy_conversion",
            severity: "warning" as const,
            message: "Acme workflows have no description",
            path: `${command.name ?? "command"}.description`,
          },
        ]
      : [];
    return { content: `${command.prompt.replaceAll("$ARGUMENTS", "")}\n`, warnings };
  },
});

const BUILTIN_COMMANDS = [
  "claude",
  "gemini",
  "codex",
  "codex-skill",
  "copilot-skill",
  "opencode",
  "cursor",
  "cline",
  "qwen",
  "pi",
  "windsurf",
  "roo",
  "antigravity",
];

const claudeMd = "---\ndescription: Review a file\n---\nReview this change. $ARGUMENTS\n";

describe("a registry of agent-config formats", () => {
  it("a user registers a command format and converts through it, both ways", async () => {
    const registry = createAgentConfigRegistry().register(acmeCommand);
    const toAcme = await convertCommand(claudeMd, {
      from: "claude",
      to: "acme",
      name: "review",
      registry,
    });
    expect(toAcme).toEqual({
      content: "Review this change. \n",
      warnings: [expect.objectContaining({ code: "lossy_conversion", path: "review.description" })],
      usedAI: false,
      fallbackUsed: false,
    });
    const toGemini = await convertCommand("Explain the failing test.\n", {
      from: "acme",
      to: "gemini",
      name: "explain",
      registry,
    });
    expect(toGemini.content).toBe('prompt = """\nExplain the failing test.\n"""\n');
    expect(parseCommand("acme", "Hi\n", { name: "hi", registry }).command).toEqual({
      name: "hi",
      prompt: "Hi",
    });
    expect(renderCommand("acme", { prompt: "Hi" }, { registry }).content).toBe("Hi\n");
  });

  it("registering into one registry leaves the built-in formats and other registries alone", async () => {
    createAgentConfigRegistry().register(acmeCommand);
    await expect(convertCommand(claudeMd, { from: "claude", to: "acme" })).rejects.toThrow(
      UnknownFormatError,
    );
    expect(createAgentConfigRegistry().has("command", "acme")).toBe(false);
  });

  it("an unknown id is an UnknownFormatError (an InvalidInputError) listing the registered ids", () => {
    const registry = createAgentConfigRegistry().register(acmeCommand);
    let error: unknown;
    try {
      registry.get("command", "zed", "to");
    } catch (caught) {
      error = caught;
    }
    expect(UnknownFormatError.is(error)).toBe(true);
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(error).toMatchObject({
      kind: "command",
      id: "zed",
      known: [...BUILTIN_COMMANDS, "acme"],
      message: `to: expected ${[...BUILTIN_COMMANDS, "acme"].map((id) => `"${id}"`).join(" | ")}, received "zed"`,
    });
  });

  it("lists the ids of each kind in registration order", () => {
    const registry = new AgentConfigRegistry();
    expect(registry.list("command")).toEqual(BUILTIN_COMMANDS);
    expect(registry.list("mcp")).toEqual([
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
    ]);
    expect(registry.list("agent")).toEqual([
      "claude",
      "gemini",
      "codex",
      "copilot",
      "qwen",
      "opencode",
      "cursor",
      "cline",
    ]);
    expect(registry.list("skill")).toEqual([
      "claude",
      "codex",
      "gemini",
      "copilot",
      "qwen",
      "opencode",
      "cursor",
      "cline",
      "pi",
      "continue",
      "windsurf",
      "roo",
      "kiro",
      "firebender",
      "goose",
      "warp",
    ]);
    expect(createAgentConfigRegistry([]).list("command")).toEqual([]);
    expect(Object.isFrozen(builtinAgentConfigFormats)).toBe(true);
    expect(builtinAgentConfigFormats.every(Object.isFrozen)).toBe(true);
  });

  it("a taken id throws unless replace is asked for; ids are per kind", () => {
    const registry = createAgentConfigRegistry();
    const claudeCommand = { ...acmeCommand, id: "claude" };
    expect(() => registry.register(claudeCommand)).toThrow(ContextFmtError);
    expect(() => registry.register(claudeCommand)).toThrow(
      'a command format "claude" is registered already',
    );
    registry.register(claudeCommand, { replace: true });
    expect(parseCommand("claude", "---\nx\n", { registry }).command.prompt).toBe("---\nx");
  });

  it("a malformed format is an InvalidInputError naming each problem", () => {
    const registry = createAgentConfigRegistry();
    expect(() => registry.register({ kind: "prompt", id: "", parse: 1 } as never)).toThrow(
      [
        'format.kind: expected "command" | "mcp" | "agent" | "skill", received "prompt"',
        'format.id: expected a non-empty string, received ""',
        "format.parse: expected a function",
        "format.render: expected a function",
        "format.fileLabel: expected a string",
      ].join("\n"),
    );
  });

  it("an MCP format registered by the user converts through the built-in ones", () => {
    // VS Code's .vscode/mcp.json: the same servers under "servers".
    const vscodeMcp: McpCodec = {
      kind: "mcp",
      id: "vscode",
      fileLabel: "vscode mcp.json",
      parse(text) {
        const { servers } = JSON.parse(text) as { servers: Record<string, { command: string }> };
        return {
          servers: Object.entries(servers).map(([name, s]) => ({
            name,
            transport: "stdio" as const,
            command: s.command,
          })),
          warnings: [],
        };
      },
      render: () => ({ content: "", warnings: [] }),
    };
    const registry = createAgentConfigRegistry().register(vscodeMcp);
    const { content } = convertMcpConfig('{"servers":{"fs":{"command":"mcp-fs"}}}', {
      from: "vscode",
      to: "codex",
      registry,
    });
    expect(content).toBe('[mcp_servers.fs]\ncommand = "mcp-fs"\n');
  });
});
