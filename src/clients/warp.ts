/** Warp (the terminal's agent): from its documentation only, since no Warp runs here. */
import { AGENTS_MD, type ClientSpec, skillFolders } from "./spec.js";

/** Warp. */
export const warp = {
  id: "warp",
  label: "Warp",
  checked: "documentation",
  documentation: "https://docs.warp.dev/knowledge-and-collaboration/rules",
  // Warp reads AGENTS.md where a folder has no WARP.md (its rules page): written once for it
  // and the others.
  instructionFile: AGENTS_MD,
  rulesFormat: "codex",
  nestedInstructions: false,
  loading: {
    instructions: {
      // In each folder WARP.md shadows AGENTS.md; project rules are found from the repository's
      // root to the folder the agent works in, those of a subfolder for work there.
      places: [{ names: ["WARP.md", AGENTS_MD] }],
      order: "root-first",
      below: "on-demand",
      imports: false,
    },
    // It finds skills in .agents/skills, .warp/skills and .claude/skills
    // (https://docs.warp.dev/agent-platform/capabilities/skills/).
    moreItems: { skill: [{ dir: ".agents/skills" }, { dir: ".claude/skills" }] },
  },
  items: {
    skill: skillFolders("warp", ".warp/skills"),
  },
  cannotHold: {
    command: "Warp's workflows live in Warp Drive, not in project files",
    agent: "Warp's agent profiles are app settings, not project files",
    mcp: "Warp keeps MCP servers in its app settings, not in the project (https://docs.warp.dev/agent-platform/capabilities/mcp/)",
  },
} as const satisfies ClientSpec;
