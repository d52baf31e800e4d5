/**
 * What sync says, byte for byte: the real target in each warning, display names as written, one
 * line per kind of loss, "would create" for a file not there yet, and why a server is taken out.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { project } from "./project-dir.js";
import { contextfmt } from "./run-bin.js";

/** A repository with two commands that lose the same fields, and an agent. */
function repository(files: Record<string, string> = {}): string {
  const dir = project({
    ".claude/commands/opsx/sync.md":
      '---\nname: "OPSX: Sync"\ndescription: Sync it\nallowed-tools: Bash(git:*)\n---\nSync.\n',
    ".claude/commands/other.md": "---\ndescription: Other\nallowed-tools: Read\n---\nOther.\n",
    ".claude/agents/rev.md": "---\nname: rev\ndescription: Review\ncolor: blue\n---\nReview.\n",
    ...files,
  });
  mkdirSync(join(dir, ".git"));
  return dir;
}

const lines = (text: string) => text.split("\n").filter(Boolean);

describe("sync's words", () => {
  it("--to qwen and --to kilo: the warnings name Qwen Code and Kilo Code, one line per kind of loss", () => {
    const dir = repository();
    const { stderr, status } = contextfmt(
      ["sync", "--from", "claude", "--to", "qwen,kilo", "--check"],
      "",
      dir,
    );
    expect(status).toBe(1);
    expect(lines(stderr)).toEqual([
      'contextfmt: warning: lossy_conversion: Qwen Code has no "allowed-tools"; dropped, for 2 items: OPSX: Sync (.claude/commands/opsx/sync.md), other (.claude/commands/other.md)',
      'contextfmt: warning: lossy_conversion at .claude/agents/rev.md: rev.color: rev: Qwen Code has no "color" (read from claude); dropped',
      'contextfmt: warning: lossy_conversion: Kilo Code has no "allowed-tools"; dropped, for 2 items: OPSX: Sync (.claude/commands/opsx/sync.md), other (.claude/commands/other.md)',
      'contextfmt: warning: lossy_conversion at .claude/agents/rev.md: rev.color: rev: Kilo Code has no "color" (read from claude); dropped',
    ]);
  });

  it("--verbose: a line for each item and field, the display name as written", () => {
    const dir = repository();
    const { stderr } = contextfmt(
      ["sync", "--from", "claude", "--to", "gemini", "--check", "--verbose"],
      "",
      dir,
    );
    expect(lines(stderr)).toEqual([
      'contextfmt: warning: lossy_conversion at .claude/commands/opsx/sync.md: OPSX: Sync.allowed-tools: OPSX: Sync: Gemini CLI has no "allowed-tools"; dropped',
      'contextfmt: warning: lossy_conversion at .claude/commands/other.md: other.allowed-tools: other: Gemini CLI has no "allowed-tools"; dropped',
      'contextfmt: warning: lossy_conversion at .claude/agents/rev.md: rev.color: rev: Gemini CLI has no "color" (read from claude); dropped',
    ]);
  });

  it("--check: would create a file not there yet, would change one that is; --dry-run: a new file's diff from /dev/null", () => {
    const dir = repository({ "GEMINI.md": "# Ours\n", "CLAUDE.md": "Use tabs.\n" });
    const args = ["sync", "--from", "claude", "--to", "gemini", "--only", "commands,instructions"];
    const check = contextfmt([...args, "--check"], "", dir);
    expect(check.stdout).toBe(
      "would change GEMINI.md\nwould create .gemini/commands/opsx/sync.toml\nwould create .gemini/commands/other.toml\nGemini CLI loads 7 → 101 bytes, 3 → 24 tokens, 0 → 2 items\n",
    );
    const dry = contextfmt([...args, "--dry-run"], "", dir);
    expect(dry.stdout).toContain("--- a/GEMINI.md\n+++ b/GEMINI.md\n");
    expect(dry.stdout).toContain("--- /dev/null\n+++ b/.gemini/commands/other.toml\n");
  });

  it("a server taken out while its file is there: the server's own reason, not the file's", () => {
    const dir = repository({
      ".mcp.json": '{ "mcpServers": { "a": { "command": "a" }, "b": { "command": "b" } } }\n',
    });
    const args = ["sync", "--from", "claude", "--to", "codex", "--only", "mcp"];
    expect(contextfmt(args, "", dir).status).toBe(0);
    writeFileSync(join(dir, ".mcp.json"), '{ "mcpServers": { "a": { "command": "a" } } }\n');
    const one = contextfmt(args, "", dir);
    expect(one.stderr).toBe(
      "contextfmt: info: removed at .codex/config.toml: mcp_servers.b taken out: its source server b is no longer in .mcp.json\n",
    );
  });
});
