/**
 * The instructions and rules kinds: the managed region of each target's instruction files, which
 * holds the source's own instructions and the rendered rules, and is taken out when its sources
 * are gone. Everything outside the region stays byte for byte.
 */
import { posix } from "node:path";
import type { Issue } from "../problems/issue.js";
import {
  joinRegionParts,
  outsideRegion,
  type RegionParts,
  regionParts,
  removeManagedRegion,
  writeManagedRegion,
} from "../workspace/managed-region.js";
import { sha256 } from "../workspace/record.js";
import {
  type InstructionCandidate,
  InstructionTrial,
  loadedTwice,
  neededFiles,
} from "./instruction-choice.js";
import { importedFiles, instructionFiles, instructionText } from "./instructions.js";
import { CLIENT_LOADING } from "./loading.js";
import { pointsAt } from "./loads/files.js";
import { namesInFolders, namesReadInFolder } from "./loads/folder-reading.js";
import { textLines } from "./loads/text-lines.js";
import {
  instructionReading,
  RULES_FILES,
  SYNC_TOOL_PLACES,
  SYNC_TOOLS,
  type SyncTool,
} from "./locations.js";
import type { Plan, SyncRequest } from "./planned-files.js";
import type { SharedListing } from "./planned-view.js";

/** Same rules text, whatever the `Generated:` timestamp of the Codex format says. */
const sameRules = (a: string, b: string) => {
  const mask = (text: string) => text.replace(/^Generated: .*$/m, "Generated:");
  return mask(a) === mask(b);
};

/** Same region, a timestamp in the rules aside. */
const sameRegion = (a: string, b: string) => {
  const old = regionParts(a);
  const next = regionParts(b);
  return old.instructions === next.instructions && sameRules(old.rules, next.rules);
};

/** A region's inside as the record hashes it: its text with `\n` line endings. */
const regionHash = (inside: string) => sha256(inside.replace(/\r\n/g, "\n"));

/** The instruction file of `tool` for `folder` ("" for the project's root). */
const instructionPath = (folder: string, tool: SyncTool) =>
  folder === "" ? RULES_FILES[tool] : `${folder}/${RULES_FILES[tool]}`;

/**
 * The managed region of each target's instruction files: the source's own instructions (the
 * `instructions` kind; a nested file to the same folder) and then the rules (the `rules` kind,
 * at the root). A run that writes one of the two keeps the other part of the region as it is.
 * Two tools whose files are one (`AGENTS.md` read by both, or a link) get it once, in the terms
 * of the first of them in the fixed order of SYNC_TOOLS, whatever order `--to` names them in:
 * every run writes the same text.
 */
