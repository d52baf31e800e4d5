/**
 * The places a write may land: where a client `sync` or `init` writes for reads its agent
 * configuration, and contextfmt's own folder. A repository decides where each path leads (a link
 * inside it is its author's), so the writer checks the real path, every link resolved, against
 * these places: a skill folder that is a link to `docs/` or `src/` makes sync's writes land
 * where no client reads, over files sync has no business with, and is refused.
 */
import { HOOK_TOOLS } from "../../hooks/events.js";
import { HOOK_SETTINGS } from "../init/hook-settings.js";
import {
  instructionReading,
  RULES_FILES,
  SYNC_TOOL_PLACES,
  SYNC_TOOLS,
} from "../sync/locations.js";

/** contextfmt's own folder: the input files init starts and the record of what was written. */
const OWN_FOLDER = ".contextfmt";

/** Where writes may land, as project paths (`/`-separated), declared by the clients' tables. */
interface Places {
  /** Files, by their path. */
  readonly files: ReadonlySet<string>;
  /** Folders: any file below one is a place (a skill's extra files, a command's namespace). */
  readonly folders: readonly string[];
  /** File names a client reads in any folder (nested `AGENTS.md`, `CLAUDE.md`, `GEMINI.md`). */
  readonly names: ReadonlySet<string>;
}

/** Every place a client reads that sync or init writes. */
const CLIENT_PLACES: Places = (() => {
  const files = new Set<string>();
  const folders = new Set<string>([OWN_FOLDER]);
  const names = new Set<string>();
  for (const tool of SYNC_TOOLS) {
    const places = SYNC_TOOL_PLACES[tool];
    for (const items of Object.values(places.items)) folders.add(items.dir);
    if (places.mcp !== undefined) files.add(places.mcp.path);
    files.add(RULES_FILES[tool]);
    if (instructionReading(tool).nested) names.add(RULES_FILES[tool].split("/").at(-1) as string);
  }
  for (const tool of HOOK_TOOLS) {
    const settings = HOOK_SETTINGS[tool];
    // A tool that runs a script per event keeps them in a folder: `path` names it.
    (settings.script ? folders : files).add(settings.path);
    for (const path of Object.keys(settings.files ?? {})) files.add(path);
  }
  return { files, folders: [...folders].sort(), names };
})();

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
  const places = CLIENT_PLACES;
  return (
    places.files.has(path) ||
    places.folders.some((folder) => path.startsWith(`${folder}/`)) ||
    places.names.has(path.slice(path.lastIndexOf("/") + 1))
  );
}
