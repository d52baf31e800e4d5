/** Junie (JetBrains' agent): from its documentation only, since no Junie runs here. */
import type { ClientSpec } from "./spec.js";

const GUIDELINES = ".junie/guidelines.md";

/** Junie. */
export const junie = {
  id: "junie",
  label: "Junie",
  checked: "documentation",
  documentation: "https://www.jetbrains.com/help/junie/customize-guidelines.html",
  // Junie reads .junie/guidelines.md, and AGENTS.md only where there is none (its guidelines
  // page): an AGENTS.md written for the others goes unread beside the user's guidelines, so
  // Junie gets the file it always reads.
  instructionFile: GUIDELINES,
  rulesFormat: "codex",
  nestedInstructions: false,
  loading: {
    instructions: {
      places: [{ names: [GUIDELINES, "AGENTS.md"] }],
      order: "start-only",
      below: "none",
      imports: false,
    },
  },
  items: {},
  // Project servers, `.mcp.json`'s shape
  // (https://www.jetbrains.com/help/junie/model-context-protocol-mcp.html).
  mcp: { format: "junie", path: ".junie/mcp/mcp.json", key: "mcpServers" },
  cannotHold: {
    command: "Junie has no project command files",
    agent: "Junie has no project agent files",
    skill: "Junie has no project skill folder",
  },
} as const satisfies ClientSpec;
