/**
 * docs/loading.md, generated from the code: what each client loads from a project
 * (src/sync/loading.ts), where its commands, agents, skills and MCP servers are
 * (src/sync/locations.ts), and each hook event's inline limit (src/hooks/output.ts).
 * `npm run docs:loading` rewrites the page; test/docs/loading.test.ts fails when it is stale.
 */

import { type ClientSpec, clientById } from "../src/clients/index.js";
import type { UserLevel, UserPlace } from "../src/clients/spec.js";
import { HOOK_EVENTS, type HookTool, isHookTool } from "../src/hooks/events.js";
import { type HookContextLimit, hookContextLimit } from "../src/hooks/output.js";
import { CLIENT_LOADING, type ReadPlace } from "../src/sync/loading.js";
import {
  type ItemKind,
  itemGlob,
  readPlaces,
  SYNC_TOOL_PLACES,
  SYNC_TOOLS,
  type SyncTool,
} from "../src/sync/locations.js";

export const LOADING_PATH = new URL("../docs/loading.md", import.meta.url).pathname;

const code = (text: string) => `\`${text}\``;

/** One place of a client's order; `where`, the folder its folders are read in. */
function place(entry: ReadPlace, where: string): string {
  if ("names" in entry) {
    const [first, ...others] = entry.names.map(code);
    if (others.length === 0) return first as string;
    return entry.acrossFolders
      ? `${first}; ${others.join(", then ")} only where no folder from the root to the start folder has ${first}`
      : `${first}, or where there is none, ${others.join(", then ")}`;
  }
  const glob = `${entry.dir}/${entry.nested ? "**/" : ""}*${entry.extension}`;
  const when =
    entry.condition === undefined
      ? ""
      : `; at the start only ${[entry.condition.startsWhen]
          .flat()
          .map((value) =>
            value === "absent"
              ? `without ${code(entry.condition?.key ?? "")}`
              : `with ${code(`${entry.condition?.key}: ${JSON.stringify(value)}`)}`,
          )
          .join(" or ")} in its frontmatter`;
  return `every ${code(glob)} (${where}${entry.last ? ", after every folder's files" : ""})${when}`;
}

/** The places only `sync --from` reads, the client loading none of them, in words. */
function sourceOnly(tool: SyncTool): string {
  const kinds = (["command", "agent", "skill"] as const).flatMap((kind) =>
    readPlaces(tool, kind, "source")
      .filter((place) => !place.loaded)
      .map((place) => `${code(itemGlob(place))} (${kind}s)`),
  );
  return kinds.length === 0
    ? ""
    : ` Not loaded, but read by \`sync --from ${tool}\`: ${kinds.join(", ")}.`;
}

/** The places a client loads a kind from, in its order, and what a name found twice means. */
function globs(tool: SyncTool, kind: ItemKind): string {
  const places = readPlaces(tool, kind, "loaded");
  if (places.length === 0) return "none";
  const listed = places.map((place) => code(itemGlob(place))).join(", then ");
  return places.length > 1 ? `${listed} (a name found twice: the first wins)` : listed;
}

/** One user-level or managed place, in words. */
function userPlace(entry: UserPlace): string {
  const folder = entry.folder.env === undefined ? entry.folder.path : `$${entry.folder.env}`;
  const read =
    "names" in entry.read
      ? place({ names: entry.read.names.map((name) => `${folder}/${name}`) }, "")
      : place({ ...entry.read, dir: `${folder}/${entry.read.dir}` }, entry.level).replace(
          ` (${entry.level})`,
          "",
        );
  const notes = [
    entry.level === "managed" ? `managed${entry.platform ? `, on ${entry.platform}` : ""}` : "",
    entry.folder.env !== undefined
      ? `${code(`$${entry.folder.env}`)} defaults to ${code(entry.folder.path)}`
      : "",
    entry.fallback ? "only where the place before it has no file" : "",
    entry.byName ? "right before the project's first file of its name, where there is one" : "",
    entry.after ? "after the project's files" : "",
  ].filter((note) => note !== "");
  return notes.length === 0 ? read : `${read} (${notes.join("; ")})`;
}

/** The user-level and managed files a client reads for every project, in words. */
function userLevel(tool: SyncTool): string {
  const user: UserLevel | undefined = (clientById(tool) as ClientSpec).user;
  if (user === undefined || user.instructions.length === 0) {
    return `User-level and managed files: none contextfmt reads${user?.elsewhere ? ` (${user.elsewhere})` : ""}.`;
  }
  const config = user.instructions.some((entry) => entry.folder.path.startsWith("~config"))
    ? " (`~config`: `$XDG_CONFIG_HOME`, else `~/.config`)"
    : "";
  const listed = user.instructions.map((entry, index) => `\n  ${index + 1}. ${userPlace(entry)}`);
  return `User-level and managed files, before the project's unless said${config}:${listed.join("")}`;
}

