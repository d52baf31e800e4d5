/**
 * What each target client loads before and after a sync, by its own loading rules (the doctor's
 * model) for a session at the project's root: the bytes and tokens of its instruction files, and
 * the commands, agents and skills it offers. A plan shows it, so a user sees what a sync changes
 * for each client, not only which files.
 */

import type { Issue } from "../problems/issue.js";
import { defaultCounter } from "../tokens/heuristic.js";
import { clientFiles } from "./loads/files.js";
import { clientItems } from "./loads/items.js";
import type { ProjectView } from "./loads/view.js";
import type { SyncTool } from "./locations.js";
import type { Plan } from "./planned-files.js";
import { PlannedView, type SharedListing } from "./planned-view.js";

/** What one client loads at the start of a session at the project's root. */
export interface LoadMeasure {
  /** The bytes of its instruction files that reach the model (after its cap). */
  readonly bytes: number;
  /** Their tokens, by the counter the doctor uses by default. */
  readonly tokens: number;
  /** The commands, agents and skills it offers (one per name). */
  readonly items: number;
}

/** What one target client loads before the sync and after it. */
export interface ClientLoads {
  readonly client: SyncTool;
  readonly before: LoadMeasure;
  readonly after: LoadMeasure;
}

/** What `client` loads as `view` shows the project. */
function measure(view: ProjectView, client: SyncTool): LoadMeasure {
  const { kept } = clientFiles(view, client, defaultCounter);
  const text = kept.map((file) => file.text);
  const items = (["command", "agent", "skill"] as const).flatMap((kind) =>
    clientItems(view, client, kind, []).filter((item) => item.loaded),
  );
  return {
    bytes: text.reduce((sum, part) => sum + Buffer.byteLength(part), 0),
    tokens: text.reduce((sum, part) => sum + defaultCounter.count(part), 0),
    items: items.length,
  };
}

/** The project as it is, and as `plan` leaves it, as the clients' loading rules read them. */
function views(plan: Plan): { before: PlannedView; after: PlannedView } {
  const listing: SharedListing = {};
  const before = new PlannedView(
    plan.project,
    "",
    () => undefined,
    () => [],
    listing,
  );
  const planned = plan.files().map((file) => file.path);
  const after = new PlannedView(
    plan.project,
    "",
    (real) => plan.plannedText(real),
    () => planned,
    listing,
  );
  return { before, after };
}

/** What each of `targets` loads before `plan` is written and after. */
export function clientLoads(plan: Plan, targets: readonly SyncTool[]): ClientLoads[] {
  const { before, after } = views(plan);
  return targets.map((client) => ({
    client,
    before: measure(before, client),
    after: measure(after, client),
  }));
}

/** The doctor's problems a sync can make for a client that it warns about before writing. */
const MADE_BY_SYNC: ReadonlySet<string> = new Set(["shadowed", "over_client_limit"]);

/**
 * A warning for each problem a client of the run has after the sync and did not have before it,
 * file by file:
 * - `shadowed`: a file it read before and reads no more, because a file the plan writes comes
 *   first in its order and some of its lines reach the model from nowhere else (Zed reads only
 *   the first of its names: the `.rules` made for its rules stands before the user's
 *   `.github/copilot-instructions.md`);
 * - `over_client_limit`: a file the plan writes is cut by the client's cap (a CLAUDE.md that
 *   imports 50 KB, carried into the AGENTS.md Codex CLI cuts at 32 KiB).
 * The client's facts force them; the user is told before the files are written, as doctor
 * would say after the sync.
 */
export function problemsMadeBySync(plan: Plan, clients: readonly SyncTool[]): Issue[] {
  const { before, after } = views(plan);
  const found = (view: PlannedView, client: SyncTool) =>
    clientFiles(view, client, defaultCounter).problems.filter((problem) =>
      MADE_BY_SYNC.has(problem.code),
    );
  return clients.flatMap((client) => {
    const known = new Set(
      found(before, client).map((problem) => `${problem.code} ${problem.path}`),
    );
    return found(after, client)
      .filter((problem) => !known.has(`${problem.code} ${problem.path}`))
      .map(
        (problem): Issue => ({
          code: problem.code,
          severity: "warning",
          ...(problem.path !== undefined ? { path: problem.path } : {}),
          message: `after this sync, ${problem.message}`,
        }),
      );
  });
}
