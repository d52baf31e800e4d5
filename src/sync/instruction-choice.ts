/**
 * Which instruction files sync writes the source's text into: the fewest that make each target
 * load it, by each client's own loading rules (src/clients) for a session started in the folder.
 * A target that already reads the source's file (Copilot CLI reads CLAUDE.md itself; OpenCode
 * reads CLAUDE.md where there is no AGENTS.md), or a file written for another target (Qwen Code
 * reads the AGENTS.md written for Codex CLI), gets no file of its own: the same text twice in
 * front of the model is noise, and the doctor names it.
 */

import { posix } from "node:path";
import { defaultCounter } from "../tokens/heuristic.js";
import { outsideRegion } from "../workspace/managed-region.js";
import type { LoadedTwiceIssue } from "../workspace/record.js";
import { clientFiles } from "./loads/files.js";
import { instructionReading, SYNC_TOOL_PLACES, SYNC_TOOLS, type SyncTool } from "./locations.js";
import type { Plan } from "./planned-files.js";
import { PlannedView, type SharedListing } from "./planned-view.js";

/** One target instruction file of a folder, and the targets whose file it is. */
export interface InstructionCandidate {
  readonly path: string;
  /** Its real path: two names of one file (a link) are one candidate. */
  readonly real: string;
  readonly tools: readonly SyncTool[];
}

/** The text that stands for the source's, in a file the trial writes it into. */
const STAND_IN = "<!-- the source's instructions -->";

/** What the clients would load from one folder's instruction files, for a set of them written. */
export class InstructionTrial {
  readonly #view: PlannedView;
  /** The project as it is, before this run. */
  readonly #now: PlannedView;
  #written: ReadonlySet<string> = new Set();
  #pointers: ReadonlySet<string> = new Set();
  readonly #byReal: ReadonlyMap<string, InstructionCandidate>;

  constructor(
    readonly plan: Plan,
    /** The folder a session starts in: the folder of the instruction files. */
    folder: string,
    /** The source's instruction file of the folder. */
    readonly source: string,
    readonly candidates: readonly InstructionCandidate[],
    /**
     * What the file's region holds after this run when the source's text is not written into
     * it ("" for nothing): the rules, or instructions another source wrote that stay. A file
     * that keeps a region is there after the run, and shadows what its name shadows.
     */
    rest: (path: string) => string,
    shared: SharedListing,
  ) {
    this.#byReal = new Map(candidates.map((candidate) => [candidate.real, candidate]));
    const { project } = plan;
    this.#view = new PlannedView(
      project,
      folder,
      (real) => {
        const candidate = this.#byReal.get(real);
        if (candidate === undefined) return undefined;
        const current = plan.text(candidate.path);
        const outside = outsideRegion(candidate.path, current);
        if (this.#pointers.has(real)) {
          return `${outside}\n${importOfSource(candidate.path, this.source)}\n`;
        }
        if (this.#written.has(real)) return `${outside}\n${STAND_IN}\n`;
        const kept = rest(candidate.path);
        if (kept !== "") return `${outside}\n${kept}\n`;
        // Without a region: a file that held nothing else is removed.
        return outside.trim() === "" ? null : outside;
      },
      () => candidates.map((candidate) => candidate.path),
      shared,
    );
    this.#now = new PlannedView(
      project,
      folder,
      () => undefined,
      () => [],
      shared,
    );
  }

  /**
   * Whether `tool` loads the source's text before this run: from the source's file, or from one
   * of `holding` (real paths of the files whose region holds it now).
   */
  loadsNow(tool: SyncTool, holding: ReadonlySet<string>): boolean {
    const { project } = this.plan;
    const source = project.resolve(this.source);
    return clientFiles(this.#now, tool, defaultCounter).files.some((file) => {
      if (!file.loaded) return false;
      const located = project.locate(file.path);
      return !("refused" in located) && (located.real === source || holding.has(located.real));
    });
  }

  /**
   * The files `tool` loads that hold the source's text when `written` are written (`pointers`
   * among them import the source's file instead): the source's own, and the written ones, each
   * by its path.
   */
  copies(
    tool: SyncTool,
    written: ReadonlySet<string>,
    pointers: ReadonlySet<string> = new Set(),
  ): string[] {
    this.#written = written;
    this.#pointers = pointers;
    const { project } = this.plan;
    const source = project.resolve(this.source);
    const loaded = clientFiles(this.#view, tool, defaultCounter).files.filter(
      (file) => file.loaded,
    );
    const paths: string[] = [];
    for (const file of loaded) {
      const located = project.locate(file.path);
      if ("refused" in located) continue;
      if (located.real === source || (written.has(located.real) && !pointers.has(located.real))) {
        paths.push(file.path);
      }
    }
    return [...new Set(paths)];
  }
}

