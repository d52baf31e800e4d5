/** GitHub Copilot CLI (`@github/copilot`): checked with the pinned client against a loopback model server. */
import { AGENTS_MD, type ClientSpec, one, skillFolders } from "./spec.js";

/** GitHub Copilot CLI. */
export const copilot = {
  id: "copilot",
  // The product's own name (its package is @github/copilot): "Copilot" alone names others too.
  label: "GitHub Copilot CLI",
  checked: { client: "@github/copilot", version: "1.0.102" },
  instructionFile: ".github/copilot-instructions.md",
  rulesFormat: "claude",
  nestedInstructions: false,
  loading: {
    instructions: {
      // All of them, none shadowing another, in the folders from the root to the one it starts
      // in (pkg/CLAUDE.md and pkg/AGENTS.md for a session in pkg/): the same text in two
      // reaches it twice, unless two files are alike to the byte (then once).
      places: [
        one(".github/copilot-instructions.md"),
        one(AGENTS_MD),
        one("CLAUDE.md"),
        one("GEMINI.md"),
        {
          dir: ".github/instructions",
          extension: ".instructions.md",
          nested: true,
          condition: { key: "applyTo", startsWhen: "**" },
          last: true,
        },
      ],
      order: "root-first",
      below: "none",
      // Seen with the client: CLAUDE.md's `@AGENTS.md` arrives as an
      // <imported_custom_instruction source=…> block after CLAUDE.md; GEMINI.md's does not.
      imports: [AGENTS_MD, "CLAUDE.md"],
      // ...even when it read AGENTS.md itself: the text reaches it twice.
      importsReadAgain: true,
      // Two files written alike (AGENTS.md, GEMINI.md) reach it once.
      dropsSameText: true,
    },
    moreItems: {
      // Copilot CLI 1.0.102 offers every .md of .github/agents, review.agent.md over review.md.
      agent: [{ dir: ".github/agents", extension: ".md" }],
      // Prompt files are Copilot's commands in VS Code; Copilot CLI runs none of them (/name
      // reaches the model as typed), so sync reads them as the source's commands only: their
      // frontmatter and body as Claude Code's command (`${input:…}` variables left as written).
      command: [
        {
          dir: ".github/prompts",
          extension: ".prompt.md",
          layout: "flat",
          format: "claude",
          sourceOnly: true,
        },
      ],
      skill: [{ dir: ".claude/skills" }, { dir: ".agents/skills" }],
    },
  },
  items: {
    // Copilot CLI runs no prompt files (.github/prompts): a command becomes a skill, which it
    // offers as /name.
    command: {
      format: "copilot-skill",
      dir: ".github/skills",
      layout: "skill-folders",
      extension: ".md",
      readable: false,
    },
    agent: {
      format: "copilot",
      dir: ".github/agents",
      layout: "flat",
      extension: ".agent.md",
      readable: true,
    },
    skill: skillFolders("copilot", ".github/skills"),
  },
  // Claude Code's .mcp.json, which it reads as Claude Code writes it.
  mcp: { format: "claude", path: ".mcp.json", key: "mcpServers" },
  cannotHold: {
    ignore: "Copilot CLI reads no ignore file",
    permission:
      "Copilot CLI takes tool permissions only as command-line flags (--allow-tool, --deny-tool), from no project file",
  },
  hooks: {
    // Its Claude Code-style names (its own camelCase ones send no hook_event_name, and its
    // userPromptSubmitted carries no context).
    events: {
      SessionStart: "session-start",
      UserPromptSubmit: "prompt",
      PreToolUse: "pre-tool",
      PostToolUse: "post-tool",
      PostToolUseFailure: "tool-failure",
    },
    contextField: "additionalContext",
    // The tool events' context is cut after 10,240 characters without a word; the other events
    // took 20,000 to 60,000 unchanged.
    limit: { events: { PostToolUse: { chars: 10_240 }, PostToolUseFailure: { chars: 10_240 } } },
    overLimit: "cuts-end",
    escapesXml: false,
    // A resume does not send the earlier SessionStart context again.
    sessionStart: { new: "full", resume: "full" },
    stdin: {
      shape: "copilot",
      namesEvent: true,
      sessionSource: true,
      sample: {
        // No transcript path.
        base: {
          session_id: "31463c1e-4e44-46e4-9731-1146fde059ca",
          cwd: "/home/dev/repo",
          timestamp: "2025-10-04T20:00:00.000Z",
        },
        shell: { tool_name: "Bash" },
        // A tool's outcome comes as tool_result.
        moments: {
          "post-tool": {
            tool_name: "Bash",
            tool_input: { command: "pytest -q tests/test_payments.py" },
            tool_result: { result_type: "success", text_result_for_llm: "3 passed" },
          },
        },
      },
    },
    // Copilot CLI reads every JSON file of .github/hooks/; its entries run `bash` from `cwd`.
    install: {
      path: ".github/hooks/contextfmt.json",
      projectDir: "",
      entry: (command) => ({ type: "command", bash: command, cwd: ".", timeoutSec: 10 }),
      commandOf: (entry) => [(entry as { bash?: unknown } | null)?.bash],
      version: 1,
    },
  },
  // Checked with the client: ~/.copilot/copilot-instructions.md before the project's files, its
  // instructions/*.instructions.md (applyTo "**") after them; not ~/.copilot/AGENTS.md.
  user: {
    folder: { path: "~/.copilot" },
    instructions: [
      { level: "user", folder: { path: "~/.copilot" }, read: one("copilot-instructions.md") },
      {
        level: "user",
        folder: { path: "~/.copilot" },
        read: {
          dir: "instructions",
          extension: ".instructions.md",
          nested: true,
          condition: { key: "applyTo", startsWhen: "**" },
        },
        after: true,
      },
    ],
    instructionFile: "copilot-instructions.md",
  },
} as const satisfies ClientSpec;
