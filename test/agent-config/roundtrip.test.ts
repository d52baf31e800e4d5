import {
  COMMAND_FORMATS,
  MCP_CONFIG_FORMATS,
  parseCommand,
  parseMcpConfig,
  renderCommand,
  renderMcpConfig,
} from "contextfmt/agent-config";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ARBITRARIES, COMMANDS } from "./arbitraries.js";

// parse(render(x)) equals x for every field a format holds (the arbitraries generate exactly those).

describe("MCP configs: parse(render(servers)) equals servers", () => {
  for (const format of MCP_CONFIG_FORMATS) {
    it(format, () => {
      fc.assert(
        fc.property(ARBITRARIES[format], (list) => {
          const { content, warnings } = renderMcpConfig(format, list);
          expect(warnings).toEqual([]);
          expect(parseMcpConfig(format, content).servers).toEqual(list);
        }),
      );
    });
  }
});

describe("commands: parse(render(command)) equals command", () => {
  for (const format of COMMAND_FORMATS) {
    it(format, () => {
      fc.assert(
        fc.property(COMMANDS[format], (command) => {
          const { content } = renderCommand(format, command);
          const options = command.name ? { name: command.name } : {};
          expect(parseCommand(format, content, options).command).toEqual(command);
        }),
      );
    });
  }
});
