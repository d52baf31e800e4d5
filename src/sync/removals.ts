/**
 * What an earlier sync wrote whose source is gone: taken out when it is as sync wrote it, kept
 * with a warning when it changed since, and never looked at when sync did not write it.
 */
import type { Issue } from "../problems/issue.js";
import { ProjectFileError } from "../workspace/project.js";
import { sha256, valueHash, type WrittenEntry } from "../workspace/record.js";
import { settingsFile } from "../workspace/settings-file.js";
import { forgetExcluded } from "./gemini-excluded.js";
import type { McpFile } from "./locations.js";
import { removePermissions } from "./permissions.js";
import type { Plan, SyncRequest } from "./planned-files.js";
import { isRuleFileFrom, ruleFolder } from "./rule-files.js";
import { removeUserHooks } from "./user-hooks.js";

/** Why a whole file's source is no more: the file is gone. */
const fileGone = (from: string) => `its source ${from} is gone`;

/**
 * Why this run leaves out the target folder of `path` (see {@link Plan.whyLeftOut}), when that is
 * why what sync wrote there goes: only while its source `from` is there. A copy whose source is
 * gone goes for that, even where this run leaves out another kind (Codex CLI's commands written
 * as skills share `.agents/skills` with its skills).
 */
function leftOutWhileThere(plan: Plan, path: string, from: string): string | undefined {
  const why = plan.whyLeftOut(path);
  return why !== undefined && plan.project.isFile(from) ? why : undefined;
}

/**
 * A note on a file that loses something sync wrote there: `why` says why (its source is no
 * more, or the target reads it elsewhere now).
 */
const removedNote = (path: string, what: string, why: string): Issue => ({
  code: "removed",
  severity: "info",
  path,
  message: `${what} taken out: ${why}`,
});

/** A warning for something sync wrote whose source is no more, kept as the user changed it. */
const keptNote = (path: string, what: string, why: string): Issue => ({
  code: "kept_changed",
  severity: "warning",
  path,
  message: `${what} stays: ${why}, but it changed since contextfmt wrote it (take it out by hand if it should go)`,
});

/**
 * What an earlier sync wrote from a source this run read, which this run did not write again:
 * its source is gone. A whole file is removed and a server taken out of its settings file when
 * it is as sync wrote it (the record's hash); one changed since stays, with a warning naming it,
 * and the record lets go of it. A skill's folder goes whole or not at all. What sync did not
 * write is never looked at, and what the record claims without this user's evidence is kept.
 */
