/**
 * Pi (`@mariozechner/pi-coding-agent`): checked with the pinned client against a loopback model
 * server. It has no subagents and reads no MCP servers; contextfmt installs no hooks for it (its
 * extensions are TypeScript modules, not commands).
 */
import { AGENTS_MD, type ClientSpec, skillFolders } from "./spec.js";

/** Pi. */
export const pi = {
  id: "pi",
  label: "Pi",
  checked: { client: "@mariozechner/pi-coding-agent", version: "0.73.1" },
  instructionFile: AGENTS_MD,
  rulesFormat: "codex",
  nestedInstructions: false,
  loading: {
    instructions: {
      // In every folder from the file system's root to the start folder, root first, the first
      // of AGENTS.md and CLAUDE.md (its upper-case spellings too); no @path imports.
      places: [{ names: [AGENTS_MD, "CLAUDE.md"] }],
      order: "root-first",
      below: "none",
      imports: false,
    },
    // .pi/skills first, then .agents/skills (in the start folder and up to the git root); of two
    // skills of one name the first wins.
    moreItems: { skill: [{ dir: ".agents/skills" }] },
  },
  items: {
    // Prompt templates, run as /<name>; the folder is read flat.
    command: { format: "pi", dir: ".pi/prompts", layout: "flat", extension: ".md", readable: true },
    skill: skillFolders("pi", ".pi/skills"),
  },
  cannotHold: {
    agent: "Pi has no subagents",
    mcp: "Pi reads no MCP servers",
  },
} as const satisfies ClientSpec;
