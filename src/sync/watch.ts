/**
 * `sync --watch`: a sync, then another each time what the source client's places hold changes.
 * Each run is the same plan and the same all-or-nothing batch as a single sync. Whether a change
 * happened is decided by what the places hold, never by when an event came: the state after a run
 * counts the run's own writes as seen (when the disk holds what the run wrote), so a write of its
 * own into a source place (through a link) starts no run, and an event that changes nothing
 * (a save of the same text) starts none either.
 *
 * Each folder is watched on its own (`fs.watch`, not recursive): Node 20's recursive watch on
 * Linux walks the whole tree, `node_modules` and `.git` included, where only the folders the
 * planner reads are worth a watch; a folder created later is watched once it is seen.
 */
import { type FSWatcher, statSync, watch } from "node:fs";
import { basename, join, sep } from "node:path";
import { badArgument, integerArgument } from "../problems/arguments.js";
import { Project } from "../workspace/project.js";
import type { SyncTool } from "./locations.js";
import {
  changedFiles,
  contentKey,
  type SourcePlaces,
  type SourceState,
  sourcePlaces,
  sourceState,
} from "./source-places.js";
import {
  type AppliedPlan,
  applyPlan,
  checkedOptions,
  type PlannedChange,
  planSync,
  type SyncOptions,
  type WritePlan,
} from "./sync.js";

/** What {@link watchSync} syncs, and how it waits. */
export interface WatchSyncOptions extends SyncOptions {
  /** The client whose places are watched and read. */
  readonly from: SyncTool;
  /** Replace what contextfmt did not write, or what changed since it did (as `applyPlan`'s). */
  readonly force?: boolean;
  /** How long the places must be quiet before a run, in milliseconds (default: 200). */
  readonly debounceMs?: number;
}

/** One run of a watched sync. */
export interface SyncRun {
  /**
   * The source files (relative to the project) whose change started the run: empty for the
   * first run.
   */
  readonly changed: readonly string[];
  /** The plan the run made. */
  readonly plan: WritePlan;
  /** What it wrote. */
  readonly applied: AppliedPlan;
}

/** What {@link watchSync} tells of each run. */
export interface WatchHandlers {
  /** A run planned and wrote its plan. */
  readonly onRun?: (run: SyncRun) => void;
  /**
   * A run failed (a conflict, a file that cannot be read): nothing of it is written, watching
   * goes on, and the next change tries again.
   */
  readonly onError?: (error: unknown, changed: readonly string[]) => void;
}

/** A watched sync, running until closed. */
export interface SyncWatcher {
  /** The source's places being watched, relative to the project. */
  readonly places: SourcePlaces;
  /** Stops watching: no run starts after it, and no watcher is left. */
  close(): Promise<void>;
}

/** A folder's watcher, and which folder it was (one made again at the path is another). */
interface Watched {
  readonly watcher: FSWatcher;
  readonly dev: number;
  readonly ino: number;
}

const DEFAULT_DEBOUNCE_MS = 200;

/**
 * Syncs as {@link planSync} and `applyPlan` do, then again each time a source place changes
 * (debounced): the source's instruction files, nested ones and their imports included, its item
 * folders, its rules folder and its MCP settings file. A run's writes start no run of their own.
 * A failed run is reported and watching goes on. The first run happens before this returns.
 *
 * @throws InvalidInputError for bad options (as planSync); ProjectFileError for a missing project.
 * @example
 * ```ts
 * const watcher = watchSync(
 *   { dir: "my-project", from: "claude", to: ["codex", "gemini"] },
 *   { onRun: ({ applied }) => console.log(applied.done.map((file) => file.path)) },
 * );
 * // later
 * await watcher.close();
 * ```
 */