export function planRegions(plan: Plan, request: SyncRequest): void {
  const from = request.kinds.includes("instructions") ? request.from : undefined;
  const withRules = request.kinds.includes("rules");
  if (from === undefined && !withRules) return;
  const warn = (issue: Issue) => plan.warnings.push(issue);
  const sources = new Map<
    string,
    { path: string; text: (to: SyncTool, reads: TargetReads) => string }
  >();
  if (from !== undefined) {
    for (const file of instructionFiles(plan, from, warn)) {
      // Read once for each way targets read it: importing or not, and what they read already.
      const texts = new Map<string, string>();
      const text = (to: SyncTool, reads: TargetReads) => {
        const key = `${instructionReading(to).imports} ${[...reads.files].sort().join("\n")}`;
        let found = texts.get(key);
        if (found === undefined) {
          found = instructionText(plan, from, to, file.path, warn, reads.has);
          texts.set(key, found);
        }
        return found;
      };
      sources.set(file.folder, { path: file.path, text });
    }
  }
  const listing: SharedListing = {};
  const folders = new Set(sources.keys());
  if (withRules) folders.add("");
  // A source file gone since an earlier run wrote its text: its targets are looked at too.
  if (from !== undefined) {
    const name = RULES_FILES[from];
    for (const entry of plan.record.untouched()) {
      if (entry.kind !== "rules-region" || entry.from === undefined) continue;
      if (!plan.record.proves(entry)) continue;
      if (entry.from === name) folders.add("");
      else if (entry.from.endsWith(`/${name}`)) folders.add(entry.from.slice(0, -name.length - 1));
    }
  }
  for (const folder of folders) {
    const source = sources.get(folder);
    const byFile = new Map<string, SyncTool[]>();
    // Targets with no file of their own here that read the source's text here anyway (Copilot
    // CLI reads pkg/CLAUDE.md and pkg/AGENTS.md): counted for loaded_twice, written nothing.
    const readersOnly: SyncTool[] = [];
    for (const tool of SYNC_TOOLS) {
      if (!request.to.includes(tool)) continue;
      if (folder !== "" && !instructionReading(tool).nested) {
        if (source === undefined) continue;
        if (readsNestedText(plan, request, tool, source.path)) {
          readersOnly.push(tool);
          continue;
        }
        warn({
          code: "not_carried",
          severity: "warning",
          path: source.path,
          message: `not carried to ${tool}: in ${folder}/ it reads ${namesInFolders(CLIENT_LOADING[tool].instructions).join(" or ")}, none of which holds this text after the sync`,
        });
        continue;
      }
      const real = plan.project.resolve(instructionPath(folder, tool));
      byFile.set(real, [...(byFile.get(real) ?? []), tool]);
    }
    const recordedFrom = (path: string) =>
      plan.record.entry(plan.recordPath(path), "rules-region", undefined)?.from;
    const candidates: InstructionCandidate[] = [...byFile].map(([real, tools]) => ({
      path: instructionPath(folder, tools[0] as SyncTool),
      real,
      tools,
    }));
    // The files the source's own file imports (Claude Code's CLAUDE.md that holds @AGENTS.md):
    // its text written into one of them would reach the source's own client twice. The plan
    // counts them as holding the source's text (they hold what it imports), and writes nothing
    // into them.
    const importedBySource =
      source === undefined || from === undefined
        ? undefined
        : new Set(
            [...targetReads(plan, from, source.path).files].filter(
              (real) => real !== plan.project.resolve(source.path),
            ),
          );
    // Only the files some target needs get the source's text: the others are left out.
    const trial =
      source === undefined || from === undefined
        ? undefined
        : new InstructionTrial(
            plan,
            folder,
            source.path,
            candidates.filter((candidate) => candidate.real !== plan.project.resolve(source.path)),
            (path) => recordedFrom(path) === instructionPath(folder, from),
            listing,
            importedParts(plan, source.path, importedBySource ?? new Set()),
          );
    const targets = [...byFile.values()].flat();
    // With the rules, every target's file at the root gets a region, so each of them is there
    // after the sync: one left without the instructions would shadow the file that holds them
    // (OpenCode reads AGENTS.md, once there, instead of CLAUDE.md). Each holds them, as before.
    const rulesEverywhere = withRules && folder === "";
    const needed = trial === undefined || rulesEverywhere ? undefined : neededFiles(trial, targets);
    const holding = new Set<string>();
    for (const [real, [first, ...others]] of byFile) {
      const tool = first as SyncTool;
      const path = instructionPath(folder, tool);
      const format = SYNC_TOOL_PLACES[tool].rulesFormat;
      const notes: Issue[] = others.map((other) => {
        const otherPath = instructionPath(folder, other);
        return {
          code: "same_file",
          severity: "info",
          path: otherPath,
          message:
            otherPath === path
              ? `${other} reads ${path} as well: the region is written there once, in the ${format} format`
              : `${otherPath} is ${path} (a link): the region is written there once, in the ${format} format, which ${other} reads as well`,
        };
      });
      if (source !== undefined && plan.project.resolve(source.path) === real) {
        warn({
          code: "same_file",
          severity: "info",
          path,
          message: `${path} is the source ${source.path}: left as it is`,
        });
        continue;
      }
      const current = plan.text(path);
      const old = currentRegion(path, current);
      // Instructions another source wrote stay when this run's source has no text of its own.
      const recorded = recordedFrom(path);
      const ours = from !== undefined && recorded === instructionPath(folder, from);
      const reads = targetReads(plan, tool, path);
      if (source !== undefined && reads.has(source.path)) {
        notes.push({
          code: "same_file",
          severity: "info",
          path,
          message: `${path} imports the source ${source.path}: its text is not written into it`,
        });
      }
      const intoSource = importedBySource?.has(real) === true;
      const text = source?.text(tool, reads) ?? "";
      if (intoSource && text !== "" && source !== undefined && from !== undefined) {
        const readers = [first, ...others].map((reader) => SYNC_TOOL_PLACES[reader as SyncTool]);
        warn({
          code: "not_carried",
          severity: "warning",
          path: source.path,
          message: `its own text is not written into ${path}, which it imports: ${SYNC_TOOL_PLACES[from].label} would read it twice; ${readers.map((reader) => reader.label).join(", ")} read${readers.length > 1 ? "" : "s"} ${path} alone (move the text into ${path} to share it)`,
        });
      }
      const leftOut = intoSource || (needed !== undefined && !needed.has(real));
      const carried = leftOut ? "" : text;
      if (carried !== "") holding.add(real);
      const instructions = carried !== "" || ours ? carried : (old?.instructions ?? "");
      const parts = {
        instructions,
        rules: withRules
          ? folder === ""
            ? (request.renderRules?.(SYNC_TOOL_PLACES[tool].rulesFormat) ?? "")
            : ""
          : (old?.rules ?? ""),
      };
      const content = joinRegionParts(parts);
      if (content === "") {
        if (old !== undefined) {
          const readers = [first, ...others].map((reader) => SYNC_TOOL_PLACES[reader as SyncTool]);
          const why = intoSource
            ? `the source ${source?.path} imports ${path}`
            : leftOut
              ? `${readers.map((reader) => reader.label).join(", ")} load${readers.length > 1 ? "" : "s"} the instructions of ${source?.path} without it`
              : "its sources are gone";
          planRegionRemoval(plan, path, current, notes, why);
        }
        continue;
      }
      const region = writeManagedRegion(path, current, content, sameRegion);
      plan.claimPart(
        path,
        "rules-region",
        undefined,
        {
          before: region.before === undefined ? undefined : regionHash(region.before),
          after: regionHash(region.inside),
        },
        "the contextfmt region",
        carried !== "" ? source?.path : instructions !== "" ? recorded : undefined,
      );
      plan.write(path, region.text, notes, `region:${tool}`);
    }
    // A session in the folder: a client whose own rules read two of the files holding the text.
    if (trial !== undefined) {
      for (const { path, issue } of loadedTwice(trial, [...targets, ...readersOnly], holding)) {
        // Nothing written holds it (the source's own layout reads twice): a warning of the run.
        if (holding.has(plan.project.resolve(path))) plan.write(path, plan.text(path), [issue]);
        else warn(issue);
      }
    }
  }
}

