/**
 * A Claude Code project synced to Kilo Code, then read by its real CLI (`kilo run`, headless,
 * offline, its Anthropic provider pointed at a loopback server standing in for the model): the
 * instructions and rules in AGENTS.md reach the model request once, the agent and the skill sync
 * wrote into .kilo/ are offered, and the command runs with its argument. The Claude Code sources
 * are deleted before Kilo runs, because Kilo reads CLAUDE.md and .claude/skills itself: only what
 * sync wrote is left to read.
 */
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MARKER_FILES,
  modelBodies,
  occurrences,
  runScripted,
  syncProject,
} from "./run-scripted.js";

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/agent-config/${name}`, import.meta.url), "utf8");

const COMMAND_MARKER = "SYNC_COMMAND_MARKER";
const INSTRUCTIONS_MARKER = "INSTRUCTIONS_MARKER_9P";
const RULE_MARKER = "RULE_MARKER_7Q";

/** The Claude Code project sync reads; deleted once sync has written Kilo Code's files. */
const SOURCES: Record<string, string> = {
  "CLAUDE.md": `# House rules\n\n${INSTRUCTIONS_MARKER} answer in English.\n`,
  ".claude/commands/git/commit.md": `---\ndescription: Commit staged work\n---\n${COMMAND_MARKER}: write a commit message. $ARGUMENTS\n`,
  ".claude/agents/code-reviewer.md": fixture("code-reviewer.claude-agent.md"),
  ".claude/skills/pdf-forms/SKILL.md": fixture("pdf-forms.claude-skill.md"),
  // Its one rule says RULE_MARKER_7Q.
  "rules.json": JSON.stringify(MARKER_FILES["rules.json"]),
};

let root: string;
let dir: string;
let home: string;
beforeAll(() => {
  const project = syncProject(SOURCES);
  ({ root, dir, home } = project);
  project.contextfmt("sync", "--from", "claude", "--to", "kilo");
  project.contextfmt("sync", "--only", "rules", "--rules", "rules.json", "--to", "kilo");
  for (const path of [...Object.keys(SOURCES), ".claude"])
    rmSync(join(dir, path), { recursive: true });
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
    expect(session).toContain(`<location>${dir}/.kilo/skill/pdf-forms/SKILL.md</location>`);
    expect(session).toContain(`${COMMAND_MARKER}: write a commit message. ARG_MARKER`);
  }, 150_000);
});
