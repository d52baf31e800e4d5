/**
 * Where each tool keeps each kind of agent config in a project, and which codec reads or writes
 * it. Whole-file kinds (commands, agents, skills) are one file per item; MCP servers live under
 * one key of a settings file that holds other things too, so they are edited in place.
 */

/** The tools `sync` reads and writes. */
export type SyncTool = "claude" | "codex" | "gemini";
export const SYNC_TOOLS: readonly SyncTool[] = ["claude", "codex", "gemini"];

/** What `--only` may name. */
export type SyncKind = "command" | "mcp" | "agent" | "skill" | "instructions" | "rules";
export const SYNC_KINDS: readonly SyncKind[] = [
  "command",
  "mcp",
  "agent",
  "skill",
  "instructions",
  "rules",
];

/** A kind kept as one file per item: where the files are and how an item's name maps to its path. */
export interface ItemFiles {
  /** The codec id (`codex-skill` for commands written as Codex skills). */
  readonly format: string;
  /** The folder, relative to the project. */
  readonly dir: string;
  /** `.md` / `.toml` files anywhere below (commands, with namespaces), or `<name>/SKILL.md`. */
  readonly layout: "nested" | "flat" | "skill-folders";
  readonly extension: ".md" | ".toml";
  /** Whether the tool reads this location (false: written for it, never read from it). */
  readonly readable: boolean;
}

/** The settings file that holds a tool's MCP servers, and under which key. */
export interface McpFile {
  readonly path: string;
  readonly syntax: "json" | "toml";
  readonly key: string;
}

export const ITEM_FILES: Readonly<
  Record<SyncTool, Readonly<Record<"command" | "agent" | "skill", ItemFiles>>>
> = {
  claude: {
    command: {
      format: "claude",
      dir: ".claude/commands",
      layout: "nested",
      extension: ".md",
      readable: true,
    },
    agent: {
      format: "claude",
      dir: ".claude/agents",
      layout: "flat",
      extension: ".md",
      readable: true,
    },
    skill: {
      format: "claude",
      dir: ".claude/skills",
      layout: "skill-folders",
      extension: ".md",
      readable: true,
    },
  },
  codex: {
    // Codex has no custom commands any more: they become skills, which Codex reads from here.
    command: {
      format: "codex-skill",
      dir: ".agents/skills",
      layout: "skill-folders",
      extension: ".md",
      readable: false,
    },
    agent: {
      format: "codex",
      dir: ".codex/agents",
      layout: "flat",
      extension: ".toml",
      readable: true,
    },
    skill: {
      format: "codex",
      dir: ".agents/skills",
      layout: "skill-folders",
      extension: ".md",
      readable: true,
    },
  },
  gemini: {
    command: {
      format: "gemini",
      dir: ".gemini/commands",
      layout: "nested",
      extension: ".toml",
      readable: true,
    },
    agent: {
      format: "gemini",
      dir: ".gemini/agents",
      layout: "flat",
      extension: ".md",
      readable: true,
    },
    skill: {
      format: "gemini",
      dir: ".gemini/skills",
      layout: "skill-folders",
      extension: ".md",
      readable: true,
    },
  },
};

export const MCP_FILES: Readonly<Record<SyncTool, McpFile>> = {
  claude: { path: ".mcp.json", syntax: "json", key: "mcpServers" },
  codex: { path: ".codex/config.toml", syntax: "toml", key: "mcp_servers" },
  gemini: { path: ".gemini/settings.json", syntax: "json", key: "mcpServers" },
};

/**
 * The instruction file each tool reads at the project's root: the `instructions` kind carries the
 * source's own text from it into each target's, and the `rules` kind renders the rules into it.
 */
export const RULES_FILES: Readonly<Record<SyncTool, string>> = {
  claude: "CLAUDE.md",
  codex: "AGENTS.md",
  gemini: "GEMINI.md",
};

/** How a tool reads its instruction file, beyond where it is ({@link RULES_FILES}). */
export interface InstructionReading {
  /**
   * The file may import others with `@path` relative to it (Claude Code, Gemini CLI), which the
   * tool reads along with it.
   */
  readonly imports: boolean;
  /**
   * The tool also reads a file of the same name in a subfolder, for work in that folder; the
   * file of a tool that reads none names one place only.
   */
  readonly nested: boolean;
}

const INSTRUCTION_READINGS: Readonly<Partial<Record<SyncTool, InstructionReading>>> = {
  claude: { imports: true, nested: true },
  codex: { imports: false, nested: true },
  gemini: { imports: true, nested: true },
};

/** How `tool` reads its instruction file; a tool not listed reads one file, as it stands. */
export const instructionReading = (tool: SyncTool): InstructionReading =>
  INSTRUCTION_READINGS[tool] ?? { imports: false, nested: false };
