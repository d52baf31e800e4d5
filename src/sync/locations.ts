/**
 * Where each tool keeps each kind of agent config in a project, and which codec reads or writes
 * it: every tool is declared once, as data, in {@link SYNC_TOOL_PLACES}. Whole-file kinds
 * (commands, agents, skills) are one file per item; MCP servers live under one key of a settings
 * file that holds other things too, so they are edited in place. A kind a tool has no project
 * place for is absent: what sync would write there is reported, item by item, and left out.
 */

/** The tools `sync` reads and writes, in the order that decides who writes a shared file. */
export const SYNC_TOOLS = [
  "claude",
  "codex",
  "gemini",
  "copilot",
  "qwen",
  "opencode",
  "cursor",
  "cline",
  "kilo",
] as const;
/** A client `sync`, `init`'s places and the doctor know: one of {@link SYNC_TOOLS}. */
export type SyncTool = (typeof SYNC_TOOLS)[number];

/** What `--only` may name. */
export const SYNC_KINDS = ["command", "mcp", "agent", "skill", "instructions", "rules"] as const;
/** A kind of configuration `sync` carries: one of {@link SYNC_KINDS}. */
export type SyncKind = (typeof SYNC_KINDS)[number];

/** The rules formats (see src/formats/rules): what each instruction file gets the rules in. */
export type RulesFormat = "claude" | "codex" | "gemini";

/** The kinds kept as one file per item. */
export type ItemKind = "command" | "agent" | "skill";

/** A kind kept as one file per item: where the files are and how an item's name maps to its path. */
export interface ItemFiles {
  /** The codec id (`codex-skill` for commands written as Codex skills). */
  readonly format: string;
  /** The folder, relative to the project. */
  readonly dir: string;
  /** `.md` / `.toml` files anywhere below (commands, with namespaces), or `<name>/SKILL.md`. */
  readonly layout: "nested" | "flat" | "skill-folders";
  /** How each file's name ends: the item's name is the rest (`.agent.md` for Copilot agents). */
  readonly extension: ".md" | ".toml" | ".agent.md";
  /** Whether the tool reads this location (false: written for it, never read from it). */
  readonly readable: boolean;
}

/** The settings file that holds a tool's MCP servers, and under which key. */
export interface McpFile {
  /** The MCP codec id. */
  readonly format: string;
  readonly path: string;
  readonly syntax: "json" | "toml";
  readonly key: string;
}

/** Everything `sync` knows of one tool's project files. */
export interface ToolPlaces {
  /** The tool's name in messages and docs. */
  readonly label: string;
  /** Where each whole-file kind lives; absent: the tool has no project place for it. */
  readonly items: Readonly<Partial<Record<ItemKind, ItemFiles>>>;
  /** Where its MCP servers live; absent: the tool reads none from the project. */
  readonly mcp?: McpFile;
  /** The instruction file it reads, where the rules go (see {@link RULES_FILES}). */
  readonly rulesFile: string;
  /** The rules format written into that file. */
  readonly rulesFormat: RulesFormat;
  /** Why a kind is absent, for warnings and docs. */
  readonly cannotHold?: Readonly<Partial<Record<ItemKind | "mcp", string>>>;
}

const skills = (format: string, dir: string): ItemFiles => ({
  format,
  dir,
  layout: "skill-folders",
  extension: ".md",
  readable: true,
});

