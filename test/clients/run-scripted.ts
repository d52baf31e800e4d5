import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { BIN } from "../cli/run-bin.js";
import type { RecordedRun } from "./run-client.js";

/** Where `npm run test:clients` installed the CLIs. */
export const CLIENTS_BIN =
  process.env.CONTEXTFMT_CLIENTS ?? join(process.cwd(), ".clients/node_modules/.bin");
const bin = CLIENTS_BIN;

/** Whether this machine can give a process an empty network namespace with loopback up. */
const offline = spawnSync("unshare", ["-rn", "sh", "-c", "ip link set lo up"]).status === 0;

/** The command a client's package installs, where it is not the client's id. */
const COMMAND_NAMES: Readonly<Record<string, string>> = { continue: "cn" };

/** What the scripted model answers (see scripted-model.mjs). */
export interface ModelScript {
  readonly replies: readonly {
    readonly when?: readonly string[];
    readonly unless?: readonly string[];
    readonly times?: number;
    readonly reply: {
      readonly text?: string;
      readonly tool?: { name: string; namespace?: string; input?: unknown };
      readonly tools?: readonly { name: string; namespace?: string; input?: unknown }[];
      readonly totalTokens?: number;
    };
  }[];
  readonly stdin?: string;
  /** Files (absolute path → text) written before the CLI starts, `{BASE_URL}` in them replaced. */
  readonly files?: Readonly<Record<string, string>>;
}

/** A pinned client the suite runs against its scripted loopback model. */
export type ScriptedClient =
  | "claude"
  | "codex"
  | "gemini"
  | "copilot"
  | "qwen"
  | "opencode"
  | "cline"
  | "kilo"
  | "pi"
  | "continue";

/**
 * Runs a CLI headless against a loopback model server that answers from `script` (tool calls,
 * subagents, text), inside an empty network namespace when unshare allows it, and returns the
 * requests it sent and what it printed.
 */
export function runScripted(
  tool: ScriptedClient,
  script: ModelScript,
  args: readonly string[],
  env: Record<string, string>,
  cwd: string,
): RecordedRun {
  const scriptFile = join(mkdtempSync(join(tmpdir(), "contextfmt-script-")), "script.json");
  writeFileSync(scriptFile, JSON.stringify(script));
  const server = new URL("./scripted-model.mjs", import.meta.url).pathname;
  const argv = [server, scriptFile, join(bin, COMMAND_NAMES[tool] ?? tool), ...args];
  const options = {
    cwd,
    encoding: "utf8" as const,
    timeout: 100_000,
    maxBuffer: 64 * 1024 * 1024,
    env: { PATH: process.env.PATH ?? "", NO_COLOR: "1", ...env },
  };
  // In a fresh namespace even loopback is down until it is brought up.
  const result = offline
    ? spawnSync(
        "unshare",
        ["-rn", "sh", "-c", 'ip link set lo up && exec node "$@"', "sh", ...argv],
        options,
      )
    : spawnSync("node", argv, options);
  if (result.status !== 0) throw new Error(`running ${tool} failed:\n${result.stderr}`);
  return JSON.parse(result.stdout) as RecordedRun;
}

/** The bodies of the requests to the model (not the CLI's other calls), in order. */
export const modelBodies = (run: RecordedRun) =>
  run.requests
    .filter((request) => request.method === "POST" && request.body !== "")
    .map((request) => request.body);

/** How often `text` occurs in `body`. */
export const occurrences = (body: string, text: string) => body.split(text).length - 1;

/** The script a hook command runs to print what the tool sent it (the lifecycle tests' hooks). */
export const HOOK_OUTPUT = new URL("./hook-output.mjs", import.meta.url).pathname;
/** The context a hook stamps on the events that take one. */
export const STAMPED = "STAMPED_CONTEXT";
/** The marker that ends the context a hook adds for `event`. */
export const marker = (event: string) => `CTX_${event}_END`;

/**
 * Input files whose every part carries a marker (`RULE_MARKER_7Q`, `PROJECT_MARKER_Beacon`,
 * `SESSION_MARKER_3K`, `MEMORY_MARKER_5Z`), so a model request shows which of them a hook
 * injected, and how often.
 */
export const MARKER_FILES = {
  "rules.json": {
    rules: [
      {
        name: "rule_marker",
        rule: "RULE_MARKER_7Q run the linter before every commit",
        category: "behavior",
        authority: "absolute",
      },
    ],
  },
  "project.json": {
    projectId: "beacon",
    name: "PROJECT_MARKER_Beacon",
    status: "active",
    lastSessionSummary: "Wired the beacon scheduler.",
  },
  "session.json": [
    {
      id: "c1",
      content: "SESSION_MARKER_3K retries stop after five attempts",
      relevance: 0.9,
      category: "high_relevance_cluster",
      createdAt: "2026-03-01T10:00:00Z",
    },
  ],
  "memories.json": [{ id: "m1", content: "MEMORY_MARKER_5Z the user is Ada", score: 0.9 }],
};

