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
import { KILO_ENV } from "./offline-clients.js";
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
  ...KILO_ENV,
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
