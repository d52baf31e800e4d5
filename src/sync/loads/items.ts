/**
 * A client's commands, agents, skills and MCP servers as it finds them in the project, read by
 * sync's own readers and codecs; and the same text reaching a client twice.
 */
import { parseAgentConfig } from "../../agent-config/index.js";
import type { McpServer as McpServerDefinition } from "../../agent-config/mcp/mcp-server.js";
import { itemOf, notAnItem } from "../item-files.js";
import { CLIENT_LOADING } from "../loading.js";
import {
  type ItemFiles,
  type ItemKind,
  readPlaces,
  SYNC_TOOL_PLACES,
  SYNC_TOOLS,
  type SyncTool,
} from "../locations.js";
import { readableServers } from "../mcp-servers.js";
import type { ConfigItem, DoctorProblem, McpServer } from "./found.js";
import { textLines } from "./text-lines.js";
import { unreadableReason, withoutQuotes } from "./unreadable.js";
import type { ProjectView } from "./view.js";

/**
 * The item files of one of the client's folders, by its layout (as sync's `readItems` finds
 * them): each name with the file that holds it. An item file that cannot be read is noted
 * unreadable and left out; one that is no item of `kind` (a README without the front matter an
 * agent needs) is left out as the client leaves it, a `not_loaded` problem.
 */
function itemsIn(
  view: ProjectView,
  client: SyncTool,
  kind: ItemKind,
  place: ItemFiles,
  seen: Set<string>,
  problems: DoctorProblem[],
): { name: string; path: string }[] {
  const found: { name: string; path: string }[] = [];
  const { label } = SYNC_TOOL_PLACES[client];
  for (const path of view.filesBelow(place.dir)) {
    const at = itemOf(place, path.slice(place.dir.length + 1));
    // A file an earlier place of one folder holds is that place's (Copilot's review.agent.md).
    if (at === undefined || !at.main || seen.has(path)) continue;
    seen.add(path);
    const text = view.text(path);
    if (text === undefined) continue;
    const why = notAnItem(kind, place, at.name, text);
    if (why === undefined) {
      found.push({ name: at.name, path });
      continue;
    }
    problems.push({
      code: "not_loaded",
      client,
      path,
      message: `${label} skips ${path}: it is no ${kind} (${why})`,
    });
  }
  return found;
}

/**
 * The items of `kind` the client reads, from each place it loads them from in its order (see
 * `itemPlaces`); an item named as one found before is shadowed by it (a `shadowed` problem: the
 * client takes one and warns).
 */
export function clientItems(
  view: ProjectView,
  client: SyncTool,
  kind: ItemKind,
  problems: DoctorProblem[],
): ConfigItem[] {
  const first = new Map<string, { readonly path: string; readonly real: string }>();
  const seen = new Set<string>();
  const items: ConfigItem[] = [];
  for (const place of readPlaces(client, kind, "loaded")) {
    for (const item of itemsIn(view, client, kind, place, seen, problems)) {
      const real = realPath(view, item.path);
      const found = first.get(item.name);
      if (found === undefined) {
        first.set(item.name, { path: item.path, real });
        items.push({ name: item.name, path: item.path, loaded: true });
        continue;
      }
      // Two places that are one real file (a skill folder shared through a link) are one item.
      if (found.real === real) continue;
      const winner = found.path;
      items.push({ name: item.name, path: item.path, loaded: false, shadowedBy: winner });
      problems.push({
        code: "shadowed",
        client,
        path: item.path,
        other: winner,
        message: `${SYNC_TOOL_PLACES[client].label} has two ${kind}s named ${item.name}: it uses ${winner}, not ${item.path}`,
      });
    }
  }
  return items;
}

/** The real file `path` leads to, links followed (the path itself where it may not be followed). */
function realPath(view: ProjectView, path: string): string {
  const located = view.project.locate(path);
  return "real" in located ? located.real : path;
}

/** The MCP servers the project declares for the client, by its codec; a gate is `untrusted`. */
export function clientMcpServers(
  view: ProjectView,
  client: SyncTool,
  problems: DoctorProblem[],
): McpServer[] {
  return clientMcpDefinitions(view, client, problems).map(({ found }) => found);
}

/**
 * {@link clientMcpServers}, each with its whole definition as the codec reads it (the command a
 * stdio server is started with): what `doctor --start-mcp` starts.
 */
export function clientMcpDefinitions(
  view: ProjectView,
  client: SyncTool,
  problems: DoctorProblem[],
): { readonly found: McpServer; readonly definition: McpServerDefinition }[] {
  const file = SYNC_TOOL_PLACES[client].mcp;
  if (file === undefined) return [];
  const settings = view.settings(file.path);
  if (settings === undefined || settings.at([file.key]) === undefined) return [];
  // Tools that read one file (Claude Code and Copilot CLI: .mcp.json) read it by the first one's codec, as sync writes it.
  const writer = SYNC_TOOLS.find((tool) => SYNC_TOOL_PLACES[tool].mcp?.path === file.path);
  const format = SYNC_TOOL_PLACES[writer ?? client].mcp?.format ?? file.format;
  let parsed: ReturnType<typeof parseAgentConfig<"mcp">>;
  try {
    // A server the codec cannot read is left out, as sync leaves it out, and named.
    const { file: readable, left } = readableServers(settings, format, file.key);
    if (left.length > 0) {
      const named = left.map(({ name, why }) => `${file.key}.${name} left out (${why})`);
      view.unreadable(file.path, withoutQuotes(`${file.path}: ${named.join("; ")}`));
    }
    parsed = parseAgentConfig("mcp", format, readable.plainText());
  } catch (error) {
    view.unreadable(file.path, `${file.path}: ${unreadableReason(error)}`);
    return [];
  }
  const { servers } = parsed;
  const gate = CLIENT_LOADING[client].mcpGate;
  if (gate !== undefined && servers.length > 0) {
    problems.push({
      code: "untrusted",
      client,
      path: file.path,
      message: `${gate}: ${servers.map((server) => server.name).join(", ")}`,
    });
  }
  return servers.map((server) => ({
    found: {
      name: server.name,
      path: file.path,
      transport: server.transport,
      ...(gate !== undefined ? { caveat: gate } : {}),
    },
    definition: server,
  }));
}

/** Lines shorter than this are headings and boilerplate, the same in many files by design. */
const MIN_LINE = 40;

/**
 * `duplicate_content` problems: lines that reach the client from two files (a synced
 * region and the file it came from, an import and a copy), one problem per pair of files.
 */
export function duplicates(
  client: SyncTool,
  kept: readonly { readonly path: string; readonly text: string }[],
): DoctorProblem[] {
  const firstIn = new Map<string, string>();
  const pairs = new Map<string, { first: string; later: string; count: number; sample: string }>();
  for (const { path, text } of kept) {
    for (const line of new Set(textLines(text, MIN_LINE))) {
      const first = firstIn.get(line);
      if (first === undefined) {
        firstIn.set(line, path);
        continue;
      }
      if (first === path) continue;
      const key = `${first}\0${path}`;
      const pair = pairs.get(key) ?? { first, later: path, count: 0, sample: line };
      pair.count += 1;
      pairs.set(key, pair);
    }
  }
  const { label } = SYNC_TOOL_PLACES[client];
  return [...pairs.values()].map(({ first, later, count, sample }) => ({
    code: "duplicate_content",
    client,
    path: later,
    other: first,
    message: `${count} line${count > 1 ? "s" : ""} of ${first} reach${count > 1 ? "" : "es"} ${label} again from ${later} (${JSON.stringify(`${sample.slice(0, 50)}…`)})`,
  }));
}
