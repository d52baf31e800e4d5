import { readFileSync } from "node:fs";
import type { Issue } from "contextfmt";
import {
  AGENT_FORMATS,
  type AgentFormat,
  COMMAND_FORMATS,
  type CommandFormat,
  convertAgent,
  convertCommand,
  convertMcpConfig,
  convertSkill,
  MCP_CONFIG_FORMATS,
  type McpConfigFormat,
  SKILL_FORMATS,
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
  "copilot-skill": "md",
  opencode: "md",
  cursor: "md",
  cline: "md",
  qwen: "md",
  pi: "md",
  windsurf: "md",
  roo: "md",
  antigravity: "md",
};
const MCP_EXT: Record<McpConfigFormat, string> = {
  claude: "json",
  gemini: "json",
  codex: "toml",
  qwen: "json",
  opencode: "json",
  cursor: "json",
  roo: "json",
  kiro: "json",
  amazonq: "json",
  junie: "json",
  firebender: "json",
};
const AGENT_EXT: Record<AgentFormat, string> = {
  claude: "md",
  gemini: "md",
  codex: "toml",
  copilot: "md",
  qwen: "md",
  opencode: "md",
  cursor: "md",
  cline: "yaml",
};

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

const AGENTS = [
  { id: "code-reviewer", file: "code-reviewer.claude-agent.md", from: "claude" },
  { id: "security-auditor", file: "security-auditor.gemini-agent.md", from: "gemini" },
  { id: "explorer", file: "explorer.codex-agent.toml", from: "codex" },
] as const;

describe("agent goldens", () => {
  for (const source of AGENTS) {
    it(`${source.id}: ${source.from} into every format`, async () => {
      const text = fixture(source.file);
      const report: string[] = [];
      for (const to of AGENT_FORMATS) {
        const result = convertAgent(text, { from: source.from, to });
        await expect(result.content).toMatchFileSnapshot(
          golden(`agents/${source.id}.${source.from}-to-${to}.${AGENT_EXT[to]}`),
        );
        report.push(`## ${source.from} → ${to}\n${warningLines(result.warnings) || "(none)"}\n`);
      }
      await expect(report.join("\n")).toMatchFileSnapshot(
        golden(`agents/${source.id}.warnings.md`),
      );
    });
  }
});

describe("skill goldens", () => {
  it("pdf-forms: claude into every format", async () => {
    const text = fixture("pdf-forms.claude-skill.md");
    const report: string[] = [];
    for (const to of SKILL_FORMATS) {
      const result = convertSkill(text, { from: "claude", to });
      await expect(result.content).toMatchFileSnapshot(
        golden(`skills/pdf-forms.claude-to-${to}.SKILL.md`),
      );
      report.push(`## claude → ${to}\n${warningLines(result.warnings) || "(none)"}\n`);
    }
    await expect(report.join("\n")).toMatchFileSnapshot(golden("skills/pdf-forms.warnings.md"));
  });
});
