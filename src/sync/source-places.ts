/**
 * Every place `sync --from <tool>` reads, as the planner reads it, and what those places hold
 * now: the source's instruction files (nested ones too, and the files they import), its item
 * folders, its rules folder and its MCP settings file. `sync --watch` watches these folders and
 * re-plans when what they hold changes. The places come from the same facts the planner reads
 * (the client's file in src/clients, through locations.ts), never from a list of their own.
 */
import { createHash } from "node:crypto";
import { statSync } from "node:fs";
import { posix } from "node:path";
import { type Project, ProjectFileError } from "../workspace/project.js";
import { importedFiles, SKIPPED_FOLDERS } from "./instructions.js";
import {
  instructionReading,
  RULES_FILES,
  readPlaces,
  SYNC_TOOL_PLACES,
  type SyncKind,
  type SyncTool,
} from "./locations.js";
import { permissionFile } from "./permissions.js";
import { ruleFolder } from "./rule-files.js";
import { userHookFile } from "./user-hooks.js";

/** The places one sync reads of its source client, relative to the project. */
export interface SourcePlaces {
  /** Files read by their path: the instruction file at the root, the MCP settings file. */
  readonly files: readonly string[];
  /** Folders whose files below are read: item folders, the rules folder (or its one file). */
  readonly folders: readonly string[];
  /**
   * A file name read in every folder but hidden and skipped ones (a nested `CLAUDE.md`), and
   * whether the files of that name import others (`@path`); absent: none is read below the root.
   */
  readonly everywhere?: { readonly name: string };
  /** Whether the instruction files' `@path` imports are read along with them. */
  readonly imports: boolean;
}

/**
 * The places `sync --from from` reads for `kinds`.
 *
 * @example
 * ```ts
 * sourcePlaces("claude", ["instructions", "skill"]);
 * // { files: ["CLAUDE.md"], folders: [".claude/skills"], everywhere: { name: "CLAUDE.md" }, imports: true }
 * ```
 */
export function sourcePlaces(from: SyncTool, kinds: readonly SyncKind[]): SourcePlaces {
  const files: string[] = [];
  const folders: string[] = [];
  let everywhere: SourcePlaces["everywhere"];
  let imports = false;
  for (const kind of kinds) {
    if (kind === "instructions") {
      files.push(RULES_FILES[from]);
      const reading = instructionReading(from);
      if (reading.nested) everywhere = { name: posix.basename(RULES_FILES[from]) };
      imports = reading.imports;
    } else if (kind === "mcp") {
      const mcp = SYNC_TOOL_PLACES[from].mcp;
      if (mcp !== undefined) files.push(mcp.path);
    } else if (kind === "hook") {
      const hooks = userHookFile(from);
      if (hooks !== undefined) files.push(hooks);
    } else if (kind === "permission") {
      const permissions = permissionFile(from);
      if (permissions !== undefined) files.push(permissions);
    } else if (kind === "ignore") {
      const ignore = SYNC_TOOL_PLACES[from].ignore;
      if (ignore !== undefined) files.push(ignore.path);
    } else if (kind === "rule-file") {
      const folder = ruleFolder(from);
      if (folder !== undefined) folders.push(folder.dir);
    } else if (kind !== "rules") {
      folders.push(...readPlaces(from, kind, "source").map((place) => place.dir));
    }
  }
  return {
    files: [...new Set(files)],
    folders: [...new Set(folders)],
    ...(everywhere && { everywhere }),
    imports,
  };
}

/** What the source places hold at one moment. */
export interface SourceState {
  /** By real path, a hash of each source file's bytes (or why it cannot be read). */
  readonly files: ReadonlyMap<string, string>;
  /**
   * The real paths of the folders worth watching: each existing folder on the way to a place
   * (where it would be created), and every folder below a folder place (and below the root, for
   * a name read everywhere).
   */
  readonly folders: ReadonlySet<string>;
  /** The real paths of the places themselves, present or not: a change there concerns the sync. */
  readonly places: ReadonlySet<string>;
}

/** What a file holds, as a state compares it: a hash of its bytes. */
export const contentKey = (bytes: Uint8Array): string =>
  createHash("sha256").update(bytes).digest("hex");

