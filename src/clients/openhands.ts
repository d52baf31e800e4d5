/** OpenHands: from its documentation only, since no OpenHands runs here. */
import { AGENTS_MD, type ClientSpec, one } from "./spec.js";

/** OpenHands. */
export const openhands = {
  id: "openhands",
  label: "OpenHands",
  checked: "documentation",
  documentation: "https://docs.all-hands.dev/usage/prompting/microagents-repo",
  // OpenHands loads the repository microagent and, for other agents' sake, AGENTS.md and
  // .cursorrules at the root, each always: AGENTS.md, written once for it and the others.
  instructionFile: AGENTS_MD,
  rulesFormat: "codex",
  nestedInstructions: false,
  loading: {
    instructions: {
      places: [one(".openhands/microagents/repo.md"), one(AGENTS_MD), one(".cursorrules")],
      order: "start-only",
      below: "none",
      imports: false,
    },
  },
  items: {},
  cannotHold: {
    command:
      "OpenHands' task microagents (.openhands/microagents/*.md with `triggers`) are keyword-triggered, not slash commands sync writes",
    agent: "OpenHands has no project agent files",
    skill: "OpenHands' skills are keyword-triggered microagents, which sync does not write",
    mcp: "OpenHands keeps MCP servers in its own settings, not in the project",
  },
} as const satisfies ClientSpec;
