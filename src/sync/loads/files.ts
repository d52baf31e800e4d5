import { posix } from "node:path";
import { readFrontmatter } from "../../agent-config/frontmatter.js";
import { importsIn, readAtStart } from "../../clients/spec.js";
import { InputFileError } from "../../hooks/input-text.js";
import type { TokenCounter } from "../../tokens/counter.js";
import { valueAt } from "../../workspace/json-edit.js";
import { regionParts, removeManagedRegion } from "../../workspace/managed-region.js";
import { ProjectFileError } from "../../workspace/project.js";
import { importedFiles, POINTER_WORDS } from "../instructions.js";
import {
  CLIENT_LOADING,
  type InstructionLoading,
  type ProjectSetting,
  type ReadFolder,
  type ReadPlace,
} from "../loading.js";
import { SYNC_TOOL_PLACES, type SyncTool } from "../locations.js";
import type { DoctorProblem, LoadedFile } from "./found.js";
import { textLines } from "./text-lines.js";
import { unreadableReason } from "./unreadable.js";
import type { ProjectView } from "./view.js";

/** `name` in `folder` ("" for the root). */
const inFolder = (folder: string, name: string) => (folder === "" ? name : `${folder}/${name}`);

/** The folders from the root down to `start`, root first. */
function chain(start: string): string[] {
  const folders = [""];
  if (start === "") return folders;
  const parts = start.split("/");
  for (let index = 1; index <= parts.length; index += 1) {
    folders.push(parts.slice(0, index).join("/"));
  }
  return folders;
}

/** One file as planned, before its sizes. */
interface Entry {
  readonly path: string;
  readonly text: string;
  loaded: boolean;
  reason?: string;
  shadowedBy?: string;
  importedBy?: string;
  cut?: { atByte: number; lostBytes: number };
}

/**
 * `setting`'s value in its file (JSON with comments, or TOML), or undefined when unset or its
 * file cannot be read.
 */
function settingOf(view: ProjectView, setting: ProjectSetting): unknown {
  const data = view.data(setting.path);
  return data === undefined ? undefined : valueAt(data, setting.key);
}

const settingName = (setting: ProjectSetting) => `${setting.key.join(".")} in ${setting.path}`;

/**
 * The places the client reads in each folder: the names its settings add (`context.fileName`: a
 * name or a list of names), then its own. A setting of another type is noted unreadable, and the
 * client's own places are read.
 */
function placesOf(view: ProjectView, rules: InstructionLoading): readonly ReadPlace[] {
  const setting = rules.addedBy;
  const value = setting === undefined ? undefined : settingOf(view, setting);
  if (setting === undefined || value === undefined) return rules.places;
  const names = typeof value === "string" ? [value] : value;
  if (!Array.isArray(names) || names.some((name) => typeof name !== "string")) {
    view.unreadable(
      setting.path,
      `${setting.path}: ${setting.key.join(".")}: expected a file name or a list of file names`,
    );
    return rules.places;
  }
  return [...(names as string[]).map((name) => ({ names: [name] })), ...rules.places];
}

/**
 * The client's byte cap: the project's setting, else its default; none without one. A setting
 * that is no number of bytes is noted unreadable, and the default holds.
 */
function capOf(view: ProjectView, rules: InstructionLoading): number | undefined {
  if (rules.maxBytes === undefined) return undefined;
  const value = settingOf(view, rules.maxBytes.setting);
  if (value === undefined) return rules.maxBytes.bytes;
  if (!Number.isSafeInteger(value) || (value as number) < 0) {
    const { path, key } = rules.maxBytes.setting;
    view.unreadable(path, `${path}: ${key.join(".")}: expected a whole number of bytes`);
    return rules.maxBytes.bytes;
  }
  return value as number;
}

/**
 * Why a file of a conditional folder is not read at the start; undefined when it is; `null` when
 * its frontmatter cannot be read (noted unreadable).
 */
function notAtStart(
  view: ProjectView,
  path: string,
  text: string,
  folder: ReadFolder,
): string | undefined | null {
  if (folder.condition === undefined) return undefined;
  const { key } = folder.condition;
  let value: unknown;
  try {
    value = readFrontmatter(path, text).data[key];
  } catch (error) {
    view.unreadable(path, `${path}: ${unreadableReason(error)}`);
    return null;
  }
  if (readAtStart(folder.condition, value)) return undefined;
  return value === undefined
    ? `not read at the start: its frontmatter has no ${key}`
    : `not read at the start: its frontmatter's ${key} is ${JSON.stringify(value)}`;
}

