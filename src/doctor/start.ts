/**
 * The session's whole start, per client: the tokens a new session begins with from the
 * project, by part — the instruction files, the skills, agents and commands as the client lists
 * them in its prompt, what contextfmt's hooks inject at the start, and the MCP servers (their
 * tools' definitions only when the caller lets doctor start them).
 */
import { parseAgentConfig } from "../agent-config/index.js";
import { hookMoment } from "../hooks/index.js";
import { itemOf } from "../sync/item-files.js";
import { ASSUMED_LISTING, CLIENT_LOADING, type StartListing } from "../sync/loading.js";
import type { ProjectView } from "../sync/loads/view.js";
import { type ItemKind, readPlaces, type SyncTool } from "../sync/locations.js";
import type { TokenCounter } from "../tokens/counter.js";
import { otherHooks } from "./hooks.js";
import type { ListedTools } from "./mcp-tools.js";
import type {
  ConfigItem,
  InstalledHook,
  ListedPart,
  McpStart,
  McpStarted,
  SessionStart,
  StartHook,
} from "./report.js";

/** What the start is made of, as the rest of the client's report found it. */
export interface StartParts {
  readonly instructionTokens: number;
  readonly commands: readonly ConfigItem[];
  readonly agents: readonly ConfigItem[];
  readonly skills: readonly ConfigItem[];
  readonly hooks: readonly InstalledHook[];
  /** The project's MCP servers for the client, and, when started, what each listed. */
  readonly mcp: readonly { readonly name: string; readonly listed?: ListedTools }[];
}

/** One client's session start, every part counted by `counter`. */
export function sessionStart(
  view: ProjectView,
  client: SyncTool,
  parts: StartParts,
  counter: TokenCounter,
): SessionStart {
  const listing = (kind: ItemKind, items: readonly ConfigItem[]) =>
    listedPart(view, client, kind, items, counter);
  const skills = listing("skill", parts.skills);
  const agents = listing("agent", parts.agents);
  const commands = listing("command", parts.commands);
  const hooks = startHooks(view, client, parts.hooks);
  const mcp = mcpStart(parts.mcp, counter);
  const hookTokens = hooks.reduce((sum, hook) => sum + hook.tokens, 0);
  return {
    tokens:
      parts.instructionTokens +
      skills.tokens +
      agents.tokens +
      commands.tokens +
      hookTokens +
      mcp.tokens,
    instructions: parts.instructionTokens,
    skills,
    agents,
    commands,
    hooks,
    hookTokens,
    mcp,
  };
}

/** Where the client's listing of `kind` comes from, and its line. */
function listingOf(
  client: SyncTool,
  kind: ItemKind,
): { shape: ListedPart["shape"]; listing: StartListing } {
  // A kind the client reads from no project place: nothing of it reaches the model from here.
  if (readPlaces(client, kind, "loaded").length === 0) {
    return { shape: "not-listed", listing: "not-listed" };
  }
  const known = CLIENT_LOADING[client].startListing?.[kind];
  return known === undefined
    ? { shape: "assumed", listing: ASSUMED_LISTING }
    : { shape: known === "not-listed" ? "not-listed" : "client", listing: known };
}

/**
 * The listing of the items of `kind` the client uses, one line per item by its listing shape
 * (items another of one name shadows are not listed; a command or skill that says the model may
 * not call it, `disable-model-invocation`, is not listed either).
 */
function listedPart(
  view: ProjectView,
  client: SyncTool,
  kind: ItemKind,
  items: readonly ConfigItem[],
  counter: TokenCounter,
): ListedPart {
  const { shape, listing } = listingOf(client, kind);
  if (listing === "not-listed") return { tokens: 0, listed: 0, shape };
  const lines: string[] = [];
  for (const item of items) {
    if (!item.loaded) continue;
    const fields = itemFields(view, client, kind, item, listing.allTools ?? "*");
    if (fields === undefined) continue;
    lines.push(fillLine(listing.line, fields));
  }
  // One count of the whole listing, as the client sends it: not a sum of per-line guesses.
  return {
    tokens: lines.length === 0 ? 0 : counter.count(lines.join("")),
    listed: lines.length,
    shape,
  };
}

