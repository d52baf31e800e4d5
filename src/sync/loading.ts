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

/** A setting in a project file: the file and the key path in it. */
export interface ProjectSetting {
  readonly path: string;
  readonly key: readonly string[];
}

/**
 * A folder whose every file with one ending the client reads, at the project's root. With a
 * `condition`, a file is read at the start only as its frontmatter says; the others are read
 * when the agent works on a matching file, or when the model asks.
 */
export interface ReadFolder {
  readonly dir: string;
  readonly extension: string;
  /** Whether files below subfolders of it count too. */
  readonly nested: boolean;
  /**
   * The frontmatter key that decides, and the value that means "at the start": `absent` when
   * a file without the key is read at the start (Claude Code's `paths`).
   */
  readonly condition?: { readonly key: string; readonly startsWhen: "absent" | string | boolean };
  /** Read after every folder from the root to the start folder, not in the root's turn. */
  readonly last?: boolean;
}

/** The first present file of a list of names in a folder; the others are shadowed by it. */
export interface ReadNames {
  readonly names: readonly string[];
  /**
   * Decided over every folder from the root to the start folder: where any of them has the
   * first name, the other names are read in none of them (Claude Code: one CLAUDE.md anywhere
   * on the way, and no AGENTS.md of the way is read).
   */
  readonly acrossFolders?: boolean;
}

/** One place in a folder's order: the first present file of a list of names, or a folder. */
export type ReadPlace = ReadNames | ReadFolder;

/** How a client finds and joins its instruction files. */
export interface InstructionLoading {
  /**
   * What it reads in each folder, in order. Of a list of names only the first present file is
   * read (`["AGENTS.override.md", "AGENTS.md"]`: the override shadows the other); a folder is
   * read at the project's root only.
   */
  readonly places: readonly ReadPlace[];
  /**
   * The folders from the root to the start folder: root first, or the start folder first; or
   * the start folder alone (Cline: its workspace is the folder it starts in, its folders too).
   */
  readonly order: "root-first" | "deepest-first" | "start-only";
  /**
   * A setting that adds file names, each read before the places (Gemini CLI's
   * `context.fileName`: a name or a list of names), in a folder the client trusts.
   */
  readonly addedBy?: ProjectSetting;
  /**
   * Folders below the one the session starts in: `none`, not read at the start; `on-demand`,
   * read when the agent works on a file there.
   */
  readonly below: "none" | "on-demand";
  /** Whether `@path` lines import other files, read right after the file (five hops deep). */
  readonly imports: boolean;
  /**
   * The cap on the joined files' bytes: what is over it is cut, the budget spent in order, so
   * the last file loses its end (Codex CLI's `project_doc_max_bytes`), and the setting that
   * changes it.
   */
  readonly maxBytes?: { readonly bytes: number; readonly setting: ProjectSetting };
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
const one = (name: string): ReadPlace => ({ names: [name] });

/** Each client's loading rules. */
export const CLIENT_LOADING: Readonly<Record<SyncTool, ClientLoading>> = {
  claude: {
    checked: { client: "@anthropic-ai/claude-code", version: "2.1.330" },
    instructions: {
      // AGENTS.md only where there is no CLAUDE.md; both CLAUDE.md files, then the rules.
      places: [
        { names: ["CLAUDE.md", AGENTS_MD], acrossFolders: true },
        one(".claude/CLAUDE.md"),
        {
          dir: ".claude/rules",
          extension: ".md",
          nested: true,
          condition: { key: "paths", startsWhen: "absent" },
        },
        one("CLAUDE.local.md"),
      ],
      order: "root-first",
      below: "on-demand",
      imports: true,
    },
    mcpGate: "Claude Code asks before it starts a server of the project's .mcp.json",
  },
  codex: {
    checked: { client: "@openai/codex", version: "0.169.0" },
    instructions: {
      places: [{ names: ["AGENTS.override.md", AGENTS_MD] }],
      order: "root-first",
      below: "none",
      imports: false,
      maxBytes: {
        bytes: 32 * 1024,
        setting: { path: ".codex/config.toml", key: ["project_doc_max_bytes"] },
      },
    },
    mcpGate: "Codex CLI reads .codex/config.toml only in a project it trusts",
    hooksGate: "Codex CLI reads .codex/config.toml only in a project it trusts",
  },
  gemini: {
    checked: { client: "@google/gemini-cli", version: "0.61.0" },
    instructions: {
      places: [one("GEMINI.md")],
      addedBy: { path: ".gemini/settings.json", key: ["context", "fileName"] },
      order: "root-first",
      below: "none",
      imports: true,
    },
    moreSkills: [".agents/skills"],
    mcpGate: "Gemini CLI starts the project's MCP servers only in a trusted folder",
    hooksGate: "Gemini CLI runs the project's hooks only in a trusted folder",
  },
  copilot: {
    checked: { client: "@github/copilot", version: "1.0.102" },
    instructions: {
      // All of them, none shadowing another: the same text in two reaches it twice.
      places: [
        one(".github/copilot-instructions.md"),
        one(AGENTS_MD),
        one("CLAUDE.md"),
        one("GEMINI.md"),
        {
          dir: ".github/instructions",
          extension: ".instructions.md",
          nested: true,
          condition: { key: "applyTo", startsWhen: "**" },
          last: true,
        },
      ],
      order: "root-first",
      below: "none",
      imports: false,
    },
    moreSkills: [".claude/skills", ".agents/skills"],
  },
  qwen: {
    checked: { client: "@qwen-code/qwen-code", version: "0.24.4" },
    instructions: {
      places: [one("QWEN.md"), one(AGENTS_MD)],
      order: "root-first",
      below: "none",
      // Not checked with the client; sync carries imported files inline for it (instructionReading).
      imports: false,
    },
    mcpGate: "Qwen Code starts the project's MCP servers only in a trusted folder",
    hooksGate: "Qwen Code runs the project's hooks only in a trusted folder",
  },
  opencode: {
    checked: { client: "opencode-ai", version: "1.18.33" },
    instructions: {
      // CLAUDE.md only where there is no AGENTS.md (Claude Code compatibility).
      places: [{ names: [AGENTS_MD, "CLAUDE.md"] }],
      order: "deepest-first",
      below: "none",
      imports: false,
    },
    moreSkills: [".claude/skills", ".agents/skills"],
  },
  cursor: {
    checked: "documentation",
    instructions: {
      places: [
        one(AGENTS_MD),
        {
          dir: ".cursor/rules",
          extension: ".mdc",
          nested: true,
          condition: { key: "alwaysApply", startsWhen: true },
        },
      ],
      order: "root-first",
      below: "on-demand",
      imports: false,
    },
    moreSkills: [".agents/skills"],
  },
  kilo: {
    checked: { client: "@kilocode/cli", version: "7.7.7" },
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
  cline: {
    checked: { client: "cline", version: "3.0.65" },
    instructions: {
      // `.clinerules/*.md` by name, then AGENTS.md; CLAUDE.md never.
      places: [{ dir: ".clinerules", extension: ".md", nested: false }, one(AGENTS_MD)],
      order: "start-only",
      below: "none",
      imports: false,
    },
  },
};
