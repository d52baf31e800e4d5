import {
  type CommandConversionResult,
  convertCommand,
  convertMcpConfig,
  type McpConversionResult,
  type McpRemoteServer,
  type McpServer,
  type McpStdioServer,
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
