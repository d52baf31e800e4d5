/**
 * `contextfmt sync --watch`: syncs, then syncs again on every change of the source's places,
 * printing each run's lines after the time it ran, until SIGINT or SIGTERM. A run is synchronous
 * from its plan to its last rename, so a signal is handled between runs: stopping never leaves a
 * batch half written.
 */
import { ContextFmtError } from "../problems/errors.js";
import type { Issue } from "../problems/issue.js";
import { UsageError } from "../problems/usage-error.js";
import { type WatchSyncOptions, watchSync } from "../sync.js";
import { reportIssues } from "./command.js";
import { summedLosses } from "./loss-summary.js";
import { printLines, shown, writeStderr } from "./output.js";
import { writtenLines } from "./sync-lines.js";

/** The flags that say what one run does and so have no meaning for a watch. */
const ONE_RUN_FLAGS = ["check", "dry-run", "strict", "init-config"] as const;

/**
 * Throws the usage error for `--watch` with a flag it does not take: `--check`, `--dry-run`,
 * `--strict` and `--init-config` each answer once, where a watch writes on every change.
 */
export function checkWatchFlags(values: Readonly<Record<string, unknown>>): void {
  const given = ONE_RUN_FLAGS.filter(
    (flag) => values[flag] !== undefined && values[flag] !== false,
  );
  if (given.length > 0) {
    throw new UsageError(
      `--watch writes on every change; ${given.map((flag) => `--${flag}`).join(", ")} answer${given.length > 1 ? "" : "s"} once: run without --watch`,
    );
  }
}

/** `HH:MM:SS` of `date`, local time: when a run wrote. */
const clock = (date: Date) =>
  [date.getHours(), date.getMinutes(), date.getSeconds()]
    .map((part) => String(part).padStart(2, "0"))
    .join(":");

/** One line of an error, as the bin shows any error. */
const described = (error: unknown) =>
  (ContextFmtError.is(error)
    ? error.message
    : `unexpected error: ${error instanceof Error ? error.message : String(error)}`
  )
    .split("\n")
    .join("; ");

/**
 * Watches until the process is asked to stop (SIGINT, SIGTERM), then closes every watcher and
 * returns 0. Each run prints, after its time, the lines a single sync prints; its warnings go to
 * stderr (one line per kind of loss, or one per item with `verbose`); a failed run is one line
 * on stderr and watching goes on.
 */
export async function watchUntilStopped(
  options: WatchSyncOptions,
  verbose: boolean,
): Promise<number> {
  // Heard before the first run: a signal then waits for the run's batch instead of cutting it.
  let stop = () => {};
  const stopped = new Promise<void>((resolve) => {
    stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve();
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
  let watcher: ReturnType<typeof watchSync>;
  try {
    watcher = start(options, verbose);
  } catch (error) {
    stop();
    throw error;
  }
  const { files, folders, everywhere } = watcher.places;
  const watched = [...files, ...folders, ...(everywhere ? [`**/${everywhere.name}`] : [])];
  writeStderr(
    `contextfmt: watching ${watched.map((place) => shown(place)).join(", ")} (Ctrl-C stops)\n`,
  );
  await stopped;
  await watcher.close();
  return 0;
}

/** The watch, each run printed as it ends. */
function start(options: WatchSyncOptions, verbose: boolean) {
  return watchSync(options, {
    onRun: ({ plan, applied }) => {
      // What a file already written says again is no news, as in a single sync.
      const warnings: Issue[] = [
        ...plan.warnings,
        ...plan.changed.flatMap((file) => file.warnings),
      ];
      reportIssues(verbose ? warnings : summedLosses(warnings));
      reportIssues(applied.warnings);
      const time = clock(new Date());
      printLines(writtenLines(plan, applied.done).map((line) => `${time} ${line}`));
    },
    onError: (error) => {
      writeStderr(`contextfmt: ${clock(new Date())} ${described(error)}; watching on\n`);
    },
  });
}
