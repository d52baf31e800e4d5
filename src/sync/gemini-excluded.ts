/**
 * Gemini CLI's one special case: a server that is off is named in `mcp.excluded` rather than
 * marked on itself, so sync keeps that list, and takes out only the names it put there.
 */
import { InputFileError } from "../hooks/input-text.js";
import type { Issue } from "../problems/issue.js";
import { valueHash } from "../workspace/record.js";
import type { SettingsFile } from "../workspace/settings-file.js";
import type { Plan } from "./planned-files.js";

/**
 * Gemini's `mcp.excluded` with each synced server that is off in the source added. A name the
 * user put there stays, with a warning when the source has that server on; only a name that
 * sync added (the record says so) is taken out again when the server is on.
 */
export function geminiExcluded(
  plan: Plan,
  file: SettingsFile,
  servers: readonly [string, boolean][],
): Issue[] {
  const path = file.path;
  const current = file.at(["mcp", "excluded"]);
  if (
    current !== undefined &&
    !(Array.isArray(current) && current.every((n) => typeof n === "string"))
  ) {
    throw new InputFileError(`${path}: mcp.excluded: expected a list of server names`);
  }
  const list = (current ?? []) as string[];
  const excluded = new Set(list);
  const recordPath = plan.recordPath(path);
  const remove = new Set<string>();
  const add: string[] = [];
  const warnings: Issue[] = [];
  for (const [name, on] of servers) {
    const hash = valueHash(name);
    if (!on) {
      if (!excluded.has(name)) add.push(name);
      if (!excluded.has(name) || plan.record.wrote(recordPath, "mcp-excluded", name, hash)) {
        plan.record.set({ path: recordPath, kind: "mcp-excluded", name, sha256: hash });
      }
    } else if (excluded.has(name)) {
      if (plan.record.wrote(recordPath, "mcp-excluded", name, hash)) {
        remove.add(name);
        plan.record.forget(recordPath, "mcp-excluded", name);
      } else {
        if (plan.record.claimsUnproven(recordPath, "mcp-excluded", name, hash)) {
          plan.unproven.push(`${path}: mcp.excluded ${JSON.stringify(name)}`);
        }
        warnings.push({
          code: "kept_user_value",
          severity: "warning",
          path: `${path}: mcp.excluded`,
          message: `${JSON.stringify(name)} stays excluded as the file says, though the source has it on; take it out of mcp.excluded to start it`,
        });
      }
    }
  }
  if (add.length > 0 || remove.size > 0) {
    file.set(["mcp", "excluded"], [...list.filter((name) => !remove.has(name)), ...add]);
  }
  return warnings;
}

/**
 * Takes out of `mcp.excluded` the names of servers `gone` from the file that sync put there (the
 * record says so); a name the user put there stays.
 */
export function forgetExcluded(plan: Plan, file: SettingsFile, gone: ReadonlySet<string>): void {
  const excluded = file.at(["mcp", "excluded"]);
  if (!Array.isArray(excluded)) return;
  const recordPath = plan.recordPath(file.path);
  const ours = (name: unknown) =>
    typeof name === "string" &&
    gone.has(name) &&
    plan.record.wrote(recordPath, "mcp-excluded", name, valueHash(name));
  const ourNames = new Set(excluded.filter(ours) as string[]);
  for (const name of ourNames) plan.record.forget(recordPath, "mcp-excluded", name);
  if (ourNames.size > 0) {
    // Whatever else the user's list holds stays in it as it is.
    file.set(["mcp", "excluded"], excluded.filter((name) => !ourNames.has(name)) as string[]);
  }
}
