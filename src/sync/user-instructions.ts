/**
 * The user's own instructions at the user level (`sync --user`): the text of the file the
 * source client reads for every session (`~/.claude/CLAUDE.md`) carried into each target's
 * (`~/.codex/AGENTS.md`, `~/.gemini/GEMINI.md`, …) in the same managed region as a project's
 * instructions, the user's own text around it kept byte for byte. A target that reads the
 * source's file already (OpenCode and Kilo Code read `~/.claude/CLAUDE.md` where they have no
 * file of their own) gets nothing, so each client reads the text once; one whose file another
 * of its own shadows (Codex CLI's `AGENTS.override.md`) gets nothing and a warning.
 */
import { clientById } from "../clients/index.js";
import {
  type ClientSpec,
  importsIn,
  type ReadNames,
  type UserLevel,
  type UserPlace,
} from "../clients/spec.js";
import type { Issue } from "../problems/issue.js";
import {
  joinRegionParts,
  outsideRegion,
  regionParts,
  removeManagedRegion,
} from "../workspace/managed-region.js";
import { claimRegion, planRegionRemoval } from "./instruction-regions.js";
import type { SyncTool } from "./locations.js";
import type { Plan } from "./planned-files.js";
import { userLevelOf } from "./user-places.js";

/** A place of the client's own folder that reads the first present of some names. */
type NamesPlace = UserPlace & { readonly read: ReadNames };

/** The places of `user` in its own folder that read a file by name, in the client's order. */
const ownNamePlaces = (user: UserLevel): NamesPlace[] =>
  user.instructions.filter(
    (place): place is NamesPlace =>
      place.level === "user" && place.folder.path === user.folder.path && "names" in place.read,
  );

/**
 * The source's file: the first present of its own folder's names, and its text; `refused` when
 * it is there but cannot be read safely (a link out of the folder: warned about by the plan).
 */
function sourceFile(
  plan: Plan,
  user: UserLevel,
): { readonly path: string; readonly text: string } | "refused" | undefined {
  for (const place of ownNamePlaces(user)) {
    for (const name of place.read.names) {
      const path = `${user.folder.path}/${name}`;
      if ("refused" in plan.project.locate(path)) {
        plan.sourceText(path);
        return "refused";
      }
      const text = plan.sourceText(path);
      if (text !== undefined) return { path, text };
    }
  }
  return undefined;
}

/** A warning that the source's text does not reach `to`, and why. */
const notCarried = (path: string, to: SyncTool, why: string): Issue => ({
  code: "not_carried",
  severity: "warning",
  path,
  message: `not carried to ${to}: ${why}`,
});

/**
 * The files of the source's own folder it reads at the start besides its instruction file
 * (Claude Code's `~/.claude/rules/`): each a warning, as `sync --user` carries the file alone.
 */
function rulesLeftOut(plan: Plan, user: UserLevel, label: string): void {
  for (const place of user.instructions) {
    if (place.level !== "user" || place.folder.path !== user.folder.path) continue;
    if (!("dir" in place.read) || place.read.dir === "") continue;
    const dir = `${user.folder.path}/${place.read.dir}`;
    for (const path of plan.project.filesBelow(dir, (issue) => plan.warnings.push(issue))) {
      if (!path.endsWith(place.read.extension)) continue;
      plan.warnings.push({
        code: "not_carried",
        severity: "warning",
        path,
        message: `not carried: sync --user carries ${label}'s instruction file, not its rule files (move the text into the instruction file to carry it)`,
      });
    }
  }
}

/**
 * Whether `to` reads the source's file `path` already, as its fallback where its own file is
 * absent (OpenCode: `~/.claude/CLAUDE.md` without `~config/opencode/AGENTS.md`).
 */
function readsAsFallback(plan: Plan, to: SyncTool, path: string, own: string): boolean {
  const user = userLevelOf(to);
  if (user === undefined) return false;
  const reads = user.instructions.some(
    (place) =>
      place.fallback === true &&
      "names" in place.read &&
      place.read.names.some((name) => `${place.folder.path}/${name}` === path),
  );
  // Its own file, were it written now, would shadow the fallback: written only when it is there.
  return (
    reads &&
    plan.before(own) === undefined &&
    plan.plannedText(plan.project.resolve(own)) === undefined
  );
}

