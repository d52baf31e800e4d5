/**
 * A Claude Code project synced to Continue CLI, then read by its real CLI (`cn -p`, headless,
 * offline, the model of its `--config` file pointed at a loopback server speaking the Anthropic
 * Messages API): the instructions and rules in AGENTS.md reach the model request once (it reads
 * AGENTS.md in place of CLAUDE.md, which stays), and the skill is offered from .claude/skills,
 * which it reads itself (sync writes no copy); a Codex CLI project's skill, in .agents/skills, which
 * it does not read, is offered from the .continue/skills sync wrote. Its slash commands and MCP servers live only in
 * its config file, and it has no subagents: sync writes none of them (a warning names each).
 */
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  INSTRUCTIONS_MARKER,
  type ModelScript,
  modelBodies,
  occurrences,
  RULE_MARKER,
  runScripted,
  syncedFromClaude,
  syncProject,
} from "./run-scripted.js";

let root: string;
let dir: string;
let home: string;
beforeAll(() => {
  ({ root, dir, home } = syncedFromClaude("continue", "continue"));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The config file `--config` names: one model, at the loopback server. */
const config = () => join(home, "config.yaml");
const script = (): ModelScript => ({
  replies: [],
  files: {
    [config()]: [
      "name: loopback",
      "version: 1.0.0",
      "schema: v1",
      "models:",
      "  - name: scripted",
      "    provider: anthropic",
      "    model: claude-sonnet-4-5",
      "    apiKey: x",
      "    apiBase: {BASE_URL}/v1/",
      "    roles: [chat]",
      "",
    ].join("\n"),
  },
});

/** An Anthropic Messages request: its system prompt and the tools it offers. */
interface MessagesRequest {
  system: { text: string }[];
  tools: { name: string; description?: string }[];
}

/** The first model request of `cn -p hello` in `cwd`. */
function firstRequest(cwd: string): MessagesRequest {
  const run = runScripted(
    "continue",
    script(),
    ["--config", config(), "-p", "hello"],
    { HOME: home },
    cwd,
  );
  const bodies = modelBodies(run);
  expect(bodies.length, run.output).toBeGreaterThan(0);
  return JSON.parse(bodies[0] ?? "") as MessagesRequest;
}

describe("Continue CLI reads what sync wrote", () => {
  it("AGENTS.md once; the skill from .claude/skills", () => {
    const request = firstRequest(dir);
    const system = request.system.map((part) => part.text).join("\n");
    expect(occurrences(system, INSTRUCTIONS_MARKER)).toBe(1);
    expect(occurrences(system, RULE_MARKER)).toBe(1);
    const skills = request.tools.find((tool) => tool.name === "Skills");
    expect(skills?.description).toContain(
      "name: pdf-forms\ndescription: Fill in PDF forms and extract their fields.",
    );
  });

  it("a Codex CLI project's skill from the .continue/skills sync wrote", () => {
    const codex = syncProject({
      "AGENTS.md": "# Notes\n",
      ".agents/skills/release-notes/SKILL.md":
        "---\nname: release-notes\ndescription: Draft release notes from merged changes\n---\nRead the log.\n",
    });
    try {
      codex.contextfmt("sync", "--from", "codex", "--to", "continue", "--only", "skill");
      expect(existsSync(join(codex.dir, ".continue/skills/release-notes/SKILL.md"))).toBe(true);
      const request = firstRequest(codex.dir);
      const skills = request.tools.find((tool) => tool.name === "Skills");
      expect(skills?.description).toContain(
        "name: release-notes\ndescription: Draft release notes from merged changes",
      );
    } finally {
      rmSync(codex.root, { recursive: true, force: true });
    }
  });
});
