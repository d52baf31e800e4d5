/**
 * What `sync --check` would change, for a project synced before: the sync doctor checks is the
 * one sync's record (.contextfmt/written.json) says wrote it last, and sync's own plan says which
 * files would change. Only that sync's targets are checked: a client never synced to has nothing
 * out of sync, whatever file it shares with one that was.
 */
import { posix } from "node:path";
import { unreadableReason } from "../sync/loads/unreadable.js";
import type { ProjectView } from "../sync/loads/view.js";
import {
  SYNC_KINDS,
  SYNC_TOOL_PLACES,
  SYNC_TOOLS,
  type SyncKind,
  type SyncTool,
} from "../sync/locations.js";
import { planChanges } from "../sync/plan.js";
import { ruleFolder } from "../sync/rule-files.js";
import { type WrittenKind, WrittenRecord } from "../workspace/record.js";
import type { DoctorProblem } from "./report.js";

/**
 * Whether `path` is one of `tool`'s places: an item's folder, its MCP file, its ignore file, its
 * instruction file.
 */
function holds(tool: SyncTool, path: string): boolean {
  const places = SYNC_TOOL_PLACES[tool];
  return (
    Object.values(places.items).some((files) => path.startsWith(`${files.dir}/`)) ||
    places.mcp?.path === path ||
    places.ignore?.path === path ||
    (ruleFolder(tool) !== undefined && path.startsWith(`${ruleFolder(tool)?.dir}/`)) ||
    posix.basename(path) === posix.basename(places.rulesFile)
  );
}

/** The kind `sync --only` names for what the record holds; undefined for `rules` (it needs the rules file). */
function kindOf(kind: WrittenKind, from: string | undefined): SyncKind | undefined {
  if (kind === "command" || kind === "agent" || kind === "skill" || kind === "rule-file") {
    return kind;
  }
  if (kind === "mcp-server" || kind === "mcp-excluded") return "mcp";
  if (kind === "user-hook") return "hook";
  if (kind === "permission") return "permission";
  if (kind === "rules-region" && from !== undefined) return "instructions";
  if (kind === "ignore-region") return "ignore";
  return undefined;
}

/** The sync doctor checks again: its source, targets and kinds, and how it was found. */
export interface CheckedSync {
  readonly from: SyncTool;
  readonly to: readonly SyncTool[];
  /** The kinds it synced, as `--only` names them. */
  readonly kinds: readonly SyncKind[];
  /** Whether it carried allow rules too (`--carry-allows`). */
  readonly carryAllows?: boolean;
  /**
   * `recorded`: the record names it (the last sync's own request); `inferred`: a record from
   * before it did, whose entries suggest it.
   */
  readonly found: "recorded" | "inferred";
}

/**
 * The sync doctor checks: the last one the record names, else (a record from before it named
 * one) the one its entries suggest, each target the first client whose place holds a written
 * file (the one sync writes a shared file for). Undefined when there is none to check: nothing
 * was synced, or only the rules (they need the rules file). Where targets come from, in one
 * place: a project's own setting of them would be read here first.
 */
export function syncToCheck({
  record,
}: {
  readonly record: WrittenRecord;
}): CheckedSync | undefined {
  const synced = record.synced;
  if (synced !== undefined) {
    // The rules are not checked: their input file is not the project's to know.
    const kinds = SYNC_KINDS.filter((kind) => kind !== "rules" && synced.kinds.includes(kind));
    if (synced.from === undefined || kinds.length === 0) return undefined;
    const to = synced.to.filter((tool) => tool !== synced.from);
    if (to.length === 0) return undefined;
    const carryAllows = synced.carryAllows === true;
    return { from: synced.from, to, kinds, ...(carryAllows && { carryAllows }), found: "recorded" };
  }
  // A record just read has touched nothing: every entry is untouched.
  const entries = record.untouched().filter((entry) => entry.from !== undefined);
  if (entries.length === 0) return undefined;
  const votes = SYNC_TOOLS.map(
    (tool) => entries.filter((e) => holds(tool, e.from as string)).length,
  );
  const from = SYNC_TOOLS[votes.indexOf(Math.max(...votes))] as SyncTool;
  const writers = new Set(
    entries.map((entry) => SYNC_TOOLS.find((tool) => tool !== from && holds(tool, entry.path))),
  );
  const to = SYNC_TOOLS.filter((tool) => writers.has(tool));
  const kinds = [
    ...new Set(entries.flatMap((entry) => kindOf(entry.kind, entry.from) ?? [])),
  ] as SyncKind[];
  if (to.length === 0 || kinds.length === 0) return undefined;
  return { from, to, kinds, found: "inferred" };
}

/** That `sync` would `change` a file, naming the sync as a command line and where it was found. */
function wouldChange(sync: CheckedSync, change: string): string {
  const line = `sync --from ${sync.from} --to ${sync.to.join(",")} --only ${sync.kinds.join(",")}${sync.carryAllows ? " --carry-allows" : ""}`;
  return sync.found === "recorded"
    ? `${line} would ${change}`
    : `${line} would ${change} (the sync the entries of .contextfmt/written.json suggest: it is from before the record named its sync)`;
}

/**
 * `out_of_sync` problems, one per file sync would change, for each target of the checked sync
 * (see {@link syncToCheck}) that reads that file; none when there is no sync to check. When the
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
  const sync = syncToCheck({ record });
  if (sync === undefined) return [];
  let plan: ReturnType<typeof planChanges>;
  try {
    const { from, to, kinds, carryAllows } = sync;
    plan = planChanges({
      project: view.project,
      record,
      from,
      to,
      kinds,
      carryAllows: carryAllows === true,
    });
  } catch (error) {
    return unknown(error, sync.to);
  }
  const problems: DoctorProblem[] = [];
  for (const file of plan.files) {
    if (file.after === file.before) continue;
    for (const client of sync.to) {
      if (!clients.includes(client) || !holds(client, file.path)) continue;
      problems.push({
        code: "out_of_sync",
        client,
        path: file.path,
        message: wouldChange(
          sync,
          `${file.after === undefined ? "remove" : "change"} ${file.path}`,
        ),
      });
    }
  }
  return problems;
}
