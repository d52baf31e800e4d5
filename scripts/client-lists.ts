/**
 * The lists of clients in README.md and docs/, generated from src/clients: a list in prose sits
 * between `<!-- clients:<list> -->` and `<!-- /clients -->` (hidden when the page is shown), and
 * a usage line's `contextfmt init <…>` / `contextfmt hook <…>` names the hook clients. So a new
 * client, or one that gains hooks, changes every page at once: `npm run docs:clients` rewrites
 * them; test/docs/client-lists.test.ts fails when one is stale, or when a page lists four clients
 * or more without the markers.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { AGENT_FORMATS } from "../src/agent-config/agents/agent.js";
import { COMMAND_FORMATS } from "../src/agent-config/commands/command.js";
import { MCP_CONFIG_FORMATS } from "../src/agent-config/mcp/mcp-server.js";
import { SKILL_FORMATS } from "../src/agent-config/skills/skill.js";
import { CLIENTS, type Client, HOOK_CLIENTS, SYNC_ORDER } from "../src/clients/index.js";
import { REAL_CLIENT_CHECKS } from "../test/clients/checked.js";
import { pages } from "../test/docs/snippets.js";

export const ROOT = new URL("..", import.meta.url).pathname;

/** `A, B and C`. */
function inWords(names: readonly string[]): string {
  return names.length < 2
    ? names.join("")
    : `${names.slice(0, -1).join(", ")} and ${names.at(-1) as string}`;
}

const labels = (clients: readonly Client[]) => inWords(clients.map((client) => client.label));
const ids = (clients: readonly Client[]) => clients.map((client) => `\`${client.id}\``).join(", ");

/** Each list a page may hold, by the name its marker gives. */
export const CLIENT_LISTS: Readonly<Record<string, string>> = {
  /** The clients `init` installs hooks for and `hook` answers, by name. */
  "hook-names": labels(HOOK_CLIENTS),
  /** The clients sync writes, in the order it writes them, by name. */
  "sync-names": labels(SYNC_ORDER),
  /** The clients doctor reads (the sync clients), by id. */
  "sync-ids": ids(SYNC_ORDER),
  /** The hook clients whose hooks the real-client suite runs (test/clients/checked.ts). */
  "real-client-hook-names": labels(
    HOOK_CLIENTS.filter((client) => REAL_CLIENT_CHECKS[client.id]?.hooks !== undefined),
  ),
  /** The sync clients that read AGENTS.md, in sync's order. */
  "agents-md-names": labels(SYNC_ORDER.filter((client) => client.instructionFile === "AGENTS.md")),
  /** The clients contextfmt/agent-config converts some kind to and from, beside the first three. */
  "agent-config-names": labels(
    CLIENTS.filter(
      (client) =>
        !["claude", "codex", "gemini"].includes(client.id) &&
        [COMMAND_FORMATS, MCP_CONFIG_FORMATS, AGENT_FORMATS, SKILL_FORMATS].some((formats) =>
          (formats as readonly string[]).includes(client.id),
        ),
    ),
  ),
};

const MARKED = /<!-- clients:([a-z-]+) -->([\s\S]*?)<!-- \/clients -->/g;
const USAGE = /(contextfmt (?:init|hook) <)([a-z]+(?:\|[a-z]+)+)(>)/g;

/** The page's text with every marked list and usage line as the client list makes it. */
export function withClientLists(text: string): string {
  return text
    .replace(MARKED, (whole, name: string) => {
      const list = CLIENT_LISTS[name];
      if (list === undefined) throw new Error(`unknown client list "${name}" in ${whole}`);
      return `<!-- clients:${name} -->${list}<!-- /clients -->`;
    })
    .replace(USAGE, (_whole, before: string, _list: string, after: string) => {
      return `${before}${HOOK_CLIENTS.map((client) => client.id).join("|")}${after}`;
    });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A client's name as the docs write it: its label, or without the vendor (`Copilot CLI`). */
const LABEL = `(?:${CLIENTS.flatMap(({ label }) => [label, label.replace(/^GitHub /, "")])
  .map(escapeRegExp)
  .join("|")})`;
/** Four client names or more in a row, as a sentence lists them. */
const UNMARKED = new RegExp(`${LABEL}(?:,\\s+${LABEL}){2,}(?:,?\\s+and\\s+${LABEL})?`, "g");

/** Lists of four clients or more outside the markers: each should be generated. */
export function unmarkedLists(text: string): string[] {
  return [...text.replace(MARKED, "").matchAll(UNMARKED)]
    .map((match) => match[0])
    .filter((list) => list.split(/,\s+|\s+and\s+/).length >= 4);
}

/** The user pages (README.md and docs/, not the generated API reference) and their text. */
export function clientListPages(): { page: string; text: string }[] {
  return pages(ROOT).map((page) => ({ page, text: readFileSync(join(ROOT, page), "utf8") }));
}
