/**
 * What contextfmt knows of one client (an agent CLI or editor), as data: one {@link ClientSpec}
 * per client, in a file of its own beside this one. Everything the library says per client (the
 * sync places, the loading rules doctor applies, the hook contracts, what init installs) is read
 * from these specs. Pure: no file is read here.
 */

/**
 * Where a client's facts were checked: a real client's version (by its npm package), or its
 * documentation when none ran.
 */
export type RulesChecked = { readonly client: string; readonly version: string } | "documentation";

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
  readonly extension: ".md" | ".toml" | ".agent.md" | ".prompt.md" | ".yaml";
  /** Whether the tool reads this location (false: written for it, never read from it). */
  readonly readable: boolean;
}

/**
 * A folder a client also reads items of one kind from, besides the one sync writes for it (its
 * {@link ItemFiles}): that place's facts, changed where this one differs. Sync writes only the
 * one place; doctor lists items from every place, and `sync --from` reads them all.
 */
export interface MoreItems {
  /** The folder, relative to the project. */
  readonly dir: string;
  /** Its files' ending, when not the written place's. */
  readonly extension?: ItemFiles["extension"];
  /** Its layout, when not the written place's. */
  readonly layout?: ItemFiles["layout"];
  /** Its codec, when not the written place's. */
  readonly format?: string;
  /**
   * Its items win over the written place's items of the same name (Qwen Code reads its
   * Markdown commands after the TOML ones, and the last of a name wins); else the written
   * place's win, and these come after it in the order listed.
   */
  readonly beforeOwn?: true;
  /**
   * The client does not load it, but its users keep items of the kind there for the same
   * product (Copilot's prompt files, which VS Code runs and Copilot CLI does not): `sync --from`
   * reads them, doctor lists none of them.
   */
  readonly sourceOnly?: true;
}

/** The settings file that holds a tool's MCP servers, and under which key. */
export interface McpFile {
  /** The MCP codec id. */
  readonly format: string;
  /** The file, relative to the project. */
  readonly path: string;
  /** The key the servers are under. */
  readonly key: string;
}

/**
 * The file at the project's root whose gitignore-style lines keep files from the client's agent
 * (`.geminiignore`): it does not read a file a line matches.
 */
export interface IgnoreFile {
  /** The file, relative to the project. */
  readonly path: string;
  /**
   * How the client reads a `!` line, when not as git does (the last matching line wins): said
   * in the warning that names each such line synced to it.
   */
  readonly negation?: string;
}

/** A setting in a project file: the file and the key path in it. */
export interface ProjectSetting {
  /** The file, relative to the project. */
  readonly path: string;
  /** The keys from the file's top to the setting. */
  readonly key: readonly string[];
}

/** A frontmatter value that means "read at the start", or `absent`: the key is not there. */
export type StartsWhen = "absent" | string | boolean;

/**
 * A folder whose every file with one ending the client reads, at the project's root. With a
 * `condition`, a file is read at the start only as its frontmatter says; the others are read
 * when the agent works on a matching file, or when the model asks.
 */
export interface ReadFolder {
  /** The folder, relative to the project. */
  readonly dir: string;
  /** How each file read there ends. */
  readonly extension: string;
  /** Whether files below subfolders of it count too. */
  readonly nested: boolean;
  /**
   * The frontmatter key that decides, and the value that means "at the start": `absent` when
   * a file without the key is read at the start (Claude Code's `paths`); a list when any of its
   * values does (Continue CLI's `alwaysApply`, absent or true; Kiro's `inclusion`, absent or
   * `always`). See {@link readAtStart}.
   */
  readonly condition?: {
    readonly key: string;
    readonly startsWhen: StartsWhen | readonly StartsWhen[];
  };
  /** Read after every folder from the root to the start folder, not in the root's turn. */
  readonly last?: boolean;
}

