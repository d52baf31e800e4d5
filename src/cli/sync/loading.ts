/**
 * What each client loads from a project, as data, beside where sync writes for it
 * ({@link SYNC_TOOL_PLACES}): which instruction files in which order, which one wins in a
 * folder, the byte cap and which end it cuts, the folders read whole, the imports, the extra
 * skill folders, and what needs trust or approval. Each client's entry says what it was checked
 * against: the real client's version (the loopback model's request is the ground truth), or its
 * documentation where no client runs here. `contextfmt doctor` reads this, and
 * docs/loading.md is generated from it.
 */
import type { SyncTool } from "./locations.js";

/**
 * Where a client's rules were checked: a real client's version (by its npm package), or its
 * documentation when none ran.
 */
export type RulesChecked = { readonly client: string; readonly version: string } | "documentation";

/** A folder whose every file with one ending the client reads, at the project's root. */
export interface ReadFolder {
  readonly dir: string;
  readonly extension: string;
  /** Whether files below subfolders of it count too. */
  readonly nested: boolean;
}

/** How a client finds and joins its instruction files. */
export interface InstructionLoading {
  /**
   * The files it reads in each folder, in order; each slot is a list of names of which only the
   * first present one is read (`["AGENTS.override.md", "AGENTS.md"]`: the override shadows).
   */
  readonly slots: readonly (readonly string[])[];
  /**
   * A setting that renames the files of the slots: a string or a list of names, each its own
   * slot (Gemini CLI's `context.fileName`).
   */
  readonly renamedBy?: { readonly path: string; readonly key: readonly string[] };
  /**
   * Folders below the one the session starts in: `none`, never read; `on-demand`, read when the
   * agent works on a file there (not at the start); `at-start`, found and read at the start.
   * Folders from the project's root down to the start folder are always read, root first.
   */
  readonly below: "none" | "on-demand" | "at-start";
  /** Whether `@path` lines import other files, read right after the file (five hops deep). */
  readonly imports: boolean;
  /**
   * The cap on the joined files' bytes: what is over it is cut, the budget spent root first, so
   * the deepest file loses its end (Codex CLI's `project_doc_max_bytes`).
   */
  readonly maxBytes?: number;
  /** Folders read whole at the project's root, after the files of the slots. */
  readonly folders?: readonly ReadFolder[];
  /** Files people expect it to read that it does not, with what to do instead. */
  readonly ignores?: Readonly<Record<string, string>>;
}

/** One client's loading rules. */
export interface ClientLoading {
  readonly checked: RulesChecked;
  readonly instructions: InstructionLoading;
  /**
   * Skill folders read besides the one sync writes, after it: a skill of the same name in a
   * later folder is shadowed by the first.
   */
  readonly moreSkills?: readonly string[];
  /** The condition it puts on the project's MCP servers, when one. */
  readonly mcpGate?: string;
  /** The condition it puts on the project's hooks, when one. */
  readonly hooksGate?: string;
}

const AGENTS_MD = "AGENTS.md";

/** Each client's loading rules. */
export const CLIENT_LOADING: Readonly<Record<SyncTool, ClientLoading>> = {
  claude: {
    checked: "documentation",
    instructions: {
      slots: [["CLAUDE.md"], [".claude/CLAUDE.md"], ["CLAUDE.local.md"]],
      below: "on-demand",
      imports: true,
      folders: [{ dir: ".claude/rules", extension: ".md", nested: true }],
      ignores: {
        [AGENTS_MD]:
          "Claude Code reads CLAUDE.md, not AGENTS.md: put a line @AGENTS.md in CLAUDE.md to import it",
      },
    },
    mcpGate: "Claude Code asks before it starts a server of the project's .mcp.json",
  },
  codex: {
    checked: { client: "@openai/codex", version: "0.169.0" },
    instructions: {
      slots: [["AGENTS.override.md", AGENTS_MD]],
      below: "none",
      imports: false,
      maxBytes: 32 * 1024,
    },
    mcpGate: "Codex CLI reads .codex/config.toml only in a project it trusts",
    hooksGate: "Codex CLI reads .codex/config.toml only in a project it trusts",
  },
  gemini: {
    checked: "documentation",
    instructions: {
      slots: [["GEMINI.md"]],
      renamedBy: { path: ".gemini/settings.json", key: ["context", "fileName"] },
      below: "at-start",
      imports: true,
    },
    moreSkills: [".agents/skills"],
    mcpGate: "Gemini CLI starts the project's MCP servers only in a trusted folder",
    hooksGate: "Gemini CLI runs the project's hooks only in a trusted folder",
  },
  copilot: {
    checked: "documentation",
    instructions: {
      slots: [[".github/copilot-instructions.md"], [AGENTS_MD]],
      below: "none",
      imports: false,
      folders: [{ dir: ".github/instructions", extension: ".instructions.md", nested: true }],
    },
    moreSkills: [".claude/skills", ".agents/skills"],
  },
  qwen: {
    checked: "documentation",
    instructions: {
      slots: [["QWEN.md"]],
      renamedBy: { path: ".qwen/settings.json", key: ["context", "fileName"] },
      below: "at-start",
      imports: true,
    },
    mcpGate: "Qwen Code starts the project's MCP servers only in a trusted folder",
    hooksGate: "Qwen Code runs the project's hooks only in a trusted folder",
  },
  opencode: {
    checked: "documentation",
    instructions: {
      // OpenCode reads CLAUDE.md only where there is no AGENTS.md (Claude Code compatibility).
      slots: [[AGENTS_MD, "CLAUDE.md"]],
      below: "none",
      imports: false,
    },
    moreSkills: [".claude/skills", ".agents/skills"],
  },
  cursor: {
    checked: "documentation",
    instructions: {
      slots: [[AGENTS_MD]],
      below: "on-demand",
      imports: false,
      folders: [{ dir: ".cursor/rules", extension: ".mdc", nested: true }],
    },
    moreSkills: [".agents/skills"],
  },
  cline: {
    checked: "documentation",
    instructions: {
      slots: [[AGENTS_MD]],
      below: "none",
      imports: false,
      folders: [{ dir: ".clinerules", extension: ".md", nested: false }],
    },
  },
};
