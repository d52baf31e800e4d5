/**
 * How a plan names its sources in what it reports: a source file in its conversion's warnings
 * and parse errors, and each item a target has no place for.
 */
import { InputFileError } from "../hooks/input-text.js";
import type { Issue } from "../problems/issue.js";
import { type ItemKind, SYNC_TOOL_PLACES, type SyncTool } from "./locations.js";
import type { Plan } from "./planned-files.js";

/** The warnings of one source file, with the file named in each path. */
export const inFile = (file: string, warnings: readonly Issue[]): Issue[] =>
  warnings.map((w) => ({ ...w, path: `${file}${w.path ? `: ${w.path}` : ""}` }));

/** Runs a conversion, naming the source file in a parse error. */
export function naming<T>(path: string, convert: () => T): T {
  try {
    return convert();
  } catch (error) {
    if (error instanceof Error && "format" in error) {
      throw new InputFileError(`${path}: ${error.message}`);
    }
    throw error;
  }
}

/** Warns that `to` has no place for `kind`, naming each item sync would have written. */
export function noPlace(
  plan: Plan,
  to: SyncTool,
  kind: ItemKind | "mcp",
  items: readonly string[],
): void {
  const places = SYNC_TOOL_PLACES[to];
  const why = places.cannotHold?.[kind] ?? `${places.label} has no project place for this kind`;
  for (const item of items) {
    plan.warnings.push({
      code: "unsupported_kind",
      severity: "warning",
      path: item,
      message: `not written for ${to}: ${why}`,
    });
  }
}