/** The fields a listing line takes, read from the item's file; undefined when it is not listed. */
function itemFields(
  view: ProjectView,
  client: SyncTool,
  kind: ItemKind,
  item: ConfigItem,
  allTools: string,
): Record<string, string> | undefined {
  const place = readPlaces(client, kind, "loaded").find(
    (candidate) =>
      item.path.startsWith(`${candidate.dir}/`) &&
      itemOf(candidate, item.path.slice(candidate.dir.length + 1))?.main === true,
  );
  const text = view.text(item.path);
  if (place === undefined || text === undefined) return undefined;
  const name = itemOf(place, item.path.slice(place.dir.length + 1))?.name ?? item.name;
  // The file was read as an item of its kind when the client's items were found.
  const parsed = parseAgentConfig(kind, place.format, text, { name }) as unknown as Record<
    string,
    Record<string, unknown> | undefined
  >;
  const value = parsed[kind] ?? {};
  const extra = (value.extra ?? {}) as Record<string, unknown>;
  if (value.disableModelInvocation === true || extra["disable-model-invocation"] === true) {
    return undefined;
  }
  const tools = Array.isArray(value.tools) ? (value.tools as string[]).join(", ") : allTools;
  return {
    name: kind === "command" || typeof value.name !== "string" ? item.name : value.name,
    description: typeof value.description === "string" ? value.description : "",
    tools,
    file: item.path,
  };
}

/** `line` with each `{field}` replaced, in one pass over the line (never over what is put in). */
const fillLine = (line: string, fields: Record<string, string>): string =>
  line.replace(/\{(name|description|tools|file)\}/g, (_, field: string) => fields[field] ?? "");

/**
 * The events that run at a session's start, each with what contextfmt's hooks there inject and
 * how many other hooks run there (not counted).
 */
function startHooks(
  view: ProjectView,
  client: SyncTool,
  installed: readonly InstalledHook[],
): StartHook[] {
  const events = new Map<string, { tokens: number; ours: number; others: number }>();
  const at = (event: string) => {
    const known = events.get(event) ?? { tokens: 0, ours: 0, others: 0 };
    events.set(event, known);
    return known;
  };
  for (const hook of installed) {
    if (hookMoment(client as never, hook.event as never) !== "session-start") continue;
    const event = at(hook.event);
    event.ours += 1;
    event.tokens += hook.inject?.tokens ?? 0;
  }
  for (const [event, count] of otherHooks(view, client, "session-start")) at(event).others += count;
  return [...events].map(([event, { tokens, ours, others }]) => ({
    event,
    tokens,
    contextfmt: ours,
    notCounted: others,
  }));
}

/** The MCP part: how many servers, and the tools of those started. */
function mcpStart(servers: StartParts["mcp"], counter: TokenCounter): McpStart {
  const started = servers.flatMap(({ name, listed }): McpStarted[] => {
    if (listed === undefined) return [];
    if ("error" in listed) return [{ name, error: listed.error }];
    // Each definition as JSON, the shape every client turns it into for the model.
    const tokens = listed.tools.reduce(
      (sum, tool) =>
        sum +
        counter.count(
          JSON.stringify({
            name: tool.name,
            description: tool.description ?? "",
            input_schema: tool.inputSchema ?? {},
          }),
        ),
      0,
    );
    return [{ name, tools: listed.tools.length, tokens }];
  });
  const tokens = started.reduce((sum, server) => sum + ("tokens" in server ? server.tokens : 0), 0);
  return {
    servers: servers.length,
    tokens,
    ...(servers.some(({ listed }) => listed !== undefined) ? { started } : {}),
  };
}
