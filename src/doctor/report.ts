/**
 * What `contextfmt doctor` reports, as `--json` prints it: per client, what it loads from the
 * project (instruction files with their sizes and fate, commands, agents, skills, MCP servers,
 * hooks), and every problem found. The table and the HTML page are views of this one value.
 * Paths are relative to the project folder, with `/`.
 */
import type { IssueSeverity } from "../problems/issue.js";
import type { RulesChecked } from "../sync/loading.js";
import type { SyncTool } from "../sync/locations.js";

export {
  type ConfigItem,
  DOCTOR_PROBLEM_CODES,
  type DoctorProblem,
  type DoctorProblemCode,
  type LoadedFile,
  type McpServer,
} from "../sync/loads/found.js";
export type { RulesChecked };

import type { ConfigItem, DoctorProblem, LoadedFile, McpServer } from "../sync/loads/found.js";

/** A client `doctor` reports on: each tool `sync` writes for. */
export type DoctorClient = SyncTool;

/** The whole report. */
export interface DoctorReport {
  /** One entry per client asked for, in `SYNC_TOOLS` order. */
  readonly clients: readonly ClientReport[];
  /** Every problem of every client, in client order, each with its severity and fix. */
  readonly problems: readonly ReportedProblem[];
  /**
   * The last sync (`sync --from claude --to all`), which named the problems marked `known`: set
   * when one is, said here once for all of them.
   */
  readonly knownBy?: string;
}

/** What one client sees of the project. */
export interface ClientReport {
  readonly client: DoctorClient;
  /** Its name in messages (`Claude Code`). */
  readonly label: string;
  /** Where the rules used for this client were checked. */
  readonly checked: RulesChecked;
  /**
   * The instruction files the client considers for a session started in the project folder,
   * in the order it joins them into the prompt (root first, then each folder down; a file's
   * imports right after it), with the managed and user-level files it reads for every project
   * where it reads them (marked by `level`; left out without `user`, as `--project-only` does). Files it skips are
   * listed too, with why.
   */
  readonly files: readonly LoadedFile[];
  /**
   * Why no user-level file is listed when the report looks for them: the client has no user
   * level contextfmt can read (Cursor keeps its user rules in its settings database).
   */
  readonly userLevel?: string;
  /**
   * The byte cap on the joined project instruction files, where the client has one (Codex
   * CLI's `project_doc_max_bytes`): the loaded bytes of the project's files are at most this
   * (Codex CLI does not count its user-level AGENTS.md against it).
   */
  readonly maxBytes?: number;
  /**
   * Bytes and tokens of what reaches the model from the files, user-level ones included (cut
   * files by their kept part).
   */
  readonly loaded: { readonly bytes: number; readonly tokens: number };
  readonly commands: readonly ConfigItem[];
  readonly agents: readonly ConfigItem[];
  readonly skills: readonly ConfigItem[];
  readonly mcpServers: readonly McpServer[];
  /** The hooks installed for this client, per event (empty when it has none or none installed). */
  readonly hooks: readonly InstalledHook[];
  /** The ignore file the client reads (`.geminiignore`); absent for a client that reads none. */
  readonly ignoreFile?: IgnoreReport;
  /**
   * The user's own hooks in the client's hook settings (not contextfmt's), per event in the
   * file's order: how many commands, and the matchers they are listed under (none: every tool).
   */
  readonly userHooks: readonly UserHookCount[];
  /** The tokens a new session starts with from the project, by part. */
  readonly start: SessionStart;
}

/** The ignore file a client reads: the files its agent does not read. */
export interface IgnoreReport {
  /** The file, relative to the project. */
  readonly path: string;
  /** Whether the project has it. */
  readonly exists: boolean;
  /** Its lines that say something (no blank line, no comment), the `!` lines among them. */
  readonly patterns: number;
}

/**
 * The tokens a new session of a client starts with from the project, by part, each by the
 * counter in use. The client's own prompt and tools are not counted: only what the project
 * adds to them.
 */
export interface SessionStart {
  /** The sum of the parts' tokens below (hooks not counted and unstarted servers add none). */
  readonly tokens: number;
  /** The instruction files' tokens: `loaded.tokens`. */
  readonly instructions: number;
  /** The skills as the client lists them for the model (name and description, not the body). */
  readonly skills: ListedPart;
  /** The agents as the client lists them for the model. */
  readonly agents: ListedPart;
  /** The commands as the client lists them for the model (most list none: they are typed). */
  readonly commands: ListedPart;
  /** Per event that runs at the start, what contextfmt's hooks there inject. */
  readonly hooks: readonly StartHook[];
  /** The sum of `hooks[].tokens`. */
  readonly hookTokens: number;
  /** The MCP servers; their tools' tokens only when doctor was let start them. */
  readonly mcp: McpStart;
}

