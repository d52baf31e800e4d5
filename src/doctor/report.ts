/**
 * What `contextfmt doctor` reports, as `--json` prints it: per client, what it loads from the
 * project (instruction files with their sizes and fate, commands, agents, skills, MCP servers,
 * hooks), and every problem found. The table and the HTML page are views of this one value.
 * Paths are relative to the project folder, with `/`.
 */
import type { McpTransport } from "../agent-config/mcp/mcp-server.js";
import type { IssueSeverity } from "../problems/issue.js";
import type { RulesChecked } from "../sync/loading.js";
import type { SyncTool } from "../sync/locations.js";

export type { RulesChecked };

/** A client `doctor` reports on: each tool `sync` writes for. */
export type DoctorClient = SyncTool;

/** The whole report. */
export interface DoctorReport {
  /** One entry per client asked for, in `SYNC_TOOLS` order. */
  readonly clients: readonly ClientReport[];
  /** Every problem of every client, in client order, each with its severity and fix. */
  readonly problems: readonly ReportedProblem[];
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
   * imports right after it). Files it skips are listed too, with why.
   */
  readonly files: readonly LoadedFile[];
  /**
   * The byte cap on the joined instruction files, where the client has one (Codex CLI's
   * `project_doc_max_bytes`): the total of loaded bytes is at most this.
   */
  readonly maxBytes?: number;
  /** Bytes and tokens of what reaches the model from the files (cut files by their kept part). */
  readonly loaded: { readonly bytes: number; readonly tokens: number };
  readonly commands: readonly ConfigItem[];
  readonly agents: readonly ConfigItem[];
  readonly skills: readonly ConfigItem[];
  readonly mcpServers: readonly McpServer[];
  /** The hooks installed for this client, per event (empty when it has none or none installed). */
  readonly hooks: readonly InstalledHook[];
}

/** One instruction file and what becomes of it. */
export interface LoadedFile {
  readonly path: string;
  /** Its whole size in UTF-8 bytes. */
  readonly bytes: number;
  /** Its whole size in tokens, by the counter in use (default, or o200k with `--exact`). */
  readonly tokens: number;
  /** Whether any of it reaches the model (true for a file that is cut). */
  readonly loaded: boolean;
  /** Why it is not loaded, or how it came in (`imported by CLAUDE.md`); absent when plain. */
  readonly reason?: string;
  /** The file that takes its place (an `AGENTS.override.md` beside an `AGENTS.md`). */
  readonly shadowedBy?: string;
  /** The file whose `@path` import brought it in. */
  readonly importedBy?: string;
  /** Where the client's byte cap cuts it: what is kept ends at `atByte`; `lostBytes` follow. */
  readonly cut?: { readonly atByte: number; readonly lostBytes: number };
}

/** A command, agent or skill, as the client finds it. */
export interface ConfigItem {
  /** The name the client offers it by (`review`, `git:commit`). */
  readonly name: string;
  /** The file that holds it. */
  readonly path: string;
  /** Whether the client uses it: false when another location's item of the same name wins. */
  readonly loaded: boolean;
  /** The path of the item that wins over this one. */
  readonly shadowedBy?: string;
  /** A condition the client puts on it (trust, approval), in words. */
  readonly caveat?: string;
}

/** An MCP server the project declares for the client. */
export interface McpServer {
  readonly name: string;
  /** The settings file that declares it. */
  readonly path: string;
  /** `stdio` (a command it starts), `http` or `sse` (a URL it connects to). */
  readonly transport: McpTransport;
  /** A condition the client puts on it (project servers wait for approval, trust), in words. */
  readonly caveat?: string;
}

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
 * What a problem is about:
 * - `over_client_limit`: the instruction files together are over the client's byte cap; the
 *   problem names the file that is cut (or dropped) and how many bytes are lost.
 * - `shadowed`: a file or item the client would read is replaced by another (an
 *   `AGENTS.override.md`, a `CLAUDE.md` beside an `AGENTS.md`, a same-named item elsewhere);
 *   for a file, only when some of its lines reach no session that reads the other instead.
 * - `not_loaded`: an instruction file written for the client that it does not read (a renamed
 *   context file, an import that does not resolve), or a file of an item folder that is no item
 *   of its kind (a README without an agent's front matter).
 * - `duplicate_content`: the same line reaches the client twice (a synced region plus the
 *   file it came from).
 * - `hook_over_limit`: what a hook would inject now is over the event's inline limit.
 * - `out_of_sync`: the last sync (as sync's record names it) would change the client's files;
 *   only for that sync's targets.
 * - `untrusted`: the client needs the folder trusted, or the item approved, before it uses what
 *   the project declares (project MCP servers, hooks).
 * - `unreadable`: an error: a file the client would read that doctor cannot or may not read (a
 *   link out of the project or into `.git`, not UTF-8, over the size cap, not a regular file,
 *   not the syntax or type the client reads, a hook's input outside the project); the report
 *   goes on without it. The message names the file and why, never what it holds.
 */
export type DoctorProblemCode =
  | "over_client_limit"
  | "shadowed"
  | "not_loaded"
  | "duplicate_content"
  | "hook_over_limit"
  | "out_of_sync"
  | "untrusted"
  | "unreadable";

/** Every problem code, in the order the docs list them. */
export const DOCTOR_PROBLEM_CODES: readonly DoctorProblemCode[] = [
  "over_client_limit",
  "shadowed",
  "not_loaded",
  "duplicate_content",
  "hook_over_limit",
  "out_of_sync",
  "untrusted",
  "unreadable",
];

/** One problem as a check finds it: what, for which client, where, in a sentence. */
export interface DoctorProblem {
  readonly code: DoctorProblemCode;
  readonly client: DoctorClient;
  /** The file it is about, when one. */
  readonly path?: string;
  readonly message: string;
}

/**
 * A problem as the report gives it: with its code's severity and its fix, one line a person can
 * act on (the same for every problem of a code; see `DOCTOR_PROBLEM_ADVICE`).
 */
export interface ReportedProblem extends DoctorProblem {
  readonly severity: IssueSeverity;
  readonly fix: string;
}
