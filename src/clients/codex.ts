/** Codex CLI (`@openai/codex`): checked with the pinned client against a loopback model server. */
import { AGENTS_MD, type ClientSpec, grouped, groupedCommands, skillFolders } from "./spec.js";

/** Codex CLI. */
export const codex = {
  id: "codex",
  label: "Codex CLI",
  checked: { client: "@openai/codex", version: "0.169.0" },
  instructionFile: AGENTS_MD,
  rulesFormat: "codex",
  nestedInstructions: true,
  loading: {
    instructions: {
      places: [{ names: ["AGENTS.override.md", AGENTS_MD] }],
      order: "root-first",
      below: "none",
      imports: false,
      maxBytes: {
        bytes: 32 * 1024,
        setting: { path: ".codex/config.toml", key: ["project_doc_max_bytes"] },
      },
    },
    mcpGate: "Codex CLI reads .codex/config.toml only in a project it trusts",
    hooksGate: "Codex CLI reads .codex/config.toml only in a project it trusts",
    // Skills (commands are skills here) in the skills instructions, with their file; agents
    // as the roles of the spawn tool's agent type.
    startListing: {
      skill: { line: "- {name}: {description} (file: {file})\n" },
      command: { line: "- {name}: {description} (file: {file})\n" },
      agent: { line: "{name}: {\n{description}\n}\n" },
    },
  },
  items: {
    // Codex has no custom commands any more: they become skills, which Codex reads from here.
    command: {
      format: "codex-skill",
      dir: ".agents/skills",
      layout: "skill-folders",
      extension: ".md",
      readable: false,
    },
    agent: {
      format: "codex",
      dir: ".codex/agents",
      layout: "flat",
      extension: ".toml",
      readable: true,
    },
    skill: skillFolders("codex", ".agents/skills"),
  },
  mcp: { format: "codex", path: ".codex/config.toml", key: "mcp_servers" },
  cannotHold: {
    ignore: "Codex CLI reads no ignore file",
    permission:
      "Codex CLI words command rules as Starlark prefix rules in .codex/rules/*.rules, which sync does not write; its approval_policy and sandbox_mode are one setting for every tool",
  },
  hooks: {
    events: {
      SessionStart: "session-start",
      SubagentStart: "subagent-start",
      UserPromptSubmit: "prompt",
      PreToolUse: "pre-tool",
      PostToolUse: "post-tool",
    },
    contextField: "hookSpecificOutput",
    // A token counted as four UTF-8 bytes; context over 2,500 such tokens is cut in the middle
    // (every event).
    limit: { bytes: 10_000 },
    overLimit: "cuts-middle",
    escapesXml: false,
    // A resume or fork sends the whole earlier conversation again, earlier hook context included.
    sessionStart: { startup: "full", resume: "none", fork: "none", clear: "full", compact: "full" },
    stdin: {
      shape: "codex",
      namesEvent: true,
      sessionSource: true,
      sample: {
        base: {
          session_id: "0199b0a4-7c2e-7d31-9a8e-1f2e3d4c5b6a",
          // Codex sends null before a transcript exists.
          transcript_path: null,
          cwd: "/home/dev/repo",
          model: "gpt-5-codex",
          permission_mode: "default",
          turn_id: "turn-1",
        },
        shell: { tool_name: "Bash", tool_use_id: "call_abc123" },
      },
    },
    install: {
      path: ".codex/config.toml",
      projectDir: "",
      entry: (command) => grouped({ type: "command", command, timeout: 10 }),
      commandOf: groupedCommands,
      // Codex CLI 0.169's `HookHandlerConfig::Command` (its `async` it runs synchronously, with a
      // warning of its own: not listed, so an async hook is said to lose it).
      fields: { statusMessage: "kept", commandWindows: "kept", additionalContextLimit: "kept" },
    },
  },
  // Checked with the client: the first non-empty of the two in CODEX_HOME, before the project's
  // files and outside project_doc_max_bytes (the cap counts the project's files only).
  user: {
    folder: { path: "~/.codex", env: "CODEX_HOME" },
    instructions: [
      {
        level: "user",
        folder: { path: "~/.codex", env: "CODEX_HOME" },
        read: { names: ["AGENTS.override.md", AGENTS_MD] },
      },
    ],
    // The override is the user's own switch: sync writes AGENTS.md and says when one shadows it.
    instructionFile: AGENTS_MD,
    // @openai/codex 0.169.0: its skill-installer "Installs into $CODEX_HOME/skills/<skill-name>
    // (defaults to ~/.codex/skills)"; commands become skills there, as in a project. MCP:
    // [mcp_servers] of $CODEX_HOME/config.toml (developers.openai.com/codex/mcp).
    items: {
      command: {
        format: "codex-skill",
        dir: "skills",
        layout: "skill-folders",
        extension: ".md",
        readable: false,
      },
      skill: skillFolders("codex", "skills"),
    },
    mcp: { format: "codex", path: "config.toml", key: "mcp_servers" },
    cannotHold: {
      agent: "contextfmt knows no user-level folder of Codex CLI's agents",
    },
  },
  // Its hooks name the shell tool as Claude Code does; its other tools are not named to them.
  tools: { shell: "Bash" },
} as const satisfies ClientSpec;
