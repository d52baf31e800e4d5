/**
 * Continue CLI (`@continuedev/cli`, run as `cn`): checked with the pinned client against a
 * loopback model server. Its slash commands (prompts and invokable rules) and MCP servers are
 * blocks of its config file (`--config`, or one from its hub), never read from the project; it has
 * no subagents. contextfmt installs no hooks for it.
 */
import { AGENTS_MD, type ClientSpec, skillFolders } from "./spec.js";

/** Continue CLI. */
export const continueCli = {
  id: "continue",
  label: "Continue CLI",
  checked: { client: "@continuedev/cli", version: "1.5.47" },
  instructionFile: AGENTS_MD,
  rulesFormat: "codex",
  nestedInstructions: false,
  loading: {
    instructions: {
      // In the start folder only: the first of AGENTS.md, AGENT.md, CLAUDE.md and CODEX.md, then
      // every .continue/rules/**/*.md that applies always (`alwaysApply` true, or absent with
      // no `globs` or `regex`; an `invokable` one is a command, not a rule).
      places: [
        { names: [AGENTS_MD, "AGENT.md", "CLAUDE.md", "CODEX.md"] },
        {
          dir: ".continue/rules",
          extension: ".md",
          nested: true,
          condition: { key: "alwaysApply", startsWhen: ["absent", true] },
        },
      ],
      order: "start-only",
      below: "none",
      imports: false,
    },
    // .continue/skills, then .claude/skills; it offers every skill it finds, both of one name.
    moreItems: { skill: [{ dir: ".claude/skills" }] },
  },
  items: {
    skill: skillFolders("continue", ".continue/skills"),
  },
  cannotHold: {
    command: "Continue CLI reads slash commands only from its config file, not from the project",
    agent: "Continue CLI has no subagents",
    mcp: "Continue CLI reads MCP servers only from its config file, not from the project",
  },
} as const satisfies ClientSpec;