/**
 * A project as the hook examples assume it: `contextfmt` installed in node_modules/.bin, the input
 * files in .contextfmt/, and a home directory for the CLI's settings and sessions.
 */
export function hookProject(files: Record<string, unknown>): { dir: string; home: string } {
  const dir = mkdtempSync(join(tmpdir(), "contextfmt-lifecycle-"));
  const home = join(dir, ".home");
  mkdirSync(home);
  mkdirSync(join(dir, "node_modules/.bin"), { recursive: true });
  symlinkSync(BIN, join(dir, "node_modules/.bin/contextfmt"));
  mkdirSync(join(dir, ".contextfmt"));
  for (const [name, content] of Object.entries(files)) {
    writeFileSync(join(dir, ".contextfmt", name), JSON.stringify(content));
  }
  return { dir, home };
}

/**
 * A git project holding `files` (path → text) in a fresh temporary folder `root`, a home folder
 * beside it, and `contextfmt` to run the built CLI in the project (the sync tests' setup).
 */
export function syncProject(files: Record<string, string>): {
  root: string;
  dir: string;
  home: string;
  contextfmt: (...args: string[]) => string;
} {
  const root = mkdtempSync(join(tmpdir(), "contextfmt-sync-"));
  const dir = join(root, "project");
  const home = join(root, "home");
  mkdirSync(home);
  mkdirSync(dir);
  execFileSync("git", ["init", "-q", dir]);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const contextfmt = (...args: string[]) =>
    execFileSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: "utf8" });
  return { root, dir, home, contextfmt };
}

/** The marker of the synced command's text, of CLAUDE.md's own text and of the one rule. */
export const COMMAND_MARKER = "SYNC_COMMAND_MARKER";
export const INSTRUCTIONS_MARKER = "INSTRUCTIONS_MARKER_9P";
export const RULE_MARKER = "RULE_MARKER_7Q";

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/agent-config/${name}`, import.meta.url), "utf8");

/**
 * The Claude Code project the sync tests read: CLAUDE.md's own text, a namespaced command, an
 * agent, a skill, three MCP servers, and a rules file whose one rule says RULE_MARKER_7Q.
 */
export const CLAUDE_SOURCES: Readonly<Record<string, string>> = {
  "CLAUDE.md": `# House rules\n\n${INSTRUCTIONS_MARKER} answer in English.\n`,
  ".claude/commands/git/commit.md": `---\ndescription: Commit staged work\n---\n${COMMAND_MARKER}: write a commit message. $ARGUMENTS\n`,
  ".claude/agents/code-reviewer.md": fixture("code-reviewer.claude-agent.md"),
  ".claude/skills/pdf-forms/SKILL.md": fixture("pdf-forms.claude-skill.md"),
  ".mcp.json": fixture("servers.mcp.json"),
  "rules.json": JSON.stringify(MARKER_FILES["rules.json"]),
};

/**
 * {@link CLAUDE_SOURCES} synced, with the rules, to `to`, and its instructions and rules to
 * `rulesTo`, the sources kept: sync writes only what each client cannot read from them, so what
 * the client loads is the sources and what sync wrote together, each thing once.
 */
export function syncedFromClaude(
  to: string,
  rulesTo: string,
): { root: string; dir: string; home: string } {
  const project = syncProject(CLAUDE_SOURCES);
  project.contextfmt("sync", "--from", "claude", "--to", to, "--rules", "rules.json");
  // The instructions and rules for more clients (Codex CLI's AGENTS.md, which Cline reads too):
  // a run of those kinds alone, so no other kind is shared between the clients.
  if (rulesTo !== to) {
    project.contextfmt(
      "sync",
      "--from",
      "claude",
      "--only",
      "instructions,rules",
      "--rules",
      "rules.json",
      "--to",
      rulesTo,
    );
  }
  return project;
}

/**
 * Cline's Anthropic provider pointed at the loopback model, as the script's `files`: Cline reads
 * the base URL only from its provider settings file in `home`, written once the address is known.
 */
export const clineProvider = (home: string): Record<string, string> => ({
  [join(home, ".cline/data/settings/providers.json")]: JSON.stringify({
    version: 1,
    lastUsedProvider: "anthropic",
    providers: {
      anthropic: {
        settings: {
          provider: "anthropic",
          apiKey: "x",
          model: "claude-sonnet-4-5",
          baseUrl: "{BASE_URL}/v1",
        },
        updatedAt: "2026-01-01T00:00:00.000Z",
      },
    },
  }),
});

/**
 * Cline's headless environment: the local backend keeps the CLI from starting its background hub,
 * which would outlive the run; no update check.
 */
export const CLINE_ENV = { CLINE_SESSION_BACKEND_MODE: "local", CLINE_NO_AUTO_UPDATE: "1" };
