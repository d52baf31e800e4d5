/** Zed (the editor's Agent Panel): from its documentation only, since no Zed runs here. */
import type { ClientSpec } from "./spec.js";

/** Zed. */
export const zed = {
  id: "zed",
  label: "Zed",
  checked: "documentation",
  documentation: "https://zed.dev/docs/ai/rules",
  // Zed reads only the first of its list of names at the worktree's top, and AGENTS.md is
  // seventh, after Cursor's, Windsurf's, Cline's and Copilot's files: an AGENTS.md written for
  // the others would go unread beside any of them. `.rules`, first, is always the one it reads.
  instructionFile: ".rules",
  rulesFormat: "codex",
  nestedInstructions: false,
  loading: {
    instructions: {
      // https://zed.dev/docs/ai/rules#rules-files. Its list has `.clinerules` fifth, read when
      // it is a file: Cline's older single-file form. Cline's own `.clinerules` is a folder now,
      // which Zed passes over, so it is not listed here.
      places: [
        {
          names: [
            ".rules",
            ".cursorrules",
            ".windsurfrules",
            ".github/copilot-instructions.md",
            "AGENT.md",
            "AGENTS.md",
            "CLAUDE.md",
            "GEMINI.md",
          ],
        },
      ],
      order: "start-only",
      below: "none",
      imports: false,
    },
  },
  items: {},
  cannotHold: {
    command: "Zed's slash commands come from extensions, not project files",
    agent: "Zed has no project agent files (its agent profiles are user settings)",
    skill: "Zed has no project skill folder",
    mcp: "Zed keeps context servers under `context_servers` in .zed/settings.json, a shape sync does not write (https://zed.dev/docs/ai/mcp)",
  },
} as const satisfies ClientSpec;