/**
 * Whether a file of a conditional folder is read at the start, its frontmatter's value at the
 * condition's key being `value` (`undefined` when the key is absent).
 */
export function readAtStart(
  condition: NonNullable<ReadFolder["condition"]>,
  value: unknown,
): boolean {
  return [condition.startsWhen]
    .flat()
    .some((when) => (when === "absent" ? value === undefined : value === when));
}

/** The first present file of a list of names in a folder; the others are shadowed by it. */
export interface ReadNames {
  /** The names, the one that shadows the others first. */
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
  /**
   * Which of its files' `@path` lines import other files, read right after the file (five hops
   * deep): every file it reads (`true`), none (`false`), or the files of these names only
   * (Copilot CLI: AGENTS.md and CLAUDE.md, not GEMINI.md). Sync carries what a file imports
   * inline into the file of a client that does not import there. See {@link importsIn}.
   */
  readonly imports: boolean | readonly string[];
  /**
   * An imported file that it reads in its own right too is read again as the import (Copilot
   * CLI: AGENTS.md, and CLAUDE.md's `@AGENTS.md`, reach it twice); without it, once.
   */
  readonly importsReadAgain?: boolean;
  /**
   * A file whose whole text is that of a file it read before is dropped (Copilot CLI: AGENTS.md
   * and GEMINI.md written alike reach it once). Imports are not compared.
   */
  readonly dropsSameText?: boolean;
  /**
   * The cap on the joined files' bytes: what is over it is cut, the budget spent in order, so
   * the last file loses its end (Codex CLI's `project_doc_max_bytes`), and the setting that
   * changes it.
   */
  readonly maxBytes?: { readonly bytes: number; readonly setting: ProjectSetting };
  /**
   * Caps in characters (UTF-16 code units), no setting changes: each file cut at `perFile`, and
   * the files together at `total`, spent in order (Windsurf's rules: 6,000 and 12,000).
   */
  readonly maxChars?: { readonly perFile?: number; readonly total?: number };
}

/** What a client loads from a project, beyond where each kind is: `contextfmt doctor` applies it. */
export interface ClientLoading {
  /** How it finds and joins its instruction files. */
  readonly instructions: InstructionLoading;
  /**
   * By kind, the folders read besides the one sync writes (see {@link itemPlaces} for the
   * order): of two items of one name, the client uses the one in the earlier place.
   */
  readonly moreItems?: Readonly<Partial<Record<ItemKind, readonly MoreItems[]>>>;
  /** The condition it puts on the project's MCP servers, when one. */
  readonly mcpGate?: string;
  /** The condition it puts on the project's hooks, when one. */
  readonly hooksGate?: string;
  /**
   * How it lists each kind's items in the model's prompt at a session's start, by kind (see
   * {@link StartListing}): what `doctor` counts as the listing's tokens. A kind it reads that is
   * absent here is counted as `- {name}: {description}` and reported as assumed.
   */
  readonly startListing?: Readonly<Partial<Record<ItemKind, StartListing>>>;
}

/**
 * One kind's listing in the prompt a session starts with: `line` is written once per item the
 * client offers the model, with `{name}`, `{description}`, `{tools}` (an agent's tools joined
 * by `, `, or `allTools` when it names none) and `{file}` (the item's file, relative to the project; the client may
 * show it absolute) put in; `not-listed` when the model is not told of the kind's items (the
 * person types them). The listing's heading, the same for every project, is not counted.
 */
export type StartListing =
  | {
      readonly line: string;
      /** `{tools}` of an agent that names none (it may use every tool); default `*`. */
      readonly allTools?: string;
    }
  | "not-listed";

/** The listing line a client of unknown listing is counted with. */
export const ASSUMED_LISTING: StartListing = { line: "- {name}: {description}\n" };