export function watchSync(options: WatchSyncOptions, handlers: WatchHandlers = {}): SyncWatcher {
  const { from, kinds } = checkedOptions(options);
  if (from === undefined) {
    throw badArgument("from", "the source client, whose places are watched", undefined);
  }
  const debounce =
    options.debounceMs === undefined
      ? DEFAULT_DEBOUNCE_MS
      : integerArgument(options.debounceMs, "debounceMs");
  const places = sourcePlaces(from, kinds);
  if (places.files.length === 0 && places.folders.length === 0) {
    // The rules kind alone reads only its input, given once: there is nothing to watch.
    throw badArgument("kinds", "a kind read from the source's files (not the rules alone)", kinds);
  }
  const project = Project.at(options.dir ?? ".");
  const watchers = new Map<string, Watched>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  let state: SourceState;
  /** What the places held after the last run, its own writes included. */
  let baseline: ReadonlyMap<string, string>;

  const relative = (real: string) => project.relative(real);
  const report = (error: unknown, changed: readonly string[]) => handlers.onError?.(error, changed);

  /** Whether an event about `path` may concern the sync: a cheap look before a full one. */
  const concerns = (path: string) =>
    state.files.has(path) ||
    state.folders.has(path) ||
    [...state.places].some((place) => path === place || path.startsWith(`${place}${sep}`)) ||
    basename(path) === places.everywhere?.name ||
    isFolder(path);

  const schedule = () => {
    if (closed) return;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(look, debounce);
  };

  const watchFolder = (real: string) => {
    let stats: ReturnType<typeof statSync>;
    try {
      stats = statSync(real);
    } catch {
      return; // gone already: its parent's watcher tells when it is back
    }
    try {
      const watcher = watch(real, (_event, name) => {
        if (closed) return;
        if (name === null || concerns(join(real, name.toString()))) schedule();
      });
      watcher.on("error", () => {
        // Its folder went away: the next look watches what is there then.
        watcher.close();
        if (watchers.get(real)?.watcher === watcher) watchers.delete(real);
        schedule();
      });
      watchers.set(real, { watcher, dev: stats.dev, ino: stats.ino });
    } catch (error) {
      // Out of watches (ENOSPC on Linux) is the user's to know; a folder that just went is not.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") report(error, []);
    }
  };

  /** Watches exactly `folders`: new ones added, gone ones (or made again) replaced. */
  const watchOnly = (folders: ReadonlySet<string>) => {
    for (const [real, watched] of watchers) {
      if (folders.has(real) && sameFolder(real, watched)) continue;
      watched.watcher.close();
      watchers.delete(real);
    }
    for (const real of folders) if (!watchers.has(real)) watchFolder(real);
  };

  const observe = (): SourceState | undefined => {
    try {
      const now = sourceState(project, places);
      state = now;
      watchOnly(now.folders);
      return now;
    } catch (error) {
      // A folder removed while it was walked: look again once things are quiet.
      if ((error as NodeJS.ErrnoException).code === "ENOENT") schedule();
      else report(error, []);
      return undefined;
    }
  };

  const run = (before: SourceState, changed: readonly string[]) => {
    let outcome: SyncRun | undefined;
    let failure: unknown;
    try {
      const plan = planSync(options);
      const applied = applyPlan(plan, { force: options.force === true });
      outcome = { changed, plan, applied };
    } catch (error) {
      failure = error;
    }
    const after = observe() ?? before;
    baseline = settled(project, before.files, after.files, outcome?.applied.done ?? []);
    if (outcome !== undefined) handlers.onRun?.(outcome);
    else report(failure, changed);
  };

  const look = () => {
    timer = undefined;
    if (closed) return;
    const now = observe();
    if (now === undefined) return;
    const changed = changedFiles(baseline, now.files);
    if (changed.length > 0) run(now, changed.map(relative));
  };

  state = sourceState(project, places);
  baseline = state.files;
  // Watched before the first run: a change made while it runs is seen.
  watchOnly(state.folders);
  run(state, []);

  return {
    places,
    close: async () => {
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      const closing = [...watchers.values()].map(
        ({ watcher }) =>
          new Promise<void>((resolve) => {
            watcher.once("close", () => resolve());
            watcher.close();
          }),
      );
      watchers.clear();
      await Promise.all(closing);
      // A closed watcher's handle is freed in the event loop's close phase, which comes after
      // this turn's immediates: after the second, none is left.
      for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

/**
 * The state to compare the next look with, after a run from `before` left `after`: a file that
 * holds what the run wrote there counts as seen; any other difference (someone's edit while the
 * run ran) keeps its `before` content, so the next look sees it and runs again.
 */
export function settled(
  project: Project,
  before: ReadonlyMap<string, string>,
  after: ReadonlyMap<string, string>,
  written: readonly PlannedChange[],
): ReadonlyMap<string, string> {
  const ours = new Map<string, string | undefined>();
  for (const file of written) {
    const located = project.locate(file.path);
    if ("real" in located) ours.set(located.real, file.after);
  }
  const result = new Map(after);
  for (const path of changedFiles(before, after)) {
    if (ours.has(path) && holds(after.get(path), ours.get(path))) continue;
    const was = before.get(path);
    if (was === undefined) result.delete(path);
    else result.set(path, was);
  }
  return result;
}

/** Whether a file's content key is that of `text` as written (UTF-8, or Latin-1 kept so), or of none. */
function holds(key: string | undefined, text: string | undefined): boolean {
  if (text === undefined || key === undefined) return key === text;
  return (
    key === contentKey(Buffer.from(text, "utf8")) || key === contentKey(Buffer.from(text, "latin1"))
  );
}

function isFolder(real: string): boolean {
  try {
    return statSync(real).isDirectory();
  } catch {
    return false;
  }
}

/** Whether the folder at `real` is still the one `watched` watches. */
function sameFolder(real: string, watched: Watched): boolean {
  try {
    const stats = statSync(real);
    return stats.isDirectory() && stats.dev === watched.dev && stats.ino === watched.ino;
  } catch {
    return false;
  }
}
