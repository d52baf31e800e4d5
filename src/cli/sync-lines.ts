import type { PlannedChange, WritePlan } from "../sync.js";
import { shown } from "./output.js";

/**
 * The lines `sync` prints for a written plan: one per file written or removed, with its count of
 * warnings, or `up to date (N files)` when nothing changed.
 */
export function writtenLines(plan: WritePlan, done: readonly PlannedChange[]): string[] {
  if (plan.changed.length === 0) return [`up to date (${plan.files.length} files)`];
  return done.map((file) => {
    const count = file.warnings.filter((w) => w.severity !== "info").length;
    const verb = file.after === undefined ? "removed" : "wrote";
    return `${verb} ${shown(file.path)}${count ? ` (${count} warning${count > 1 ? "s" : ""})` : ""}`;
  });
}
