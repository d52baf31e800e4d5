/**
 * The user's level as sync sees it (`sync --user`): each client's own folder of the user's
 * (`~/.claude`, `$CODEX_HOME`, `~/.gemini`, `~config/opencode`, …) and what it keeps there,
 * from the `user` facts of its file in src/clients. Paths name the folder first, as the user
 * knows it (`~/.claude/commands/x.md`); {@link UserFolders} resolves them, each folder confined
 * on its own. A kind a client has no user place for is absent, and sync says so item by item.
 */
import { clientById, SYNC_ORDER } from "../clients/index.js";
import type { ClientSpec, ItemFiles, ItemKind, UserEnv, UserLevel } from "../clients/spec.js";
import { userFolderPath } from "../clients/spec.js";
import type { WrittenKind } from "../workspace/places.js";
import { vcsPart } from "../workspace/project.js";
import type { UserRoot } from "../workspace/user-folders.js";
import type { SyncPlaces, SyncTool, ToolPlaces } from "./locations.js";

/** The folder of the user's record of what `sync --user` wrote, as paths name it. */
export const USER_RECORD_FOLDER = "~/.contextfmt";

/**
 * The record of what `sync --user` wrote: in the user's home, outside every project and every
 * client's folder, so that no repository can ship one and no client rewrites it.
 */
export const USER_RECORD_PATH = `${USER_RECORD_FOLDER}/written.json`;

/** What `tool` keeps at the user level, or undefined when contextfmt knows nothing of it. */
export const userLevelOf = (tool: SyncTool): UserLevel | undefined =>
  (clientById(tool) as ClientSpec).user;

/** `path` (relative to `user`'s folder) as `sync --user` paths name it. */
const inFolder = (user: UserLevel, path: string) => `${user.folder.path}/${path}`;

/** The user places of `client`, as sync's planners take a client's places. */
function userToolPlaces(client: ClientSpec): ToolPlaces {
  const { user } = client;
  const none = `contextfmt knows no user-level place of ${client.label}`;
  if (user === undefined) {
    return {
      label: client.label,
      items: {},
      rulesFile: "",
      rulesFormat: client.rulesFormat,
      cannotHold: { command: none, agent: none, skill: none, mcp: none },
    };
  }
  const items: Partial<Record<ItemKind, ItemFiles>> = {};
  for (const [kind, files] of Object.entries(user.items ?? {}) as [ItemKind, ItemFiles][]) {
    items[kind] = { ...files, dir: inFolder(user, files.dir) };
  }
  return {
    label: client.label,
    items,
    ...(user.mcp && { mcp: { ...user.mcp, path: inFolder(user, user.mcp.path) } }),
    rulesFile: user.instructionFile === undefined ? "" : inFolder(user, user.instructionFile),
    rulesFormat: client.rulesFormat,
    ...(user.cannotHold && { cannotHold: user.cannotHold }),
  };
}

const BY_TOOL = new Map(SYNC_ORDER.map((client) => [client.id, userToolPlaces(client)]));

/** The user's places: each client's own folder of the user's. */
export const USER_PLACES: SyncPlaces = {
  level: "user",
  tool: (tool) => BY_TOOL.get(tool) as ToolPlaces,
  // One place per kind at the user level: the client's own folder, which it reads.
  readPlaces: (tool, kind) => {
    const own = USER_PLACES.tool(tool).items[kind];
    return own?.readable ? [{ ...own, loaded: true }] : [];
  },
};

/** Every place `sync --user` writes, with the kinds of record entry it writes there. */
const USER_WRITTEN: readonly { readonly at: string; readonly kinds: readonly WrittenKind[] }[] =
  SYNC_ORDER.flatMap((client) => {
    const places = USER_PLACES.tool(client.id);
    return [
      ...Object.entries(places.items).map(([kind, files]) => ({
        at: `${files.dir}/`,
        kinds: [kind as WrittenKind],
      })),
      ...(places.mcp === undefined
        ? []
        : [
            {
              at: places.mcp.path,
              kinds: [
                "mcp-server" as const,
                ...(places.mcp.format === "gemini" ? ["mcp-excluded" as const] : []),
              ],
            },
          ]),
      ...(places.rulesFile === ""
        ? []
        : [{ at: places.rulesFile, kinds: ["rules-region" as const] }]),
    ];
  });

const isAt = (at: string, path: string) => (at.endsWith("/") ? path.startsWith(at) : path === at);

/**
 * Whether an entry of the user's record may name `path` with `kind`: only a place `sync --user`
 * writes such a thing, never in a version control folder.
 *
 * @example
 * ```ts
 * isUserWrittenPlace("~/.claude/commands/review.md", "command"); // true
 * isUserWrittenPlace("~/.ssh/authorized_keys", "command"); // false
 * ```
 */
export function isUserWrittenPlace(path: string, kind: WrittenKind): boolean {
  return (
    vcsPart(path) === undefined &&
    USER_WRITTEN.some((place) => place.kinds.includes(kind) && isAt(place.at, path))
  );
}

/**
 * Whether a write of `sync --user` may land at `path` (links resolved): a place a client
 * reads at the user level, or the user's record's folder.
 */
export function isUserClientPlace(path: string): boolean {
  return (
    path.startsWith(`${USER_RECORD_FOLDER}/`) || USER_WRITTEN.some((place) => isAt(place.at, path))
  );
}

/**
 * The folders of `clients` (and the record's) for the user `env` describes, each once; a client
 * without a user folder, or whose folder the environment does not say, has none.
 */
export function userRoots(clients: readonly SyncTool[], env: UserEnv, home: string): UserRoot[] {
  const roots = new Map<string, UserRoot>();
  roots.set(USER_RECORD_FOLDER, { key: USER_RECORD_FOLDER, dir: `${home}/.contextfmt` });
  for (const id of clients) {
    const folder = userLevelOf(id)?.folder;
    if (folder === undefined || roots.has(folder.path)) continue;
    const dir = userFolderPath(folder, env);
    if (dir === undefined) continue;
    const chosenBy =
      folder.env !== undefined && env[folder.env] !== undefined && env[folder.env] !== ""
        ? folder.env
        : folder.path.startsWith("~config") && env.XDG_CONFIG_HOME?.startsWith("/")
          ? "XDG_CONFIG_HOME"
          : undefined;
    roots.set(folder.path, { key: folder.path, dir, ...(chosenBy && { chosenBy }) });
  }
  return [...roots.values()];
}
