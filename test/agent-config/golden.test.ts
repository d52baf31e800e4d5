import { readFileSync } from "node:fs";
import type { Issue } from "contextfmt";
import {
  COMMAND_FORMATS,
  type CommandFormat,
  convertCommand,
  convertMcpConfig,
  MCP_CONFIG_FORMATS,
  type McpConfigFormat,
} from "contextfmt/agent-config";
import { describe, expect, it } from "vitest";

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/agent-config/${name}`, import.meta.url), "utf8");
const golden = (path: string) => `../golden/agent-config/${path}`;

const COMMAND_EXT: Record<CommandFormat, string> = {
  claude: "md",
  gemini: "toml",
  codex: "md",
  "codex-skill": "md",
};
const MCP_EXT: Record<McpConfigFormat, string> = { claude: "json", gemini: "json", codex: "toml" };

function warningLines(warnings: readonly Issue[]): string {
  return warnings.map((w) => `- ${w.code} ${w.path ?? ""}: ${w.message}`).join("\n");
}

const COMMANDS = [
  { id: "review", file: "review.claude.md", from: "claude", name: "review" },
  { id: "git-commit", file: "commit.gemini.toml", from: "gemini", name: "git/commit" },
] as const;

describe("command goldens", () => {
  for (const source of COMMANDS) {
    it(`${source.id}: ${source.from} into every format`, async () => {
      const text = fixture(source.file);
      const report: string[] = [];
      for (const to of COMMAND_FORMATS) {
        const result = await convertCommand(text, { from: source.from, to, name: source.name });
        expect(result.usedAI).toBe(false);
        await expect(result.content).toMatchFileSnapshot(
          golden(`commands/${source.id}.${source.from}-to-${to}.${COMMAND_EXT[to]}`),
        );
        report.push(`## ${source.from} → ${to}\n${warningLines(result.warnings) || "(none)"}\n`);
      }
      await expect(report.join("\n")).toMatchFileSnapshot(
        golden(`commands/${source.id}.warnings.md`),
      );
    });
  }
});

const MCP = [
  { id: "claude-servers", file: "servers.mcp.json", from: "claude" },
  { id: "gemini-servers", file: "gemini-settings.json", from: "gemini" },
  { id: "codex-servers", file: "codex-config.toml", from: "codex" },
] as const;

describe("MCP config goldens", () => {
  for (const source of MCP) {
    it(`${source.id}: ${source.from} into every format`, async () => {
      const text = fixture(source.file);
      const report: string[] = [];
      for (const to of MCP_CONFIG_FORMATS) {
        const result = convertMcpConfig(text, { from: source.from, to });
        await expect(result.content).toMatchFileSnapshot(
          golden(`mcp/${source.id}.${source.from}-to-${to}.${MCP_EXT[to]}`),
        );
        report.push(`## ${source.from} → ${to}\n${warningLines(result.warnings) || "(none)"}\n`);
      }
      await expect(report.join("\n")).toMatchFileSnapshot(golden(`mcp/${source.id}.warnings.md`));
    });
  }
});
