/**
 * `contextfmt doctor`'s report: for each client, what it reads from the project and the problems
 * of that. Read-only: nothing here writes, and only the project is read (see ProjectView); a
 * file that cannot be read is an `unreadable` problem of each client that reads it.
 */

import { relative, sep } from "node:path";
import { badArgument, optionsArgument, stringArgument } from "../problems/arguments.js";
import { CLIENT_LOADING } from "../sync/loading.js";
import { clientFiles } from "../sync/loads/files.js";
import { clientItems, clientMcpDefinitions, duplicates } from "../sync/loads/items.js";
import {
  inClientOrder,
  type UserEnv,
  type UserLookup,
  userFiles,
} from "../sync/loads/user-files.js";
import { ProjectView } from "../sync/loads/view.js";
import { SYNC_TOOL_PLACES, SYNC_TOOLS, type SyncTool } from "../sync/locations.js";
import { isTokenCounter, type TokenCounter } from "../tokens/counter.js";
import { defaultCounter } from "../tokens/heuristic.js";
import { Project } from "../workspace/project.js";
import { findProjectRoot } from "../workspace/project-root.js";
import { clientHooks, userHookCounts } from "./hooks.js";
import { clientIgnore } from "./ignore.js";
import { type ListedTools, listTools } from "./mcp-tools.js";
import { markKnown, namedByOwnSync } from "./named.js";
import { advised } from "./problems.js";
import type { ClientReport, DoctorProblem, DoctorReport } from "./report.js";
import { sessionStart } from "./start.js";
import { outOfSync } from "./sync-check.js";

/** What {@link doctor} examines. */
export interface DoctorOptions {
  /**
   * The folder sessions start in (default: the current one). The project is the nearest folder
   * up from it with a `.git`, a `contextfmt.json` or a `.contextfmt/`, else the folder itself.
   */
  readonly dir?: string;
  /** The clients to report, in the order given by `SYNC_TOOLS` (default: all). */
  readonly clients?: readonly SyncTool[];
  /** How tokens are counted (default: the estimator). */
  readonly counter?: TokenCounter;
  /**
   * The user whose user-level and managed files to report beside the project's: the
   * environment the clients start in (`HOME`, `XDG_CONFIG_HOME`, `CODEX_HOME`; the CLI passes
   * its own), the system as `process.platform` names it (default `linux`), and the folder
   * absolute managed paths are read below (default: the system's own root). Absent: the
   * project's files alone, as `--project-only` asks.
   */
  readonly user?: {
    readonly env: UserEnv;
    readonly platform?: string;
    readonly systemRoot?: string;
  };
  /**
   * Start each stdio MCP server the project declares, ask it for its tools and count their
   * definitions (default: never). This runs the commands the project's settings name, with
   * this process's environment: only for a project whose settings you trust. Each server gets
   * `timeoutMs` (default 10,000) to list its tools, then it is stopped.
   */
  readonly startMcp?: boolean | { readonly timeoutMs?: number };
}

/** The project holding `dir` (the nearest project root up, else `dir`) and dir within it. */
function projectOf(dir: string): { project: Project; start: string } {
  const here = Project.at(dir);
  const root = findProjectRoot(here.root) ?? here.root;
  const start = relative(root, here.root).split(sep).join("/");
  return { project: start === "" ? here : Project.at(root), start };
}

/**
 * What each client loads from a project, and the problems of that: the report
 * `contextfmt doctor --json` prints. Reads the project (and, given `user`, the user-level and
 * managed files); runs nothing but the MCP servers `startMcp` asks for; writes nothing.
 *
 * @throws InvalidInputError for an unknown client; ProjectFileError for a folder that is not
 *   there.
 * @example
 * ```ts
 * const report = await doctor({ dir: "my-project", clients: ["claude", "codex"] });
 * for (const problem of report.problems) console.log(problem.code, problem.path);
 * ```
 */
export async function doctor(options: DoctorOptions = {}): Promise<DoctorReport> {
  const { dir, clients, counter, user, startMcp } = optionsArgument(options);
  if (dir !== undefined) stringArgument(dir, "dir");
  if (user !== undefined) userArgument(user);
  if (
    clients !== undefined &&
    !(
      Array.isArray(clients) &&
      clients.every((id) => (SYNC_TOOLS as readonly unknown[]).includes(id))
    )
  ) {
    badArgument("clients", `clients among ${SYNC_TOOLS.join(", ")}`, clients);
  }
  if (counter !== undefined && !isTokenCounter(counter)) {
    badArgument("counter", "a token counter", counter);
  }
  const timeoutMs = typeof startMcp === "object" && startMcp !== null ? startMcp.timeoutMs : 10_000;
  if (
    startMcp !== undefined &&
    typeof startMcp !== "boolean" &&
    !(
      typeof startMcp === "object" &&
      startMcp !== null &&
      (timeoutMs === undefined || (Number.isInteger(timeoutMs) && timeoutMs > 0))
    )
  ) {
    badArgument(
      "startMcp",
      "a boolean or { timeoutMs: a whole number of milliseconds over 0 }",
      startMcp,
    );
  }
  const chosen = new Set<string>(clients ?? SYNC_TOOLS);
  return report({
    ...projectOf(dir ?? "."),
    clients: SYNC_TOOLS.filter((tool) => chosen.has(tool)),
    counter: counter ?? defaultCounter,
    ...(user !== undefined
      ? {
          user: {
            env: user.env,
            platform: user.platform ?? "linux",
            systemRoot: (user.systemRoot ?? "").replace(/\/+$/, ""),
          },
        }
      : {}),
    ...(startMcp === true || typeof startMcp === "object"
      ? { startMcpMs: timeoutMs ?? 10_000 }
      : {}),
  });
}

