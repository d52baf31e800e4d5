/** Cursor: from its documentation only, since no Cursor runs here. */
import { AGENTS_MD, type ClientSpec, entryCommand, one, skillFolders } from "./spec.js";

const COMMAND = { command: "pytest -q tests/test_payments.py" };

/** Cursor. */
export const cursor = {
  id: "cursor",
  label: "Cursor",
  checked: "documentation",
  documentation: "https://cursor.com/docs/context/rules",
  // Cursor reads AGENTS.md at the root as an always-applied rule, beside .cursor/rules/*.mdc.
  // A contextfmt.mdc of its own (alwaysApply: true) would hold the same text as the AGENTS.md
  // written for Codex, OpenCode or Copilot CLI in the same sync, and Cursor would send it
  // twice in every request; AGENTS.md is written once for all of them.
  instructionFile: AGENTS_MD,
  rulesFormat: "codex",
  nestedInstructions: false,
  loading: {
    instructions: {
      places: [
        one(AGENTS_MD),
        {
          dir: ".cursor/rules",
          extension: ".mdc",
          nested: true,
          condition: { key: "alwaysApply", startsWhen: true },
        },
      ],
      order: "root-first",
      below: "on-demand",
      imports: false,
    },
    moreItems: { skill: [{ dir: ".agents/skills" }] },
  },
  items: {
    command: {
      format: "cursor",
      dir: ".cursor/commands",
      layout: "flat",
      extension: ".md",
      readable: true,
    },
    agent: {
      format: "cursor",
      dir: ".cursor/agents",
      layout: "flat",
      extension: ".md",
      readable: true,
    },
    skill: skillFolders("cursor", ".cursor/skills"),
  },
  mcp: { format: "cursor", path: ".cursor/mcp.json", key: "mcpServers" },
  // By git's rules (its documentation): its agent neither reads nor indexes a matching file.
  ignore: { path: ".cursorignore" },
  cannotHold: {
    permission:
      "Cursor's CLI keeps permissions in .cursor/cli.json, whose Shell(…) rules name a command's first word only and which has no ask; sync writes none there",
  },
  hooks: {
    // The two events whose output its documentation says reaches the model
    // (`additional_context`, into the conversation's initial system context and after the tool
    // result). Its beforeSubmitPrompt, preCompact and stop only show text to the user or submit
    // a new user message, and postToolUseFailure has no output.
    events: {
      sessionStart: "session-start",
      postToolUse: "post-tool",
    },
    contextField: "additional_context",
    // Its documentation states no limit.
    limit: {},
    escapesXml: false,
    // Its sessionStart fires when a new conversation is created and names no source: everything.
    sessionStart: {},
    stdin: {
      shape: "cursor",
      namesEvent: true,
      sessionSource: false,
      sample: {
        base: {
          conversation_id: "5b0d6c1e-8f2a-4c3d-9e1b-7a6f5d4c3b2a",
          generation_id: "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d",
          model: "claude-sonnet-4",
          cursor_version: "1.7.2",
          workspace_roots: ["/home/dev/repo"],
          user_email: null,
          transcript_path: null,
        },
        shell: { tool_name: "Shell", tool_use_id: "call_9Qx" },
        moments: {
          "session-start": {
            session_id: "5b0d6c1e-8f2a-4c3d-9e1b-7a6f5d4c3b2a",
            is_background_agent: false,
            composer_mode: "agent",
          },
          // The tool's result as a JSON string, `tool_output`.
          "post-tool": {
            tool_name: "Shell",
            tool_use_id: "call_9Qx",
            tool_input: COMMAND,
            tool_output: JSON.stringify({ output: "3 passed", exitCode: 0 }),
            cwd: "/home/dev/repo",
            duration: 1234,
          },
        },
      },
    },
    // Cursor runs a project's hooks from its root; `{ command, timeout }` entries (seconds) in a
    // `version: 1` file, as its documentation shows them.
    install: {
      path: ".cursor/hooks.json",
      projectDir: "",
      entry: (command) => ({ command, timeout: 10 }),
      commandOf: entryCommand,
      version: 1,
    },
  },
  user: {
    folder: { path: "~/.cursor" },
    instructions: [],
    elsewhere:
      "Cursor keeps its user rules in its settings database, which contextfmt does not read",
  },
} as const satisfies ClientSpec;
