/**
 * The places contextfmt writes, one list derived from the clients' files (src/clients: where
 * each reads each kind, what init installs for it) and init's {@link STARTER_FILES}, with what
 * it writes at each. Two
 * questions are asked of it:
 * - the writer's: may a write land at a real path (every link resolved)? Only where a client reads
 *   its configuration, or in contextfmt's own folder ({@link isClientPlace}). A repository decides
 *   where each path leads (a link inside it is its author's): a skill folder that is a link to
 *   `docs/` or `src/` would make sync's writes land where no client reads, over files sync has no
 *   business with.
 * - the record's: may an entry of that kind name this path ({@link isWrittenPlace})? An entry
 *   elsewhere is none of contextfmt's doing, whatever its hash, so a record cannot point sync at
 *   `.git/HEAD` or a file of the user's.
 */
import { CLIENTS } from "../clients/index.js";
import type { ClientSpec } from "../clients/spec.js";
import { vcsPart } from "./project.js";
import { STARTER_FILES } from "./starter-files.js";

/**
 * What an entry is: a whole file (a converted command, agent or skill, a file of a skill's
 * folder, a file init writes whole: a starter input file, OpenCode's plugin), or one part of a file that holds other things too.
 */
export type WrittenKind =
  | "command"
  | "agent"
  | "skill"
  | "rule-file"
  | "starter"
  | "mcp-server"
  | "mcp-excluded"
  | "rules-region"
  | "ignore-region"
  | "hook"
  | "user-hook"
  | "permission"
  | "setting";

/** contextfmt's own folder: the input files init starts and the record of what was written. */
const OWN_FOLDER = ".contextfmt";

/**
 * A place contextfmt writes, as project paths (`/`-separated): one file, every file below a
 * folder, or a file name in any folder (nested `AGENTS.md`, `CLAUDE.md`, `GEMINI.md`); and the
 * kinds of record entry it writes there (none: contextfmt's own folder, where the record is).
 */
type Place = { readonly kinds: readonly WrittenKind[] } & (
  | { readonly file: string }
  | { readonly folder: string }
  | { readonly name: string }
);

/** Every place `sync` or `init` writes. */
const PLACES: readonly Place[] = (() => {
  const places: Place[] = [{ folder: OWN_FOLDER, kinds: [] }];
  for (const name of Object.keys(STARTER_FILES)) {
    places.push({ file: `${OWN_FOLDER}/${name}`, kinds: ["starter"] });
  }
  for (const client of CLIENTS as readonly ClientSpec[]) {
    const { items, mcp, instructionFile } = client;
    for (const [kind, files] of Object.entries(items)) {
      places.push({ folder: files.dir, kinds: [kind as WrittenKind] });
    }
    if (mcp !== undefined) {
      // Only a Gemini-format settings file holds an exclusion list.
      const kinds: WrittenKind[] = [
        "mcp-server",
        ...(mcp.format === "gemini" ? ["mcp-excluded" as const] : []),
      ];
      places.push({ file: mcp.path, kinds });
    }
    places.push({ file: instructionFile, kinds: ["rules-region"] });
    if (client.ignore !== undefined)
      places.push({ file: client.ignore.path, kinds: ["ignore-region"] });
    if (client.permissions !== undefined)
      places.push({ file: client.permissions.path, kinds: ["permission"] });
    // A rules folder the client loads (`.claude/rules`, `.cursor/rules`): sync's rule files.
    for (const place of client.loading.instructions.places) {
      if ("dir" in place) places.push({ folder: place.dir, kinds: ["rule-file"] });
    }
    if (client.nestedInstructions) {
      places.push({ name: instructionFile.split("/").at(-1) as string, kinds: ["rules-region"] });
    }
    if (client.hooks === undefined) continue;
    const settings = client.hooks.install;
    // A tool that runs a script per event keeps them in a folder, `path`: init writes each whole.
    places.push(
      settings.script
        ? { folder: settings.path, kinds: ["starter"] }
        : { file: settings.path, kinds: ["hook", "user-hook", "setting"] },
    );
    for (const path of Object.keys(settings.files ?? {})) {
      places.push({ file: path, kinds: ["starter"] });
    }
  }
  return places;
})();

/** Whether `path` is the place `place` names. */
const isAt = (place: Place, path: string) =>
  "file" in place
    ? path === place.file
    : "folder" in place
      ? path.startsWith(`${place.folder}/`)
      : path === place.name || path.endsWith(`/${place.name}`);

/**
 * Whether `path` (relative to the project, `/`-separated, links resolved) is a place a client
 * reads its configuration from, or contextfmt's own folder.
 *
 * @example
 * ```ts
 * isClientPlace(".agents/skills/pdf/scripts/fill.py"); // true
 * isClientPlace("docs/AGENTS.md"); // true: Codex reads nested AGENTS.md files
 * isClientPlace("src/index.ts"); // false
 * ```
 */
export function isClientPlace(path: string): boolean {
  return PLACES.some((place) => isAt(place, path));
}

/**
 * Whether `path` is a place where contextfmt writes a `kind`: a command, agent or skill below
 * that kind's folder of a tool, a server in a tool's MCP file (an exclusion in a Gemini-format
 * settings file), a region in an instruction file, a hook or setting in a tool's hook settings,
 * a whole file init writes. Never inside a version-control folder.
 *
 * @example
 * ```ts
 * isWrittenPlace(".gemini/settings.json", "mcp-excluded"); // true
 * isWrittenPlace(".mcp.json", "mcp-excluded"); // false: Claude's file has no exclusions
 * isWrittenPlace(".gemini/skills/x/.git/HEAD", "skill"); // false
 * ```
 */
export function isWrittenPlace(path: string, kind: WrittenKind): boolean {
  return (
    vcsPart(path) === undefined &&
    PLACES.some((place) => place.kinds.includes(kind) && isAt(place, path))
  );
}