/** Checks `user` is what {@link DoctorOptions.user} takes. */
function userArgument(user: unknown): void {
  const value = user as DoctorOptions["user"];
  if (typeof value !== "object" || value === null) badArgument("user", "an object", user);
  const env = (value as { env?: unknown }).env;
  if (
    typeof env !== "object" ||
    env === null ||
    Object.values(env).some((entry) => entry !== undefined && typeof entry !== "string")
  ) {
    badArgument("user.env", "an environment: names to strings", env);
  }
  const { platform, systemRoot } = value as { platform?: unknown; systemRoot?: unknown };
  if (platform !== undefined) stringArgument(platform, "user.platform");
  if (systemRoot !== undefined) stringArgument(systemRoot, "user.systemRoot");
}

/** What to examine. */
interface DoctorRequest {
  readonly project: Project;
  /** The folder sessions start in, relative to the project ("" for its root). */
  readonly start: string;
  readonly clients: readonly SyncTool[];
  readonly counter: TokenCounter;
  /** Whose files outside the project to read; absent: the project's alone. */
  readonly user?: UserLookup;
  /** Set to start the MCP servers: each one's time to list its tools. */
  readonly startMcpMs?: number;
}

/** The report of every client of `request`, in their order. */
async function report(request: DoctorRequest): Promise<DoctorReport> {
  const view = new ProjectView(request.project, request.start);
  const clients: ClientReport[] = [];
  const problems: DoctorProblem[] = [];
  const sync = outOfSync(view, request.clients);
  // A server several clients read from one file (.mcp.json) is started once.
  const started = new Map<string, Promise<ListedTools>>();
  for (const client of request.clients) {
    const found = clientFiles(view, client, request.counter);
    const outside =
      request.user === undefined ? undefined : userFiles(client, request.user, request.counter);
    const own: DoctorProblem[] = [
      ...(outside?.problems ?? []),
      ...found.problems,
      ...duplicates(client, found.kept),
    ];
    const loading = CLIENT_LOADING[client];
    const kept = [...(outside?.kept ?? []), ...found.kept].map((file) => file.text);
    const userLevel = outside?.none;
    const loaded = {
      bytes: kept.reduce((sum, text) => sum + Buffer.byteLength(text), 0),
      tokens: kept.reduce((sum, text) => sum + request.counter.count(text), 0),
    };
    const commands = clientItems(view, client, "command", own);
    const agents = clientItems(view, client, "agent", own);
    const skills = clientItems(view, client, "skill", own);
    const servers = clientMcpDefinitions(view, client, own);
    const hooks = await clientHooks(view, client, request.counter, own);
    const ignoreFile = clientIgnore(view, client, own);
    const mcp = await startedServers(servers, request, started);
    clients.push({
      client,
      label: SYNC_TOOL_PLACES[client].label,
      checked: loading.checked,
      files: outside === undefined ? found.files : inClientOrder(outside, found.files),
      ...(userLevel !== undefined ? { userLevel } : {}),
      ...(found.maxBytes !== undefined ? { maxBytes: found.maxBytes } : {}),
      loaded,
      commands,
      agents,
      skills,
      mcpServers: servers.map(({ found }) => found),
      hooks,
      ...(ignoreFile !== undefined ? { ignoreFile } : {}),
      userHooks: userHookCounts(view, client),
      start: sessionStart(
        view,
        client,
        { instructionTokens: loaded.tokens, commands, agents, skills, hooks, mcp },
        request.counter,
      ),
    });
    // The files met for this client that could not be read: each once, where met first.
    for (const { path, reason } of view.takeUnreadable()) {
      own.push({ code: "unreadable", client, path, message: reason });
    }
    problems.push(...own, ...sync.filter((problem) => problem.client === client));
  }
  const known = namedByOwnSync(request.project);
  const reported = markKnown(problems.map(advised), known);
  // Which sync named the known ones: said once, not on each.
  const named = reported.some((problem) => problem.known !== undefined);
  return { clients, problems: reported, ...(named ? { knownBy: known.by } : {}) };
}

/**
 * The client's MCP servers by name, each with its tools when the request lets doctor start
 * them (one start per server definition, whichever clients read it).
 */
async function startedServers(
  servers: ReturnType<typeof clientMcpDefinitions>,
  request: DoctorRequest,
  started: Map<string, Promise<ListedTools>>,
): Promise<{ name: string; listed?: ListedTools }[]> {
  const timeoutMs = request.startMcpMs;
  return Promise.all(
    servers.map(async ({ found, definition }) => {
      if (timeoutMs === undefined) return { name: found.name };
      const key = JSON.stringify(definition);
      const listing = started.get(key) ?? listTools(definition, request.project.root, timeoutMs);
      started.set(key, listing);
      return { name: found.name, listed: await listing };
    }),
  );
}