/**
 * The real paths of the candidates to write the source's text into: starting from all of them,
 * each is left out when every target still loads the source's text without it. The files read
 * by fewer targets are tried first, so a file several targets share is kept over one of their
 * own. The `kept` ones hold it whatever the trial finds.
 */
export function neededFiles(
  trial: InstructionTrial,
  targets: readonly SyncTool[],
  kept: ReadonlySet<string> = new Set(),
): Set<string> {
  const written = new Set(trial.candidates.map((candidate) => candidate.real));
  const order = [...trial.candidates].sort(
    (a, b) =>
      a.tools.length - b.tools.length ||
      SYNC_TOOLS.indexOf(b.tools[0] as SyncTool) - SYNC_TOOLS.indexOf(a.tools[0] as SyncTool),
  );
  for (const candidate of order) {
    if (kept.has(candidate.real)) continue;
    const without = new Set(written);
    without.delete(candidate.real);
    if (targets.every((tool) => trial.copies(tool, without).length > 0)) {
      written.delete(candidate.real);
    }
  }
  return written;
}

/**
 * The `@path` line that imports the source's file `source` from the instruction file at `path`:
 * what a file holds in place of the text for clients that follow imports.
 */
export const importOfSource = (path: string, source: string): string =>
  `@${posix.relative(posix.dirname(path), source)}`;

/**
 * The written files (real paths) that import the source's file rather than hold its text, so
 * that no client of `clients` loads the text more than twice. A client whose own rules read
 * several files, none shadowing another (Copilot CLI reads AGENTS.md, CLAUDE.md and GEMINI.md),
 * would otherwise load it from each one other targets need; a file whose every reader follows
 * imports (GEMINI.md) can hold `@CLAUDE.md` instead, and its readers still load the text once.
 * Files are taken in candidate order until none loads it more than twice, or none is left.
 */
export function importingFiles(
  trial: InstructionTrial,
  clients: readonly SyncTool[],
  written: ReadonlySet<string>,
): Set<string> {
  const chosen = new Set<string>();
  const over = (with_: ReadonlySet<string>) =>
    clients.some((tool) => trial.copies(tool, written, with_).length > 2);
  while (over(chosen)) {
    const next = trial.candidates.find((candidate) => {
      if (!written.has(candidate.real) || chosen.has(candidate.real)) return false;
      if (!candidate.tools.every((tool) => instructionReading(tool).imports)) return false;
      const tried = new Set([...chosen, candidate.real]);
      return candidate.tools.every((tool) => trial.copies(tool, written, tried).length === 1);
    });
    if (next === undefined) break;
    chosen.add(next.real);
  }
  return chosen;
}

/**
 * The one warning for each target that loads the source's text from more than one file, when
 * `written` (real paths) hold it: its own rules read them all, and other targets need them.
 * Attached to the first written file among them, shown when that file changes.
 */
export function loadedTwice(
  trial: InstructionTrial,
  targets: readonly SyncTool[],
  written: ReadonlySet<string>,
  pointers: ReadonlySet<string> = new Set(),
): { readonly path: string; readonly issue: LoadedTwiceIssue }[] {
  const { project } = trial.plan;
  const found: { path: string; issue: LoadedTwiceIssue }[] = [];
  for (const tool of targets) {
    const copies = trial.copies(tool, written, pointers);
    if (copies.length < 2) continue;
    const needs = copies.map((path) => {
      const real = project.resolve(path);
      if (real === project.resolve(trial.source)) {
        return path === trial.source ? `${path} is the source` : `${path} is the source (a link)`;
      }
      const readers = trial.candidates.find((candidate) => candidate.real === real)?.tools ?? [];
      const others = readers.filter((reader) => reader !== tool);
      const labels = (others.length > 0 ? others : readers).map(
        (reader) => SYNC_TOOL_PLACES[reader].label,
      );
      return `${path} is for ${labels.join(", ")}`;
    });
    const path = copies.find((copy) => written.has(project.resolve(copy)));
    if (path === undefined) continue;
    found.push({
      path,
      issue: {
        code: "loaded_twice",
        severity: "warning",
        path,
        message: `${SYNC_TOOL_PLACES[tool].label} reads each of ${copies.join(", ")}, so the instructions of ${trial.source} reach it ${copies.length === 2 ? "twice" : `${copies.length} times`} (${needs.join("; ")})`,
        // For the record: doctor then knows the duplicate as sync's own (see NamedTwice).
        named: { client: tool, kind: "instructions", paths: copies },
      },
    });
  }
  return found;
}
