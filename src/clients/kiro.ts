/** Kiro (the editor and its CLI): from its documentation only, since no Kiro runs here. */
import { AGENTS_MD, type ClientSpec, one, skillFolders } from "./spec.js";

/** Kiro. */
export const kiro = {
  id: "kiro",
  label: "Kiro",
  checked: "documentation",
  documentation: "https://kiro.dev/docs/steering/",
  // Kiro reads AGENTS.md at the workspace root, always included (its steering page): written
  // once for it and the others.
  instructionFile: AGENTS_MD,
  rulesFormat: "codex",
  nestedInstructions: false,
  loading: {
    instructions: {
      places: [
        // Steering files: at the start with `inclusion: always` or none; `fileMatch` ones for
        // files matching `fileMatchPattern`, `auto` ones when the model asks, `manual` ones when
        // named with # (https://kiro.dev/docs/steering/#inclusion-modes).
        {
          dir: ".kiro/steering",
          extension: ".md",
          nested: false,
          condition: { key: "inclusion", startsWhen: ["absent", "always"] },
        },
        one(AGENTS_MD),
      ],
      order: "start-only",
      below: "none",
      imports: false,
    },
  },
  items: {
    // https://kiro.dev/docs/skills/
    skill: skillFolders("kiro", ".kiro/skills"),
  },
  // Workspace servers, `.mcp.json`'s shape (https://kiro.dev/docs/mcp/configuration/).
  mcp: { format: "kiro", path: ".kiro/settings/mcp.json", key: "mcpServers" },
  cannotHold: {
    command:
      "Kiro has no project command files (a steering file with `inclusion: manual` is what a user calls up by name)",
    agent: "Kiro's custom agents are JSON files (.kiro/agents/*.json), which sync does not write",
  },
} as const satisfies ClientSpec;