/** The earlier name of `to`'s own place that shadows its instruction file, when one is there. */
function shadowing(plan: Plan, user: UserLevel): string | undefined {
  const file = user.instructionFile as string;
  for (const place of ownNamePlaces(user)) {
    const at = place.read.names.indexOf(file);
    if (at === -1) continue;
    return place.read.names
      .slice(0, at)
      .map((name) => `${user.folder.path}/${name}`)
      .find((path) => plan.before(path) !== undefined);
  }
  return undefined;
}

/**
 * Plans the source's user instructions into each target's user instruction file; a region an
 * earlier run wrote from that source, whose text is gone, goes (while unchanged).
 */
export function planUserInstructions(plan: Plan, from: SyncTool, to: readonly SyncTool[]): void {
  const source: ClientSpec = clientById(from);
  const user = source.user;
  if (user === undefined) {
    plan.warnings.push({
      code: "unsupported_kind",
      severity: "warning",
      path: from,
      message: `nothing carried: contextfmt knows no user-level instruction file of ${source.label}`,
    });
    return;
  }
  rulesLeftOut(plan, user, source.label);
  const read = sourceFile(plan, user);
  // A source that is there but left out is not gone: what was carried from it stays.
  if (read === "refused") return;
  const found = read;
  const text = found === undefined ? "" : outsideRegion(found.path, found.text).trim();
  // The source's own instruction file, where it reads one: what its regions were written from.
  const sourcePath =
    found?.path ??
    (user.instructionFile === undefined
      ? undefined
      : `${user.folder.path}/${user.instructionFile}`);
  for (const tool of to) {
    if (tool === from) continue;
    const target: ClientSpec = clientById(tool);
    const places = plan.places.tool(tool);
    const path = places.rulesFile;
    if (path === "" || target.user === undefined) {
      if (text === "" || found === undefined) continue;
      const why =
        target.user?.cannotHold?.instructions ??
        target.user?.elsewhere ??
        `contextfmt knows no user-level instruction file of ${target.label}`;
      plan.warnings.push(notCarried(found.path, tool, why));
      continue;
    }
    const current = plan.text(path);
    const old = removeManagedRegion(path, current);
    const parts = old === undefined ? undefined : regionParts(old.before.replace(/\r\n/g, "\n"));
    const recorded = plan.record.entry(plan.recordPath(path), "rules-region", undefined)?.from;
    if (text === "" || found === undefined) {
      // Its source is gone (or holds nothing of its own): what was carried from it goes.
      if (old !== undefined && recorded !== undefined && recorded === sourcePath) {
        planRegionRemoval(plan, path, current, [], `its source ${recorded} is gone`);
      }
      continue;
    }
    if (plan.project.resolve(path) === plan.project.resolve(found.path)) continue;
    if (readsAsFallback(plan, tool, found.path, path)) {
      plan.warnings.push({
        code: "read_already",
        severity: "info",
        path: found.path,
        message: `not written for ${tool}: ${target.label} reads ${found.path} itself while ${path} is absent`,
      });
      continue;
    }
    const shadow = shadowing(plan, target.user);
    if (shadow !== undefined) {
      plan.warnings.push(
        notCarried(found.path, tool, `${target.label} reads ${shadow} instead of ${path}`),
      );
      continue;
    }
    const notes: Issue[] = [];
    if (
      importsIn(source.loading.instructions, found.path) &&
      !importsIn(target.loading.instructions, path)
    ) {
      const imports = text.split("\n").filter((line) => /^@\S/.test(line.trim()));
      if (imports.length > 0) {
        notes.push({
          code: "import_left_out",
          severity: "warning",
          path: found.path,
          message: `its imports are written as they stand, not carried: ${target.label} reads no @path imports (${imports.map((line) => line.trim()).join(", ")})`,
        });
      }
    }
    const content = joinRegionParts({ instructions: text, rules: parts?.rules ?? "" });
    claimRegion(plan, { tool, path, current, content, from: found.path }, notes);
  }
}