/** One kind's listing in the prompt a session starts with. */
export interface ListedPart {
  /** The listing's tokens (one line per listed item; the heading, the same everywhere, aside). */
  readonly tokens: number;
  /** How many items it lists. */
  readonly listed: number;
  /**
   * `client`: the client's own listing shape (its file in src/clients); `assumed`: the
   * client's shape is not known, counted as `- name: description`; `not-listed`: the client
   * tells the model of none of them.
   */
  readonly shape: "client" | "assumed" | "not-listed";
}

/** An event that runs at a session's start. */
export interface StartHook {
  /** The client's event name (`SessionStart`). */
  readonly event: string;
  /** What contextfmt's hooks there inject, in tokens. */
  readonly tokens: number;
  /** How many of its hooks run `contextfmt hook`. */
  readonly contextfmt: number;
  /**
   * How many other hooks run there: what they inject is known only by running them, which
   * doctor never does, so they add no tokens here.
   */
  readonly notCounted: number;
}

/** The MCP servers of a session's start. */
export interface McpStart {
  /** How many servers the project declares for the client. */
  readonly servers: number;
  /** The listed tools' definitions' tokens (0 unless started). */
  readonly tokens: number;
  /**
   * Only with `startMcp`: each server, with how many tools it lists and their definitions'
   * tokens (each as `{ name, description, input_schema }` JSON), or why it gave none.
   */
  readonly started?: readonly McpStarted[];
}

/** A server doctor started: its tools, or why it gave none. */
export type McpStarted =
  | { readonly name: string; readonly tools: number; readonly tokens: number }
  | { readonly name: string; readonly error: string };

/** A limit on the context a hook may inject inline, in the units the client counts. */
export interface HookLimit {
  readonly chars?: number;
  readonly bytes?: number;
  readonly tokens?: number;
}

/** One item of the hook's context and what the budget made of it. */
export interface HookItem {
  /** The input file it came from, as its flag (`--rules`). */
  readonly source: string;
  /** Its id in the engine's report (`r1`, `my-project:close`). */
  readonly id: string;
  /**
   * The name its author knows it by: a rule's `name`, a memory's first words, the project's name
   * and the part of its block (`My project: TODOs`); the id when the file gives none.
   */
  readonly name: string;
  readonly status: "included" | "shortened" | "skipped";
  /** Tokens it takes in the context (0 when skipped). */
  readonly tokens: number;
  readonly reason?: string;
}

/** One `contextfmt hook` installed for one of the client's events. */
export interface InstalledHook {
  /** The client's event name (`SessionStart`). */
  readonly event: string;
  /** The settings file it is installed in. */
  readonly path: string;
  /** The command line as installed. */
  readonly command: string;
  /** The event's inline limit (empty: none known). */
  readonly limit: HookLimit;
  /**
   * What the hook would inject now, run in-process on a sample input for the event: its size,
   * and each item's fate. Absent when the command names no input file of the project that can
   * be read (an `unreadable` problem says why, when one is there but cannot be read).
   */
  readonly inject?: {
    readonly chars: number;
    readonly bytes: number;
    readonly tokens: number;
    readonly items: readonly HookItem[];
    /**
     * Set when the required items alone are over the limit: the hook cut the text to fit, and
     * this says where (the items after the cut are listed as the engine placed them).
     */
    readonly cut?: string;
  };
}

/**
 * A problem as the report gives it: with its code's severity and its fix, one line a person can
 * act on (the same for every problem of a code; see `DOCTOR_PROBLEM_ADVICE`).
 */
export interface ReportedProblem extends DoctorProblem {
  readonly severity: IssueSeverity;
  readonly fix: string;
  /**
   * Set when the last sync named this duplicate itself (a client whose own rules read two of
   * the places it wrote): what it named (which sync it was: the report's `knownBy`). Such a
   * problem is `info`, and
   * `--strict` passes over it, while the places hold what that sync left there.
   */
  readonly known?: string;
}

/** How many of the user's own hook commands a client runs for one event, and under which matchers. */
export interface UserHookCount {
  readonly event: string;
  readonly path: string;
  readonly commands: number;
  /** Each distinct matcher, in the file's order; an entry listed under none is left out. */
  readonly matchers: readonly string[];
}
