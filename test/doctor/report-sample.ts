import type { DoctorReport } from "../../src/doctor/report.js";

/**
 * A report as `doctor --json` gives it for a project that hits the rules a page must show: Codex
 * CLI's cap cutting the deeper file (and skipping one past it), an AGENTS.override.md shadowing,
 * Claude Code reading CLAUDE.md over AGENTS.md, a hook over its inline limit with an item of each
 * fate, and a path that is hostile HTML.
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
      commands: [],
      agents: [],
      skills: [],
      mcpServers: [],
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
              { source: "--rules", id: "atomic_commits", status: "included", tokens: 1900 },
              {
                source: "--rules",
                id: "tests_first",
                status: "shortened",
                tokens: 1200,
                reason: "over its share",
              },
              {
                source: "--memories",
                id: "m7",
                status: "skipped",
                tokens: 0,
                reason: "over the budget",
              },
            ],
          },
        },
      ],
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
    },
  ],
  problems: [
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
  ],
};
