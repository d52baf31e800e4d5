/** Windsurf (the editor's Cascade agent): from its documentation only, since no Windsurf runs here. */
import { AGENTS_MD, type ClientSpec, one, skillFolders } from "./spec.js";

/** Windsurf. */
export const windsurf = {
  id: "windsurf",
  label: "Windsurf",
  checked: "documentation",
  documentation: "https://docs.windsurf.com/windsurf/cascade/memories",
  // Windsurf reads AGENTS.md at the root as an always-on rule
  // (https://docs.windsurf.com/windsurf/cascade/agents-md): written once for it and the others.
  instructionFile: AGENTS_MD,
  rulesFormat: "codex",
  nestedInstructions: false,
  loading: {
    instructions: {
      places: [
        one(AGENTS_MD),
        // Workspace rules: `.windsurf/rules/*.md`, each read at the start only with
        // `trigger: always_on`; `glob` ones for matching files, `model_decision` ones when the
        // model asks, `manual` ones when the user @-mentions them
        // (https://docs.windsurf.com/windsurf/cascade/memories#rules).
        {
          dir: ".windsurf/rules",
          extension: ".md",
          nested: false,
          condition: { key: "trigger", startsWhen: "always_on" },
        },
      ],
      order: "root-first",
      // An AGENTS.md in a subfolder applies to work on files there (its agents-md page).
      below: "on-demand",
      imports: false,
      // A rule file is cut at 6,000 characters, and the rules together at 12,000 (global rules
      // first, then the workspace's) (https://docs.windsurf.com/windsurf/cascade/memories#rules).
      maxChars: { perFile: 6000, total: 12000 },
    },
  },
  items: {
    // Workflows, run as /<name> (https://docs.windsurf.com/windsurf/cascade/workflows).
    command: {
      format: "windsurf",
      dir: ".windsurf/workflows",
      layout: "flat",
      extension: ".md",
      readable: true,
    },
    // https://docs.windsurf.com/windsurf/cascade/skills
    skill: skillFolders("windsurf", ".windsurf/skills"),
  },
  cannotHold: {
    agent: "Windsurf has no project agent files",
    mcp: "Windsurf reads MCP servers only from ~/.codeium/windsurf/mcp_config.json, not from the project (https://docs.windsurf.com/windsurf/cascade/mcp)",
  },
} as const satisfies ClientSpec;
