/**
 * Every client contextfmt knows, each in a file of its own (see ./spec.ts): the lists, the ids
 * and a lookup. The hooks, the agent configs, sync, init and doctor read their per-client
 * tables from here.
 */

import { amazonq } from "./amazonq.js";
import { antigravity } from "./antigravity.js";
import { claude } from "./claude.js";
import { cline } from "./cline.js";
import { codex } from "./codex.js";
import { continueCli } from "./continue.js";
import { copilot } from "./copilot.js";
import { cursor } from "./cursor.js";
import { firebender } from "./firebender.js";
import { gemini } from "./gemini.js";
import { goose } from "./goose.js";
import { junie } from "./junie.js";
import { kilo } from "./kilo.js";
import { kiro } from "./kiro.js";
import { opencode } from "./opencode.js";
import { openhands } from "./openhands.js";
import { pi } from "./pi.js";
import { qwen } from "./qwen.js";
import { roo } from "./roo.js";
import type { ClientHooks, ClientSpec } from "./spec.js";
import { warp } from "./warp.js";
import { windsurf } from "./windsurf.js";
import { zed } from "./zed.js";

/** Every client, in the order help texts list them. */
export const CLIENTS = [
  claude,
  gemini,
  codex,
  copilot,
  qwen,
  opencode,
  cursor,
  cline,
  kilo,
  pi,
  continueCli,
  windsurf,
  roo,
  kiro,
  zed,
  goose,
  amazonq,
  junie,
  warp,
  antigravity,
  openhands,
  firebender,
] as const;

/** Any of the clients, with its own literal facts. */
export type Client = (typeof CLIENTS)[number];

/** A client's id: `claude`, `codex`, … */
export type ClientId = Client["id"];

/** The client whose id is `I`. */
export type ClientOf<I extends ClientId> = Extract<Client, { readonly id: I }>;

/** A client contextfmt installs hooks for. */
export type HookClient = Extract<Client, { readonly hooks: ClientHooks }>;

/** The ids of the clients with hooks. */
export type HookClientId = HookClient["id"];

/**
 * The clients in the order sync writes them: of several that share a file (AGENTS.md, .mcp.json)
 * the first one's text is written. Help lists Gemini CLI before Codex CLI; sync has always
 * written Codex CLI first, and its reports list the clients so; the rest in help order.
 */
export const SYNC_ORDER: readonly Client[] = [
  claude,
  codex,
  ...CLIENTS.filter((client) => client !== claude && client !== codex),
];

/** The clients with hooks, in help order. */
export const HOOK_CLIENTS: readonly HookClient[] = CLIENTS.filter(
  (client): client is HookClient => "hooks" in client,
);

const BY_ID: ReadonlyMap<string, Client> = new Map(CLIENTS.map((client) => [client.id, client]));

/**
 * The client whose id is `id`; `undefined` for any other value.
 *
 * @example
 * ```ts
 * clientById("codex")?.label; // "Codex CLI"
 * clientById("vim"); // undefined
 * ```
 */
export function clientById<I extends ClientId>(id: I): ClientOf<I>;
export function clientById(id: unknown): Client | undefined;
export function clientById(id: unknown): Client | undefined {
  return typeof id === "string" ? BY_ID.get(id) : undefined;
}

/** Each client by id, keyed as `Record<ClientId, …>` tables are: `fact(client)` for each. */
export function byClient<C extends ClientSpec, V>(
  clients: readonly C[],
  fact: (client: C) => V,
): Record<C["id"], V> {
  return Object.fromEntries(clients.map((client) => [client.id, fact(client)])) as Record<
    C["id"],
    V
  >;
}

export type { ClientSpec } from "./spec.js";