/** What one client reads: its files with sizes, and the problems found in them. */
export interface ClientFiles {
  readonly files: LoadedFile[];
  /** The client's byte cap on them, when it has one. */
  readonly maxBytes?: number;
  /** The kept text of each loaded file, in order (what reaches the model). */
  readonly kept: { readonly path: string; readonly text: string }[];
  readonly problems: DoctorProblem[];
}

/**
 * The instruction files `client` reads for a session started in `view.start`, in its order:
 * each folder from the root down (or up, for a client that reads the deepest first), per folder
 * its places in order (a list of names: its first present file, with its imports right after
 * it; a folder: its files, at the root only), then the files below the start folder, which it
 * reads later or never. Over the client's byte cap, the budget is spent in that order, so the
 * last file loses its end and any after it are dropped.
 */
export function clientFiles(
  view: ProjectView,
  client: SyncTool,
  counter: TokenCounter,
): ClientFiles {
  const { label } = SYNC_TOOL_PLACES[client];
  const rules = CLIENT_LOADING[client].instructions;
  const problems: DoctorProblem[] = [];
  const problem = (code: DoctorProblem["code"], path: string, message: string) =>
    problems.push({ code, client, path, message });
  const places = placesOf(view, rules);
  const entries: Entry[] = [];
  const listed = new Set<string>();
  // The files read in their own right, not as an import: a client that reads an import of one
  // of them again lists it twice.
  const ownRight = new Set<string>();
  const add = (entry: Entry) => {
    listed.add(entry.path);
    if (entry.importedBy === undefined) ownRight.add(entry.path);
    entries.push(entry);
  };
  const addImports = (path: string, text: string) => {
    const found = importedFiles(
      view.project,
      path,
      text,
      (file) => {
        const imported = view.text(file);
        // Noted unreadable by the view already; left out of the list.
        if (imported === undefined) throw new ProjectFileError(`${file}: cannot be read`);
        return imported;
      },
      // Outside the project is none of the doctor's to read; the client may read it.
      () => {},
      (token, file) => {
        const named = token.replace(/[.,;:!?)\]]+$/, "");
        if (!/\.md$/i.test(named)) return;
        problem(
          "not_loaded",
          file,
          `${file} imports @${named}, which names no file: ${label} skips it without a word`,
        );
      },
    );
    for (const file of found) {
      const again = rules.importsReadAgain === true && ownRight.has(file.path);
      if (listed.has(file.path) && !again) continue;
      add({
        path: file.path,
        text: file.text,
        loaded: true,
        importedBy: file.by,
        reason: `imported by ${file.by}`,
      });
    }
  };
  /** A file read before in its own right whose text is `text`, for a client that drops it. */
  const sameTextAs = (text: string): string | undefined =>
    rules.dropsSameText === true
      ? entries.find(
          (entry) => entry.loaded && entry.importedBy === undefined && entry.text === text,
        )?.path
      : undefined;
  /**
   * The first present file of `names` in `folder`, and the others shadowed by it. `chainFirst`:
   * a file of the first name somewhere from the root to the start folder, when the client
   * decides over that whole chain; then only the first name is read here.
   */
  const readSlot = (
    folder: string,
    names: readonly string[],
    fate: Pick<Entry, "loaded" | "reason">,
    chainFirst?: string,
  ) => {
    const present = names
      .map((name) => inFolder(folder, name))
      .filter((path) => view.text(path) !== undefined);
    const own = inFolder(folder, names[0] as string);
    const winner = chainFirst === undefined ? present[0] : present.includes(own) ? own : undefined;
    if (winner !== undefined && !listed.has(winner)) {
      const text = view.text(winner) as string;
      const alike = fate.loaded ? sameTextAs(text) : undefined;
      if (alike !== undefined) {
        add({
          path: winner,
          text,
          loaded: false,
          reason: `its text is that of ${alike}, which ${label} read already: dropped`,
        });
      } else {
        add({ path: winner, text, ...fate });
        if (importsIn(rules, winner) && fate.loaded) addImports(winner, text);
      }
    }
    const by = winner ?? chainFirst;
    for (const other of present) {
      if (other === winner || listed.has(other) || by === undefined) continue;
      add({
        path: other,
        text: view.text(other) as string,
        loaded: false,
        shadowedBy: by,
        reason:
          chainFirst === undefined
            ? `shadowed by ${by}: ${label} reads only the first of ${names.join(", ")} in a folder`
            : `shadowed by ${by}: ${label} reads ${names.slice(1).join(", ")} only where no folder from the root to the start folder has ${names[0]}`,
      });
    }
  };
  // Where the folders are read: the project's root, or the start folder for a client that reads
  // only there.
  const base = rules.order === "start-only" ? view.start : "";
  const readDir = (place: ReadFolder) => {
    const dir = { ...place, dir: inFolder(base, place.dir) };
    const prefix = `${dir.dir}/`;
    for (const path of view.filesBelow(dir.dir)) {
      const rest = path.slice(prefix.length);
      if (!path.endsWith(dir.extension) || (!dir.nested && rest.includes("/"))) continue;
      const text = view.text(path);
      if (text === undefined) continue;
      const later = notAtStart(view, path, text, dir);
      if (later === null) continue;
      add({
        path,
        text,
        loaded: later === undefined,
        ...(later !== undefined ? { reason: later } : {}),
      });
    }
  };
  const folders = rules.order === "start-only" ? [view.start] : chain(view.start);
  if (rules.order === "deepest-first") folders.reverse();
  const chainFirst = (names: readonly string[]) =>
    folders
      .map((folder) => inFolder(folder, names[0] as string))
      .find((path) => view.text(path) !== undefined);
  for (const folder of folders) {
    for (const place of places) {
      if ("names" in place) {
        const across = place.acrossFolders ? chainFirst(place.names) : undefined;
        readSlot(folder, place.names, { loaded: true }, across);
      } else if (folder === base && !place.last) readDir(place);
    }
  }
  for (const place of places) if (!("names" in place) && place.last) readDir(place);
  // The files below the start folder, folder by folder in the project's order.
  const slots = places.flatMap((place) => ("names" in place ? [place.names] : []));
  const names = new Set(slots.flat().filter((name) => !name.includes("/")));
  const below = new Set<string>();
  const isBelow = (path: string) => {
    const folder = posix.dirname(path);
    const inside = view.start === "" ? folder !== "." : folder.startsWith(`${view.start}/`);
    return inside && names.has(posix.basename(path));
  };
  for (const path of view.visibleFiles()) if (isBelow(path)) below.add(posix.dirname(path));
  for (const { path, message } of view.listingLeftOut) {
    if (path !== undefined && isBelow(path)) view.unreadable(path, message);
  }
  const later =
    rules.below === "on-demand"
      ? (folder: string) => `read when the agent works on a file in ${folder}/`
      : () =>
          `${label} reads instruction files from the project's root to the folder a session starts in`;
  for (const folder of below) {
    for (const slot of slots) readSlot(folder, slot, { loaded: false, reason: later(folder) });
  }
  if (rules.addedBy !== undefined && places !== rules.places) {
    const added = places.slice(0, places.length - rules.places.length);
    problem(
      "untrusted",
      rules.addedBy.path,
      `${label} reads ${settingName(rules.addedBy)} only in a trusted folder: elsewhere it does not read ${added.flatMap((place) => ("names" in place ? place.names : [])).join(", ")}`,
    );
  }
  const maxBytes = capOf(view, rules);
  capBytes(entries, maxBytes, label, problem);
  capChars(entries, rules.maxChars, label, problem);
  const files = entries.map((entry): LoadedFile => {
    const { path, text, loaded, reason, shadowedBy, importedBy, cut } = entry;
    return {
      path,
      bytes: Buffer.byteLength(text),
      tokens: counter.count(text),
      loaded,
      ...(reason !== undefined ? { reason } : {}),
      ...(shadowedBy !== undefined ? { shadowedBy } : {}),
      ...(importedBy !== undefined ? { importedBy } : {}),
      ...(cut !== undefined ? { cut } : {}),
    };
  });
  const kept = entries
    .filter((entry) => entry.loaded)
    .map((entry) => ({
      path: entry.path,
      text:
        entry.cut === undefined
          ? entry.text
          : Buffer.from(entry.text, "utf8").subarray(0, entry.cut.atByte).toString("utf8"),
    }));
  // A shadowed file is a problem only when some of its text reaches the client from nowhere
  // else in a session that reads the file in its stead: this one's files, and that file, read in
  // a session of its folder when it is below this one (the same text there loses nothing).
  const reached = new Set(kept.flatMap((file) => textLines(file.text)));
  // A file whose every line reaches the model from the files kept (an import target, such as
  // the CLAUDE.md that a shadowed GEMINI.md's `@CLAUDE.md` names, when AGENTS.md carries its
  // text): pointing at it loses nothing. Each file's lines are checked once.
  const wholeReached = new Map<string, boolean>();
  const reachedWhole = (path: string) => {
    const known = wholeReached.get(path);
    if (known !== undefined) return known;
    const text = view.text(path);
    const whole = text !== undefined && textLines(text).every((line) => reached.has(line));
    wholeReached.set(path, whole);
    return whole;
  };
  const byPath = new Map(entries.map((entry) => [entry.path, entry]));
  /** The lines of a shadowed file's part that reach this client from nowhere else. */
  const lostOf = (entry: Entry, lines: readonly string[]) => {
    const by = entry.shadowedBy as string;
    const winner = byPath.get(by);
    // A file below, read later; not one the cap dropped (its text reaches no session whole).
    const later = winner !== undefined && !winner.loaded && winner.cut === undefined;
    const instead = new Set(later ? textLines(winner.text) : []);
    return lines.filter(
      (line) =>
        !reached.has(line) &&
        !instead.has(line) &&
        !pointsAt(
          line,
          entry.path,
          // A file shadowed itself is reported on its own: its loss is not said twice.
          (path) => path === by || reachedWhole(path) || byPath.get(path)?.shadowedBy !== undefined,
        ),
    );
  };
  const shadowed = entries.flatMap((entry) =>
    entry.shadowedBy === undefined ? [] : [{ entry, ...shadowableLines(entry.path, entry.text) }],
  );
  // Each missed line is said once for this client, at the file a person wrote: a region sync
  // wrote holds copies of a source's text (the GEMINI.md made for Gemini from CLAUDE.md, which
  // Zed passes over for AGENTS.md), and where this client passes over that source too, its loss
  // is reported there, where it can be mended; a copy says it again only for lines no file of a
  // person's that this client passes over holds.
  const own = shadowed.map(({ entry, own }) => lostOf(entry, own));
  const said = new Set(own.flat());
  for (const [index, { entry, copied }] of shadowed.entries()) {
    const lines = [...(own[index] as string[])];
    for (const line of lostOf(entry, copied)) {
      if (said.has(line)) continue;
      said.add(line);
      lines.push(line);
    }
    const lost = lines.length;
    if (lost === 0) continue;
    problem(
      "shadowed",
      entry.path,
      `${label} reads ${entry.shadowedBy} instead of ${entry.path}: ${lost} line${lost > 1 ? "s" : ""} of it never reach${lost > 1 ? "" : "es"} the model`,
    );
  }
  return { files, ...(maxBytes !== undefined ? { maxBytes } : {}), kept, problems };
}