/**
 * What a hook event is for, whatever the tool calls it: the session opens (`session-start`), a
 * subagent starts (`subagent-start`), a prompt was submitted (`prompt`) or a slash command
 * expanded (`prompt-expansion`), a tool is about to run (`pre-tool`), has run (`post-tool`),
 * failed (`tool-failure`) or a batch of tool calls has resolved (`tool-batch`), the agent or a
 * subagent is about to stop (`stop`, `subagent-stop`), or the session's model changed
 * (`model-switch`).
 */
export type HookMoment =
  | "session-start"
  | "subagent-start"
  | "prompt"
  | "prompt-expansion"
  | "pre-tool"
  | "post-tool"
  | "tool-failure"
  | "tool-batch"
  | "stop"
  | "subagent-stop"
  | "model-switch";

/** Every hook moment, in the order a session meets them. */
export const HOOK_MOMENTS: readonly HookMoment[] = [
  "session-start",
  "subagent-start",
  "prompt",
  "prompt-expansion",
  "pre-tool",
  "post-tool",
  "tool-failure",
  "tool-batch",
  "stop",
  "subagent-stop",
  "model-switch",
];

/**
 * What a SessionStart hook should inject: everything (`full`), or nothing because the client
 * still holds what was injected before (`none`).
 */
export type SessionStartContext = "full" | "none";

/** A tool's inline limit for hook context, in the unit the tool measures it in. */
export interface HookContextLimit {
  /** UTF-16 code units, as JavaScript counts a string's length (Claude Code). */
  readonly chars?: number;
  /** UTF-8 bytes (Codex CLI, which estimates a token as four bytes). */
  readonly bytes?: number;
  /** Tokens by the counter in use. */
  readonly tokens?: number;
}

/** A client's inline limit, and the events that have one of their own. */
export interface HookContextLimits extends HookContextLimit {
  /** By event wire name: that event's own limit, in place of the client's. */
  readonly events?: Readonly<Record<string, HookContextLimit>>;
}

/**
 * Where a client reads a hook's context: in `hookSpecificOutput` with the event's name, or at
 * the top level under its own name. A client that reads it at the top level is not known to
 * read `systemMessage` or `suppressOutput` either.
 */
export type HookContextField =
  | "hookSpecificOutput"
  | "additionalContext"
  | "additional_context"
  | "contextModification";

/**
 * What a client does with hook context over its inline limit: cuts it in the middle, cuts its
 * end off, or moves it to a file and shows the model a preview.
 */
export type OverLimit = "cuts-middle" | "cuts-end" | "moves-to-file";

/** What a client writes on a hook's stdin. */
export interface HookStdin {
  /**
   * The id of the stdin shape it sends (the fields every event has, and where a moment's differ
   * from the others'): the shapes are kept in src/hooks/input.ts, as codecs are, and several
   * clients may send one (Qwen Code sends Gemini CLI's).
   */
  readonly shape: string;
  /** Whether the stdin names the event (`hook_event_name`); else the command line gives it. */
  readonly namesEvent: boolean;
  /** Whether a session start names its `source` (Cursor's does not). */
  readonly sessionSource: boolean;
  /**
   * A realistic payload, as the client sends it (test helpers build sample stdin from it): the
   * fields of every event, the shell tool's name and call id, and where a moment's fields
   * differ from the common ones.
   */
  readonly sample: {
    readonly base: Readonly<Record<string, unknown>>;
    readonly shell: Readonly<Record<string, unknown>>;
    readonly moments?: Readonly<Partial<Record<HookMoment, Readonly<Record<string, unknown>>>>>;
  };
}

/**
 * What a client's built-in tool is for, whatever the client calls it: running a shell command
 * (`shell`), reading a file (`read`), writing a new one (`write`), editing one in place
 * (`edit`), searching file contents (`search`), finding files by name (`find`), fetching a web
 * page (`fetch`), searching the web (`web-search`). Hook matchers and permission rules name tools
 * by the client's own names; sync maps them by this meaning.
 */
export type ToolMeaning =
  | "shell"
  | "read"
  | "write"
  | "edit"
  | "search"
  | "find"
  | "fetch"
  | "web-search";

