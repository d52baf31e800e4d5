/**
 * What a client loads, as the loading model finds it: its instruction files and what becomes of
 * each, its commands, agents, skills and MCP servers, and the problems found on the way. Sync
 * plans from it (what each target would load) and doctor reports it; doctor's report re-exports
 * these types under its own names.
 */
import type { McpTransport } from "../../agent-config/mcp/mcp-server.js";
import type { SyncTool } from "../locations.js";

/** One instruction file and what becomes of it. */
export interface LoadedFile {
  /**
   * Relative to the project, with `/`; for a file outside it (`level`), `~/…` below the home
   * folder, else its absolute path.
   */
  readonly path: string;
  /**
   * Set for a file outside the project that the client reads for every project: the user's own
   * (`user`: `~/.claude/CLAUDE.md`) or an organisation's (`managed`: `/etc/claude-code/CLAUDE.md`).
   */
  readonly level?: "user" | "managed";
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
 * - `read_otherwise`: the client reads a line of its ignore file otherwise than git reads a
 *   `.gitignore` (Kilo Code lets a `!` line win wherever it stands).
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
  | "read_otherwise"
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
  "read_otherwise",
  "untrusted",
  "unreadable",
];

/** One problem as a check finds it: what, for which client, where, in a sentence. */
export interface DoctorProblem {
  readonly code: DoctorProblemCode;
  readonly client: SyncTool;
  /** The file it is about, when one. */
  readonly path?: string;
  /**
   * The other file or item it is between, when two: the file whose lines reached the client
   * first (`duplicate_content`), the item the client uses instead (`shadowed`).
   */
  readonly other?: string;
  readonly message: string;
}
