/**
 * `sync --user`: one client's user-level configuration (its instruction file, commands, agents,
 * skills and MCP servers in its own folder of the user's) carried into the other clients' own
 * folders, by the same planners, the same all-or-nothing batch and the same record semantics as
 * a project's sync. Nothing of a project is read: the places come from the clients' facts and
 * the environment the caller passes, so no repository can steer where it writes. Each client's
 * folder is a confinement root of its own ({@link UserFolders}); the record of what it wrote is
 * the user's own (`~/.contextfmt/written.json`), which no clone ships, so it is taken at its word.
 */
import { statSync } from "node:fs";
import { clientById } from "../clients/index.js";
import type { UserEnv } from "../clients/spec.js";
import { badArgument } from "../problems/arguments.js";
import type { Issue } from "../problems/issue.js";
import type { Project } from "../workspace/project.js";
import { WrittenRecord } from "../workspace/record.js";
import { UserFolders } from "../workspace/user-folders.js";
import { planItems } from "./item-files.js";
import type { SyncKind, SyncTool } from "./locations.js";
import { planMcp } from "./mcp-servers.js";
import { Plan, type PlannedFile } from "./planned-files.js";
import { planRemovals } from "./removals.js";
import { itemsLeftOut } from "./shared-skills.js";
import { planUserInstructions } from "./user-instructions.js";
import {
  isUserClientPlace,
  isUserWrittenPlace,
  USER_PLACES,
  USER_RECORD_PATH,
  userLevelOf,
  userRoots,
} from "./user-places.js";

/**
 * The kinds `sync --user` carries: those with a place at the user level. Rule files, hooks,
 * ignore files and contextfmt's rules are a project's.
 */
export const USER_SYNC_KINDS = ["command", "mcp", "agent", "skill", "instructions"] as const;

/** Whose user level: the environment the clients would start in (the CLI passes its own). */
export interface UserScope {
  /** `HOME`, and where set `CODEX_HOME`, `XDG_CONFIG_HOME`: what decides each client's folder. */
  readonly env: UserEnv;
}

/** What a user-level sync is asked, checked. */
export interface UserSyncRequest {
  readonly from: SyncTool;
  readonly to: readonly SyncTool[];
  readonly kinds: readonly SyncKind[];
  readonly user: UserScope;
}

/** Whether the folder at `path` is there. */
function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** What a user-level sync would do, for `planSync` to write as any plan. */
export interface UserSyncPlan {
  /** The user's client folders, each confined on its own: what the plan is written into. */
  readonly folders: Project;
  /** The user's record, updated with what the plan writes. */
  readonly record: WrittenRecord;
  /** Every file the plan writes or removes (unchanged ones included). */
  readonly files: PlannedFile[];
  readonly warnings: Issue[];
  readonly conflicts: string[];
}

/** Where a write of a user-level sync may land: {@link isUserClientPlace}. */
export const USER_BATCH = { isPlace: isUserClientPlace } as const;

/**
 * The plan of a user-level sync: every file it would write or remove in the clients' own
 * folders of the user's, and its record. A target whose folder is not there (the client is not
 * set up for this user) is left out with a warning; nothing is made outside a client's folder.
 *
 * @throws ProjectFileError for a client folder that is the home folder or lies in a version
 *   control folder, a link leading out of a client's folder, a file over the size limit.
 */
export function planUserChanges(request: UserSyncRequest): UserSyncPlan {
  const { from, kinds } = request;
  const env = request.user.env;
  const home = env.HOME || env.USERPROFILE;
  if (home === undefined || home === "") {
    throw badArgument("user.env", "the environment with HOME, the user's home folder", env);
  }
  const warnings: Issue[] = [];
  const folders = UserFolders.of(home, userRoots([from, ...request.to], env, home));
  // A client with no user level known gets nothing: one warning names them all.
  const unknown = request.to.filter((tool) => tool !== from && userLevelOf(tool) === undefined);
  if (unknown.length > 0) {
    warnings.push({
      code: "target_left_out",
      severity: "warning",
      path: unknown.join(", "),
      message: `nothing written for ${unknown.map((tool) => clientById(tool).label).join(", ")}: contextfmt knows no user-level place of ${unknown.length > 1 ? "theirs" : "its"}`,
    });
  }
  const to = request.to.filter((tool) => {
    if (tool === from) return false;
    const user = userLevelOf(tool);
    if (user === undefined) return false;
    const located = folders.locate(user.folder.path);
    if ("real" in located && isFolder(located.real)) return true;
    warnings.push({
      code: "target_left_out",
      severity: "warning",
      path: user.folder.path,
      message: `nothing written for ${tool}: ${user.folder.path}${user.folder.env ? ` ($${user.folder.env})` : ""} is not there, so ${clientById(tool).label} is not set up for this user (make the folder to sync into it)`,
    });
    return false;
  });
  // The user's own record: no clone ships it, so its entries are this user's word.
  const record = WrittenRecord.read(folders, {
    atItsWord: true,
    path: USER_RECORD_PATH,
    isPlace: isUserWrittenPlace,
  });
  const plan = new Plan(folders, record, USER_PLACES);
  if (kinds.includes("instructions")) planUserInstructions(plan, from, to);
  for (const kind of ["command", "agent", "skill"] as const) {
    if (!kinds.includes(kind)) continue;
    const { leftOut } = itemsLeftOut(plan, from, to, kind);
    for (const tool of to) planItems(plan, from, tool, kind, leftOut.get(tool));
  }
  if (kinds.includes("mcp")) for (const tool of to) planMcp(plan, from, tool);
  planRemovals(plan, { project: folders, record, from, to, kinds });
  const files = plan.files();
  const all = [...record.warnings, ...warnings, ...plan.warnings];
  record.noteSync({ from, to, kinds }, [...all, ...files.flatMap((file) => file.warnings)]);
  return { folders, record, files, warnings: all, conflicts: plan.conflicts };
}
