/**
 * A Claude Code project synced to OpenCode, then read by the real client (headless, offline, its
 * Anthropic provider pointed at a loopback server standing in for the model): the instructions and
 * rules sync wrote into AGENTS.md reach the model request, the synced agent and skill are offered,
 * the synced command runs with its argument, and `opencode mcp list` lists the servers of
 * opencode.json; the agent's tool list becomes its permissions. The Claude Code sources stay:
 * OpenCode reads the skill in .claude/skills itself (sync copies none), and the instructions
 * once, from the AGENTS.md the rules go into (it shadows CLAUDE.md).
 */
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { stripVTControlCharacters } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN } from "../cli/run-bin.js";
import { runClient } from "./run-client.js";
import {
  COMMAND_MARKER,
  hookProject,
  INSTRUCTIONS_MARKER,
  MARKER_FILES,
  modelBodies,
  occurrences,
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
    expect(session).toContain(`<location>${dir}/.claude/skills/pdf-forms/SKILL.md</location>`);
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

describe("OpenCode runs the hooks through the plugin contextfmt init writes", () => {
  let made: { dir: string; home: string };
  beforeAll(() => {
    made = hookProject(MARKER_FILES);
    execFileSync(process.execPath, [BIN, "init", "opencode", made.dir]);
  });
  afterAll(() => rmSync(made.dir, { recursive: true, force: true }));

  /** The session's model requests (not the one asking a small model for a title). */
  const sessionBodies = (args: string[]) =>
    modelBodies(
      runScripted(
        "opencode",
        { replies: [] },
        args,
        // Offline, npm fails at once: OpenCode installs its plugin package into .opencode/ before
        // it loads a local plugin, and waits for that install however it ends.
        { HOME: made.home, npm_config_offline: "true", OPENCODE_CONFIG_CONTENT: MODEL_CONFIG },
        made.dir,
      ),
    ).filter((body) => (JSON.parse(body).tools ?? []).length > 0);

  it("session start: the rules, the project and the session in the system prompt; the prompt: the memories", () => {
    const [first] = sessionBodies(["run", "PROMPT_MARKER what do you know of Ada"]);
    const request = JSON.parse(first ?? "{}") as {
      system?: { text: string }[];
      messages: { role: string; content: { type: string; text?: string }[] }[];
    };
    const system = (request.system ?? []).map((part) => part.text).join("\n");
    expect(occurrences(system, "RULE_MARKER_7Q")).toBe(1);
    expect(system).toContain('<PROJECT name="PROJECT_MARKER_Beacon"');
    expect(system).toContain("SESSION_MARKER_3K");
    // The memories go with the message they were chosen for, after its own text.
    const user = request.messages.filter((message) => message.role === "user").at(-1);
    const texts = (user?.content ?? []).map((part) => part.text ?? "");
    expect(texts[0]).toContain("PROMPT_MARKER");
    expect(texts.slice(1).join("\n")).toMatch(/<factual_memories nonce="[0-9a-f]+">/);
    expect(texts.slice(1).join("\n")).toContain("MEMORY_MARKER_5Z");
  }, 120_000);
});
