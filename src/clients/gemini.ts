/** Gemini CLI (`@google/gemini-cli`): checked with the pinned client against a loopback model server. */
import { type ClientSpec, grouped, groupedCommands, one, skillFolders } from "./spec.js";

/** Gemini CLI. */
export const gemini = {
  id: "gemini",
  label: "Gemini CLI",
  checked: { client: "@google/gemini-cli", version: "0.61.0" },
  instructionFile: "GEMINI.md",
  rulesFormat: "gemini",
  nestedInstructions: true,
  loading: {
    instructions: {
      places: [one("GEMINI.md")],
      addedBy: { path: ".gemini/settings.json", key: ["context", "fileName"] },
      order: "root-first",
      below: "none",
      imports: true,
    },
    moreItems: { skill: [{ dir: ".agents/skills" }] },
    mcpGate: "Gemini CLI starts the project's MCP servers only in a trusted folder",
    hooksGate: "Gemini CLI runs the project's hooks only in a trusted folder",
    // The system prompt's "Available Agent Skills" and "Available Sub-Agents" blocks (the
    // location is the absolute path there); commands are the person's to type, never listed.
    startListing: {
      skill: {
        line: "  <skill>\n    <name>{name}</name>\n    <description>{description}</description>\n    <location>{file}</location>\n  </skill>\n",
      },
      agent: {
        line: "  <subagent>\n    <name>{name}</name>\n    <description>{description}</description>\n  </subagent>\n",
      },
      command: "not-listed",
    },
  },
  items: {
    command: {
      format: "gemini",
      dir: ".gemini/commands",
      layout: "nested",
      extension: ".toml",
      readable: true,
    },
    agent: {
      format: "gemini",
      dir: ".gemini/agents",
      layout: "flat",
      extension: ".md",
      readable: true,
    },
    skill: skillFolders("gemini", ".gemini/skills"),
  },
  mcp: { format: "gemini", path: ".gemini/settings.json", key: "mcpServers" },
  // tools.exclude (a deny: the tool is gone), tools.confirmationRequired (an ask) and
  // tools.allowed (an allow; `run_shell_command(git)` a command prefix, other tools' arguments
  // ignored), made policy rules by packages/cli/src/config/policy.ts. Its project policy
  // folder is switched off in 0.61 (disableWorkspacePolicies).
  permissions: {
    path: ".gemini/settings.json",
    dialect: "gemini",
    pathTools: [],
    domains: false,
  },
  // Read at the root only, by git's rules (its lines trimmed); its tools refuse a matching file.
  ignore: { path: ".geminiignore" },
  hooks: {
    // BeforeTool is listed for its moment but carries no context.
    events: {
      SessionStart: "session-start",
      BeforeAgent: "prompt",
      BeforeTool: "pre-tool",
      AfterTool: "post-tool",
    },
    withoutContext: ["BeforeTool"],
    contextField: "hookSpecificOutput",
    // 120,000 characters reached the model unchanged.
    limit: {},
    escapesXml: true,
    // A resume does not send the earlier SessionStart context again.
    sessionStart: { startup: "full", resume: "full", clear: "full" },
    stdin: {
      shape: "gemini",
      namesEvent: true,
      sessionSource: true,
      sample: {
        base: {
          session_id: "c0ffee00-1111-4222-8333-444455556666",
          transcript_path: "/home/dev/.gemini/tmp/6f1d/chats/session-2025-10-04T20-00.json",
          cwd: "/home/dev/repo",
          timestamp: "2025-10-04T20:00:00.000Z",
        },
        shell: { tool_name: "run_shell_command" },
      },
    },
    install: {
      path: ".gemini/settings.json",
      projectDir: '"$GEMINI_PROJECT_DIR"/',
      // Claude Code's name too, for hooks written for it.
      variables: ["GEMINI_PROJECT_DIR", "CLAUDE_PROJECT_DIR"],
      timeoutUnit: "ms",
      // Gemini CLI's timeout is in milliseconds.
      entry: (command, event) =>
        grouped({ name: `contextfmt-${event}`, type: "command", command, timeout: 10_000 }),
      commandOf: groupedCommands,
      // Gemini CLI 0.61's hook runner reads these (`env` is added to the command's environment).
      fields: { name: "kept", description: "kept", env: "needed" },
    },
  },
  // Checked with the client: ~/.gemini/GEMINI.md goes in the system instruction, before the
  // project's files (which open the conversation); not ~/.gemini/AGENTS.md.
  user: {
    folder: { path: "~/.gemini" },
    instructions: [{ level: "user", folder: { path: "~/.gemini" }, read: one("GEMINI.md") }],
    // @google/gemini-cli 0.61.0, Storage: getUserCommandsDir ~/.gemini/commands,
    // getUserAgentsDir ~/.gemini/agents, getUserSkillsDir ~/.gemini/skills,
    // getGlobalSettingsPath ~/.gemini/settings.json (mcpServers, as in a project).
    instructionFile: "GEMINI.md",
    items: {
      command: {
        format: "gemini",
        dir: "commands",
        layout: "nested",
        extension: ".toml",
        readable: true,
      },
      agent: { format: "gemini", dir: "agents", layout: "flat", extension: ".md", readable: true },
      skill: skillFolders("gemini", "skills"),
    },
    mcp: { format: "gemini", path: "settings.json", key: "mcpServers" },
  },
  // packages/core/src/tools/tool-names.ts
  tools: {
    shell: "run_shell_command",
    read: "read_file",
    write: "write_file",
    edit: "replace",
    search: "grep_search",
    find: "glob",
    fetch: "web_fetch",
    "web-search": "google_web_search",
  },
} as const satisfies ClientSpec;