const skipFolder = (name: string) => SKIPPED_FOLDERS.has(name) || name.startsWith(".");

/**
 * What `places` of `project` hold now. Links are followed as the planner follows them (inside the
 * project only); a file the planner would refuse is held as its refusal, so that fixing it is a
 * change too.
 */
export function sourceState(project: Project, places: SourcePlaces): SourceState {
  const files = new Map<string, string>();
  const folders = new Set<string>();
  const placeReals = new Set<string>();
  const real = (path: string) => {
    const located = project.locate(path);
    return "real" in located ? located.real : undefined;
  };
  /** Every existing folder from the root to `path`'s own folder (or to `path`, a folder). */
  const onTheWay = (path: string, self: boolean) => {
    const parts = path.split("/");
    const upTo = self ? parts.length : parts.length - 1;
    folders.add(project.root);
    for (let i = 1; i <= upTo; i++) {
      const at = real(parts.slice(0, i).join("/"));
      if (at === undefined || !isFolder(at)) return;
      folders.add(at);
    }
  };
  const texts = new Map<string, string | undefined>();
  /** Notes what file `path` holds, once; its text, when it has one. */
  const hold = (path: string): string | undefined => {
    const at = real(path);
    if (at === undefined) {
      // A link leading out: the planner refuses it, and a change of where it leads is a change.
      files.set(`${project.root}/${path}`, `refused: ${readlinkPath(project, path)}`);
      return undefined;
    }
    if (texts.has(at)) return texts.get(at);
    let text: string | undefined;
    try {
      const bytes = project.read(path);
      if (bytes !== undefined) {
        files.set(at, contentKey(bytes));
        text = bytes.toString("utf8");
      }
    } catch (error) {
      if (!ProjectFileError.is(error)) throw error;
      files.set(at, `unreadable: ${error.message}`);
    }
    texts.set(at, text);
    return text;
  };
  const entered = (_path: string, at: string) => folders.add(at);
  const instructionFiles: string[] = [];
  for (const path of places.files) {
    const at = real(path);
    if (at !== undefined) placeReals.add(at);
    onTheWay(path, false);
    if (project.isFile(path)) instructionFiles.push(path);
  }
  for (const dir of places.folders) {
    const at = real(dir);
    if (at !== undefined) placeReals.add(at);
    onTheWay(dir, true);
    if (project.isFile(dir)) hold(dir);
    else for (const path of project.filesBelow(dir, () => {}, undefined, entered)) hold(path);
  }
  if (places.everywhere !== undefined) {
    const { name } = places.everywhere;
    for (const path of project.filesBelow("", () => {}, skipFolder, entered)) {
      if (path.endsWith(`/${name}`)) instructionFiles.push(path);
    }
  }
  for (const path of places.files) hold(path);
  for (const path of instructionFiles) {
    const text = hold(path);
    if (!places.imports || text === undefined) continue;
    // An import named but not there yet is a place too: creating it changes what is carried.
    const missing = (token: string, file: string) => {
      const named = posix.normalize(posix.join(posix.dirname(file), token));
      if (named === ".." || named.startsWith("../") || named.startsWith("/")) return;
      const at = real(named);
      if (at === undefined) return;
      placeReals.add(at);
      onTheWay(named, false);
    };
    const read = (file: string) => hold(file) ?? "";
    for (const imported of importedFiles(project, path, text, read, () => {}, missing)) {
      const at = real(imported.path);
      if (at !== undefined) placeReals.add(at);
      onTheWay(imported.path, false);
    }
  }
  return { files, folders, places: placeReals };
}

function isFolder(real: string): boolean {
  try {
    return statSync(real).isDirectory();
  } catch {
    return false;
  }
}

/** Why `path` is refused, as the project says it (the link and where it leads). */
function readlinkPath(project: Project, path: string): string {
  const located = project.locate(path);
  return "refused" in located ? located.refused : path;
}

/** The real paths whose content differs between two states, in order. */
export function changedFiles(
  before: ReadonlyMap<string, string>,
  after: ReadonlyMap<string, string>,
): string[] {
  const changed = new Set<string>();
  for (const [path, key] of before) if (after.get(path) !== key) changed.add(path);
  for (const [path, key] of after) if (before.get(path) !== key) changed.add(path);
  return [...changed].sort();
}
