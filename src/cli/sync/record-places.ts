/**
 * The places where `sync` and `init` write each kind the record holds, derived from the tools'
 * declared places ({@link SYNC_TOOL_PLACES}, init's {@link HOOK_SETTINGS} and starter files). An
 * entry of the record elsewhere is none of contextfmt's doing, whatever its hash: sync never
 * takes it as evidence, so a record cannot point sync at `.git/HEAD` or a file of the user's.
 */
import { HOOK_SETTINGS } from "../init/hook-settings.js";
import { STARTER_FILES } from "../init/starter-files.js";
import type { WrittenKind } from "../writer/record.js";
import { RULES_FILES, SYNC_TOOL_PLACES, SYNC_TOOLS } from "./locations.js";

/** Folders of version control: never a place of contextfmt's, wherever they sit. */
const VCS_FOLDERS: ReadonlySet<string> = new Set([".git", ".hg", ".svn", ".jj"]);

const tools = SYNC_TOOLS.map((tool) => SYNC_TOOL_PLACES[tool]);
const hookTools = Object.values(HOOK_SETTINGS);

/** Whether `path` is directly or deeper below folder `dir`. */
const below = (path: string, dir: string) => path.startsWith(`${dir}/`);

/** An instruction file: a tool's, at the root, or in a folder (a nested file). */
const isInstructionFile = (path: string) =>
  Object.values(RULES_FILES).some((file) => path === file || path.endsWith(`/${file}`));

/** The whole files init writes: the starter input files, a tool's own files, Cline's scripts. */
const isInitFile = (path: string) =>
  Object.keys(STARTER_FILES).some((name) => path === `.contextfmt/${name}`) ||
  hookTools.some(
    (settings) =>
      Object.hasOwn(settings.files ?? {}, path) ||
      (settings.script !== undefined &&
        below(path, settings.path) &&
        !path.slice(settings.path.length + 1).includes("/")),
  );

/**
 * Whether `path` is a place where contextfmt writes a `kind`: a command, agent or skill below
 * that kind's folder of a tool, a server in a tool's MCP file (an exclusion in a Gemini-format
 * settings file), a region in an instruction file, a hook or setting in a tool's hook settings,
 * a whole file init writes. Never inside a version-control folder.
 */
export function isRecordPlace(path: string, kind: WrittenKind): boolean {
  if (path.split("/").some((part) => VCS_FOLDERS.has(part))) return false;
  switch (kind) {
    case "command":
    case "agent":
    case "skill": {
      return tools.some((places) => {
        const dir = places.items[kind]?.dir;
        return dir !== undefined && below(path, dir);
      });
    }
    case "starter":
      return isInitFile(path);
    case "mcp-server":
      return tools.some((places) => places.mcp?.path === path);
    case "mcp-excluded":
      return tools.some((places) => places.mcp?.format === "gemini" && places.mcp.path === path);
    case "rules-region":
      return isInstructionFile(path);
    case "hook":
    case "setting":
      return hookTools.some((settings) => settings.script === undefined && settings.path === path);
  }
}