/**
 * Whether `line` (as {@link textLines} gives it) of the file at `from` only points with `@path`
 * at files `at` accepts (`@AGENTS.md`, `See @AGENTS.md`): in a file shadowed by the one it
 * names, such a line loses nothing; beside the files it imports, it says nothing of its own.
 */
export function pointsAt(line: string, from: string, at: (path: string) => boolean): boolean {
  const tokens = line.match(/(?:^|\s)@\S+/g);
  if (tokens === null) return false;
  const all = tokens.every((token) => {
    const bare = token
      .trim()
      .slice(1)
      .replace(/[.,;:!?)\]]+$/, "");
    return at(posix.normalize(posix.join(posix.dirname(from), bare)));
  });
  const rest = line.replace(/(?:^|\s)@\S+/g, " ").match(/\p{L}+/gu)?.length ?? 0;
  return all && rest <= POINTER_WORDS;
}

/**
 * The lines a client misses when another file shadows this one: all but the rules part of a
 * contextfmt region. Sync writes the rules in the format of the file's own readers, and plans
 * them so that each client it syncs them to loads them from a file that client reads: the same
 * rules in another client's format are no loss. `own`: the lines outside the region (a person's);
 * `copied`: the region's instructions, a copy of a source's text. A file whose markers do not
 * parse is all its own lines.
 */
