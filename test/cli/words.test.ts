/**
 * What the built `contextfmt` says to a user who mistypes, byte for byte: one line on stderr,
 * exit 1, in the CLI's own words ("format", not the library's "adapter"), with the nearest name
 * when a name is misspelt.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contextfmt, RULES } from "./run-bin.js";

/** An empty folder to run in: sync and init must fail before they look at any file. */
const EMPTY = mkdtempSync(join(tmpdir(), "contextfmt-words-"));

const FORMATS =
  "formats: claude, codex, gemini, xml-memory, session-full, session-brief, project, project-markdown";
const COMMANDS = "commands: render, hook, convert, sync, init, schema, doctor, tokens";
const CLAUDE_EVENTS =
  "claude events: session-start, subagent-start, user-prompt-submit, user-prompt-expansion, " +
  "pre-tool-use, post-tool-use, post-tool-use-failure, post-tool-batch, stop, subagent-stop, " +
  "post-model-switch";
const HOOK = ["hook", "claude", "session-start"];

describe("the CLI's words for a mistake", () => {
  it.each<[string[], string]>([
    // Formats, commands, tools, kinds, schemas and events: the nearest name, then the list.
    [
      ["render", "--format", "cluade", RULES],
      `--format: unknown format "cluade"; did you mean "claude"? ${FORMATS}`,
    ],
    [
      ["tokens", "--format", "Gemini", RULES],
      `--format: unknown format "Gemini"; did you mean "gemini"? ${FORMATS}`,
    ],
    [["render", "--format", "markdown", RULES], `--format: unknown format "markdown"; ${FORMATS}`],
    [["rendr"], `unknown command "rendr"; did you mean "render"? ${COMMANDS}`],
    [["sycn", "--to", "codex"], `unknown command "sycn"; did you mean "sync"? ${COMMANDS}`],
    [["frobnicate"], `unknown command "frobnicate"; ${COMMANDS}`],
    [
      ["hook", "cluade", "session-start", "--rules", RULES],
      'unknown tool "cluade"; did you mean "claude"? tools: claude, gemini, codex, copilot, qwen, opencode, cursor, cline',
    ],
    [
      ["hook", "claude", "sesion-start", "--rules", RULES],
      `unknown claude event "sesion-start"; did you mean "session-start"? ${CLAUDE_EVENTS}`,
    ],
    [
      ["hook", "claude", "SesionStart", "--rules", RULES],
      `unknown claude event "SesionStart"; did you mean "session-start"? ${CLAUDE_EVENTS}`,
    ],
    [
      ["convert", "comand", "--from", "claude", "--to", "codex", "x.md"],
      'unknown kind "comand"; did you mean "command"? kinds: command, mcp, agent, skill',
    ],
    [
      ["convert", "mcp", "--from", "cluade", "--to", "codex", "x.json"],
      '--from: unknown mcp format "cluade"; did you mean "claude"? mcp formats: claude, gemini, codex, qwen, opencode, cursor, roo, kiro, amazonq, junie, firebender',
    ],
    [
      ["convert", "agent", "--from", "claude", "--to", "gemnii", "x.md"],
      '--to: unknown agent format "gemnii"; did you mean "gemini"? agent formats: claude, gemini, codex, copilot, qwen, opencode, cursor, cline',
    ],
    [
      ["sync", "--from", "claud", "--to", "codex"],
      '--from: unknown tool "claud"; did you mean "claude"? tools: claude, codex, gemini, copilot, qwen, opencode, cursor, cline, kilo, pi, continue, windsurf, roo, kiro, zed, goose, amazonq, junie, warp, antigravity, openhands, firebender',
    ],
    [
      ["sync", "--from", "claude", "--to", "codex,gemini,cdex"],
      '--to: unknown tool "cdex"; did you mean "codex"? tools: claude, codex, gemini, copilot, qwen, opencode, cursor, cline, kilo, pi, continue, windsurf, roo, kiro, zed, goose, amazonq, junie, warp, antigravity, openhands, firebender',
    ],
    [
      ["sync", "--from", "claude", "--to", "codex", "--only", "comands"],
      '--only: unknown kind "comands"; did you mean "commands"? kinds: commands, mcp, agents, skills, instructions, rule-files, hooks, rules, ignore, permissions',
    ],
    [
      ["init", "cluade"],
      'unknown tool "cluade"; did you mean "claude"? tools: claude, gemini, codex, copilot, qwen, opencode, cursor, cline',
    ],
    [
      ["schema", "rulse"],
      'unknown schema "rulse"; did you mean "rules"? schemas: rules, memories, project, session, config',
    ],
    // Options: the nearest flag, then the command's help.
    [
      ["render", "--formt", "claude", RULES],
      'unknown option "--formt"; did you mean "--format"? see "contextfmt render --help"',
    ],
    [
      [...HOOK, "--rules", RULES, "--cache-stabel"],
      'unknown option "--cache-stabel"; did you mean "--cache-stable"? see "contextfmt hook --help"',
    ],
    [
      ["sync", "--form", "claude", "--to", "codex"],
      'unknown option "--form"; did you mean "--from"? see "contextfmt sync --help"',
    ],
    [["tokens", "--frob", RULES], 'unknown option "--frob"; see "contextfmt tokens --help"'],
    [["--hepl"], 'unknown option "--hepl"; did you mean "--help"? see "contextfmt --help"'],
    [["render", "--budget"], '--budget: missing its value; see "contextfmt render --help"'],
    [
      [...HOOK, "--rules", "--project", RULES],
      '--rules: missing its value; see "contextfmt hook --help"',
    ],
    [
      ["render", "--format", "claude", "--exact=yes", RULES],
      '--exact takes no value, received "yes"; see "contextfmt render --help"',
    ],
    // Numbers: our own line naming the option and what it takes, whatever the value (each value
    // once; each command that takes a budget once, with the value node's parser would refuse).
    ...["-5", "1.5", "abc", "1e3", "-0.5", ""].map((budget): [string[], string] => [
      ["render", "--format", "claude", RULES, "--budget", budget],
      `--budget: expected a non-negative integer, received ${JSON.stringify(budget)}`,
    ]),
    ...[
      ["tokens", RULES],
      [...HOOK, "--rules", RULES],
      ["sync", "--to", "claude", "--only", "rules", "--rules", RULES],
    ].map((command): [string[], string] => [
      [...command, "--budget", "-5"],
      '--budget: expected a non-negative integer, received "-5"',
    ]),
    [
      ["render", "--format", "claude", RULES, "--budget=-5"],
      '--budget: expected a non-negative integer, received "-5"',
    ],
  ])("%j", (args, message) => {
    const { stdout, stderr, status } = contextfmt(args, "{}", EMPTY);
    expect(stderr).toBe(`contextfmt: ${message}\n`);
    expect(stdout).toBe("");
    expect(status).toBe(1);
  });

  it("a bare contextfmt prints the help on stdout and exits 1, as git and npm do", () => {
    const bare = contextfmt([]);
    const help = contextfmt(["--help"]);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: contextfmt <command> \[options\]\n/);
    expect(bare.stdout).toBe(help.stdout);
    expect(bare.stderr).toBe("");
    expect(bare.status).toBe(1);
  });

  it("no message of the CLI says adapter", () => {
    const messages = [
      contextfmt(["render", "--format", "x", RULES]).stderr,
      contextfmt(["tokens", "--format", "x", RULES]).stderr,
      contextfmt(["render", "--help"]).stdout,
      contextfmt(["tokens", "--help"]).stdout,
      contextfmt(["render", "--format", "claude", "--report", "--json", RULES]).stderr,
    ];
    for (const text of messages) expect(text).not.toMatch(/adapter/i);
    expect(JSON.parse(messages[4] ?? "")[0]).toMatchObject({ label: RULES, format: "claude" });
  });
});
