import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  convertAgent,
  convertCommand,
  convertMcpConfig,
  convertSkill,
} from "contextfmt/agent-config";
import { describe, expect, it } from "vitest";
import { contextfmt } from "./run-bin.js";

const fixture = (name: string) =>
  new URL(`../fixtures/agent-config/${name}`, import.meta.url).pathname;
const stderrOf = (
  warnings: readonly { severity: string; code: string; path?: string; message: string }[],
) =>
  warnings
    .map(
      (w) => `contextfmt: ${w.severity}: ${w.code}${w.path ? ` at ${w.path}` : ""}: ${w.message}\n`,
    )
    .join("");
const withNewline = (text: string) => (text.endsWith("\n") ? text : `${text}\n`);

describe("contextfmt convert", () => {
  it("mcp: prints what convertMcpConfig gives, its warnings on stderr", () => {
    const file = fixture("servers.mcp.json");
    const expected = convertMcpConfig(readFileSync(file, "utf8"), { from: "claude", to: "codex" });
    const { stdout, stderr, status } = contextfmt([
      "convert",
      "mcp",
      "--from",
      "claude",
      "--to",
      "codex",
      file,
    ]);
    expect(status).toBe(0);
    expect(stdout).toBe(withNewline(expected.content));
    expect(stderr).toBe(stderrOf(expected.warnings));
    expect(stderr).toContain("lossy_conversion");
  });

  it("command: the name comes from the path under commands/", async () => {
    const dir = mkdtempSync(join(tmpdir(), "contextfmt-convert-"));
    const file = join(dir, "commit.toml");
    writeFileSync(file, readFileSync(fixture("commit.gemini.toml")));
    const expected = await convertCommand(readFileSync(file, "utf8"), {
      from: "gemini",
      to: "codex-skill",
      name: "commit",
    });
    const { stdout, stderr, status } = contextfmt([
      "convert",
      "command",
      "--from",
      "gemini",
      "--to",
      "codex-skill",
      file,
    ]);
    expect(status).toBe(0);
    expect(stdout).toBe(withNewline(expected.content));
    expect(stderr).toBe(stderrOf(expected.warnings));
    const named = contextfmt([
      "convert",
      "command",
      "--from",
      "gemini",
      "--to",
      "codex-skill",
      "--name",
      "git/commit",
      file,
    ]);
    expect(named.stdout).toContain("name: git-commit");
  });

  it("agent and skill: what convertAgent and convertSkill give", () => {
    const agent = fixture("code-reviewer.claude-agent.md");
    const expectedAgent = convertAgent(readFileSync(agent, "utf8"), {
      from: "claude",
      to: "codex",
      name: "code-reviewer.claude-agent",
    });
    const agentRun = contextfmt(["convert", "agent", "--from", "claude", "--to", "codex", agent]);
    expect(agentRun.status).toBe(0);
    expect(agentRun.stdout).toBe(withNewline(expectedAgent.content));
    expect(agentRun.stderr).toBe(stderrOf(expectedAgent.warnings));

    const dir = mkdtempSync(join(tmpdir(), "contextfmt-convert-"));
    const skill = join(dir, "skills", "pdf-forms", "SKILL.md");
    mkdirSync(join(skill, ".."), { recursive: true });
    writeFileSync(skill, readFileSync(fixture("pdf-forms.claude-skill.md")));
    const expectedSkill = convertSkill(readFileSync(skill, "utf8"), {
      from: "claude",
      to: "gemini",
      name: "pdf-forms",
    });
    const skillRun = contextfmt(["convert", "skill", "--from", "claude", "--to", "gemini", skill]);
    expect(skillRun.status).toBe(0);
    expect(skillRun.stdout).toBe(withNewline(expectedSkill.content));
  });

  it.each([
    [
      ["convert", "yaml", "--from", "claude", "--to", "codex", "x"],
      /^contextfmt: unknown kind "yaml"; kinds: command, mcp, agent, skill$/,
    ],
    [
      ["convert", "mcp", "--to", "codex", "x.json"],
      /^contextfmt: missing --from or --to; see "contextfmt convert --help"$/,
    ],
    [
      ["convert", "mcp", "--from", "acme", "--to", "codex", "SERVERS"],
      /^contextfmt: --from: unknown mcp format "acme"; mcp formats: claude, gemini, codex, qwen, opencode, cursor, roo, kiro, amazonq, junie, firebender$/,
    ],
    [
      ["convert", "mcp", "--from", "claude", "--to", "codex", "missing.json"],
      /^contextfmt: missing\.json: cannot read: no such file$/,
    ],
  ])("%j: one line, exit 1", (args, message) => {
    const resolved = args.map((arg) => (arg === "SERVERS" ? fixture("servers.mcp.json") : arg));
    const { stderr, status } = contextfmt(resolved);
    expect(status).toBe(1);
    expect(stderr.trimEnd()).toMatch(message);
    expect(stderr.trimEnd().split("\n")).toHaveLength(1);
  });

  it("a malformed file: its name, line and column", () => {
    const dir = mkdtempSync(join(tmpdir(), "contextfmt-convert-"));
    const file = join(dir, "broken.mcp.json");
    writeFileSync(file, '{\n  "mcpServers": {\n    "x": { "command": }\n  }\n}\n');
    const { stderr, status } = contextfmt([
      "convert",
      "mcp",
      "--from",
      "claude",
      "--to",
      "gemini",
      file,
    ]);
    expect(status).toBe(1);
    expect(stderr).toMatch(
      new RegExp(`^contextfmt: ${file}: claude \\.mcp\\.json, line 3, column \\d+: `),
    );
  });
});
