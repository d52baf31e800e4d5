import { advised } from "../../src/doctor/problems.js";
import type { DoctorProblem, DoctorReport } from "../../src/doctor/report.js";

/**
 * A report as `doctor --json` gives it for a project that hits the rules a page must show: Codex
 * CLI's cap cutting the deeper file (and skipping one past it), an AGENTS.override.md shadowing,
 * Claude Code reading CLAUDE.md over AGENTS.md, a hook over its inline limit with an item of each
 * fate and another with no inline limit known, items a person named (a rule's name, a project's
 * parts), a command, an agent, a skill shadowed by another and an MCP server, a problem of each
 * severity, and a path that is hostile HTML.
 */
export const SAMPLE_REPORT: DoctorReport = {
  clients: [
    {
      client: "codex",
      label: "Codex CLI",
      checked: { client: "@openai/codex", version: "0.169.0" },
      maxBytes: 32768,
      files: [
        { path: "AGENTS.override.md", bytes: 20480, tokens: 5120, loaded: true },
        {
          path: "AGENTS.md",
          bytes: 900,
          tokens: 220,
          loaded: false,
          shadowedBy: "AGENTS.override.md",
          reason: "shadowed by AGENTS.override.md",
        },
        {
          path: "packages/api/AGENTS.md",
          bytes: 20480,
          tokens: 5100,
          loaded: true,
          cut: { atByte: 12288, lostBytes: 8192 },
        },
        {
          path: "packages/api/<img src=x onerror=alert(1)>/AGENTS.md",
          bytes: 300,
          tokens: 80,
          loaded: false,
          reason: "past the cap",
        },
      ],
      loaded: { bytes: 32768, tokens: 8190 },
      commands: [],
      agents: [],
      skills: [],
      mcpServers: [],
      hooks: [],
      userHooks: [],
      start: {
        tokens: 8190,
        instructions: 8190,
        skills: { tokens: 0, listed: 0, shape: "client" },
        agents: { tokens: 0, listed: 0, shape: "client" },
        commands: { tokens: 0, listed: 0, shape: "client" },
        hooks: [],
        hookTokens: 0,
        mcp: { servers: 0, tokens: 0 },
      },
    },
    {
      client: "claude",
      label: "Claude Code",
      checked: { client: "@anthropic-ai/claude-code", version: "2.1.330" },
      files: [
        { path: "CLAUDE.md", bytes: 1400, tokens: 350, loaded: true },
        { path: "docs/style.md", bytes: 600, tokens: 150, loaded: true, importedBy: "CLAUDE.md" },
        {
          path: "AGENTS.md",
          bytes: 900,
          tokens: 220,
          loaded: false,
          shadowedBy: "CLAUDE.md",
          reason: "shadowed by CLAUDE.md",
        },
      ],
      loaded: { bytes: 2000, tokens: 500 },
      commands: [{ name: "review", path: ".claude/commands/review.md", loaded: true }],
      agents: [{ name: "tester", path: ".claude/agents/tester.md", loaded: true }],
      skills: [
        { name: "release", path: ".claude/skills/release/SKILL.md", loaded: true },
        {
          name: "release",
          path: ".agents/skills/release/SKILL.md",
          loaded: false,
          shadowedBy: ".claude/skills/release/SKILL.md",
        },
      ],
      mcpServers: [
        {
          name: "files",
          path: ".mcp.json",
          transport: "stdio",
          caveat: "asks before it starts a server of the project's .mcp.json",
        },
      ],
      hooks: [
        {
          event: "SessionStart",
          path: ".claude/settings.json",
          command: "npx contextfmt hook claude session-start --rules .contextfmt/rules.json",
          limit: { chars: 10000 },
          inject: {
            chars: 12400,
            bytes: 12400,
            tokens: 3100,
            items: [
              {
                source: "--rules",
                id: "r1",
                name: "atomic_commits",
                status: "included",
                tokens: 1900,
              },
              {
                source: "--rules",
                id: "r2",
                name: "tests_first",
                status: "shortened",
                tokens: 1200,
                reason: "over its share",
              },
              {
                source: "--memories",
                id: "m7",
                name: "The office plants are watered on Fridays.",
                status: "skipped",
                tokens: 0,
                reason: "over the budget",
              },
            ],
          },
        },
        {
          event: "UserPromptSubmit",
          path: ".claude/settings.json",
          command:
            "npx contextfmt hook claude user-prompt-submit --project .contextfmt/project.json",
          limit: {},
          inject: {
            chars: 160,
            bytes: 160,
            tokens: 40,
            items: [
              {
                source: "--project",
                id: "my-project:name",
                name: "My project: name and status",
                status: "included",
                tokens: 30,
              },
              {
                source: "--project",
                id: "my-project:close",
                name: "My project: end of the block",
                status: "included",
                tokens: 10,
              },
            ],
          },
        },
      ],
      userHooks: [],
      start: {
        tokens: 4006,
        instructions: 500,
        skills: { tokens: 12, listed: 1, shape: "client" },
        agents: { tokens: 14, listed: 1, shape: "client" },
        commands: { tokens: 8, listed: 1, shape: "client" },
        hooks: [{ event: "SessionStart", tokens: 3100, contextfmt: 1, notCounted: 1 }],
        hookTokens: 3100,
        mcp: {
          servers: 1,
          tokens: 372,
          started: [{ name: "files", tools: 4, tokens: 372 }],
        },
      },
    },
    {
      client: "cline",
      label: "Cline",
      checked: "documentation",
      files: [],
      loaded: { bytes: 0, tokens: 0 },
      commands: [],
      agents: [],
      skills: [],
      mcpServers: [],
      hooks: [],
      userHooks: [],
      start: {
        tokens: 0,
        instructions: 0,
        skills: { tokens: 0, listed: 0, shape: "assumed" },
        agents: { tokens: 0, listed: 0, shape: "not-listed" },
        commands: { tokens: 0, listed: 0, shape: "assumed" },
        hooks: [],
        hookTokens: 0,
        mcp: { servers: 0, tokens: 0 },
      },
    },
  ],
  problems: (
    [
      {
        code: "over_client_limit",
        client: "codex",
        path: "packages/api/AGENTS.md",
        message: "packages/api/AGENTS.md is cut at byte 12288: 8192 bytes never reach Codex CLI.",
      },
      {
        code: "shadowed",
        client: "claude",
        path: "AGENTS.md",
        message: "AGENTS.md is not read: CLAUDE.md takes its place.",
      },
      {
        code: "hook_over_limit",
        client: "claude",
        path: ".claude/settings.json",
        message:
          "SessionStart would inject 12400 characters, over Claude Code's 10000 <inline> limit.",
      },
      {
        code: "untrusted",
        client: "claude",
        path: ".mcp.json",
        message: "Claude Code asks before it starts a server of the project's .mcp.json: files",
      },
    ] satisfies DoctorProblem[]
  ).map(advised),
};
