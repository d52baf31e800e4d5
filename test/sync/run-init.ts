import { applyPlan, planInit } from "contextfmt/sync";
import type { HookTool } from "../../src/hooks/events.js";
import type { Issue } from "../../src/problems/issue.js";

/**
 * `contextfmt init <client> <dir> [--events <events>]` in process: planInit, then applyPlan.
 * Returns the paths written, in order, and every warning (the plan's, then the writer's).
 */
export function init(
  dir: string,
  client: HookTool,
  events?: string,
): { written: string[]; warnings: Issue[] } {
  const plan = planInit({ dir, client, ...(events === undefined ? {} : { events }) });
  const applied = applyPlan(plan);
  return {
    written: applied.done.map((file) => file.path),
    warnings: [...plan.warnings, ...applied.warnings],
  };
}

/** A warning as the bin prints it after `contextfmt: warning: `: `path: message`. */
export const warningLine = (issue: Issue) =>
  issue.path === undefined ? issue.message : `${issue.path}: ${issue.message}`;