/** Every tool meaning, in the order docs list them. */
export const TOOL_MEANINGS: readonly ToolMeaning[] = [
  "shell",
  "read",
  "write",
  "edit",
  "search",
  "find",
  "fetch",
  "web-search",
];

/**
 * How a client's settings file words its permission rules: `claude` (Claude Code, Qwen Code:
 * `permissions.allow/ask/deny` lists of `Tool(specifier)`), `gemini` (Gemini CLI:
 * `tools.exclude/confirmationRequired/allowed`, whole tools and shell prefixes),
 * `opencode` (OpenCode, Kilo Code: `permission.<tool>` objects of pattern → action, the last
 * match deciding).
 */
export type PermissionDialect = "claude" | "gemini" | "opencode";

/** Where a client keeps the project's permission rules, and what they can say. */
export interface PermissionFile {
  /** The settings file, relative to the project. */
  readonly path: string;
  readonly dialect: PermissionDialect;
  /**
   * The tools, by meaning, whose rules may name a project path (`Read(./.env)`), as the
   * client matches them; a path rule for any other tool cannot be held.
   */
  readonly pathTools: readonly ToolMeaning[];
  /** Whether a fetch rule may name a domain (`WebFetch(domain:example.com)`). */
  readonly domains: boolean;
}

/** How `contextfmt init` keeps a client's hooks in a project. */
export interface HookInstall {
  /** The settings file (or, for a client that runs a file per event, the folder), relative. */
  readonly path: string;
  /** How a hook command names the project folder (empty: the tool runs hooks from it). */
  readonly projectDir: string;
  /** The entry appended to the event's list (`hooks.<Event>`) for one command. */
  readonly entry: (command: string, event: string) => Record<string, unknown>;
  /** The command lines of an entry of the list (a group may hold several). */
  readonly commandOf: (entry: unknown) => readonly unknown[];
  /**
   * Whole files the hooks also need (path → text), init's own: written when absent, replaced
   * while unchanged since init wrote them, kept with a warning once the user changed them.
   */
  readonly files?: Readonly<Record<string, string>>;
  /** The format version the file carries at its top (`version`), set when absent. */
  readonly version?: number;
  /** The unit of an entry's `timeout` when not seconds (Gemini CLI's are milliseconds). */
  readonly timeoutUnit?: "ms";
  /**
   * The environment variables it sets for a hook command that name the project folder, its own
   * first (Qwen Code sets Claude Code's and Gemini CLI's too); absent: none.
   */
  readonly variables?: readonly string[];
  /**
   * For a tool that runs a file per event instead of reading a settings file (Cline): the
   * text of the executable `<path>/<Event>` that runs `command`. Each is init's own, as `files`.
   */
  readonly script?: (command: string) => string;
  /**
   * The fields of a hook command it reads besides the command, `type` and the timeout, by name:
   * `needed` where a hook without it would run more often or run otherwise (Claude Code's `if`
   * condition, `once`, `args`), so sync never carries the hook without it; `kept` where a hook
   * without it runs as often and the same (a status message). A target reading the same name
   * gets the field as written. Absent: none known (every other field is then `kept`).
   */
  readonly fields?: Readonly<Record<string, HookFieldRole>>;
}

/** What a hook command without a field would do: run more often or otherwise, or the same. */
export type HookFieldRole = "needed" | "kept";

