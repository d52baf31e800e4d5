/**
 * The `ignore` kind: the lines of the source client's ignore file (`.geminiignore`,
 * `.cursorignore`, …), the files its agent does not read, carried into each target's ignore file
 * between `# contextfmt:begin` and `# contextfmt:end`, after the target's own lines. An ignore
 * file usually holds lines of its user's own, so only the region is contextfmt's: the lines
 * outside it stay byte for byte. The region holds every line, in the source's order, as the last
 * matching line decides (a `!` line re-includes only what an earlier line left out); none when
 * the target's own lines are the source's already. A target without an ignore file gets a warning naming every line it cannot hold; a
 * target whose parser reads a `!` line otherwise than git gets one naming each such line.
 */
import type { Issue } from "../problems/issue.js";
import {
  IGNORE_MARKERS,
  removeManagedRegion,
  writeManagedRegion,
} from "../workspace/managed-region.js";
import { sha256 } from "../workspace/record.js";
import { SYNC_TOOL_PLACES, type SyncTool } from "./locations.js";
import type { Plan, SyncRequest } from "./planned-files.js";

/** What the record hashes of a region: its inside with `\n` line endings. */
const regionHash = (inside: string) => sha256(inside.replace(/\r\n/g, "\n"));

/** The region's label in conflicts and notes. */
const REGION = "the contextfmt region";

/**
 * The lines of an ignore file that say something: no blank line, no comment (the region's
 * markers are comments too, so lines an earlier sync carried in count as the client reads them).
 */
export function ignoreLines(text: string): string[] {
  return text
    .split("\n")
    .map((line) => (line.endsWith("\r") ? line.slice(0, -1) : line))
    .filter((line) => line.trim() !== "" && !line.trimStart().startsWith("#"));
}

/**
 * Plans the source's ignore lines into each target's ignore file: a region holding them; none
 * when its own lines are the same. An earlier run's region whose lines are no longer
 * the source's goes, when it is as contextfmt wrote it (else it stays, with a warning).
 */
export function planIgnore(plan: Plan, request: SyncRequest): void {
  const from = request.from;
  if (from === undefined || !request.kinds.includes("ignore")) return;
  const source = SYNC_TOOL_PLACES[from].ignore;
  const { project } = plan;
  const lines =
    source === undefined || !project.isFile(source.path) ? [] : ignoreLines(plan.text(source.path));
  for (const to of request.to) {
    if (to === from) continue;
    const target = SYNC_TOOL_PLACES[to].ignore;
    if (target === undefined) {
      if (lines.length > 0) plan.warnings.push(notHeld(to, source?.path as string, lines));
      continue;
    }
    // One file read by both (a link): nothing to carry.
    if (source !== undefined && project.resolve(source.path) === project.resolve(target.path)) {
      continue;
    }
    const current = plan.text(target.path);
    const removed = removeManagedRegion(target.path, current, IGNORE_MARKERS);
    const own = ignoreLines(removed?.text ?? current);
    const same = own.length === lines.length && own.every((line, at) => line === lines[at]);
    const carried = same ? [] : lines;
    if (carried.length === 0) {
      if (removed !== undefined) planRemoval(plan, target.path, removed, from);
      continue;
    }
    const notes: Issue[] = [];
    const negated = carried.filter((line) => line.trimStart().startsWith("!"));
    if (target.negation !== undefined && negated.length > 0) {
      notes.push({
        code: "lossy_conversion",
        severity: "warning",
        path: `${source?.path}: ${negated.join(", ")}`,
        message: `read otherwise by ${SYNC_TOOL_PLACES[to].label}: ${target.negation} (${negated.join(", ")})`,
      });
    }
    const region = writeManagedRegion(
      target.path,
      current,
      carried.join("\n"),
      undefined,
      IGNORE_MARKERS,
    );
    plan.claimPart(
      target.path,
      "ignore-region",
      undefined,
      {
        before: region.before === undefined ? undefined : regionHash(region.before),
        after: regionHash(region.inside),
      },
      REGION,
      source?.path,
    );
    plan.write(target.path, region.text, notes, `ignore:${from}`);
  }
}

/** The warning for a target that reads no ignore file, naming every line it cannot hold. */
function notHeld(to: SyncTool, path: string, lines: readonly string[]): Issue {
  const places = SYNC_TOOL_PLACES[to];
  const why = places.cannotHold?.ignore ?? `${places.label} reads no ignore file`;
  return {
    code: "unsupported_kind",
    severity: "warning",
    path,
    message: `not written for ${to}: ${why}; its agent may read what these lines keep from the source's: ${lines.join(", ")}`,
  };
}

/**
 * Takes out a region whose lines the source no longer has (or the target holds on its own),
 * when contextfmt wrote it and it is unchanged since; a file left empty goes, as all it held was
 * the region. A changed region stays, with a warning; one this user did not write is kept.
 */
function planRemoval(
  plan: Plan,
  path: string,
  removed: { readonly text: string; readonly before: string },
  from: SyncTool,
): void {
  const recordPath = plan.recordPath(path);
  const hash = regionHash(removed.before);
  const entry = plan.record.entry(recordPath, "ignore-region", undefined);
  // A region written from another client's file is that sync's to take out.
  const source = SYNC_TOOL_PLACES[from].ignore?.path;
  if (entry !== undefined && entry.from !== undefined && entry.from !== source) return;
  if (plan.record.claimsUnproven(recordPath, "ignore-region", undefined, hash)) {
    plan.unproven.push(`${path}: ${REGION}`);
    return;
  }
  if (!plan.record.wrote(recordPath, "ignore-region", undefined, hash)) {
    plan.warnings.push({
      code: "kept_changed",
      severity: "warning",
      path,
      message: `${REGION} stays: the source's ignore file no longer has its lines, but contextfmt did not write it as it is now (take it out by hand)`,
    });
    return;
  }
  plan.record.forget(recordPath, "ignore-region", undefined);
  const note: Issue = {
    code: "removed",
    severity: "info",
    path,
    message: `${REGION} taken out: the source's ignore file no longer has its lines`,
  };
  if (removed.text.trim() === "") plan.remove(path, [note]);
  else plan.write(path, removed.text, [note]);
}
