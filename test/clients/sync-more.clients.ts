/**
 * A Claude Code project synced to GitHub Copilot CLI and Qwen Code, then read by the real clients
 * (headless, offline, a loopback server standing in for the model): the instructions of CLAUDE.md
 * and the rules sync wrote into each tool's instruction file reach the model request, the synced
 * agent and skill are offered, the synced command runs with its argument, and the client lists
 * the MCP servers. Copilot CLI reads Claude Code's .mcp.json itself (it wins over
 * .github/mcp.json), so sync writes nothing for its servers; Qwen Code reads every `url` as SSE
 * and a Streamable HTTP server as `httpUrl`.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COPILOT_ENV } from "./offline-clients.js";
import { runClient } from "./run-client.js";
import {
  CLAUDE_SOURCES,
  COMMAND_MARKER,
  INSTRUCTIONS_MARKER,
  type ModelScript,
  modelBodies,
  occurrences,
  RULE_MARKER,
  runScripted,
  syncProject,
} from "./run-scripted.js";

/** Every `${VAR}` the servers name, set to a dummy so no client reports a missing variable. */
const VARIABLES = { GITHUB_TOKEN: "x", GITHUB_PAT: "x" };

let root: string;
let dir: string;
let home: string;
beforeAll(() => {
  const project = syncProject(CLAUDE_SOURCES);
  ({ root, dir, home } = project);
  project.contextfmt("sync", "--from", "claude", "--to", "copilot,qwen", "--rules", "rules.json");
  mkdirSync(join(home, ".qwen"));
  writeFileSync(
    join(home, ".qwen/settings.json"),
    JSON.stringify({
      security: { auth: { selectedType: "anthropic" } },
      model: { name: "claude-sonnet-4-5" },
    }),
  );
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("GitHub Copilot CLI reads what sync wrote", () => {
  const env = {
    ...VARIABLES,
    HOME: "",
    ...COPILOT_ENV,
  };
  /** The synced command is a skill: the model loads it, as Copilot CLI tells it to. */
  const loadSkill: ModelScript = {
    replies: [
      {
        when: ["ARG_MARKER"],
        unless: ["tool_result"],
        times: 1,
        reply: { tool: { name: "skill", input: { skill: "git-commit" } } },
      },
    ],
  };

  it("the instructions, the rules, the agent, the skills; the command (a skill) runs", () => {
    const bodies = modelBodies(
      runScripted(
        "copilot",
        loadSkill,
        [
          // Offline, its servers would only wait to time out: they are listed below, not run.
          ...["filesystem", "github", "linear"].flatMap((name) => ["--disable-mcp-server", name]),
          "--disable-builtin-mcps",
          "-p",
          "/git-commit ARG_MARKER",
        ],
        { ...env, HOME: home },
        dir,
      ),
    );
    const first = bodies[0] ?? "";
    // Copilot CLI reads CLAUDE.md itself, and the copilot-instructions.md the rules go into:
    // that file shadows nothing for it, so it holds the rules alone, and the instructions come
    // once.
    expect(occurrences(first, INSTRUCTIONS_MARKER)).toBe(1);
    expect(first).toContain(RULE_MARKER);
    expect(first).toContain("code-reviewer");
    expect(first).toContain("<name>pdf-forms</name>");
    expect(first).toContain("<name>git-commit</name>");
    const after = bodies.find((body) => body.includes("tool_result")) ?? "";
    expect(after).toContain(`${COMMAND_MARKER}: write a commit message.`);
  });

  it("lists the servers of .mcp.json", () => {
    const listed = JSON.parse(
      runClient("copilot", ["mcp", "list", "--json"], { ...env, HOME: home }, dir).stdout,
    ) as { mcpServers: Record<string, { source: string; type?: string }> };
    expect(Object.keys(listed.mcpServers).sort()).toEqual(["filesystem", "github", "linear"]);
    expect(listed.mcpServers.linear?.type).toBe("sse");
  });
});

describe("Qwen Code reads what sync wrote", () => {
  const env = { ...VARIABLES, ANTHROPIC_API_KEY: "x" };

  it("QWEN.md's instructions and rules, the agent, the skill; the command runs with its argument", () => {
    const bodies = modelBodies(
      runScripted(
        "qwen",
        { replies: [] },
        ["--yolo", "/git:commit ARG_MARKER"],
        { ...env, HOME: home },
        dir,
      ),
    ).filter((body) => !body.includes("memory extraction subagent"));
    const all = bodies.join("\n");
    expect(occurrences(bodies[0] ?? "", INSTRUCTIONS_MARKER)).toBe(1);
    expect(all).toContain(RULE_MARKER);
    expect(all).toContain("code-reviewer");
    expect(all).toContain("pdf-forms");
    expect(all).toContain(`${COMMAND_MARKER}: write a commit message. ARG_MARKER`);
    // Qwen Code takes 40 seconds or more here, longer when other clients run beside it.
  }, 120_000);

  it("lists each server with its transport", () => {
    const { output } = runClient("qwen", ["mcp", "list"], { ...env, HOME: home }, dir);
    expect(output).toMatch(/filesystem: npx .*\(stdio\)/);
    expect(output).toMatch(/github: https:\/\/api\.githubcopilot\.com\/mcp\/ \(http\)/);
    expect(output).toMatch(/linear: https:\/\/mcp\.linear\.app\/sse \(sse\)/);
  });
});
