/**
 * Claude Code (`@anthropic-ai/claude-code`): checked with the pinned client, headless against a
 * loopback model server.
 */
import { AGENTS_MD, type ClientSpec, grouped, groupedCommands, one, skillFolders } from "./spec.js";

/** Claude Code. */
export const claude = {
  id: "claude",
  label: "Claude Code",
  checked: { client: "@anthropic-ai/claude-code", version: "2.1.330" },
  instructionFile: "CLAUDE.md",
  rulesFormat: "claude",
  nestedInstructions: true,
  loading: {
    instructions: {
      // AGENTS.md only where there is no CLAUDE.md; both CLAUDE.md files, then the rules.
      places: [
        { names: ["CLAUDE.md", AGENTS_MD], acrossFolders: true },
        one(".claude/CLAUDE.md"),
        {
          dir: ".claude/rules",
          extension: ".md",
          nested: true,
          condition: { key: "paths", startsWhen: "absent" },
        },
        one("CLAUDE.local.md"),
      ],
      order: "root-first",
      below: "on-demand",
      imports: true,
    },
    mcpGate: "Claude Code asks before it starts a server of the project's .mcp.json",
    // Skills and commands share the Skill tool's list; agents are the Agent tool's types. A
    // command with `disable-model-invocation` is left out of the list.
    startListing: {
      skill: { line: "- {name}: {description}\n" },
      command: { line: "- {name}: {description}\n" },
      agent: { line: "- {name}: {description} (Tools: {tools})\n", allTools: "All tools" },
    },
  },
  items: {
    command: {
      format: "claude",
      dir: ".claude/commands",
      layout: "nested",
      extension: ".md",
      readable: true,
    },
    agent: {
      format: "claude",
      dir: ".claude/agents",
      layout: "flat",
      extension: ".md",
      readable: true,
    },
    skill: skillFolders("claude", ".claude/skills"),
  },
  mcp: { format: "claude", path: ".mcp.json", key: "mcpServers" },
  cannotHold: {
    ignore:
      "Claude Code reads no ignore file (a Read(./path) deny rule in .claude/settings.json keeps a file from it)",
  },
  // permissions.allow/ask/deny: `Bash(npm run test:*)`, `Read(./.env)`, `WebFetch(domain:x)`;
  // a deny wins over an ask, an ask over an allow, wherever each stands.
  permissions: {
    path: ".claude/settings.json",
    dialect: "claude",
    pathTools: ["read", "edit"],
    domains: true,
  },
  hooks: {
    events: {
      SessionStart: "session-start",
      SubagentStart: "subagent-start",
      UserPromptSubmit: "prompt",
      UserPromptExpansion: "prompt-expansion",
      PreToolUse: "pre-tool",
      PostToolUse: "post-tool",
      PostToolUseFailure: "tool-failure",
      PostToolBatch: "tool-batch",
      Stop: "stop",
      SubagentStop: "subagent-stop",
      PostModelSwitch: "model-switch",
    },
    contextField: "hookSpecificOutput",
    // `additionalContext` over 10,000 characters goes to a file; the model sees a ~2,000-character
    // preview (every event).
    limit: { chars: 10_000 },
    overLimit: "moves-to-file",
    escapesXml: false,
    // A resume or fork sends the whole earlier conversation again, earlier hook context included.
    sessionStart: { startup: "full", resume: "none", fork: "none", clear: "full", compact: "full" },
    stdin: {
      shape: "claude",
      namesEvent: true,
      sessionSource: true,
      sample: {
        base: {
          session_id: "9f1c2a7e-5b3d-4e8f-a1c6-2d7e9b0f3a41",
          transcript_path:
            "/home/dev/.claude/projects/-repo/9f1c2a7e-5b3d-4e8f-a1c6-2d7e9b0f3a41.jsonl",
          cwd: "/home/dev/repo",
          permission_mode: "default",
        },
        shell: { tool_name: "Bash", tool_use_id: "toolu_01ABCDEF" },
      },
    },
    install: {
      path: ".claude/settings.json",
      projectDir: '"$CLAUDE_PROJECT_DIR"/',
      variables: ["CLAUDE_PROJECT_DIR"],
      entry: (command) => grouped({ type: "command", command, timeout: 10 }),
      commandOf: groupedCommands,
      // Claude Code 2.1.330's command hook schema (its settings validation); any other field
      // (`blocking`) it ignores.
      fields: {
        if: "needed",
        once: "needed",
        args: "needed",
        shell: "needed",
        async: "kept",
        asyncRewake: "kept",
        onFailure: "kept",
        statusMessage: "kept",
      },
    },
  },
  // Checked with the client: ~/.claude/CLAUDE.md, then ~/.claude/rules/, then the project's
  // files; no CLAUDE.local.md or AGENTS.md there. The managed file (documentation) comes first.
  user: {
    folder: { path: "~/.claude" },
    instructions: [
      {
        level: "managed",
        folder: { path: "/etc/claude-code" },
        read: one("CLAUDE.md"),
        platform: "linux",
      },
      {
        level: "managed",
        folder: { path: "/Library/Application Support/ClaudeCode" },
        read: one("CLAUDE.md"),
        platform: "darwin",
      },
      { level: "user", folder: { path: "~/.claude" }, read: one("CLAUDE.md") },
      {
        level: "user",
        folder: { path: "~/.claude" },
        read: {
          dir: "rules",
          extension: ".md",
          nested: true,
          condition: { key: "paths", startsWhen: "absent" },
        },
      },
    ],
    // Personal commands, subagents and skills: code.claude.com/docs/en/slash-commands,
    // /sub-agents and /skills ("~/.claude/commands/", "~/.claude/agents/", "~/.claude/skills/").
    instructionFile: "CLAUDE.md",
    items: {
      command: {
        format: "claude",
        dir: "commands",
        layout: "nested",
        extension: ".md",
        readable: true,
      },
      agent: { format: "claude", dir: "agents", layout: "flat", extension: ".md", readable: true },
      skill: skillFolders("claude", "skills"),
    },
    cannotHold: {
      mcp: "Claude Code keeps the user's MCP servers in ~/.claude.json, its own state file that it rewrites while it runs (code.claude.com/docs/en/mcp, user scope); contextfmt neither reads nor writes it (add them with claude mcp add --scope user)",
    },
  },
  tools: {
    shell: "Bash",
    read: "Read",
    write: "Write",
    edit: "Edit",
    search: "Grep",
    find: "Glob",
    fetch: "WebFetch",
    "web-search": "WebSearch",
  },
} as const satisfies ClientSpec;
