/** Goose (Block's agent, CLI and desktop): from its documentation only, since no Goose runs here. */
import { AGENTS_MD, type ClientSpec, one, skillFolders } from "./spec.js";

/** Goose. */
export const goose = {
  id: "goose",
  label: "Goose",
  checked: "documentation",
  documentation: "https://block.github.io/goose/docs/guides/context-engineering/using-goosehints",
  // Goose reads AGENTS.md beside its own .goosehints (its context files, which
  // CONTEXT_FILE_NAMES replaces): written once for it and the others.
  instructionFile: AGENTS_MD,
  rulesFormat: "codex",
  nestedInstructions: false,
  loading: {
    instructions: {
      // Each name is a file of its own, neither shadowing the other; hints files are read in
      // every folder from the repository's root down to the one it runs in (its goosehints
      // page, "Local hints files").
      places: [one(AGENTS_MD), one(".goosehints")],
      order: "root-first",
      below: "none",
      imports: false,
    },
    // Project skills from .agents/skills, .goose/skills and .claude/skills
    // (https://block.github.io/goose/docs/guides/context-engineering/using-skills).
    moreItems: { skill: [{ dir: ".agents/skills" }, { dir: ".claude/skills" }] },
  },
  items: {
    skill: skillFolders("goose", ".goose/skills"),
  },
  cannotHold: {
    command: "Goose's recipes are YAML files it runs by path, not slash commands sync writes",
    agent: "Goose has no project agent files (its subagents come from recipes)",
    mcp: "Goose keeps its extensions in ~/.config/goose/config.yaml, not in the project (https://block.github.io/goose/docs/getting-started/using-extensions)",
  },
} as const satisfies ClientSpec;
