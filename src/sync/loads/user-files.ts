/**
 * The instruction files a client reads outside the project for every session: the user's own
 * (`~/.claude/CLAUDE.md`) and an organisation's managed ones (`/etc/claude-code/CLAUDE.md`), by
 * the places its client file lists, in its order. They are the user's (or their admin's), not a
 * cloned repository's: a link is followed, as the client follows it. Read-only.
 */
import { type Dirent, readdirSync, realpathSync, statSync } from "node:fs";
import { readFrontmatter } from "../../agent-config/frontmatter.js";
import { clientById } from "../../clients/index.js";
import {
  type ClientSpec,
  type ReadFolder,
  readAtStart,
  type UserEnv,
  type UserLevel,
  userFolderPath,
} from "../../clients/spec.js";
import type { TokenCounter } from "../../tokens/counter.js";
import { decodeUtf8, kindOf, readFileCapped } from "../../workspace/project.js";
import type { SyncTool } from "../locations.js";
import type { DoctorProblem, LoadedFile } from "./found.js";
import { unreadableReason } from "./unreadable.js";

export type { UserEnv };

/** Whose files outside the project are read: the user's environment and system. */
export interface UserLookup {
  /** The environment the client would start in (`HOME`, `XDG_CONFIG_HOME`, `CODEX_HOME`, …). */
  readonly env: UserEnv;
  /** The system, as `process.platform` names it: which managed places apply. */
  readonly platform: string;
  /**
   * The folder absolute (managed) places are read below, "" for the system's own: a test
   * keeps a fake `/etc` there.
   */
  readonly systemRoot: string;
}

/** What a client reads of the user's: before the project's files, after them, and problems. */
export interface UserFiles {
  readonly before: LoadedFile[];
  readonly after: LoadedFile[];
  /** The text of each loaded file, in order (what reaches the model). */
  readonly kept: { readonly path: string; readonly text: string }[];
  readonly problems: DoctorProblem[];
  /** Why none is listed when the client has no user level contextfmt can read. */
  readonly none?: string;
  /** The files of `before` read right before the project's first file of a name: that name. */
  readonly byName: ReadonlyMap<LoadedFile, string>;
}

/** The last part of `path`. */
const nameOf = (path: string) => path.slice(path.lastIndexOf("/") + 1);

/**
 * The client's files in its order: the user's files before the project's (each read by name
 * right before the project's first file of that name, where there is one), the project's, then
 * the user's read after them.
 */
export function inClientOrder(user: UserFiles, project: readonly LoadedFile[]): LoadedFile[] {
  const waiting = new Map<string, LoadedFile[]>();
  const first: LoadedFile[] = [];
  for (const file of user.before) {
    const name = user.byName.get(file);
    if (name !== undefined && project.some((other) => nameOf(other.path) === name)) {
      waiting.set(name, [...(waiting.get(name) ?? []), file]);
    } else first.push(file);
  }
  const files = [...first];
  for (const file of project) {
    const name = nameOf(file.path);
    files.push(...(waiting.get(name) ?? []), file);
    waiting.delete(name);
  }
  return [...files, ...user.after];
}

/** A file's text, nothing there, or why it cannot be read. */
type Read = { readonly text: string } | { readonly reason: string } | undefined;

/** The text of the file at `abs` (`shown` in messages), following links as the client does. */
function readUserFile(abs: string, shown: string): Read {
  try {
    let real: string;
    try {
      real = realpathSync(abs);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ENOTDIR" || code === "ELOOP") return undefined;
      throw error;
    }
    const stats = statSync(real);
    if (!stats.isFile()) return { reason: `${shown}: ${kindOf(stats)}, not a file` };
    const bytes = readFileCapped(real, shown);
    return bytes === undefined ? undefined : { text: decodeUtf8(shown, bytes) };
  } catch (error) {
    return { reason: unreadableReason(error) };
  }
}

/**
 * The files below folder `abs` ending in `extension` (in its subfolders too when `nested`), as
 * paths relative to it, in code-unit order. A folder met twice through links is walked once.
 */
function filesIn(abs: string, place: ReadFolder): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  const walk = (dir: string, prefix: string) => {
    let real: string;
    let entries: Dirent[];
    try {
      real = realpathSync(dir);
      if (seen.has(real)) return;
      seen.add(real);
      entries = readdirSync(real, { withFileTypes: true });
    } catch {
      return;
    }
    const names = entries.map((entry) => entry.name).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (const name of names) {
      const path = `${prefix}${name}`;
      let folder = false;
      try {
        folder = statSync(`${real}/${name}`).isDirectory();
      } catch {
        // A dangling link: a file the read below reports as absent.
      }
      if (folder) {
        if (place.nested) walk(`${real}/${name}`, `${path}/`);
      } else if (name.endsWith(place.extension)) found.push(path);
    }
  };
  walk(abs, "");
  return found;
}

