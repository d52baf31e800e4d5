import type { PlannedChange, WritePlan } from "../sync.js";
import { shown } from "./output.js";

/** `up to date (N files)`, for a plan that changes nothing among its `files`. */
export const upToDate = (files: number): string =>
  `up to date (${files} file${files === 1 ? "" : "s"})`;

/**
 * The lines `sync` prints for a written plan: one per file written or removed, with its count of
 * warnings, or `up to date (N files)` when nothing changed.
 */
export function writtenLines(plan: WritePlan, done: readonly PlannedChange[]): string[] {
  if (plan.changed.length === 0) return [upToDate(plan.files.length)];
  return done.map((file) => {
    const count = file.warnings.filter((w) => w.severity !== "info").length;
    const verb = file.after === undefined ? "removed" : "wrote";
    return `${verb} ${shown(file.path)}${count ? ` (${count} warning${count > 1 ? "s" : ""})` : ""}`;
  });
}