function shadowableLines(
  path: string,
  text: string,
): { readonly own: string[]; readonly copied: string[] } {
  let removed: ReturnType<typeof removeManagedRegion>;
  try {
    removed = removeManagedRegion(path, text);
  } catch (error) {
    if (!InputFileError.is(error)) throw error;
    return { own: textLines(text), copied: [] };
  }
  if (removed === undefined) return { own: textLines(text), copied: [] };
  const { instructions } = regionParts(removed.before.replace(/\r\n/g, "\n"));
  return { own: textLines(removed.text), copied: textLines(instructions) };
}

/** Spends the client's byte cap in order: the file it runs out in is cut, later ones dropped. */
function capBytes(
  entries: Entry[],
  maxBytes: number | undefined,
  label: string,
  problem: (code: DoctorProblem["code"], path: string, message: string) => void,
): void {
  if (maxBytes === undefined) return;
  let left = maxBytes;
  for (const entry of entries) {
    if (!entry.loaded) continue;
    const bytes = Buffer.byteLength(entry.text);
    if (bytes <= left) {
      left -= bytes;
      continue;
    }
    entry.cut = { atByte: left, lostBytes: bytes - left };
    const cap = `${label}'s cap of ${maxBytes} bytes on instruction files`;
    if (left === 0) {
      entry.loaded = false;
      entry.reason = `dropped: ${cap} is spent on the files before it`;
      problem(
        "over_client_limit",
        entry.path,
        `none of ${entry.path} (${bytes} bytes) reaches the model: ${cap} is spent on the files before it`,
      );
    } else {
      entry.reason = cap;
      problem(
        "over_client_limit",
        entry.path,
        `${entry.path} is cut at byte ${left} of ${bytes} by ${cap}: its last ${bytes - left} bytes never reach the model`,
      );
    }
    left = 0;
  }
}

