/** Cline's CLI (`cline`): checked with the pinned client against a loopback model server. */
import { AGENTS_MD, type ClientSpec, entryCommand, one, skillFolders } from "./spec.js";

const COMMANDS = { commands: ["pytest -q tests/test_payments.py"] };
// `parameters` holds each input field, a non-string one as JSON text.
const PARAMETERS = { commands: JSON.stringify(COMMANDS.commands) };

/** Cline. */
export const cline = {
  id: "cline",
  label: "Cline",
  checked: { client: "cline", version: "3.0.65" },
  // Cline reads AGENTS.md at the root beside every file of .clinerules/: a file of its own
  // there would put the same text in front of the model twice when Codex is synced too.
  instructionFile: AGENTS_MD,
  rulesFormat: "codex",
  nestedInstructions: false,
  loading: {
    instructions: {
      // `.clinerules/*.md` by name, then AGENTS.md; CLAUDE.md never. A rule file whose
      // frontmatter has `paths` (globs, as Claude Code's) is read only for work on a matching
      // file (Cline's source: its rule conditionals; no run of the pinned client had one).
      places: [
        {
          dir: ".clinerules",
          extension: ".md",
          nested: false,
          condition: { key: "paths", startsWhen: "absent" },
        },
        one(AGENTS_MD),
      ],
      order: "start-only",
      below: "none",
      imports: false,
    },
  },
  items: {
    // Workflows: run as /<name>.md.
    command: {
      format: "cline",
      dir: ".clinerules/workflows",
      layout: "flat",
      extension: ".md",
      readable: true,
    },
    // Each offered to the model as a `subagent_<name>` tool (`.yml` files are read too).
    agent: {
      format: "cline",
      dir: ".cline/agents",
      layout: "flat",
      extension: ".yaml",
      readable: true,
    },
    skill: skillFolders("cline", ".cline/skills"),
  },
  cannotHold: {
    ignore: "Cline's CLI reads no .clineignore (its editor extension does)",
    mcp: "Cline keeps MCP servers only in its own settings (cline_mcp_settings.json), not in the project",
    hook: "Cline runs one script per event from .clinerules/hooks/, not a list of commands; sync writes none",
  },
  hooks: {
    // It sends the context of its tool events to the next model request. Its TaskStart runs,
    // but a one-shot task's model never sees its context, and UserPromptSubmit does not run in
    // one; neither is listed until a run shows their context arriving.
    events: {
      PreToolUse: "pre-tool",
      PostToolUse: "post-tool",
    },
    contextField: "contextModification",
    limit: {},
    escapesXml: false,
    // No session start with context.
    sessionStart: {},
    stdin: {
      shape: "cline",
      // The hook's command line names the event.
      namesEvent: false,
      sessionSource: true,
      sample: {
        // As a run showed it (the event is not named; the version is left empty).
        base: {
          clineVersion: "",
          timestamp: "2025-10-04T20:00:00.000Z",
          taskId: "conv_1759608000000_a1b2c3d",
          sessionContext: { rootSessionId: "1759608000000_a1b2c" },
          workspaceRoots: ["/home/dev/repo"],
          workspaceInfo: { rootPath: "/home/dev/repo", hint: "project" },
          userId: "unknown",
          agent_id: "agent_1759608000000_a1b2c3",
          parent_agent_id: null,
          iteration: 1,
        },
        shell: { tool_name: "run_commands" },
        // The call in `preToolUse` (and `tool_call`), its outcome in `postToolUse` (and
        // `tool_result`).
        moments: {
          "pre-tool": {
            hookName: "tool_call",
            tool_call: { id: "toolu_1_0", name: "run_commands", input: COMMANDS },
            preToolUse: { toolName: "run_commands", parameters: PARAMETERS },
          },
          "post-tool": {
            hookName: "tool_result",
            tool_result: {
              id: "toolu_1_0",
              name: "run_commands",
              input: COMMANDS,
              output: "3 passed",
              durationMs: 1234,
              startedAt: "2025-10-04T20:00:00.000Z",
              endedAt: "2025-10-04T20:00:01.234Z",
            },
            postToolUse: {
              toolName: "run_commands",
              parameters: PARAMETERS,
              result: "3 passed",
              success: true,
              executionTimeMs: 1234,
            },
          },
        },
      },
    },
    // Cline runs each executable of .clinerules/hooks/ named after an event, with its input on
    // stdin; the script moves to the project folder (two up from itself) to run the hook there.
    install: {
      path: ".clinerules/hooks",
      projectDir: "",
      entry: (command) => ({ command }),
      commandOf: entryCommand,
      script: (command) => `#!/bin/sh\ncd "$(dirname "$0")/../.." || exit 1\nexec ${command}\n`,
    },
  },
  // Checked with the client: the global rules folder's files come after the project's.
  user: {
    folder: { path: "~/Documents/Cline" },
    instructions: [
      {
        level: "user",
        folder: { path: "~/Documents/Cline" },
        read: { dir: "Rules", extension: ".md", nested: false },
        after: true,
      },
    ],
    cannotHold: {
      instructions:
        "Cline reads the user's rules as files of ~/Documents/Cline/Rules, each the user's own; sync --user writes none there",
    },
  },
} as const satisfies ClientSpec;