const limitText = (limit: HookContextLimit) =>
  [
    limit.chars !== undefined ? `${limit.chars} characters` : undefined,
    limit.bytes !== undefined ? `${limit.bytes} bytes` : undefined,
    limit.tokens !== undefined ? `${limit.tokens} tokens` : undefined,
  ]
    .filter((part) => part !== undefined)
    .join(", ") || "none known";

function hookLimits(tool: HookTool): string {
  const byLimit = new Map<string, string[]>();
  for (const event of Object.keys(HOOK_EVENTS[tool])) {
    const text = limitText(hookContextLimit(tool, event));
    byLimit.set(text, [...(byLimit.get(text) ?? []), event]);
  }
  return [...byLimit]
    .map(([limit, events]) => `${limit} (${events.map(code).join(", ")})`)
    .join("; ");
}

/** The page's text. */
export function loadingTable(): string {
  const lines = [
    "# What each client loads",
    "",
    "<!-- Generated by `npm run docs:loading` from src/sync/loading.ts; do not edit. -->",
    "",
    "What each coding agent reads from a project when a session starts, as `contextfmt doctor`",
    "applies it (see [doctor.md](doctor.md)): which instruction files, in which order, which one",
    "wins, the byte cap and where it cuts, and what needs trust or approval. Each client says",
    "what its rules were checked against: the real client's request to a loopback model (the",
    "exact bytes it sends), or its documentation where the client cannot run here. To see it",
    "for your project:",
    "",
    "```sh",
    "npx contextfmt doctor",
    "```",
    "",
  ];
  for (const tool of SYNC_TOOLS) {
    const places = SYNC_TOOL_PLACES[tool];
    const loading = CLIENT_LOADING[tool];
    const rules = loading.instructions;
    lines.push(`## ${places.label} (${code(tool)})`, "");
    lines.push(
      loading.checked === "documentation"
        ? `From [its documentation](${(clientById(tool) as ClientSpec).documentation}) (no client run here).`
        : `Checked with ${code(loading.checked.client)} ${loading.checked.version}: what reached the model.`,
      "",
    );
    lines.push(
      rules.order === "start-only"
        ? "Instruction files, in the folder the session starts in only (none of the folders above it):"
        : `Instruction files, in each folder from the project's root to the folder the session starts in (${rules.order === "root-first" ? "root first" : "the start folder first, the root last"}):`,
      "",
    );
    if (rules.addedBy !== undefined) {
      lines.push(
        `0. the names ${code(rules.addedBy.key.join("."))} in ${code(rules.addedBy.path)} gives (a name or a list), before the others`,
      );
    }
    rules.places.forEach((entry, index) => {
      lines.push(
        `${index + 1}. ${place(entry, rules.order === "start-only" ? "in the start folder" : "at the project's root")}`,
      );
    });
    lines.push("");
    const facts = [
      `Folders below the start folder: ${rules.below === "none" ? "not read" : "read when the agent works on a file there"}.`,
      `\`@path\` imports: ${
        rules.imports === false
          ? "not followed"
          : `${rules.imports === true ? "" : `in ${rules.imports.map(code).join(" and ")} only: `}read right after the file that names them, five hops deep${rules.importsReadAgain === true ? ", even a file it has read in its own right (that text reaches it twice)" : ""}`
      }.`,
      ...(rules.dropsSameText === true
        ? [
            "A file whose whole text is that of one it read before is dropped: two files alike reach it once.",
          ]
        : []),
      rules.maxBytes === undefined
        ? "Byte cap: none."
        : `Byte cap: ${rules.maxBytes.bytes} bytes (${code(rules.maxBytes.setting.key.join("."))} in ${code(rules.maxBytes.setting.path)}), spent in the order above: the file it runs out in loses its end, later files are dropped.`,
      userLevel(tool),
      `Commands: ${globs(tool, "command")}. Agents: ${globs(tool, "agent")}. Skills: ${globs(tool, "skill")}.${sourceOnly(tool)}`,
      `MCP servers: ${places.mcp === undefined ? "none in the project" : `${code(places.mcp.path)} ${code(places.mcp.key)}`}${loading.mcpGate ? `; ${loading.mcpGate}` : ""}.`,
      ...(isHookTool(tool)
        ? [
            `Hook context inline limit: ${hookLimits(tool)}${loading.hooksGate ? `; ${loading.hooksGate}` : ""}.`,
          ]
        : []),
    ];
    lines.push(...facts.map((fact) => `- ${fact}`), "");
  }
  return `${lines.join("\n").trimEnd()}\n`;
}
