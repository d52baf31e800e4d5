/**
 * Which instruction files sync writes the source's text into: the fewest that make each target
 * load it, by each client's own loading rules (src/clients) for a session started in the folder.
 * A target that already reads the source's file (Copilot CLI reads CLAUDE.md itself; OpenCode
 * reads CLAUDE.md where there is no AGENTS.md), or a file written for another target (Qwen Code
 * reads the AGENTS.md written for Codex CLI), gets no file of its own: the same text twice in
 * front of the model is noise, and the doctor names it. The same trial places the rules (the
 * `rules` kind), which no file holds before the run: a trial carries one thing, the source's
 * text or the rules.
 */

import { posix } from "node:path";
import { importsIn } from "../clients/spec.js";
import { defaultCounter } from "../tokens/heuristic.js";
import { outsideRegion } from "../workspace/managed-region.js";
import type { LoadedTwiceIssue } from "../workspace/record.js";
import { CLIENT_LOADING } from "./loading.js";
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

/**
 * What the clients would load from one folder's instruction files, for a set of them written
 * with what it carries: the source's text (`source` is its file), or the rules (`source`
 * undefined: they come from no file a client reads).
 */
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
    /** The source's instruction file of the folder; undefined for a trial of the rules. */
    readonly source: string | undefined,
    readonly candidates: readonly InstructionCandidate[],
    /**
     * What the file's region holds after this run when the source's text is not written into
     * it ("" for nothing): the rules, or instructions another source wrote that stay. A file
     * that keeps a region is there after the run, and shadows what its name shadows.
     */
    rest: (path: string) => string,
    shared: SharedListing,
    /**
     * The files the source's own file imports (real paths), which hold part of its text, and
     * whether it has lines of its own besides the lines that point at them.
     */
    readonly imported: { readonly files: ReadonlySet<string>; readonly ownText: boolean } = {
      files: new Set(),
      ownText: true,
    },
    /**
     * What stands for what is carried in a written file: the rules are in each file's own
     * format, so two files holding them are not the same text to a client that drops a file it
     * has read already (Copilot CLI).
     */
    standIn: (path: string) => string = () => STAND_IN,
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
        if (this.#pointers.has(real) && this.source !== undefined) {
          return `${outside}\n${importOfSource(candidate.path, this.source)}\n`;
        }
        // Written: the source's text, and what else its region holds (the rules, in its format).
        if (this.#written.has(real)) {
          const kept = rest(candidate.path);
          return `${outside}\n${standIn(candidate.path)}\n${kept === "" ? "" : `${kept}\n`}`;
        }
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

  /** Per project path: whether its own text (outside a region) is the source file's text. */
  readonly #copies = new Map<string, boolean>();

  /**
   * Whether the file at `path` holds, outside any region, exactly the source file's own text
   * (line endings and surrounding blank space aside): a copy the user keeps by hand.
   */
  #copiesSource(path: string): boolean {
    const known = this.#copies.get(path);
    if (known !== undefined) return known;
    const { plan, source } = this;
    const own = (file: string) =>
      outsideRegion(file, plan.text(file)).replace(/\r\n/g, "\n").trim();
    const sourceText = source === undefined ? "" : own(source);
    const copy = sourceText !== "" && own(path) === sourceText;
    this.#copies.set(path, copy);
    return copy;
  }

  /**
   * Whether `tool` loads the source's text before this run: from the source's file, or from one
   * of `holding` (real paths of the files whose region holds it now).
   */
  loadsNow(tool: SyncTool, holding: ReadonlySet<string>): boolean {
    const { project } = this.plan;
    const source = this.source === undefined ? undefined : project.resolve(this.source);
    return clientFiles(this.#now, tool, defaultCounter).files.some((file) => {
      if (!file.loaded) return false;
      const located = project.locate(file.path);
      return !("refused" in located) && (located.real === source || holding.has(located.real));
    });
  }

  /**
   * The files `tool` loads that hold the source's text when `written` are written (`pointers`
   * among them import the source's file instead), each by its path (an import as `path (imported
   * by file)`), as often as it reads them: for the part of the source's text it reads most often
   * (its own lines: the source's file; a file it imports: that file), the written files holding
   * all of it counted in. None when it misses a part.
   */
  copies(
    tool: SyncTool,
    written: ReadonlySet<string>,
    pointers: ReadonlySet<string> = new Set(),
  ): string[] {
    this.#written = written;
    this.#pointers = pointers;
    const { project } = this.plan;
    const source = this.source === undefined ? undefined : project.resolve(this.source);
    const loaded = clientFiles(this.#view, tool, defaultCounter).files.filter(
      (file) => file.loaded,
    );
    // The rules (no source file): only the written files hold them.
    const parts = [
      ...(this.imported.ownText && source !== undefined ? [source] : []),
      ...this.imported.files,
    ];
    // In load order: each file read that holds the source's text, and the part it holds (none:
    // a written file, which holds all of it).
    const read: { shown: string; part?: string }[] = [];
    for (const file of loaded) {
      const located = project.locate(file.path);
      if ("refused" in located) continue;
      const shown =
        file.importedBy === undefined ? file.path : `${file.path} (imported by ${file.importedBy})`;
      if (written.has(located.real)) {
        // A file that only imports the source holds none of its text: what it brings in is read
        // as the source's own file.
        if (pointers.has(located.real)) continue;
        // A written file holds the source's imports inline, or as its `@path` lines for a writer
        // that imports: those reach a reader that follows imports there, else only its own text.
        const writer = this.#byReal.get(located.real)?.tools[0];
        const whole =
          writer === undefined ||
          !instructionReading(writer).imports ||
          importsIn(CLIENT_LOADING[tool].instructions, file.path);
        if (whole || source === undefined) read.push({ shown });
        else if (this.imported.ownText) read.push({ shown, part: source });
      } else if (parts.includes(located.real)) read.push({ shown, part: located.real });
      else if (source !== undefined && this.#copiesSource(file.path)) {
        // The user's own copy of the source's file (CLAUDE.md kept equal to AGENTS.md by hand):
        // its reader loads the source's lines from it already.
        read.push({ shown, part: source });
      }
    }
    const times = (part: string) =>
      read.filter((entry) => entry.part === undefined || entry.part === part).length;
    if (parts.some((part) => times(part) === 0)) return [];
    const most = parts.reduce<string | undefined>(
      (best, part) => (best === undefined || times(part) > times(best) ? part : best),
      undefined,
    );
    const shown = read.filter((entry) => entry.part === undefined || entry.part === most);
    return [...new Set(shown.map((entry) => entry.shown))];
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
      if (!candidate.tools.every((tool) => trial.copies(tool, written, tried).length === 1)) {
        return false;
      }
      // No client may read it more often through the import (Copilot CLI follows CLAUDE.md's).
      return clients.every(
        (tool) =>
          trial.copies(tool, written, tried).length <= trial.copies(tool, written, chosen).length,
      );
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
    const needs = copies.map((shown) => {
      const importer = / \(imported by (.*)\)$/.exec(shown)?.[1];
      const path = importer === undefined ? shown : shown.slice(0, shown.indexOf(" (imported by "));
      const real = project.resolve(path);
      if (importer !== undefined) return `${importer} imports ${path}`;
      if (trial.imported.files.has(real)) return `${path} is read in its own right`;
      if (trial.source !== undefined && real === project.resolve(trial.source)) {
        return path === trial.source ? `${path} is the source` : `${path} is the source (a link)`;
      }
      const readers = trial.candidates.find((candidate) => candidate.real === real)?.tools ?? [];
      const others = readers.filter((reader) => reader !== tool);
      const labels = (others.length > 0 ? others : readers).map(
        (reader) => SYNC_TOOL_PLACES[reader].label,
      );
      return `${path} is for ${labels.join(", ")}`;
    });
    // The first written file among them; none written: the source, whose layout it is.
    const path = copies.find((copy) => written.has(project.resolve(copy))) ?? trial.source;
    if (path === undefined) continue;
    found.push({
      path,
      issue: {
        code: "loaded_twice",
        severity: "warning",
        path,
        message: `${SYNC_TOOL_PLACES[tool].label} reads each of ${copies.join(", ")}, so ${trial.source === undefined ? "the rules" : `the instructions of ${trial.source}`} reach it ${copies.length === 2 ? "twice" : `${copies.length} times`} (${needs.join("; ")})`,
        // For the record: doctor then knows the duplicate as sync's own (see NamedTwice).
        named: {
          client: tool,
          kind: "instructions",
          paths: copies.map((shown) => shown.replace(/ \(imported by .*\)$/, "")),
        },
      },
    });
  }
  return found;
}
