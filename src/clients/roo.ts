/** Roo Code (a VS Code extension): from its documentation only, since no Roo Code runs here. */
import { AGENTS_MD, type ClientSpec, one, skillFolders } from "./spec.js";

/** Roo Code. */
export const roo = {
  id: "roo",
  label: "Roo Code",
  checked: "documentation",
  documentation: "https://docs.roocode.com/features/custom-instructions",
  // Roo Code reads AGENTS.md at the workspace root unless `roo-cline.useAgentRules` is off
  // (https://docs.roocode.com/features/custom-instructions#agentsmd-support): written once for
  // it and the others.
  instructionFile: AGENTS_MD,
  rulesFormat: "codex",
  nestedInstructions: false,
  loading: {
    instructions: {
      places: [
        one(AGENTS_MD),
        // Every file of `.roo/rules/`, subfolders too, in name order, loaded whole: it reads no
        // frontmatter (its custom-instructions page). `.roorules` stands in only where the
        // folder is absent, and `.roo/rules-<mode>/` only in that mode.
        { dir: ".roo/rules", extension: ".md", nested: true },
      ],
      // The workspace is the folder the editor opened.
      order: "start-only",
      below: "none",
      imports: false,
    },
  },
  items: {
    // Slash commands, `.roo/commands/<name>.md`, run as /<name>
    // (https://docs.roocode.com/features/slash-commands).
    command: {
      format: "roo",
      dir: ".roo/commands",
      layout: "flat",
      extension: ".md",
      readable: true,
    },
    // https://docs.roocode.com/features/skills
    skill: skillFolders("roo", ".roo/skills"),
  },
  // Project servers, `.mcp.json`'s shape (https://docs.roocode.com/features/mcp/using-mcp-in-roo).
  mcp: { format: "roo", path: ".roo/mcp.json", key: "mcpServers" },
  cannotHold: {
    agent: "Roo Code's custom modes live in .roomodes (YAML), which sync does not write",
  },
} as const satisfies ClientSpec;