/** A client's hooks: the events whose output carries context, and how it speaks to a hook. */
export interface ClientHooks {
  /** By wire name, what each event is for. */
  readonly events: Readonly<Record<string, HookMoment>>;
  /** Events listed for their moment whose output carries no context (Gemini CLI's BeforeTool). */
  readonly withoutContext?: readonly string[];
  /** Where the output carries the context. */
  readonly contextField: HookContextField;
  /** How much context it takes inline. */
  readonly limit: HookContextLimits;
  /** What it does with context over the limit; required with a limit. */
  readonly overLimit?: OverLimit;
  /** Whether it turns `<` and `>` in hook context into entities (markdown then, not XML). */
  readonly escapesXml: boolean;
  /** What a SessionStart injects, by the `source` the client names (an unknown one: `full`). */
  readonly sessionStart: Readonly<Record<string, SessionStartContext>>;
  /** What it writes on stdin. */
  readonly stdin: HookStdin;
  /** How `contextfmt init` installs its hooks. */
  readonly install: HookInstall;
}

/**
 * A folder of the user's: `~/…` below the home folder (`HOME`), `~config/…` below the config
 * folder (`XDG_CONFIG_HOME`, else `~/.config`), or an absolute path (an organisation's managed
 * folder). Where `env` names a variable that is set, its value is the folder instead (Codex
 * CLI's `CODEX_HOME`).
 */
export interface UserFolder {
  readonly path: string;
  readonly env?: string;
}

/**
 * A place a client reads outside the project, for every project: a place as in a project (the
 * first present of some names, or a folder's files), inside a folder of the user's.
 */
export interface UserPlace {
  /** `user`: the user's own, for every project; `managed`: an organisation's, set by an admin. */
  readonly level: "user" | "managed";
  /** The folder its paths are relative to. */
  readonly folder: UserFolder;
  /** What is read there; a folder's `dir` is relative to `folder` ("" for the folder itself). */
  readonly read: ReadPlace;
  /** Read after the project's instruction files, not before them (Cline's global rules). */
  readonly after?: true;
  /**
   * Read right before the project's first file of its name, where the project has one, not
   * before all of them (Qwen Code goes name by name: ~/.qwen/QWEN.md, QWEN.md, ~/.qwen/AGENTS.md,
   * AGENTS.md).
   */
  readonly byName?: true;
  /** Read only when the place before it in the list found no file (OpenCode's ~/.claude/CLAUDE.md). */
  readonly fallback?: true;
  /** The only system it is read on (`process.platform`'s words), for a managed place. */
  readonly platform?: string;
}

/**
 * What a client loads at the user level, besides a project: its own folder of the user's, and
 * the instruction files it reads from there (and from managed folders) for every session, in
 * its order. A client without one loads nothing of the user's that contextfmt can read.
 */
export interface UserLevel {
  /** The client's own folder of the user's (where a `--user` sync writes for it). */
  readonly folder: UserFolder;
  /** The instruction places, in the client's order; before the project's files unless `after`. */
  readonly instructions: readonly UserPlace[];
  /** What the client keeps at the user level where contextfmt cannot read it, in words. */
  readonly elsewhere?: string;
  /**
   * The instruction file `sync --user` writes for it, relative to `folder` (Codex CLI's
   * `AGENTS.md`, not the override that shadows it); absent: no user instruction file is written.
   */
  readonly instructionFile?: string;
  /**
   * Where each whole-file kind lives at the user level, each `dir` relative to `folder` (the
   * client's own folder is the only one `sync --user` writes in); absent: none known.
   */
  readonly items?: Readonly<Partial<Record<ItemKind, ItemFiles>>>;
  /** Where its user-level MCP servers live, `path` relative to `folder`; absent: none written. */
  readonly mcp?: McpFile;
  /** Why a kind has no user place here, for warnings and docs. */
  readonly cannotHold?: Readonly<Partial<Record<ItemKind | "mcp" | "instructions", string>>>;
}

