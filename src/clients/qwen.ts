/** Qwen Code (`@qwen-code/qwen-code`): checked with the pinned client against a loopback model server. */
import { AGENTS_MD, type ClientSpec, grouped, groupedCommands, one, skillFolders } from "./spec.js";

/** Qwen Code, a descendant of Gemini CLI. */
export const qwen = {
  id: "qwen",
  label: "Qwen Code",
  checked: { client: "@qwen-code/qwen-code", version: "0.24.4" },
  instructionFile: "QWEN.md",
  rulesFormat: "gemini",
  nestedInstructions: false,
  loading: {
    instructions: {
      places: [one("QWEN.md"), one(AGENTS_MD)],
      order: "root-first",
      below: "none",
      // Not checked with the client; sync carries imported files inline for it.
      imports: false,
    },
    // Markdown commands beside the TOML ones (frontmatter and the prompt, Gemini CLI's {{args}}):
    // it reads the TOML files, then the Markdown ones, and the last command of a name wins.
    moreItems: {
      command: [{ dir: ".qwen/commands", extension: ".md", format: "qwen", beforeOwn: true }],
    },
    mcpGate: "Qwen Code starts the project's MCP servers only in a trusted folder",
    hooksGate: "Qwen Code runs the project's hooks only in a trusted folder",
    // The skill block of the pinned client's source (renderAvailableSkillsBlock), a project
    // skill marked by its level; its agents' and commands' listing is not known yet.
    startListing: {
      skill: {
        line: "<skill>\n<name>\n{name}\n</name>\n<description>\n{description} (project)\n</description>\n<location>\nproject\n</location>\n</skill>\n",
      },
    },
  },
  items: {
    command: {
      format: "gemini",
      dir: ".qwen/commands",
      layout: "nested",
      extension: ".toml",
      readable: true,
    },
    agent: {
      format: "qwen",
      dir: ".qwen/agents",
      layout: "flat",
      extension: ".md",
      readable: true,
    },
    skill: skillFolders("qwen", ".qwen/skills"),
  },
  mcp: { format: "qwen", path: ".qwen/settings.json", key: "mcpServers" },
  // Claude Code's permissions.allow/ask/deny (packages/core/src/permissions: its own tool
  // names or Claude Code's; `:*` read as ` *`); path rules for the read and edit tools.
  permissions: {
    path: ".qwen/settings.json",
    dialect: "claude",
    pathTools: ["read", "write", "edit"],
    domains: true,
  },
  // As Gemini CLI's .geminiignore, at the root (it reads .agentignore and .aiignore too).
  ignore: { path: ".qwenignore" },
  hooks: {
    events: {
      SessionStart: "session-start",
      UserPromptSubmit: "prompt",
      PostToolUse: "post-tool",
      PostToolUseFailure: "tool-failure",
    },
    contextField: "hookSpecificOutput",
    // 120,000 characters reached the model unchanged.
    limit: {},
    escapesXml: true,
    // A resume does not send the earlier SessionStart context again.
    sessionStart: { startup: "full", resume: "full", clear: "full", compact: "full" },
    stdin: {
      shape: "gemini",
      namesEvent: true,
      sessionSource: true,
      sample: {
        base: {
          session_id: "7367e82b-877a-4f22-807e-6a89b0f17aea",
          transcript_path: "/home/dev/.qwen/projects/-home-dev-repo/chats/7367e82b.jsonl",
          cwd: "/home/dev/repo",
          timestamp: "2025-10-04T20:00:00.000Z",
          permission_mode: "default",
        },
        shell: { tool_name: "run_shell_command" },
      },
    },
    // Qwen Code runs hooks from the project folder, with Claude Code's entry shape (seconds).
    install: {
      path: ".qwen/settings.json",
      projectDir: "",
      variables: ["QWEN_PROJECT_DIR", "CLAUDE_PROJECT_DIR", "GEMINI_PROJECT_DIR"],
      entry: (command) => grouped({ type: "command", command, timeout: 10 }),
      commandOf: groupedCommands,
    },
  },
  // Checked with the client: ~/.qwen/QWEN.md and ~/.qwen/AGENTS.md, name by name: each right
  // before the project's file of its name.
  user: {
    folder: { path: "~/.qwen" },
    instructions: [
      { level: "user", folder: { path: "~/.qwen" }, read: one("QWEN.md"), byName: true },
      { level: "user", folder: { path: "~/.qwen" }, read: one(AGENTS_MD), byName: true },
    ],
    instructionFile: "QWEN.md",
  },
  // packages/core/src/tools/tool-names.ts
  tools: {
    shell: "run_shell_command",
    read: "read_file",
    write: "write_file",
    edit: "edit",
    search: "grep_search",
    find: "glob",
    fetch: "web_fetch",
    "web-search": "web_search",
  },
} as const satisfies ClientSpec;
