/** Antigravity (Google's editor and its CLI, `agy`): from its documentation only, since none runs here. */
import { AGENTS_MD, type ClientSpec, one, skillFolders } from "./spec.js";

/** Antigravity. */
export const antigravity = {
  id: "antigravity",
  label: "Antigravity",
  checked: "documentation",
  documentation: "https://antigravity.google/docs/rules-workflows",
  // Antigravity reads AGENTS.md at the workspace root beside GEMINI.md, which wins where they
  // disagree (its rules page; AGENTS.md since 1.20.3): AGENTS.md, written once for it and the
  // others.
  instructionFile: AGENTS_MD,
  rulesFormat: "codex",
  nestedInstructions: false,
  loading: {
    instructions: {
      places: [
        one("GEMINI.md"),
        one(AGENTS_MD),
        // Workspace rules, read at the start with `trigger: always_on`; Windsurf's keys. Each
        // is cut at 12,000 characters, which doctor does not model.
        {
          dir: ".agents/rules",
          extension: ".md",
          nested: false,
          condition: { key: "trigger", startsWhen: "always_on" },
        },
      ],
      order: "start-only",
      below: "none",
      imports: false,
    },
  },
  items: {
    // Workflows, run as /<name>.
    command: {
      format: "antigravity",
      dir: ".agents/workflows",
      layout: "flat",
      extension: ".md",
      readable: true,
    },
    // The shared folder, in the Agent Skills format Codex CLI's files follow
    // (https://antigravity.google/docs/skills).
    skill: skillFolders("codex", ".agents/skills"),
  },
  cannotHold: {
    agent: "Antigravity has no project agent files",
    mcp: "Antigravity reads MCP servers only from its user settings (mcp_config.json), not from the project",
  },
} as const satisfies ClientSpec;
