/** The projects the sync tests start from, as the bin's tests and the in-process ones share them. */
import { readFileSync } from "node:fs";

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/agent-config/${name}`, import.meta.url), "utf8");

/** A Codex settings file with comments, CRLF line ends and a server of the user's own. */
export const CODEX_CONFIG = [
  "# Codex settings for this repo\r\n",
  'model = "gpt-5" # pinned for now\r\n',
  "\r\n",
  "[features]\r\n",
  "web_search = true\r\n",
  "\r\n",
  "# Servers below\r\n",
  "[mcp_servers.github]\r\n",
  'url = "https://old.example.com/mcp"\r\n',
  "\r\n",
  "[mcp_servers.own]  # mine, keep\r\n",
  'command = "own-server"\r\n',
  "\r\n",
  "[profiles.fast]\r\n",
  'model = "o3"\r\n',
].join("");

/** A Claude Code project with a command, an agent, a skill and MCP servers. */
export const CLAUDE_PROJECT = {
  ".claude/commands/review.md": fixture("review.claude.md"),
  ".claude/commands/git/commit.md":
    "---\ndescription: Commit staged work\n---\nCommit it. $ARGUMENTS\n",
  ".claude/agents/code-reviewer.md": fixture("code-reviewer.claude-agent.md"),
  ".claude/skills/pdf-forms/SKILL.md": fixture("pdf-forms.claude-skill.md"),
  ".claude/skills/pdf-forms/scripts/fill.py": "print('fill')\n",
  ".claude/skills/pdf-forms/form.bin": Buffer.from([0x25, 0x50, 0xff, 0xfe, 0x00, 0xe9, 0x0a]),
  ".mcp.json": fixture("servers.mcp.json"),
};
