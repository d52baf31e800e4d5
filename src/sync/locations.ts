/**
 * Where each tool keeps each kind of agent config in a project, and which codec reads or writes
 * it. Whole-file kinds (commands, agents, skills) are one file per item; MCP servers live under
 * one key of a settings file that holds other things too, so they are edited in place. A kind a
 * tool has no project place for is absent: what sync would write there is reported, item by item,
 * and left out. Each tool's facts are its file's in src/clients; this is sync's view of them.
 */
import { byClient, type ClientId, clientById, SYNC_ORDER } from "../clients/index.js";
import {
  type ClientSpec,
  type IgnoreFile,
  type ItemFiles,
  type ItemKind,
  type ItemPlace,
  importsIn,
  itemPlaces,
  type McpFile,
  type RulesFormat,
} from "../clients/spec.js";

/**
 * The tools `sync` reads and writes (every client of src/clients), in the order that decides who
 * writes a shared file.
 */
export const SYNC_TOOLS: readonly SyncTool[] = SYNC_ORDER.map((client) => client.id);
/** A client `sync`, `init`'s places and the doctor know: one of {@link SYNC_TOOLS}. */
export type SyncTool = ClientId;

/**
 * What `--only` may name. `rule-file` is a client's modular rule files (`.claude/rules/*.md`,
 * `.cursor/rules/*.mdc`, …); `hook` is the user's own hook commands (never contextfmt's);
 * `rules` is contextfmt's own memory rules, rendered from an input; `ignore` is the lines of a
 * client's ignore file (`.geminiignore`, …), the files its agent does not read; `permission`
 * is the user's deny and ask rules for the agent's tools (allow rules only when asked).
 */
export const SYNC_KINDS = [
  "command",
  "mcp",
  "agent",
  "skill",
  "instructions",
  "rule-file",
  "hook",
  "rules",
  "ignore",
  "permission",
] as const;
/** A kind of configuration `sync` carries: one of {@link SYNC_KINDS}. */
export type SyncKind = (typeof SYNC_KINDS)[number];

export {
  type IgnoreFile,
  type ItemFiles,
  type ItemKind,
  type ItemPlace,
  itemGlob,
  type McpFile,
  type RulesFormat,
} from "../clients/spec.js";

/** Everything `sync` knows of one tool's project files. */
export interface ToolPlaces {
  /** The tool's name in messages and docs. */
  readonly label: string;
  /** Where each whole-file kind lives; absent: the tool has no project place for it. */
  readonly items: Readonly<Partial<Record<ItemKind, ItemFiles>>>;
  /** Where its MCP servers live; absent: the tool reads none from the project. */
  readonly mcp?: McpFile;
  /** Its ignore file; absent: it has none. */
  readonly ignore?: IgnoreFile;
  /** The instruction file it reads, where the rules go (see {@link RULES_FILES}). */
  readonly rulesFile: string;
  /** The rules format written into that file. */
  readonly rulesFormat: RulesFormat;
  /** Why a kind is absent, for warnings and docs. */
  readonly cannotHold?: Readonly<
    Partial<Record<ItemKind | "mcp" | "hook" | "ignore" | "permission", string>>
  >;
}

/** Each tool's project files, from its file in src/clients. */
export const SYNC_TOOL_PLACES: Readonly<Record<SyncTool, ToolPlaces>> = byClient(
  SYNC_ORDER,
  (client: ClientSpec): ToolPlaces => ({
    label: client.label,
    items: client.items,
    ...(client.mcp && { mcp: client.mcp }),
    ...(client.ignore && { ignore: client.ignore }),
    rulesFile: client.instructionFile,
    rulesFormat: client.rulesFormat,
    ...(client.cannotHold && { cannotHold: client.cannotHold }),
  }),
);

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
   * tool reads along with it: false where the tool follows imports in other files only (Copilot
   * CLI follows them in AGENTS.md and CLAUDE.md, not in .github/copilot-instructions.md).
   */
  readonly imports: boolean;
  /**
   * The tool also reads a file of the same name in a subfolder, for work in that folder; the
   * file of a tool that reads none names one place only.
   */
  readonly nested: boolean;
}

/** How `tool` reads its instruction file (src/clients: its loading rules and what sync writes). */
export const instructionReading = (tool: SyncTool): InstructionReading => {
  const client = clientById(tool);
  return {
    imports: importsIn(client.loading.instructions, client.instructionFile),
    nested: client.nestedInstructions,
  };
};

/**
 * Every place `tool` reads items of `kind` from, in its order (of two items of one name, the
 * earlier place's wins): `loaded`, those the client loads; `source`, those `sync --from` reads.
 */
export const readPlaces = (tool: SyncTool, kind: ItemKind, use: "loaded" | "source"): ItemPlace[] =>
  itemPlaces(clientById(tool), kind, use);

/**
 * The places one sync reads and writes: a project's (every client's project files) or the
 * user's (each client's own folder of the user's, `sync --user`). The planners of the item
 * kinds and MCP servers ask it, never a table of their own, so one planner serves both.
 */
export interface SyncPlaces {
  /** Whose places: words for messages (`project place`, `user place`). */
  readonly level: "project" | "user";
  /** Everything sync knows of `tool`'s files at this level. */
  readonly tool: (tool: SyncTool) => ToolPlaces;
  /** As {@link readPlaces}, at this level. */
  readonly readPlaces: (tool: SyncTool, kind: ItemKind, use: "loaded" | "source") => ItemPlace[];
}

/** A project's places: each client's project files (src/clients). */
export const PROJECT_PLACES: SyncPlaces = {
  level: "project",
  tool: (tool) => SYNC_TOOL_PLACES[tool],
  readPlaces,
};
