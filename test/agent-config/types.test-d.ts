import {
  type AgentCodec,
  type Command,
  type CommandCodec,
  type CommandConversionResult,
  convertAgent,
  convertCommand,
  convertMcpConfig,
  convertSkill,
  createAgentConfigRegistry,
  type FormatOfKind,
  type McpConversionResult,
  type McpRemoteServer,
  type McpServer,
  type McpStdioServer,
  type ParseCommandOptions,
  type PassthroughConversionResult,
  type SkillCodec,
} from "contextfmt/agent-config";
import { expectTypeOf, it } from "vitest";

it("command conversion is async (an AI converter may run); MCP conversion is sync", () => {
  expectTypeOf(convertCommand).returns.toEqualTypeOf<Promise<CommandConversionResult>>();
  expectTypeOf(convertMcpConfig).returns.toEqualTypeOf<McpConversionResult>();
  expectTypeOf<McpConversionResult["usedAI"]>().toEqualTypeOf<false>();
});

it("a server's fields follow its transport", () => {
  expectTypeOf<McpStdioServer>().toHaveProperty("command");
  expectTypeOf<McpStdioServer>().not.toHaveProperty("url");
  expectTypeOf<McpRemoteServer>().toHaveProperty("url");
  expectTypeOf<McpRemoteServer>().not.toHaveProperty("command");
  expectTypeOf<McpServer>().toEqualTypeOf<McpStdioServer | McpRemoteServer>();
});

it("agent and skill conversion are sync; the registry hands out each kind's codec type", () => {
  expectTypeOf(convertAgent).returns.toEqualTypeOf<PassthroughConversionResult>();
  expectTypeOf(convertSkill).returns.toEqualTypeOf<PassthroughConversionResult>();
  expectTypeOf<FormatOfKind<"agent">>().toEqualTypeOf<AgentCodec>();
  expectTypeOf<FormatOfKind<"command">>().toEqualTypeOf<CommandCodec>();
  expectTypeOf(createAgentConfigRegistry().get("skill", "claude")).toEqualTypeOf<SkillCodec>();
});

it("a user's format plugs in as a plain object; its id is any string", () => {
  const cursorCommand: CommandCodec = Object.freeze({
    kind: "command",
    id: "cursor",
    fileLabel: "cursor command markdown",
    parse: (text: string, { name }: ParseCommandOptions) => ({
      command: { ...(name ? { name } : {}), prompt: text.trimEnd() },
      warnings: [],
    }),
    render: (command: Command) => ({ content: `${command.prompt}\n`, warnings: [] }),
  });
  const registry = createAgentConfigRegistry().register(cursorCommand);
  expectTypeOf(convertCommand).toBeCallableWith("x", { from: "claude", to: "cursor", registry });
});