/**
 * Spends the client's character caps in order (Windsurf: each file cut at its own cap, and the
 * files together at the total): a file over what is left is cut there, later ones dropped.
 * Characters are UTF-16 code units, as the client's editor counts them; a cut never splits a
 * surrogate pair.
 */
function capChars(
  entries: Entry[],
  maxChars: InstructionLoading["maxChars"],
  label: string,
  problem: (code: DoctorProblem["code"], path: string, message: string) => void,
): void {
  if (maxChars === undefined) return;
  const { perFile = Number.POSITIVE_INFINITY, total = Number.POSITIVE_INFINITY } = maxChars;
  let left = total;
  for (const entry of entries) {
    if (!entry.loaded || entry.cut !== undefined) continue;
    const chars = entry.text.length;
    const room = Math.min(perFile, left);
    if (chars <= room) {
      left -= chars;
      continue;
    }
    const cap =
      room === perFile
        ? `${label}'s cap of ${perFile} characters on one instruction file`
        : `${label}'s cap of ${total} characters on its instruction files together`;
    const bytes = Buffer.byteLength(entry.text);
    if (room === 0) {
      entry.loaded = false;
      entry.reason = `dropped: ${cap} is spent on the files before it`;
      problem(
        "over_client_limit",
        entry.path,
        `none of ${entry.path} (${chars} characters) reaches the model: ${cap} is spent on the files before it`,
      );
      continue;
    }
    const high = entry.text.charCodeAt(room - 1);
    const at = high >= 0xd800 && high <= 0xdbff ? room - 1 : room;
    const atByte = Buffer.byteLength(entry.text.slice(0, at));
    entry.cut = { atByte, lostBytes: bytes - atByte };
    entry.reason = cap;
    problem(
      "over_client_limit",
      entry.path,
      `${entry.path} is cut at character ${at} of ${chars} by ${cap}: its last ${chars - at} characters never reach the model`,
    );
    left -= at;
  }
}
