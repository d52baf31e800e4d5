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

/** How many characters `a` and `b` start with in common. */
function commonStart(a: string, b: string): number {
  let at = 0;
  while (at < a.length && at < b.length && a[at] === b[at]) at++;
  return at;
}

/**
 * The warnings of a conversion into `format` as `to`'s own: Qwen Code writes its commands in
 * Gemini CLI's format and Kilo Code its items in OpenCode's, and what Qwen Code cannot hold is
 * said of Qwen Code. The format's name is replaced in the converter's words only, never in the
 * item's name that starts the message (`<item>: <words>`, the path being `<item>.<field>`: the
 * item ends where the two part).
 */
export function inTargetWords(warnings: readonly Issue[], format: string, to: SyncTool): Issue[] {
  const said = (SYNC_TOOL_PLACES as Partial<Record<string, { label: string }>>)[format]?.label;
  const meant = SYNC_TOOL_PLACES[to].label;
  if (said === undefined || said === meant) return [...warnings];
  return warnings.map((warning) => {
    const item = warning.path === undefined ? 0 : commonStart(warning.message, warning.path);
    const named = warning.path?.[item] === "." && warning.message.startsWith(": ", item) ? item : 0;
    const words = warning.message.slice(named).replaceAll(said, meant);
    return { ...warning, message: `${warning.message.slice(0, named)}${words}` };
  });
}

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
  kind: ItemKind | "mcp" | "hook" | "permission",
  items: readonly string[],
): void {
  const places = plan.places.tool(to);
  const why =
    places.cannotHold?.[kind] ?? `${places.label} has no ${plan.places.level} place for this kind`;
  for (const item of items) {
    plan.warnings.push({
      code: "unsupported_kind",
      severity: "warning",
      path: item,
      message: `not written for ${to}: ${why}`,
    });
  }
}
