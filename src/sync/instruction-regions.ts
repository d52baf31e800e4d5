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
import { importsLeftBehind } from "./imports-left-behind.js";
import {
  type InstructionCandidate,
  InstructionTrial,
  importingFiles,
  importOfSource,
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
import { filesForRules, type InlinedRules, NO_INLINED_RULES } from "./rule-files.js";

/**
 * What stands for the rules in a file the instruction trial counts (it is there after the run),
 * in the file's format: two files holding them in two formats are not the same text to a client
 * that drops a file it has read already (Copilot CLI).
 */
const rulesStandIn = (format: string) => `<!-- the rules, ${format} -->`;

/** What stands for the source's text in a file the trial of the rules counts. */
const TEXT_STAND_IN = "<!-- the source's instructions -->";

/** What stands for the rule files loaded at every start in a file the trial counts. */
const INLINED_STAND_IN = "<!-- the rules loaded at every start -->";

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
/** The hash the record keeps of a region's inside, whatever its line endings. */
export const regionHash = (inside: string) => sha256(inside.replace(/\r\n/g, "\n"));

/** The instruction file of `tool` for `folder` ("" for the project's root). */
const instructionPath = (folder: string, tool: SyncTool) =>
  folder === "" ? RULES_FILES[tool] : `${folder}/${RULES_FILES[tool]}`;

/**
 * The managed region of each target's instruction files: the source's own instructions (the
 * `instructions` kind; a nested file to the same folder) and then the rules (the `rules` kind,
 * at the root). A run that writes one of the two keeps the other part of the region as it is.
 * Two tools whose files are one (`AGENTS.md` read by both, or a link) get it once, in the terms
 * of the first of them in the fixed order of SYNC_TOOLS, whatever order `--to` names them in:
 * every run writes the same text. The source's rules loaded at every start (`inlined`) follow
 * the instructions at the root, in the files that make each target needing them load them.
 */
export function planRegions(
  plan: Plan,
  request: SyncRequest,
  inlined: InlinedRules = NO_INLINED_RULES,
): void {
  const withRules = request.kinds.includes("rules");
  // A run of the rules without the instructions (`--only rules`) still knows the source: a file
  // it creates for the rules may shadow the one a target loaded the source's text from (OpenCode
  // reads an AGENTS.md, once there, instead of CLAUDE.md). Such a target keeps loading the text:
  // it goes into that file too. No other instructions are written or taken out.
  const keepOnly = withRules && !request.kinds.includes("instructions");
  const from = request.kinds.includes("instructions") || keepOnly ? request.from : undefined;
  if (from === undefined && !withRules) return;
  const warn = (issue: Issue) => plan.warnings.push(issue);
  const sources = new Map<
    string,
    { path: string; text: (to: SyncTool, reads: TargetReads) => string }
  >();
  if (from !== undefined) {
    for (const file of instructionFiles(plan, from, warn)) {
      // The rules are at the root alone: a run of them alone looks at no other folder.
      if (keepOnly && file.folder !== "") continue;
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
  if (withRules || inlined.text !== "") folders.add("");
  // A source file gone since an earlier run wrote its text: its targets are looked at too.
  if (from !== undefined && !keepOnly) {
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
    // What stays in a file's region without the source's text: the rules of this run (at the
    // root), or instructions another source wrote. Such a file is there after the run, and the
    // trial counts it: OpenCode reads an AGENTS.md that holds the rules instead of CLAUDE.md.
    // The files that get the rules loaded at every start (decided after a first trial): they
    // are there after the run too, and may shadow the source's file (OpenCode reads an AGENTS.md
    // made for a rule instead of CLAUDE.md).
    let rulesInto: ReadonlySet<string> = new Set<string>();
    const formatOf = (path: string) => {
      const writer = candidates.find((candidate) => candidate.path === path)?.tools[0];
      return writer === undefined ? "" : SYNC_TOOL_PLACES[writer].rulesFormat;
    };
    // The files the rules go into (at the root), by their own trial: decided before the source's
    // text, and again after it with the files that text needs.
    let rulesIn: ReadonlySet<string> = new Set<string>();
    // The files that get the source's text (decided by the trial below).
    let needed: Set<string> | undefined;
    const keptInstructions = (path: string) => {
      const old = currentRegion(path, plan.text(path));
      const ours = from !== undefined && recordedFrom(path) === instructionPath(folder, from);
      const kept = ours && !keepOnly ? "" : (old?.instructions ?? "");
      return kept === "" && rulesInto.has(plan.project.resolve(path)) ? INLINED_STAND_IN : kept;
    };
    const rest = (path: string) =>
      joinRegionParts({
        instructions: keptInstructions(path),
        rules: withRules
          ? rulesIn.has(plan.project.resolve(path))
            ? rulesStandIn(formatOf(path))
            : ""
          : (currentRegion(path, plan.text(path))?.rules ?? ""),
      });
    // What a file holds after the run without the rules: the source's text where a target
    // needs it (or a run of the rules alone keeps it), and what else stays.
    const withoutRules = (path: string) => {
      const real = plan.project.resolve(path);
      const text = needed?.has(real) === true || holdingNow.has(real);
      return joinRegionParts({
        instructions: text ? TEXT_STAND_IN : keptInstructions(path),
        rules: "",
      });
    };
    // Only the files some target needs get the source's text: the others are left out.
    const trial =
      source === undefined || from === undefined
        ? undefined
        : new InstructionTrial(
            plan,
            folder,
            source.path,
            candidates.filter((candidate) => candidate.real !== plan.project.resolve(source.path)),
            rest,
            listing,
            importedParts(plan, source.path, importedBySource ?? new Set()),
          );
    const targets = [...byFile.values()].flat();
    // The files whose region holds the source's text already: a run of the rules alone keeps
    // them, and needs the others only for targets that load the text now.
    const holdingNow = new Set(
      keepOnly
        ? candidates
            .filter((candidate) => {
              const ours =
                recordedFrom(candidate.path) === instructionPath(folder, from as SyncTool);
              return ours && currentRegion(candidate.path, plan.text(candidate.path))?.instructions;
            })
            .map((candidate) => candidate.real)
        : [],
    );
    const needing =
      trial === undefined || !keepOnly
        ? targets
        : targets.filter((tool) => trial.loadsNow(tool, holdingNow));
    const rulesTrial =
      withRules && folder === ""
        ? new InstructionTrial(
            plan,
            folder,
            undefined,
            candidates.filter((candidate) => candidate.real !== sourceRealOf(plan, source?.path)),
            withoutRules,
            listing,
            undefined,
            (path) => rulesStandIn(formatOf(path)),
          )
        : undefined;
    if (rulesTrial !== undefined) rulesIn = neededFiles(rulesTrial, targets);
    needed = trial === undefined ? undefined : neededFiles(trial, needing, holdingNow);
    // A file made for the source's text may shadow one that holds the rules for a target
    // (Claude Code reads a CLAUDE.md made for it instead of AGENTS.md): the rules go there too.
    if (rulesTrial !== undefined) {
      const before = rulesIn.size;
      rulesIn = neededFiles(rulesTrial, targets, rulesIn);
      if (trial !== undefined && rulesIn.size > before) {
        needed = neededFiles(trial, needing, holdingNow);
      }
    }
    const sourceReal = source === undefined ? undefined : plan.project.resolve(source.path);
    rulesInto =
      folder === "" && inlined.text !== ""
        ? filesForRules(
            plan,
            from as SyncTool,
            inlined,
            new Set(
              source === undefined
                ? []
                : [...(needed ?? byFile.keys())].filter(
                    (real) => real !== sourceReal && importedBySource?.has(real) !== true,
                  ),
            ),
            new Set([
              ...(sourceReal === undefined ? [] : [sourceReal]),
              ...(importedBySource ?? []),
            ]),
          )
        : new Set<string>();
    // A file made for the rules alone may shadow one a target needed: try again with it there.
    if (trial !== undefined && [...rulesInto].some((real) => needed?.has(real) !== true)) {
      needed = neededFiles(trial, needing, holdingNow);
    }
    // The source's own client is counted too: it may read a file written for a target (Qwen
    // Code reads the AGENTS.md written for Codex CLI beside its QWEN.md).
    const clients = from === undefined || targets.includes(from) ? targets : [from, ...targets];
    // A run of the rules alone keeps the files that import the source as they are.
    const importing =
      trial === undefined || needed === undefined || source === undefined
        ? new Set<string>()
        : keepOnly
          ? new Set(
              candidates
                .filter(
                  (candidate) =>
                    holdingNow.has(candidate.real) &&
                    currentRegion(candidate.path, plan.text(candidate.path))?.instructions ===
                      importOfSource(candidate.path, source.path),
                )
                .map((candidate) => candidate.real),
            )
          : importingFiles(trial, clients, needed);
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
      const ours = !keepOnly && from !== undefined && recorded === instructionPath(folder, from);
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
      if (intoSource && from !== undefined) {
        for (const issue of importsLeftBehind(plan, from, path, [first, ...others] as SyncTool[])) {
          warn(issue);
        }
      }
      const text =
        source === undefined
          ? ""
          : importing.has(real)
            ? importOfSource(path, source.path)
            : source.text(tool, reads);
      if (intoSource && text !== "" && source !== undefined && from !== undefined) {
        const readers = [first, ...others].map((reader) => SYNC_TOOL_PLACES[reader as SyncTool]);
        warn({
          code: "not_carried",
          severity: "warning",
          path: source.path,
          message: `its own text is not written into ${path}, which it imports: ${SYNC_TOOL_PLACES[from].label} would read it twice; ${readers.map((reader) => reader.label).join(", ")} read${readers.length > 1 ? "" : "s"} ${path} alone (move the text into ${path} to share it)`,
        });
      }
      // The source's text where a target needs this file for it; the rules loaded at every start
      // where a target needs it for them (a file may be needed for the rules alone: Qwen Code
      // reads the source's AGENTS.md, and QWEN.md for the rules).
      const withText =
        !intoSource && !holdingNow.has(real) && (needed === undefined || needed.has(real));
      const withInlined = rulesInto.has(real);
      const carried = [withText ? text : "", withInlined ? inlined.text : ""]
        .filter((part) => part !== "")
        .join("\n\n");
      if ((withText && text !== "") || holdingNow.has(real)) holding.add(real);
      const instructions = carried !== "" || ours ? carried : (old?.instructions ?? "");
      const parts = {
        instructions,
        rules: withRules
          ? rulesIn.has(real)
            ? (request.renderRules?.(SYNC_TOOL_PLACES[tool].rulesFormat) ?? "")
            : ""
          : (old?.rules ?? ""),
      };
      const content = joinRegionParts(parts);
      if (content === "") {
        if (old !== undefined) {
          const readers = [first, ...others].map((reader) => SYNC_TOOL_PLACES[reader as SyncTool]);
          const load = `${readers.map((reader) => reader.label).join(", ")} load${readers.length > 1 ? "" : "s"}`;
          const why = intoSource
            ? `the source ${source?.path} imports ${path}`
            : withRules && old.rules !== "" && (source === undefined || !withText)
              ? `${load} ${source === undefined ? "" : `the instructions of ${source.path} and `}the rules without it`
              : source !== undefined && !withText
                ? `${load} the instructions of ${source.path} without it`
                : "its sources are gone";
          planRegionRemoval(plan, path, current, notes, why);
        }
        continue;
      }
      const writtenFrom =
        carried !== ""
          ? (source?.path ?? (from !== undefined ? instructionPath(folder, from) : undefined))
          : instructions !== ""
            ? recorded
            : undefined;
      claimRegion(
        plan,
        { tool, path, current, content, from: writtenFrom, same: sameRegion },
        notes,
      );
    }
    // A session in the folder: a client whose own rules read two of the files holding the text
    // (the targets, the source's own client, and those that read the text here without a file).
    if (trial !== undefined) {
      const readers = [...new Set([...clients, ...readersOnly])];
      for (const { path, issue } of loadedTwice(trial, readers, holding, importing)) {
        // Nothing written holds it (the source's own layout reads twice): a warning of the run.
        if (holding.has(plan.project.resolve(path))) plan.write(path, plan.text(path), [issue]);
        else warn(issue);
      }
    }
    if (rulesTrial !== undefined) {
      for (const { path, issue } of loadedTwice(rulesTrial, clients, rulesIn)) {
        plan.write(path, plan.text(path), [issue]);
      }
    }
  }
}

/** The real path of the source's file, or undefined where the run has none. */
const sourceRealOf = (plan: Plan, path: string | undefined) =>
  path === undefined ? undefined : plan.project.resolve(path);

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

/** A region a run writes into a target's instruction file. */
export interface RegionWrite {
  /** The target it is written for (the file's owner in the plan). */
  readonly tool: SyncTool;
  readonly path: string;
  /** The file's text as planned so far. */
  readonly current: string;
  /** The region's inside: the parts joined ({@link joinRegionParts}). */
  readonly content: string;
  /** The source file it is written from, when there is one, for the record. */
  readonly from: string | undefined;
  /** Whether an old inside may stay for a new one (by default: when they are equal). */
  readonly same?: (old: string, next: string) => boolean;
}

/**
 * Writes the managed region of `write.path`, the text around it kept byte for byte, and claims
 * it in the record: replacing a region contextfmt did not write as it is now is a conflict.
 */
export function claimRegion(plan: Plan, write: RegionWrite, notes: readonly Issue[]): void {
  const { path, current, content } = write;
  const region = writeManagedRegion(path, current, content, write.same);
  plan.claimPart(
    path,
    "rules-region",
    undefined,
    {
      before: region.before === undefined ? undefined : regionHash(region.before),
      after: regionHash(region.inside),
    },
    "the contextfmt region",
    write.from,
  );
  plan.write(path, region.text, notes, `region:${write.tool}`);
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
export function planRegionRemoval(
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
