/** Firebender (an Android Studio / IntelliJ agent): from its documentation only, since none runs here. */
import { AGENTS_MD, type ClientSpec, skillFolders } from "./spec.js";

/** Firebender. */
export const firebender = {
  id: "firebender",
  label: "Firebender",
  checked: "documentation",
  documentation: "https://docs.firebender.com/api-reference/agents-md",
  // Firebender reads AGENTS.md at the project's root where there is no .firebender/AGENTS.md
  // (its AGENTS.md page): written once for it and the others.
  instructionFile: AGENTS_MD,
  rulesFormat: "codex",
  nestedInstructions: false,
  loading: {
    instructions: {
      places: [
        // The first found is used.
        { names: [".firebender/AGENTS.md", AGENTS_MD] },
        // Project rules, Cursor's `.mdc` format: at the start with `alwaysApply: true`, else
        // for files matching `globs` (https://docs.firebender.com/context/rules).
        {
          dir: ".firebender/rules",
          extension: ".mdc",
          nested: false,
          condition: { key: "alwaysApply", startsWhen: true },
        },
      ],
      order: "start-only",
      below: "none",
      imports: false,
    },
  },
  items: {
    // Team skills (https://docs.firebender.com/api-reference/skills).
    skill: skillFolders("firebender", ".firebender/skills"),
  },
  // Project servers under `mcpServers` in firebender.json, `.mcp.json`'s shape
  // (https://docs.firebender.com/context/syntax); its other keys stay as they are.
  mcp: { format: "firebender", path: "firebender.json", key: "mcpServers" },
  cannotHold: {
    command:
      "Firebender runs only the commands firebender.json lists by path (`commands`), which sync does not edit",
    agent:
      "Firebender runs only the agents firebender.json lists by path (`agents`), which sync does not edit",
  },
} as const satisfies ClientSpec;
