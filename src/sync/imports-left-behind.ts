/**
 * What a shared source imports that a target never sees. When the source's instruction file
 * imports another (`CLAUDE.md` = `@AGENTS.md`), nothing is written into that file (the source
 * client would read it twice), so a target that reads it without following imports (Codex CLI,
 * Cursor) loads its text but not the files it imports in turn (`@rules/style.mdc`), which the
 * source client loads. Each such file is named in a warning, unless the target reads it anyway
 * by its own loading rules (an import of `.cursor/rules/x.mdc`, for Cursor).
 */
import type { Issue } from "../problems/issue.js";
import { defaultCounter } from "../tokens/heuristic.js";
import { outsideRegion } from "../workspace/managed-region.js";
import { importedFiles } from "./instructions.js";
import { clientFiles } from "./loads/files.js";
import { instructionReading, SYNC_TOOL_PLACES, type SyncTool } from "./locations.js";
import type { Plan } from "./planned-files.js";
import { PlannedView } from "./planned-view.js";

/**
 * The `not_carried` warnings for the files `path` (a file the source's own instruction file
 * imports) imports in turn, for each of `readers` that does not follow imports and does not
 * read the file otherwise.
 */
export function importsLeftBehind(
  plan: Plan,
  from: SyncTool,
  path: string,
  readers: readonly SyncTool[],
): Issue[] {
  const blind = readers.filter((tool) => !instructionReading(tool).imports);
  if (blind.length === 0) return [];
  const { project } = plan;
  const own = (file: string) => outsideRegion(file, plan.text(file)).replace(/\r\n/g, "\n");
  const found = importedFiles(project, path, own(path), own, () => {});
  if (found.length === 0) return [];
  const view = new PlannedView(
    project,
    "",
    (real) => plan.plannedText(real),
    () => plan.files().map((file) => file.path),
  );
  const reads = new Map(
    blind.map((tool) => [
      tool,
      new Set(
        clientFiles(view, tool, defaultCounter).files.map((file) => project.resolve(file.path)),
      ),
    ]),
  );
  const source = SYNC_TOOL_PLACES[from].label;
  const issues: Issue[] = [];
  for (const file of found) {
    const missing = blind.filter((tool) => !reads.get(tool)?.has(project.resolve(file.path)));
    if (missing.length === 0) continue;
    const labels = missing.map((tool) => SYNC_TOOL_PLACES[tool].label).join(", ");
    issues.push({
      code: "not_carried",
      severity: "warning",
      path: file.path,
      message: `not carried to ${missing.join(", ")}: ${file.by} imports it, which ${source} follows and ${labels} do${missing.length > 1 ? "" : "es"} not; nothing is written into ${path}, which ${source} reads already (put its text into ${file.by} to share it)`,
    });
  }
  return issues;
}
