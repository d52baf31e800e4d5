/**
 * What `sync` would write: every target file with its text before and after and the warnings of
 * what went into it. Nothing is written here: every source is read, every target read, parsed,
 * edited and checked first, so a problem anywhere stops the run before its first write. Files are
 * planned by their real path, so two targets that are one file (a link) are seen as one.
 */
import type { Issue } from "../problems/issue.js";
import { RECORD_PATH } from "../workspace/record.js";
import type { FileWrite } from "../workspace/write-batch.js";
import { type ClientLoads, clientLoads, problemsMadeBySync } from "./client-loads.js";
import { planIgnore } from "./ignore-files.js";
import { planRegions } from "./instruction-regions.js";
import { planItems } from "./item-files.js";
import type { SyncTool } from "./locations.js";
import { planMcp } from "./mcp-servers.js";
import { planPermissions } from "./permissions.js";
import { Plan, type PlannedFile, type SyncRequest } from "./planned-files.js";
import { planRemovals } from "./removals.js";
import { inlinedRules, planRuleFiles } from "./rule-files.js";
import { itemsLeftOut } from "./shared-skills.js";
import { planUserHooks } from "./user-hooks.js";

export type { PlannedFile, SyncRequest } from "./planned-files.js";

/** What `sync` would do. */
export interface SyncPlan {
  /** Every target file, the unchanged ones included. */
  readonly files: PlannedFile[];
  /**
   * What the plan would replace that contextfmt did not write, or that changed since it did:
   * `path` for a whole file, `path: key` for a part. Replaced only with `--force`.
   */
  readonly conflicts: string[];
  /** Warnings about no one file: sources left out. */
  readonly warnings: Issue[];
  /** What each target client loads before the sync and after it. */
  readonly loads: ClientLoads[];
}

/** The warning naming, once, what the record claims without this user's evidence. */
function unprovenWarning(unproven: readonly string[]): Issue[] {
  if (unproven.length === 0) return [];
  return [
    {
      code: "kept_unproven",
      severity: "warning",
      path: RECORD_PATH,
      message: `kept as they are, though the record lists them as contextfmt's: this user's contextfmt has no evidence of writing them in this folder (another user's sync wrote them, they came with the project, or they were written before this user's contextfmt kept evidence), so they are not taken as this user's to replace or remove: ${[...new Set(unproven)].join(", ")} (a sync by whoever wrote them can take them out)`,
    },
  ];
}

/** The writes of the files that change, as the writer's batch takes them. */
export function changedWrites(files: readonly PlannedFile[]): FileWrite[] {
  return files
    .filter((file) => file.after !== file.before)
    .map((file) => ({
      path: file.path,
      bytes: file.after === undefined ? undefined : Buffer.from(file.after, file.encoding),
      before: file.beforeBytes,
    }));
}

/** Everything `sync` would write for `request`, and what it would replace without owning it. */
export function planChanges(request: SyncRequest): SyncPlan {
  const plan = new Plan(request.project, request.record);
  planRegions(plan, request, inlinedRules(plan, request));
  const from = request.from as SyncTool;
  const leftOut = {
    skill: from === undefined ? undefined : itemsLeftOut(plan, from, request.to, "skill"),
    command: from === undefined ? undefined : itemsLeftOut(plan, from, request.to, "command"),
    agent: from === undefined ? undefined : itemsLeftOut(plan, from, request.to, "agent"),
  };
  for (const to of request.to) {
    for (const kind of request.kinds) {
      if (
        kind === "rules" ||
        kind === "instructions" ||
        kind === "rule-file" ||
        kind === "ignore" ||
        kind === "permission"
      )
        continue;
      if (from === to) continue;
      if (kind === "mcp") planMcp(plan, from, to);
      else if (kind === "hook") planUserHooks(plan, from, to);
      else {
        const why = leftOut[kind]?.leftOut.get(to);
        planItems(plan, from, to, kind, why);
      }
    }
  }
  for (const kind of ["skill", "command"] as const) {
    if (!request.kinds.includes(kind)) continue;
    for (const { dir, issue } of leftOut[kind]?.twice ?? []) {
      const file = plan.files().find((planned) => planned.path.startsWith(`${dir}/`));
      if (file?.after !== undefined)
        plan.write(file.path, file.after, [issue], undefined, file.encoding);
    }
  }
  planRuleFiles(plan, request);
  planIgnore(plan, request);
  planPermissions(plan, request);
  planRemovals(plan, request);
  const clients = request.from === undefined ? request.to : [request.from, ...request.to];
  const warnings = [
    ...plan.warnings,
    ...problemsMadeBySync(plan, [...new Set(clients)]),
    ...unprovenWarning(plan.unproven),
  ];
  const loads = clientLoads(plan, request.to);
  return { files: plan.files(), conflicts: plan.conflicts, warnings, loads };
}
