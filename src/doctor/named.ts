/**
 * The duplicates sync named: where a client's own rules make it load something twice (Copilot
 * CLI reads AGENTS.md, CLAUDE.md and GEMINI.md, none shadowing), sync says so in a `loaded_twice`
 * warning and its record keeps what it named. doctor reports the matching problem as known
 * (severity `info`, `--strict` passes over it), only while two things hold: this user's
 * evidence proves their own sync noted it (a record that came with a clone silences nothing),
 * and the places still hold what that sync left there (an edit since makes it a problem again).
 */
import { SYNC_TOOL_PLACES, SYNC_TOOLS, type SyncTool } from "../sync/locations.js";
import type { Project } from "../workspace/project.js";
import { type NamedTwice, namedHash, WrittenRecord } from "../workspace/record.js";
import type { ReportedProblem } from "./report.js";

/** What the last sync named and this user's sync noted, still as it left it; none when unknown. */
export function namedByOwnSync(project: Project): { named: NamedTwice[]; by: string } {
  let record: WrittenRecord;
  try {
    record = WrittenRecord.read(project);
  } catch {
    // An unreadable record is reported where sync's is checked (out_of_sync's unreadable).
    return { named: [], by: "" };
  }
  const read = (path: string) => project.read(path);
  const below = (dir: string) => project.filesBelow(dir, () => {});
  const named = record.provenNamed().filter((item) => {
    try {
      return namedHash(item.kind, item.paths, read, below) === item.sha256;
    } catch {
      // A place that cannot be read now is not as sync left it.
      return false;
    }
  });
  const synced = record.synced;
  return { named, by: synced === undefined ? "sync" : syncCommand(synced.from, synced.to) };
}

/** The command of a sync, its targets as `all` when they are every client but its source. */
function syncCommand(from: SyncTool | undefined, to: readonly string[]): string {
  const all = SYNC_TOOLS.every((tool) => tool === from || to.includes(tool));
  return `sync${from !== undefined ? ` --from ${from}` : ""} --to ${all ? "all" : to.join(",")}`;
}

/** Whether `path` is `place` or inside it. */
const within = (path: string, place: string) => path === place || path.startsWith(`${place}/`);

/** Whether `problem` is the duplicate `named` names: its client, between two of its places. */
function matches(problem: ReportedProblem, named: NamedTwice): boolean {
  const { path, other } = problem;
  if (problem.client !== named.client || path === undefined || other === undefined) return false;
  if (named.kind === "instructions") {
    return (
      problem.code === "duplicate_content" &&
      named.paths.includes(path) &&
      named.paths.includes(other)
    );
  }
  if (problem.code !== "shadowed") return false;
  const placeOf = (item: string) => named.paths.findIndex((place) => within(item, place));
  const at = placeOf(path);
  const otherAt = placeOf(other);
  return at !== -1 && otherAt !== -1 && at !== otherAt;
}

/**
 * `problems` with each one a named duplicate of `known` marked: severity `info` and `known`
 * saying what the last sync named (which sync it was is said once, by the report's `knownBy`).
 * Every other problem is as it was.
 */
export function markKnown(
  problems: readonly ReportedProblem[],
  known: { readonly named: readonly NamedTwice[]; readonly by: string },
): ReportedProblem[] {
  if (known.named.length === 0) return [...problems];
  return problems.map((problem) => {
    const named = known.named.find((item) => matches(problem, item));
    if (named === undefined) return problem;
    const what =
      named.kind === "instructions" ? "the same instructions" : `the same ${named.kind}s`;
    return {
      ...problem,
      severity: "info",
      known: `the last sync named it: ${SYNC_TOOL_PLACES[named.client].label} reads ${what} from each of ${named.paths.join(", ")}, by its own rules; they hold what that sync left there`,
    };
  });
}
