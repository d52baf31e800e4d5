/**
 * The project as doctor reads it: only the project, each file once, and a file that cannot be
 * read noted with why instead of stopping the report.
 */
import { type Stats, statSync } from "node:fs";
import type { Issue } from "../../problems/issue.js";
import { decodeUtf8, kindOf, type Project, readFileCapped } from "../../workspace/project.js";
import { type SettingsFile, settingsFile } from "../../workspace/settings-file.js";
import { unreadableReason } from "./unreadable.js";

/** A file that could not be read, and why. */
interface Unreadable {
  readonly reason: string;
}

/** A settings file parsed, or why it cannot be. */
type Parsed = { readonly file: SettingsFile } | Unreadable;

/** Settings file `path`'s `text` parsed, or why it cannot be. */
function parsed(path: string, text: string): Parsed {
  try {
    return { file: settingsFile(path, text) };
  } catch (error) {
    return { reason: unreadableReason(error) };
  }
}

/**
 * The project as the doctor reads it: each file's text read once, the file list walked once.
 * Only the project is read: a path, or a link on it, leading outside or into a version control
 * folder is refused, as is anything but a regular file (a FIFO would block the read forever).
 * A file that cannot be read is not an error: the view notes it (see {@link takeUnreadable})
 * and answers as if it were absent, so one bad file never hides the others.
 */
export class ProjectView {
  readonly #texts = new Map<string, string | Unreadable | undefined>();
  readonly #settings = new Map<string, Parsed>();
  /** The files met since the last {@link takeUnreadable} that could not be read, and why. */
  readonly #unreadable = new Map<string, string>();
  #all: string[] | undefined;
  /** Links out of the project met while listing every file ({@link visibleFiles}). */
  readonly listingLeftOut: Issue[] = [];

  constructor(
    readonly project: Project,
    /** The folder sessions start in, relative to the project ("" for its root). */
    readonly start: string,
  ) {}

  /** The text of file `path`, or undefined when there is none or it cannot be read. */
  text(path: string): string | undefined {
    if (!this.#texts.has(path)) this.#texts.set(path, this.#read(path));
    const text = this.#texts.get(path);
    if (typeof text !== "object") return text;
    this.unreadable(path, text.reason);
    return undefined;
  }

  /**
   * Settings file `path` (TOML by its name, else JSON with comments), or undefined when there is
   * none or it cannot be read or parsed.
   */
  settings(path: string): SettingsFile | undefined {
    const text = this.text(path);
    if (text === undefined) return undefined;
    if (!this.#settings.has(path)) this.#settings.set(path, parsed(path, text));
    const data = this.#settings.get(path) as Parsed;
    if ("reason" in data) {
      this.unreadable(path, data.reason);
      return undefined;
    }
    return data.file;
  }

  /** Settings file `path`'s data, or undefined as {@link ProjectView.settings} says. */
  data(path: string): unknown {
    return this.settings(path)?.value();
  }

  /** Notes that `path` cannot be read, or is not what the client reads, and why. */
  unreadable(path: string, reason: string): void {
    this.#unreadable.set(path, reason);
  }

  /** The files noted unreadable since the last call, in the order met, each once. */
  takeUnreadable(): { readonly path: string; readonly reason: string }[] {
    const taken = [...this.#unreadable].map(([path, reason]) => ({ path, reason }));
    this.#unreadable.clear();
    return taken;
  }

  /**
   * Every file below folder `dir` (see `Project.filesBelow`); a link out of the project is
   * noted unreadable.
   */
  filesBelow(dir: string): string[] {
    return this.project.filesBelow(dir, (issue) =>
      this.unreadable(issue.path ?? dir, issue.message),
    );
  }

  /** Every file of the project outside dependencies and hidden folders. */
  visibleFiles(): readonly string[] {
    this.#all ??= this.project.filesBelow(
      "",
      (issue) => this.listingLeftOut.push(issue),
      (name) => name === "node_modules" || name.startsWith("."),
    );
    return this.#all;
  }

  /** The text of `path`, undefined for none, or why it cannot or may not be read. */
  #read(path: string): string | Unreadable | undefined {
    try {
      const located = this.project.locate(path);
      // Links out of the project and version control folders (.git, …) are refused here.
      if ("refused" in located) return { reason: located.refused };
      let stats: Stats;
      try {
        stats = statSync(located.real);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT" || code === "ENOTDIR") return undefined;
        throw error;
      }
      // No place a client reads a file from is meant to be a folder.
      if (stats.isDirectory()) return { reason: `${path}: a folder, not a file` };
      if (!stats.isFile()) return { reason: `${path}: not a regular file (${kindOf(stats)})` };
      const bytes = readFileCapped(located.real, path);
      if (bytes === undefined) return undefined;
      return decodeUtf8(path, bytes);
    } catch (error) {
      return { reason: unreadableReason(error) };
    }
  }
}