export function planRemovals(plan: Plan, request: SyncRequest): void {
  const from = request.from;
  if (from === undefined) return;
  const targets = request.to.filter((to) => to !== from);
  const servers = new Map<string, { readonly file: McpFile; entries: WrittenEntry[] }>();
  const hooks: WrittenEntry[] = [];
  const permissions: WrittenEntry[] = [];
  const skills = new Map<string, WrittenEntry[]>();
  for (const entry of plan.record.untouched()) {
    // Only an older contextfmt wrote a file or server without its source: it is kept, as any
    // entry this user's evidence does not prove.
    if (entry.from === undefined) continue;
    if (entry.kind === "command" || entry.kind === "agent" || entry.kind === "skill") {
      const kind = entry.kind;
      if (!request.kinds.includes(kind)) continue;
      // Written from any place this run reads the kind from (OpenCode's agents/ and agent/).
      const read = plan.places.readPlaces(from, kind, "source");
      if (!read.some((place) => entry.from?.startsWith(`${place.dir}/`))) continue;
      const target = targets
        .map((to) => plan.places.tool(to).items[kind])
        .find((files) => files !== undefined && entry.path.startsWith(`${files.dir}/`));
      if (target === undefined) continue;
      if (target.layout === "skill-folders") {
        const folder = skillFolder(target.dir, entry.path);
        const files = skills.get(folder) ?? [];
        files.push(entry);
        skills.set(folder, files);
      } else removeFile(plan, entry);
    } else if (entry.kind === "rule-file") {
      // A rule file written from the source's rules folder into a target's.
      if (!request.kinds.includes("rule-file") || !isRuleFileFrom(from, entry.from)) continue;
      const into = targets.some((to) => {
        const folder = ruleFolder(to);
        return folder !== undefined && entry.path.startsWith(`${folder.dir}/`);
      });
      if (into) removeFile(plan, entry);
    } else if (entry.kind === "user-hook") {
      hooks.push(entry);
    } else if (entry.kind === "permission") {
      permissions.push(entry);
    } else if (entry.kind === "mcp-server" && entry.name !== undefined) {
      const source = plan.places.tool(from).mcp;
      if (!request.kinds.includes("mcp") || entry.from !== source?.path) continue;
      const file = targets
        .map((tool) => plan.places.tool(tool).mcp)
        .find((mcp) => mcp !== undefined && plan.recordPath(mcp.path) === entry.path);
      if (file === undefined) continue;
      const found = servers.get(file.path) ?? { file, entries: [] };
      found.entries.push(entry);
      servers.set(file.path, found);
    }
  }
  for (const [folder, entries] of skills) {
    // A skill still synced keeps its folder: only a file whose source is gone goes.
    const skill = entries.find((entry) => entry.path === `${folder}/SKILL.md`);
    if (skill === undefined) for (const entry of entries) removeFile(plan, entry);
    else if (!keptFromLeftOut(plan, skill, `${folder}/`)) removeSkillFolder(plan, folder, entries);
  }
  const source = plan.places.tool(from).mcp?.path ?? "";
  for (const { file, entries } of servers.values()) removeServers(plan, file, entries, source);
  removeUserHooks(plan, request, hooks);
  removePermissions(plan, request, permissions);
}

/** The folder of the skill that `path` (a file below `dir`, a skills folder) belongs to. */
const skillFolder = (dir: string, path: string) => {
  const rest = path.slice(dir.length + 1);
  return `${dir}/${rest.slice(0, rest.indexOf("/"))}`;
};

/** Whether the file of `entry` is there as the record says it was written; undefined when gone. */
function asWritten(plan: Plan, entry: WrittenEntry): boolean | undefined {
  const bytes = plan.before(entry.path);
  return bytes === undefined ? undefined : sha256(bytes) === entry.sha256;
}

/**
 * Whether an entry this user's evidence does not prove claims a file that is there as it says:
 * then it is named as kept. A path that cannot be read (a link into `.git`, say) is named too,
 * never followed: a record is no reason to stop a run.
 */
function claimsWhatIsThere(plan: Plan, entry: WrittenEntry): boolean {
  try {
    return asWritten(plan, entry) === true;
  } catch (error) {
    if (error instanceof ProjectFileError) return true;
    throw error;
  }
}

/**
 * Whether the source of `entry` is there but left out this run (a link leading out, a file that
 * is no item): then what sync wrote from it, `shown`, is not taken out, and stays in the record.
 * What the record claims without this user's evidence is named as such instead.
 */
function keptFromLeftOut(plan: Plan, entry: WrittenEntry, shown: string): boolean {
  return plan.record.proves(entry) && plan.keepsWrittenFrom(entry.from as string, shown);
}

/**
 * Removes the file of `entry`, whose source is gone or whose target this run leaves out, when it
 * is as sync wrote it.
 */
function removeFile(plan: Plan, entry: WrittenEntry): void {
  const from = entry.from as string;
  if (!plan.record.proves(entry)) {
    if (claimsWhatIsThere(plan, entry)) plan.unproven.push(entry.path);
    return;
  }
  if (keptFromLeftOut(plan, entry, entry.path)) return;
  const same = asWritten(plan, entry);
  plan.record.forget(entry.path, entry.kind, undefined);
  if (same === undefined) return;
  const why = leftOutWhileThere(plan, entry.path, from) ?? fileGone(from);
  if (same) plan.remove(entry.path, [removedNote(entry.path, "the file", why)]);
  else plan.warnings.push(keptNote(entry.path, "the file", why));
}

