/**
 * Where each tool keeps each kind of agent config in a project, and which codec reads or writes
 * it. Whole-file kinds (commands, agents, skills) are one file per item; MCP servers live under
 * one key of a settings file that holds other things too, so they are edited in place.
 */

/** The tools `sync` reads and writes. */
export type SyncTool = "claude" | "codex" | "gemini";
export const SYNC_TOOLS: readonly SyncTool[] = ["claude", "codex", "gemini"];

/** What `--only` may name. */
export type SyncKind = "command" | "mcp" | "agent" | "skill" | "rules";
export const SYNC_KINDS: readonly SyncKind[] = ["command", "mcp", "agent", "skill", "rules"];

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

/** The instruction file each tool reads, and the rules format written into it. */
export const RULES_FILES: Readonly<Record<SyncTool, string>> = {
  claude: "CLAUDE.md",
  codex: "AGENTS.md",
  gemini: "GEMINI.md",
};
