/**
 * A Claude Code project synced to Cline, then read by its real CLI (`cline --json "<task>"`,
 * headless, offline, its Anthropic provider pointed at a loopback server standing in for the
 * model): the instructions and rules in AGENTS.md reach the model request once, though Codex is
 * synced too (both read AGENTS.md); the synced workflow runs with its argument; the synced skill
 * is offered, and so is the synced agent (.cline/agents/code-reviewer.yaml), as a subagent tool. Cline keeps MCP servers only in its own settings, never in the project, so sync writes
 * none for it (a warning names each).
 */
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CLIENTS_BIN,
  CLINE_ENV,
  COMMAND_MARKER,
  clineProvider,
  INSTRUCTIONS_MARKER,
  type ModelScript,
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
  ({ root, dir, home } = syncedFromClaude("cline", "codex,cline"));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const script = (): ModelScript => ({ replies: [], files: clineProvider(home) });
const env = () => ({ HOME: home, ...CLINE_ENV });

/** An Anthropic Messages request: its system prompt and its messages' text. */
interface MessagesRequest {
  system: { text: string }[];
  messages: { content: { type: string; text?: string }[] }[];
  tools: { name: string; description?: string }[];
}

describe("Cline reads what sync wrote", () => {
  it("AGENTS.md once, the skill; the workflow runs with its argument", () => {
    const bodies = modelBodies(
      runScripted("cline", script(), ["--json", "/git-commit ARG_MARKER"], env(), dir),
    );
    expect(bodies.length).toBeGreaterThan(0);
    const request = JSON.parse(bodies[0] ?? "") as MessagesRequest;
    const system = request.system.map((part) => part.text).join("\n");
    expect(occurrences(system, INSTRUCTIONS_MARKER)).toBe(1);
    expect(occurrences(system, RULE_MARKER)).toBe(1);
    // Cline sends the workflow's text, then what followed the command; `$ARGUMENTS` stays as
    // written (sync warns of it).
    expect(request.messages[0]?.content[0]?.text).toBe(
      `${COMMAND_MARKER}: write a commit message. $ARGUMENTS ARG_MARKER`,
    );
    const skills = request.tools.find((tool) => tool.name === "skills");
    expect(skills?.description).toContain("Available skills: pdf-forms.");
    // Cline parsed the agent sync wrote (a file it cannot parse is left out, logged only).
    const agent = request.tools.find((tool) => tool.name === "subagent_code_reviewer");
    expect(agent?.description).toBe(
      'Use the "code-reviewer" subagent: Reviews staged changes for bugs, security problems and style. Use right after editing code.',
    );
  });

  it("lists the synced agent among its configured agents", () => {
    const listed = execFileSync(join(CLIENTS_BIN, "cline"), ["config", "agents", "--json"], {
      cwd: dir,
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "", HOME: home, ...CLINE_ENV },
    });
    expect(JSON.parse(listed)).toEqual([
      { name: "code-reviewer", path: join(dir, ".cline/agents/code-reviewer.yaml") },
    ]);
  });
});
