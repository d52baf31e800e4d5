/**
 * A Claude Code project synced to Pi, then read by its real CLI (`pi -p`, headless, offline, a
 * provider of its models.json pointed at a loopback server speaking the Anthropic Messages API):
 * the instructions and rules in AGENTS.md reach the model request once (Pi reads AGENTS.md in
 * place of CLAUDE.md, which stays), the prompt template sync wrote runs with its argument, and
 * the skill sync wrote into .pi/skills is offered. Pi has no subagents and reads no MCP servers:
 * sync writes neither (a warning names each).
 */

import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  COMMAND_MARKER,
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
  ({ root, dir, home } = syncedFromClaude("pi", "pi"));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Pi takes a custom provider's address only from ~/.pi/agent/models.json. */
const script = (): ModelScript => ({
  replies: [],
  files: {
    [join(home, ".pi/agent/models.json")]: JSON.stringify({
      providers: {
        loopback: {
          baseUrl: "{BASE_URL}",
          api: "anthropic-messages",
          apiKey: "x",
          models: [{ id: "scripted" }],
        },
      },
    }),
  },
});
/** `--offline`: no update or package checks at the start. */
const args = (prompt: string) => [
  "--offline",
  "--provider",
  "loopback",
  "--model",
  "scripted",
  "-p",
  prompt,
];

/** An Anthropic Messages request: its system prompt and its messages' text. */
interface MessagesRequest {
  system: { text: string }[];
  messages: { content: { type: string; text?: string }[] }[];
}

describe("Pi reads what sync wrote", () => {
  it("AGENTS.md once, the skill; the prompt template runs with its argument", () => {
    const run = runScripted("pi", script(), args("/git-commit ARG_MARKER"), { HOME: home }, dir);
    const bodies = modelBodies(run);
    expect(bodies, run.output).toHaveLength(1);
    const request = JSON.parse(bodies[0] ?? "") as MessagesRequest;
    const system = request.system.map((part) => part.text).join("\n");
    expect(system).toContain(`## ${dir}/AGENTS.md`);
    expect(system).not.toContain(`${dir}/CLAUDE.md`);
    expect(occurrences(system, INSTRUCTIONS_MARKER)).toBe(1);
    expect(occurrences(system, RULE_MARKER)).toBe(1);
    expect(system).toContain(`<location>${dir}/.pi/skills/pdf-forms/SKILL.md</location>`);
    expect(request.messages[0]?.content[0]?.text).toBe(
      `${COMMAND_MARKER}: write a commit message. ARG_MARKER`,
    );
  });
});
