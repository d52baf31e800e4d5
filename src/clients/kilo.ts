/**
 * Kilo Code's CLI (`@kilocode/cli`), a descendant of OpenCode: checked with the pinned client
 * against a loopback model server. contextfmt installs no hooks for it.
 */
import { AGENTS_MD, type ClientSpec, skillFolders } from "./spec.js";

/** Kilo Code. */
export const kilo = {
  id: "kilo",
  label: "Kilo Code",
  checked: { client: "@kilocode/cli", version: "7.7.7" },
  instructionFile: AGENTS_MD,
  rulesFormat: "codex",
  nestedInstructions: false,
  loading: {
    instructions: {
      // As OpenCode, which it forked from: CLAUDE.md only where no folder from the root to the
      // start folder has an AGENTS.md.
      places: [{ names: [AGENTS_MD, "CLAUDE.md"], acrossFolders: true }],
      order: "deepest-first",
      below: "none",
      imports: false,
    },
    moreSkills: [".claude/skills", ".agents/skills"],
  },
  // OpenCode's formats, read from .kilo/ (it does not load .opencode/) and kilo.json (it reads
  // opencode.json too, as legacy).
  items: {
    command: {
      format: "opencode",
      dir: ".kilo/command",
      layout: "nested",
      extension: ".md",
      readable: true,
    },
    agent: {
      format: "opencode",
      dir: ".kilo/agent",
      layout: "flat",
      extension: ".md",
      readable: true,
    },
    skill: skillFolders("opencode", ".kilo/skill"),
  },
  mcp: { format: "opencode", path: "kilo.json", key: "mcp" },
} as const satisfies ClientSpec;