/** Why a file of a conditional folder is not read at the start; undefined when it is. */
function notAtStart(shown: string, text: string, place: ReadFolder): string | undefined {
  if (place.condition === undefined) return undefined;
  const { key } = place.condition;
  const value = readFrontmatter(shown, text).data[key];
  if (readAtStart(place.condition, value)) return undefined;
  return value === undefined
    ? `not read at the start: its frontmatter has no ${key}`
    : `not read at the start: its frontmatter's ${key} is ${JSON.stringify(value)}`;
}

/** `abs` as a person knows it: `~/…` below the home folder, else as it is. */
function shownPath(abs: string, env: UserEnv): string {
  const home = env.HOME || env.USERPROFILE;
  if (home && abs.startsWith(`${home.replace(/\/+$/, "")}/`)) {
    return `~${abs.slice(home.replace(/\/+$/, "").length)}`;
  }
  return abs;
}

/**
 * The user-level and managed instruction files `client` reads for every session, as its client
 * file lists them: each place's first present file (the others shadowed by it), or a folder's
 * files (those its frontmatter keeps for later listed as not read at the start). A file that
 * cannot be read is an `unreadable` problem, and the rest are still listed.
 */
export function userFiles(client: SyncTool, lookup: UserLookup, counter: TokenCounter): UserFiles {
  const spec: ClientSpec = clientById(client);
  const before: LoadedFile[] = [];
  const after: LoadedFile[] = [];
  const kept: { path: string; text: string }[] = [];
  const problems: DoctorProblem[] = [];
  const byName = new Map<LoadedFile, string>();
  const user: UserLevel | undefined = spec.user;
  if (user === undefined) {
    return {
      before,
      after,
      kept,
      problems,
      byName,
      none: `contextfmt knows no user-level file of ${spec.label}`,
    };
  }
  let previousFound = false;
  for (const place of user.instructions) {
    if (place.platform !== undefined && place.platform !== lookup.platform) continue;
    if (place.fallback && previousFound) continue;
    previousFound = false;
    const folder = userFolderPath(place.folder, lookup.env);
    if (folder === undefined) continue;
    const base =
      folder.startsWith("/") && place.level === "managed"
        ? `${lookup.systemRoot}${folder}`
        : folder;
    const list = place.after ? after : before;
    const add = (shown: string, text: string, loaded: boolean, extra: Partial<LoadedFile>) => {
      const file: LoadedFile = {
        path: shown,
        bytes: Buffer.byteLength(text),
        tokens: counter.count(text),
        loaded,
        level: place.level,
        ...extra,
      };
      list.push(file);
      if (place.byName && !place.after) byName.set(file, nameOf(shown));
      if (loaded) kept.push({ path: shown, text });
    };
    const read = (relative: string): { shown: string; text: string } | undefined => {
      const shown = shownPath(`${folder}/${relative}`, lookup.env);
      const got = readUserFile(`${base}/${relative}`, shown);
      if (got === undefined) return undefined;
      if ("reason" in got) {
        problems.push({ code: "unreadable", client, path: shown, message: got.reason });
        return undefined;
      }
      return { shown, text: got.text };
    };
    if ("names" in place.read) {
      const present = place.read.names.flatMap((name) => {
        const got = read(name);
        return got === undefined ? [] : [got];
      });
      const [winner, ...shadowed] = present;
      if (winner === undefined) continue;
      previousFound = true;
      add(winner.shown, winner.text, true, {});
      for (const other of shadowed) {
        add(other.shown, other.text, false, {
          shadowedBy: winner.shown,
          reason: `shadowed by ${winner.shown}: ${spec.label} reads only the first of ${place.read.names.join(", ")} there`,
        });
      }
    } else {
      const dir = place.read.dir === "" ? "" : `${place.read.dir}/`;
      for (const path of filesIn(`${base}/${place.read.dir}`, place.read)) {
        const got = read(`${dir}${path}`);
        if (got === undefined) continue;
        let later: string | undefined;
        try {
          later = notAtStart(got.shown, got.text, place.read);
        } catch (error) {
          problems.push({
            code: "unreadable",
            client,
            path: got.shown,
            message: unreadableReason(error),
          });
          continue;
        }
        previousFound = true;
        add(got.shown, got.text, later === undefined, later === undefined ? {} : { reason: later });
      }
    }
  }
  const none =
    user.instructions.length === 0
      ? (user.elsewhere ?? `${spec.label} reads no user-level file`)
      : undefined;
  return { before, after, kept, problems, byName, ...(none !== undefined ? { none } : {}) };
}