export const SYNC_TOOL_PLACES: Readonly<Record<SyncTool, ToolPlaces>> = {
  claude: {
    label: "Claude Code",
    items: {
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
      skill: skills("claude", ".claude/skills"),
    },
    mcp: { format: "claude", path: ".mcp.json", syntax: "json", key: "mcpServers" },
    rulesFile: "CLAUDE.md",
    rulesFormat: "claude",
  },
  codex: {
    label: "Codex CLI",
    items: {
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
      skill: skills("codex", ".agents/skills"),
    },
    mcp: { format: "codex", path: ".codex/config.toml", syntax: "toml", key: "mcp_servers" },
    rulesFile: "AGENTS.md",
    rulesFormat: "codex",
  },
  gemini: {
    label: "Gemini CLI",
    items: {
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
      skill: skills("gemini", ".gemini/skills"),
    },
    mcp: { format: "gemini", path: ".gemini/settings.json", syntax: "json", key: "mcpServers" },
    rulesFile: "GEMINI.md",
    rulesFormat: "gemini",
  },
  copilot: {
    label: "GitHub Copilot CLI",
    items: {
      // Copilot CLI runs no prompt files: a command becomes a skill, which it offers as /name.
      command: {
        format: "copilot-skill",
        dir: ".github/skills",
        layout: "skill-folders",
        extension: ".md",
        readable: false,
      },
      agent: {
        format: "copilot",
        dir: ".github/agents",
        layout: "flat",
        extension: ".agent.md",
        readable: true,
      },
      skill: skills("copilot", ".github/skills"),
    },
    mcp: { format: "copilot", path: ".mcp.json", syntax: "json", key: "mcpServers" },
    rulesFile: ".github/copilot-instructions.md",
    rulesFormat: "claude",
  },
  qwen: {
    label: "Qwen Code",
    items: {
      command: {
        format: "gemini",
        dir: ".qwen/commands",
        layout: "nested",
        extension: ".toml",
        readable: true,
      },
      agent: {
        format: "qwen",
        dir: ".qwen/agents",
        layout: "flat",
        extension: ".md",
        readable: true,
      },
      skill: skills("qwen", ".qwen/skills"),
    },
    mcp: { format: "qwen", path: ".qwen/settings.json", syntax: "json", key: "mcpServers" },
    rulesFile: "QWEN.md",
    rulesFormat: "gemini",
  },
  opencode: {
    label: "OpenCode",
    items: {
      command: {
        format: "opencode",
        dir: ".opencode/command",
        layout: "nested",
        extension: ".md",
        readable: true,
      },
      agent: {
        format: "opencode",
        dir: ".opencode/agent",
        layout: "flat",
        extension: ".md",
        readable: true,
      },
      skill: skills("opencode", ".opencode/skill"),
    },
    mcp: { format: "opencode", path: "opencode.json", syntax: "json", key: "mcp" },
    rulesFile: "AGENTS.md",
    rulesFormat: "codex",
  },
  cursor: {
    label: "Cursor",
    items: {
      command: {
        format: "cursor",
        dir: ".cursor/commands",
        layout: "flat",
        extension: ".md",
        readable: true,
      },
      agent: {
        format: "cursor",
        dir: ".cursor/agents",
        layout: "flat",
        extension: ".md",
        readable: true,
      },
      skill: skills("cursor", ".cursor/skills"),
    },
    mcp: { format: "cursor", path: ".cursor/mcp.json", syntax: "json", key: "mcpServers" },
    // Cursor reads AGENTS.md at the root as an always-applied rule, beside .cursor/rules/*.mdc.
    // A contextfmt.mdc of its own (alwaysApply: true) would hold the same text as the AGENTS.md
    // written for Codex, OpenCode or Copilot CLI in the same sync, and Cursor would send it
    // twice in every request; AGENTS.md is written once for all of them.
    rulesFile: "AGENTS.md",
    rulesFormat: "codex",
  },
  cline: {
    label: "Cline",
    items: {
      // Workflows: run as /<name>.md.
      command: {
        format: "cline",
        dir: ".clinerules/workflows",
        layout: "flat",
        extension: ".md",
        readable: true,
      },
      skill: skills("cline", ".cline/skills"),
    },
    // Cline reads AGENTS.md at the root beside every file of .clinerules/: a file of its own
    // there would put the same text in front of the model twice when Codex is synced too.
    rulesFile: "AGENTS.md",
    rulesFormat: "codex",
    cannotHold: {
      agent: "Cline's CLI reads agents from .cline/agents/*.yaml, which sync does not write",
      mcp: "Cline keeps MCP servers only in its own settings (cline_mcp_settings.json), not in the project",
    },
  },
  // A descendant of OpenCode: OpenCode's formats, read from .kilo/ (it does not load .opencode/)
  // and kilo.json (it reads opencode.json too, as legacy).
  kilo: {
    label: "Kilo Code",
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
      skill: skills("opencode", ".kilo/skill"),
    },
    mcp: { format: "opencode", path: "kilo.json", syntax: "json", key: "mcp" },
    rulesFile: "AGENTS.md",
    rulesFormat: "codex",
  },
};

/** Each tool's whole-file kinds (see {@link ToolPlaces.items}). */
export const ITEM_FILES: Readonly<Record<SyncTool, ToolPlaces["items"]>> = Object.fromEntries(
  SYNC_TOOLS.map((tool) => [tool, SYNC_TOOL_PLACES[tool].items]),
) as Record<SyncTool, ToolPlaces["items"]>;

/**
 * The instruction file each tool reads at the project's root (several read `AGENTS.md`: written
 * once for them): the `instructions` kind carries the source's own text from it into each
 * target's, and the `rules` kind renders the rules into it.
 */
export const RULES_FILES: Readonly<Record<SyncTool, string>> = Object.fromEntries(
  SYNC_TOOLS.map((tool) => [tool, SYNC_TOOL_PLACES[tool].rulesFile]),
) as Record<SyncTool, string>;

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
