/**
 * A Claude Code project synced to Kilo Code, then read by its real CLI (`kilo run`, headless,
 * offline, its Anthropic provider pointed at a loopback server standing in for the model): the
 * instructions and rules in AGENTS.md reach the model request once, the agent and the skill sync
 * wrote into .kilo/ are offered, and the command runs with its argument. The Claude Code sources
 * are deleted before Kilo runs, because Kilo reads CLAUDE.md and .claude/skills itself: only what
 * sync wrote is left to read.
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  COMMAND_MARKER,
  INSTRUCTIONS_MARKER,
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
  ({ root, dir, home } = syncedFromClaude("kilo", "kilo"));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/**
 * Kilo's Anthropic provider at the loopback model, from the inline config variable; everything
 * that would reach for the network, watch files or outlive the run turned off (without them the
 * CLI answers, then does not exit).
 */
const env = () => ({
  HOME: home,
  KILO_CONFIG_CONTENT: JSON.stringify({
    provider: { anthropic: { options: { baseURL: "{BASE_URL}/v1", apiKey: "x" } } },
    model: "anthropic/claude-sonnet-4-5",
  }),
  KILO_NO_DAEMON: "1",
  KILO_TELEMETRY_LEVEL: "off",
  KILO_DISABLE_AUTOUPDATE: "1",
  KILO_DISABLE_MODELS_FETCH: "1",
  KILO_DISABLE_SESSION_INGEST: "1",
  KILO_DISABLE_SHARE: "1",
  KILO_DISABLE_PRESENCE: "1",
  KILO_DISABLE_DEFAULT_PLUGINS: "1",
  KILO_DISABLE_LSP_DOWNLOAD: "1",
  KILO_DISABLE_CODEBASE_INDEXING: "1",
  KILO_EXPERIMENTAL_DISABLE_FILEWATCHER: "1",
});

describe("Kilo Code reads what sync wrote", () => {
  it("AGENTS.md once, the agent, the skill; the command runs with its argument", () => {
    const bodies = modelBodies(
      runScripted(
        "kilo",
        { replies: [] },
        ["run", "--pure", "--command", "git/commit", "ARG_MARKER"],
        env(),
        dir,
      ),
    );
    // The session's request is the one that offers tools (another asks a small model for a title).
    const session = bodies.find((body) => (JSON.parse(body).tools ?? []).length > 0) ?? "";
    expect(session).toContain(`Instructions from: ${dir}/AGENTS.md`);
    expect(occurrences(session, INSTRUCTIONS_MARKER)).toBe(1);
    expect(occurrences(session, RULE_MARKER)).toBe(1);
    expect(session).toContain("- code-reviewer: Reviews staged changes");
    expect(session).toContain(`<location>${dir}/.claude/skills/pdf-forms/SKILL.md</location>`);
    expect(session).toContain(`${COMMAND_MARKER}: write a commit message. ARG_MARKER`);
  }, 150_000);
});
