/**
 * A Claude Code project synced to OpenCode, then read by the real client (headless, offline, its
 * Anthropic provider pointed at a loopback server standing in for the model): the instructions and
 * rules sync wrote into AGENTS.md reach the model request, the synced agent and skill are offered,
 * the synced command runs with its argument, and `opencode mcp list` lists the servers of
 * opencode.json; the agent's tool list becomes its permissions. The Claude Code sources are
 * deleted before OpenCode runs, because OpenCode can read CLAUDE.md and .claude/skills itself:
 * only what sync wrote is left to read.
 */
import { rmSync } from "node:fs";
import { stripVTControlCharacters } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runClient } from "./run-client.js";
import {
  COMMAND_MARKER,
  INSTRUCTIONS_MARKER,
  modelBodies,
  RULE_MARKER,
  runScripted,
  syncedFromClaude,
} from "./run-scripted.js";

let root: string;
let dir: string;
let home: string;
beforeAll(() => {
  ({ root, dir, home } = syncedFromClaude("opencode", "opencode"));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/**
 * What every run needs: a home of its own; the `${VAR}`s the servers name, so none is reported
 * missing; npm offline, so the stdio server's `npx -y` fails at once instead of after OpenCode's
 * 30-second wait.
 */
const baseEnv = () => ({
  HOME: home,
  GITHUB_TOKEN: "x",
  GITHUB_PAT: "x",
  npm_config_offline: "true",
});

/** OpenCode's Anthropic provider pointed at the loopback model, from the inline config variable. */
const MODEL_CONFIG = JSON.stringify({
  provider: { anthropic: { options: { baseURL: "{BASE_URL}/v1", apiKey: "x" } } },
  model: "anthropic/claude-sonnet-4-5",
});

describe("OpenCode reads what sync wrote", () => {
  it("AGENTS.md, the agent, the skill; the command runs with its argument", () => {
    const bodies = modelBodies(
      runScripted(
        "opencode",
        { replies: [] },
        ["run", "--command", "git/commit", "ARG_MARKER"],
        { ...baseEnv(), OPENCODE_CONFIG_CONTENT: MODEL_CONFIG },
        dir,
      ),
    );
    // The session's request is the one that offers tools (the other asks a small model for a title).
    const session = bodies.find((body) => (JSON.parse(body).tools ?? []).length > 0) ?? "";
    expect(session).toContain(`Instructions from: ${dir}/AGENTS.md`);
    expect(session).toContain(INSTRUCTIONS_MARKER);
    expect(session).toContain(RULE_MARKER);
    expect(session).toContain("- code-reviewer: Reviews staged changes");
    expect(session).toContain("<name>pdf-forms</name>");
    expect(session).toContain(`<location>${dir}/.opencode/skill/pdf-forms/SKILL.md</location>`);
    expect(session).toContain(`${COMMAND_MARKER}: write a commit message. ARG_MARKER`);
  }, 120_000);

  it("takes the agent's tool list as its permissions: every tool denied but those it names", () => {
    const stdout = stripVTControlCharacters(
      runClient("opencode", ["agent", "list"], baseEnv(), dir).stdout,
    );
    expect(stdout).toContain("code-reviewer (subagent)\n");
    // Each agent is its name line, then its permission rules as a JSON array ending in "]".
    const after = stdout.slice(stdout.indexOf("code-reviewer (subagent)\n"));
    const rules = JSON.parse(after.slice(after.indexOf("["), after.indexOf("\n]") + 2)) as {
      permission: string;
      action: string;
    }[];
    const said = rules.map((rule) => `${rule.permission} ${rule.action}`);
    // The last rule that matches wins: the agent's own come after OpenCode's defaults.
    const own = said.slice(said.lastIndexOf("* deny"), said.lastIndexOf("* deny") + 5);
    expect(own).toEqual([
      "* deny",
      "read allow",
      "grep allow",
      "glob allow",
      "github_get_pull_request allow",
    ]);
  });

  it("lists the servers of opencode.json with their command or URL", () => {
    const output = stripVTControlCharacters(
      runClient("opencode", ["mcp", "list"], baseEnv(), dir).output,
    );
    // Offline, each fails to connect; listed all the same, each with what it would run.
    const entry = (name: string) =>
      output.split("\n│\n").find((block) => block.split("\n")[0]?.includes(` ${name} `)) ?? "";
    expect(entry("filesystem")).toContain(
      "npx -y @modelcontextprotocol/server-filesystem /srv/projects",
    );
    expect(entry("github")).toContain("https://api.githubcopilot.com/mcp/");
    expect(entry("linear")).toContain("https://mcp.linear.app/sse");
    expect(output).toContain("3 server(s)");
  });
});