/** One client: everything contextfmt knows of it, each fact once. */
export interface ClientSpec {
  /** The id command lines use: lowercase letters. */
  readonly id: string;
  /** The client's name in messages and docs. */
  readonly label: string;
  /** What its facts were checked against: the pinned real client, or its documentation. */
  readonly checked: RulesChecked;
  /**
   * The page its facts come from when no real client checked them (`checked: "documentation"`):
   * cited in docs/support.md and docs/loading.md. Required then; absent otherwise.
   */
  readonly documentation?: string;
  /**
   * The instruction file it reads at the project's root (several read `AGENTS.md`: written
   * once for them): the `instructions` kind carries the source's own text from it into each
   * target's, and the `rules` kind renders the rules into it.
   */
  readonly instructionFile: string;
  /**
   * The rules format it gets, in its instruction file and from the hook alike: clients that
   * share a file share its format.
   */
  readonly rulesFormat: RulesFormat;
  /**
   * Whether sync writes a file of the instruction file's name in subfolders too (the client
   * reads it for work in that folder).
   */
  readonly nestedInstructions: boolean;
  /** What it loads from a project. */
  readonly loading: ClientLoading;
  /** Where each whole-file kind lives; absent: the tool has no project place for it. */
  readonly items: Readonly<Partial<Record<ItemKind, ItemFiles>>>;
  /** Where its MCP servers live; absent: the tool reads none from the project. */
  readonly mcp?: McpFile;
  /** Its ignore file; absent: it has none (`cannotHold.ignore` says what it has instead). */
  readonly ignore?: IgnoreFile;
  /**
   * Why a kind is absent, for warnings and docs (`hook`: why sync writes none of the user's
   * own hooks for it, though init may install contextfmt's).
   */
  readonly cannotHold?: Readonly<
    Partial<Record<ItemKind | "mcp" | "hook" | "ignore" | "permission", string>>
  >;
  /**
   * Where it keeps the project's permission rules; absent: none sync writes
   * (`cannotHold.permission` says why).
   */
  readonly permissions?: PermissionFile;
  /** Its hooks; absent: contextfmt installs none for it. */
  readonly hooks?: ClientHooks;
  /** What it loads of the user's for every project; absent: nothing contextfmt knows of. */
  readonly user?: UserLevel;
  /**
   * Its built-in tools' names by meaning, as its hook matchers and permission rules name them
   * (checked with the pinned client's source); a meaning absent is a tool it has under no name
   * known here.
   */
  readonly tools?: Readonly<Partial<Record<ToolMeaning, string>>>;
}

/** Skills in `<dir>/<name>/SKILL.md`, read by the client, in codec `format`. */
export const skillFolders = (format: string, dir: string): ItemFiles => ({
  format,
  dir,
  layout: "skill-folders",
  extension: ".md",
  readable: true,
});

/** A place an item kind is read from, and whether the client itself loads it. */
export interface ItemPlace extends ItemFiles {
  /** False for a place only `sync --from` reads ({@link MoreItems.sourceOnly}). */
  readonly loaded: boolean;
}

/**
 * Every place `client` reads items of `kind` from, in its order: of two items of one name, the
 * one in the earlier place wins. The places that win over the written place first, then the
 * written place (when the client reads it), then the others as listed. `loaded` leaves out the
 * places only `sync --from` reads.
 *
 * @example
 * ```ts
 * itemPlaces(qwen, "command", "loaded").map((place) => itemGlob(place));
 * // [".qwen/commands/**\/*.md", ".qwen/commands/**\/*.toml"]
 * ```
 */
export function itemPlaces(
  client: Pick<ClientSpec, "items" | "loading">,
  kind: ItemKind,
  use: "loaded" | "source",
): ItemPlace[] {
  const own = client.items[kind];
  const more = client.loading.moreItems?.[kind] ?? [];
  const place = (extra: MoreItems): ItemPlace | undefined => {
    if (own === undefined || (extra.sourceOnly && use === "loaded")) return undefined;
    return {
      format: extra.format ?? own.format,
      dir: extra.dir,
      layout: extra.layout ?? own.layout,
      extension: extra.extension ?? own.extension,
      readable: true,
      loaded: extra.sourceOnly !== true,
    };
  };
  const listed = (before: boolean) =>
    more.flatMap((extra) => ((extra.beforeOwn === true) === before ? [place(extra)] : []));
  const places = [
    ...listed(true),
    own?.readable ? { ...own, loaded: true } : undefined,
    ...listed(false),
  ];
  return places.filter((found): found is ItemPlace => found !== undefined);
}