/**
 * The files the source's own file imports (real paths), and whether it has lines of its own
 * besides those that only point at them (`CLAUDE.md` = `@AGENTS.md` has none).
 */
function importedParts(
  plan: Plan,
  sourcePath: string,
  files: ReadonlySet<string>,
): { readonly files: ReadonlySet<string>; readonly ownText: boolean } {
  const own = outsideRegion(sourcePath, plan.text(sourcePath)).replace(/\r\n/g, "\n");
  // A path leading outside the project (or refused) is no file it imports.
  const imported = (path: string) => {
    if (path === ".." || path.startsWith("../")) return false;
    const located = plan.project.locate(path);
    return !("refused" in located) && files.has(located.real);
  };
  const ownText = textLines(own).some((line) => !pointsAt(line, sourcePath, imported));
  return { files, ownText };
}

/**
 * Whether `tool`, which gets no file of its own in the source's folder, reads the source's text
 * there anyway, as its loading rules say: the source file itself (OpenCode reads a nested
 * CLAUDE.md where no AGENTS.md is), or a file this sync writes there for another target (the
 * AGENTS.md written for Codex CLI).
 */
function readsNestedText(
  plan: Plan,
  request: SyncRequest,
  tool: SyncTool,
  sourcePath: string,
): boolean {
  const folder = posix.dirname(sourcePath);
  const holding = new Set([posix.basename(sourcePath)]);
  for (const other of request.to) {
    if (instructionReading(other).nested) holding.add(RULES_FILES[other]);
  }
  const present = (name: string) => holding.has(name) || plan.project.isFile(`${folder}/${name}`);
  return namesReadInFolder(CLIENT_LOADING[tool].instructions, present).some((name) =>
    holding.has(name),
  );
}

/** The files a target reads with one of its instruction files, by real path. */
interface TargetReads {
  readonly files: ReadonlySet<string>;
  /** Whether the target reads project file `path` (a link: the file it leads to). */
  readonly has: (path: string) => boolean;
}

/**
 * What `tool` reads with its instruction file `path`: the file, and the files its text outside
 * the region imports when the tool follows imports. None of it is carried into the file.
 */
function targetReads(plan: Plan, tool: SyncTool, path: string): TargetReads {
  const { project } = plan;
  const files = new Set([project.resolve(path)]);
  if (instructionReading(tool).imports) {
    const own = (file: string) => outsideRegion(file, plan.text(file)).replace(/\r\n/g, "\n");
    for (const found of importedFiles(project, path, own(path), own, () => {})) {
      files.add(project.resolve(found.path));
    }
  }
  return { files, has: (file) => files.has(project.resolve(file)) };
}

/** The parts of the file's region, or undefined when it has none. */
function currentRegion(path: string, text: string): RegionParts | undefined {
  const removed = removeManagedRegion(path, text);
  return removed === undefined ? undefined : regionParts(removed.before.replace(/\r\n/g, "\n"));
}

/**
 * Takes out a region whose sources are gone, when contextfmt wrote it and it is unchanged since;
 * a changed one stays, with a warning. A file left empty is removed: all it held was the region.
 */
function planRegionRemoval(
  plan: Plan,
  path: string,
  current: string,
  notes: Issue[],
  why: string,
): void {
  const removed = removeManagedRegion(path, current) as { text: string; before: string };
  const recordPath = plan.recordPath(path);
  const hash = regionHash(removed.before);
  if (plan.record.claimsUnproven(recordPath, "rules-region", undefined, hash)) {
    plan.unproven.push(`${path}: the contextfmt region`);
    return;
  }
  if (!plan.record.wrote(recordPath, "rules-region", undefined, hash)) {
    plan.warnings.push({
      code: "kept_changed",
      severity: "warning",
      path,
      message:
        "the contextfmt region stays: its sources are gone, but contextfmt did not write it as it is now (take it out by hand)",
    });
    return;
  }
  plan.record.forget(recordPath, "rules-region", undefined);
  const note: Issue = {
    code: "removed",
    severity: "info",
    path,
    message: `the contextfmt region taken out: ${why}`,
  };
  if (removed.text.trim() === "") plan.remove(path, [note, ...notes]);
  else plan.write(path, removed.text, [note, ...notes]);
}
