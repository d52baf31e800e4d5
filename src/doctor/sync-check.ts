/**
 * What `sync --check` would change, for a project synced before: the source tool, the targets
 * and the kinds are read back from sync's record (.contextfmt/written.json), and sync's own plan
 * says which files would change.
 */
import { posix } from "node:path";
import { SYNC_TOOL_PLACES, SYNC_TOOLS, type SyncKind, type SyncTool } from "../sync/locations.js";
import { planChanges } from "../sync/plan.js";
import { type WrittenKind, WrittenRecord } from "../workspace/record.js";
import type { DoctorProblem } from "./report.js";
import { unreadableReason } from "./unreadable.js";
import type { ProjectView } from "./view.js";

/** Whether `path` is one of `tool`'s places: an item's folder, its MCP file, its instruction file. */
function holds(tool: SyncTool, path: string): boolean {
  const places = SYNC_TOOL_PLACES[tool];
  return (
    Object.values(places.items).some((files) => path.startsWith(`${files.dir}/`)) ||
    places.mcp?.path === path ||
    posix.basename(path) === posix.basename(places.rulesFile)
  );
}

/** The kind `sync --only` names for what the record holds; undefined for `rules` (it needs the rules file). */
function kindOf(kind: WrittenKind, from: string | undefined): SyncKind | undefined {
  if (kind === "command" || kind === "agent" || kind === "skill") return kind;
  if (kind === "mcp-server" || kind === "mcp-excluded") return "mcp";
  if (kind === "rules-region" && from !== undefined) return "instructions";
  return undefined;
}

/**
 * `out_of_sync` problems, one per file sync would change, for each client reading that file;
 * none when the record names no source (nothing was synced, or only rules were). When the
 * record or sync's plan cannot be made (a file it reads cannot be read), an `unreadable` problem
 * says so, with why, for each client asked whose files it would have checked.
 */
export function outOfSync(view: ProjectView, clients: readonly SyncTool[]): DoctorProblem[] {
  const unknown = (error: unknown, of: readonly SyncTool[]): DoctorProblem[] => {
    const message = `what sync --check would change is unknown: ${unreadableReason(error)}`;
    return of
      .filter((client) => clients.includes(client))
      .map((client) => ({
        code: "unreadable",
        client,
        message,
      }));
  };
  let record: WrittenRecord;
  try {
    // As sync --check reads it: at its word, and without the user's evidence (outside the project).
    record = WrittenRecord.read(view.project, { atItsWord: true });
  } catch (error) {
    return unknown(error, clients);
  }
  // A record just read has touched nothing: every entry is untouched.
  const entries = record.untouched().filter((entry) => entry.from !== undefined);
  if (entries.length === 0) return [];
  const votes = SYNC_TOOLS.map(
    (tool) => entries.filter((e) => holds(tool, e.from as string)).length,
  );
  const from = SYNC_TOOLS[votes.indexOf(Math.max(...votes))] as SyncTool;
  const to = SYNC_TOOLS.filter(
    (tool) => tool !== from && entries.some((entry) => holds(tool, entry.path)),
  );
  const kinds = [
    ...new Set(entries.flatMap((entry) => kindOf(entry.kind, entry.from) ?? [])),
  ] as SyncKind[];
  if (to.length === 0 || kinds.length === 0) return [];
  let plan: ReturnType<typeof planChanges>;
  try {
    plan = planChanges({ project: view.project, record, from, to, kinds });
  } catch (error) {
    return unknown(error, to);
  }
  const problems: DoctorProblem[] = [];
  for (const file of plan.files) {
    if (file.after === file.before) continue;
    for (const client of to) {
      if (!clients.includes(client) || !holds(client, file.path)) continue;
      problems.push({
        code: "out_of_sync",
        client,
        path: file.path,
        message: `sync --from ${from} --to ${to.join(",")} --only ${kinds.join(",")} would ${file.after === undefined ? "remove" : "change"} ${file.path}`,
      });
    }
  }
  return problems;
}