/**
 * Where a whole-file kind's items are, as a glob (a folder of skills: each one's SKILL.md).
 *
 * @example
 * ```ts
 * itemGlob({ format: "claude", dir: ".claude/agents", layout: "flat", extension: ".md", readable: true });
 * // ".claude/agents/*.md"
 * ```
 */
export function itemGlob(files: ItemFiles): string {
  if (files.layout === "skill-folders") return `${files.dir}/*/SKILL.md`;
  return `${files.dir}/${files.layout === "nested" ? "**/" : ""}*${files.extension}`;
}

/** `{ hooks: [hook] }`: the group Claude Code, Gemini CLI, Qwen Code and Codex list. */
export const grouped = (hook: Record<string, unknown>): Record<string, unknown> => ({
  hooks: [hook],
});

/** The command lines of a `{ hooks: [...] }` group. */
export const groupedCommands = (group: unknown): unknown[] => {
  const hooks = (group as { hooks?: unknown } | null)?.hooks;
  return Array.isArray(hooks) ? hooks.map((hook) => (hook as { command?: unknown })?.command) : [];
};

/** The command line of a `{ command }` entry. */
export const entryCommand = (entry: unknown): unknown[] => [
  (entry as { command?: unknown } | null)?.command,
];

/** `AGENTS.md`: the instruction file most clients read. */
export const AGENTS_MD = "AGENTS.md";

/** A place that is one file name. */
export const one = (name: string): ReadPlace => ({ names: [name] });

/**
 * Whether a client following `loading` reads the `@path` imports of its instruction file `path`
 * (a project path: its last part is the name the loading rules list).
 *
 * @example
 * ```ts
 * importsIn({ ...copilot.loading.instructions }, "pkg/CLAUDE.md"); // true
 * importsIn({ ...copilot.loading.instructions }, "GEMINI.md"); // false
 * ```
 */
export function importsIn(loading: Pick<InstructionLoading, "imports">, path: string): boolean {
  if (typeof loading.imports === "boolean") return loading.imports;
  const name = path.slice(path.lastIndexOf("/") + 1);
  return loading.imports.includes(name);
}

/** The environment a user folder is found from (`HOME`, `XDG_CONFIG_HOME`, `CODEX_HOME`, …). */
export type UserEnv = Readonly<Record<string, string | undefined>>;

/**
 * Where `folder` is for the user `env` describes, or undefined when the environment does not
 * say (no `HOME`). Pure: the caller passes the environment (the CLI passes `process.env`).
 *
 * @example
 * ```ts
 * userFolderPath({ path: "~/.codex", env: "CODEX_HOME" }, { HOME: "/home/ada" }); // "/home/ada/.codex"
 * userFolderPath({ path: "~config/opencode" }, { HOME: "/home/ada", XDG_CONFIG_HOME: "/cfg" }); // "/cfg/opencode"
 * ```
 */
export function userFolderPath(folder: UserFolder, env: UserEnv): string | undefined {
  const named = folder.env === undefined ? undefined : env[folder.env];
  if (named !== undefined && named !== "") return named;
  const { path } = folder;
  if (path.startsWith("/")) return path;
  const home = env.HOME || env.USERPROFILE;
  if (!home) return undefined;
  if (path === "~" || path.startsWith("~/")) return `${home}${path.slice(1)}`;
  if (path === "~config" || path.startsWith("~config/")) {
    // The XDG rule: a relative value is invalid and ignored.
    const config = env.XDG_CONFIG_HOME?.startsWith("/") ? env.XDG_CONFIG_HOME : `${home}/.config`;
    return `${config}${path.slice("~config".length)}`;
  }
  return undefined;
}