/**
 * Removes the folder of a skill whose source is gone or whose target this run leaves out (the
 * skill's reason, for every file in it), whole or not at all: every file in it must be one sync
 * wrote (an entry this user's evidence proves) and unchanged since. A file the user changed or
 * added keeps the whole folder, named in a warning; the record lets go of it.
 */
function removeSkillFolder(plan: Plan, folder: string, entries: readonly WrittenEntry[]): void {
  const skill = entries.find((entry) => entry.path === `${folder}/SKILL.md`) as WrittenEntry;
  // The source's skill folder, or the command a Codex skill was written from.
  const from = (skill.from as string).replace(/\/SKILL\.md$/, "");
  if (entries.some((entry) => !plan.record.proves(entry))) {
    if (entries.some((entry) => claimsWhatIsThere(plan, entry))) plan.unproven.push(`${folder}/`);
    return;
  }
  const recorded = new Set(entries.map((entry) => entry.path));
  const there = entries.filter((entry) => asWritten(plan, entry) !== undefined);
  const changed = there.filter((entry) => !asWritten(plan, entry)).map((entry) => entry.path);
  const added = plan.project
    .filesBelow(folder, (issue) => plan.warnings.push(issue))
    .filter((path) => !recorded.has(path));
  for (const entry of entries) plan.record.forget(entry.path, entry.kind, undefined);
  const leftOut = leftOutWhileThere(plan, folder, skill.from as string);
  if (changed.length > 0 || added.length > 0) {
    const what = [
      ...(changed.length > 0 ? [`changed since contextfmt wrote it: ${changed.join(", ")}`] : []),
      ...(added.length > 0 ? [`not written by contextfmt: ${added.join(", ")}`] : []),
    ];
    plan.warnings.push({
      code: "kept_changed",
      severity: "warning",
      path: `${folder}/`,
      message: `the skill's folder stays whole: ${leftOut ?? fileGone(from)}, but it holds files ${what.join("; ")} (take the folder out by hand if it should go)`,
    });
    return;
  }
  for (const entry of there) {
    const why = leftOut ?? fileGone(entry.from as string);
    plan.remove(entry.path, [removedNote(entry.path, "the file", why)]);
  }
}

/**
 * Takes the servers of `entries` (each with the hash sync wrote it with) out of the target's
 * settings file, those unchanged since; Gemini's `mcp.excluded` loses the names sync put there for
 * them. A server claimed by an entry this user did not sign stays, as does its entry.
 */
function removeServers(
  plan: Plan,
  { path, key, format }: McpFile,
  entries: readonly WrittenEntry[],
  from: string,
): void {
  const recordPath = plan.recordPath(path);
  const file = settingsFile(path, plan.text(path));
  const current = (file.at([key]) ?? {}) as Record<string, unknown>;
  const gone = new Set<string>();
  const notes: Issue[] = [];
  // The source file may be there without the server: then that is what is said.
  const fileThere = plan.project.isFile(from);
  for (const entry of entries) {
    const name = entry.name as string;
    const why = fileThere ? `its source server ${name} is no longer in ${from}` : fileGone(from);
    const there = Object.hasOwn(current, name);
    const what = `${key}.${name}`;
    if (!plan.record.proves(entry)) {
      if (there && valueHash(current[name]) === entry.sha256)
        plan.unproven.push(`${path}: ${what}`);
      continue;
    }
    plan.record.forget(recordPath, "mcp-server", name);
    if (!there) continue;
    if (valueHash(current[name]) !== entry.sha256) {
      plan.warnings.push(keptNote(path, what, why));
      continue;
    }
    gone.add(name);
    notes.push(removedNote(path, what, why));
  }
  if (gone.size === 0) return;
  file.removeEntries(key, gone);
  if (format === "gemini") forgetExcluded(plan, file, gone);
  plan.write(path, file.result(), notes);
}
