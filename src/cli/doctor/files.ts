/**
 * The instruction files one client reads for a session started in a folder of the project, by
 * its loading rules (CLIENT_LOADING): in its order, each with what becomes of it (loaded,
 * shadowed, cut, not read, and why), its size, and the problems of that.
 */
import { posix } from "node:path";
import type { TokenCounter } from "../../index.js";
import type { Issue } from "../../problems/issue.js";
import { utf8Length } from "../../tokens/utf8.js";
import { InputFileError } from "../input-files.js";
import { importedFiles } from "../sync/instructions.js";
import { JsoncFile, valueAt } from "../sync/json-edit.js";
import { CLIENT_LOADING, type InstructionLoading } from "../sync/loading.js";
import { SYNC_TOOL_PLACES, type SyncTool } from "../sync/locations.js";
import { decodeUtf8, type Project } from "../writer/project.js";
import type { DoctorProblem, LoadedFile } from "./report.js";

/** The project as the doctor reads it: each file's text read once, the file list walked once. */
export class ProjectView {
  readonly #texts = new Map<string, string>();
  #all: string[] | undefined;
  /** Links leading out of the project, met while listing. */
  readonly warnings: Issue[] = [];

  constructor(
    readonly project: Project,
    /** The folder sessions start in, relative to the project ("" for its root). */
    readonly start: string,
  ) {}

  /** The text of file `path`, or undefined when there is none; not UTF-8 is an error. */
  text(path: string): string | undefined {
    if (!this.#texts.has(path)) {
      if (!this.project.isFile(path)) return undefined;
      this.#texts.set(path, decodeUtf8(path, this.project.read(path) ?? Buffer.alloc(0)));
    }
    return this.#texts.get(path);
  }

  /** Every file of the project outside dependencies and hidden folders. */
  visibleFiles(): readonly string[] {
    this.#all ??= this.project.filesBelow(
      "",
      (issue) => this.warnings.push(issue),
      (name) => name === "node_modules" || name.startsWith("."),
    );
    return this.#all;
  }
}

/** `name` in `folder` ("" for the root). */
const inFolder = (folder: string, name: string) => (folder === "" ? name : `${folder}/${name}`);

/** The folders from the root down to `start`, root first. */
function chain(start: string): string[] {
  const folders = [""];
  if (start === "") return folders;
  const parts = start.split("/");
  for (let index = 1; index <= parts.length; index += 1) {
    folders.push(parts.slice(0, index).join("/"));
  }
  return folders;
}

/** One file as planned, before its sizes. */
interface Entry {
  readonly path: string;
  readonly text: string;
  loaded: boolean;
  reason?: string;
  shadowedBy?: string;
  importedBy?: string;
  cut?: { atByte: number; lostBytes: number };
}

/**
 * The slots the client reads in each folder: its own, or the names its settings give instead
 * (`context.fileName`: a name or a list of names). A setting of another type is an error naming
 * the file and key.
 */
function slotsOf(view: ProjectView, rules: InstructionLoading): readonly (readonly string[])[] {
  const setting = rules.renamedBy;
  if (setting === undefined) return rules.slots;
  const text = view.text(setting.path);
  if (text === undefined) return rules.slots;
  const value = valueAt(new JsoncFile(setting.path, text).value(), setting.key);
  if (value === undefined) return rules.slots;
  const names = typeof value === "string" ? [value] : value;
  if (!Array.isArray(names) || names.length === 0 || names.some((n) => typeof n !== "string")) {
    throw new InputFileError(
      `${setting.path}: ${setting.key.join(".")}: expected a file name or a list of file names`,
    );
  }
  return (names as string[]).map((name) => [name]);
}

/** What one client reads: its files with sizes, and the problems found in them. */
export interface ClientFiles {
  readonly files: LoadedFile[];
  /** The kept text of each loaded file, in order (what reaches the model). */
  readonly kept: { readonly path: string; readonly text: string }[];
  readonly problems: DoctorProblem[];
}

/**
 * The instruction files `client` reads for a session started in `view.start`, in its order:
 * each folder from the root down (per folder, each slot's first present file, with its imports
 * right after it), the folders it reads whole, then the files below the start folder (read at
 * the start, on demand, or never). Over the client's byte cap, the budget is spent in that
 * order, so the last file loses its end.
 */
export function clientFiles(
  view: ProjectView,
  client: SyncTool,
  counter: TokenCounter,
): ClientFiles {
  const { label } = SYNC_TOOL_PLACES[client];
  const rules = CLIENT_LOADING[client].instructions;
  const problems: DoctorProblem[] = [];
  const problem = (code: DoctorProblem["code"], path: string, message: string) =>
    problems.push({ code, client, path, message });
  const slots = slotsOf(view, rules);
  const entries: Entry[] = [];
  const listed = new Set<string>();
  const add = (entry: Entry) => {
    listed.add(entry.path);
    entries.push(entry);
  };
  const readFolder = (folder: string, fate: Pick<Entry, "loaded" | "reason">) => {
    for (const slot of slots) {
      const present = slot
        .map((name) => inFolder(folder, name))
        .filter((path) => view.text(path) !== undefined);
      const [first, ...others] = present;
      if (first === undefined || listed.has(first)) continue;
      const text = view.text(first) as string;
      add({ path: first, text, ...fate });
      if (rules.imports && fate.loaded) {
        for (const found of importedFiles(
          view.project,
          first,
          text,
          (file) => view.text(file) ?? "",
          (issue) => problem("not_loaded", issue.path ?? first, issue.message),
        )) {
          if (listed.has(found.path)) continue;
          add({
            path: found.path,
            text: found.text,
            loaded: true,
            importedBy: found.by,
            reason: `imported by ${found.by}`,
          });
        }
      }
      for (const other of others) {
        add({
          path: other,
          text: view.text(other) as string,
          loaded: false,
          shadowedBy: first,
          reason: `shadowed by ${first}: ${label} reads only the first of ${slot.join(", ")} in a folder`,
        });
        problem("shadowed", other, `${label} reads ${first} instead of ${other}`);
      }
    }
  };
  for (const folder of chain(view.start)) readFolder(folder, { loaded: true });
  for (const dir of rules.folders ?? []) {
    const prefix = `${dir.dir}/`;
    for (const path of view.project.filesBelow(dir.dir, (issue) => view.warnings.push(issue))) {
      const rest = path.slice(prefix.length);
      if (!path.endsWith(dir.extension) || (!dir.nested && rest.includes("/"))) continue;
      add({ path, text: view.text(path) as string, loaded: true });
    }
  }
  // The files below the start folder, folder by folder in the project's order.
  const names = new Set(slots.flat().map((name) => posix.basename(name)));
  const below = new Set<string>();
  for (const path of view.visibleFiles()) {
    const folder = posix.dirname(path);
    const inside = view.start === "" ? folder !== "." : folder.startsWith(`${view.start}/`);
    if (inside && names.has(posix.basename(path))) below.add(folder);
  }
  for (const folder of below) {
    readFolder(
      folder,
      rules.below === "at-start"
        ? { loaded: true, reason: `read at the start, from below ${view.start || "the root"}` }
        : {
            loaded: false,
            reason:
              rules.below === "on-demand"
                ? `read when the agent works on a file in ${folder}/`
                : `${label} reads instruction files only from the project's root down to the folder a session starts in`,
          },
    );
  }
  notRead(view, client, slots, rules, listed, add, problem);
  capBytes(entries, rules.maxBytes, label, problem);
  const files = entries.map((entry): LoadedFile => {
    const { path, text, loaded, reason, shadowedBy, importedBy, cut } = entry;
    return {
      path,
      bytes: utf8Length(text),
      tokens: counter.count(text),
      loaded,
      ...(reason !== undefined ? { reason } : {}),
      ...(shadowedBy !== undefined ? { shadowedBy } : {}),
      ...(importedBy !== undefined ? { importedBy } : {}),
      ...(cut !== undefined ? { cut } : {}),
    };
  });
  const kept = entries
    .filter((entry) => entry.loaded)
    .map((entry) => ({
      path: entry.path,
      text:
        entry.cut === undefined
          ? entry.text
          : Buffer.from(entry.text, "utf8").subarray(0, entry.cut.atByte).toString("utf8"),
    }));
  return { files, kept, problems };
}

/**
 * Files written for the client that it does not read: the names its settings replaced, and the
 * ones it ignores (Claude Code's AGENTS.md), unless something it reads imports them.
 */
function notRead(
  view: ProjectView,
  client: SyncTool,
  slots: readonly (readonly string[])[],
  rules: InstructionLoading,
  listed: ReadonlySet<string>,
  add: (entry: Entry) => void,
  problem: (code: DoctorProblem["code"], path: string, message: string) => void,
): void {
  const { label } = SYNC_TOOL_PLACES[client];
  const reasons = new Map<string, string>(Object.entries(rules.ignores ?? {}));
  if (rules.renamedBy !== undefined && slots !== rules.slots) {
    const read = slots.flat();
    for (const name of rules.slots.flat()) {
      if (read.includes(name)) continue;
      reasons.set(
        name,
        `${rules.renamedBy.key.join(".")} in ${rules.renamedBy.path} names ${read.join(", ")} instead`,
      );
    }
  }
  for (const [name, reason] of reasons) {
    for (const folder of chain(view.start)) {
      const path = inFolder(folder, name);
      const text = view.text(path);
      if (text === undefined || listed.has(path)) continue;
      add({ path, text, loaded: false, reason });
      problem("not_loaded", path, `${label} does not read ${path}: ${reason}`);
    }
  }
}

/** Spends the client's byte cap in order: the file it runs out in is cut, later ones dropped. */
function capBytes(
  entries: Entry[],
  maxBytes: number | undefined,
  label: string,
  problem: (code: DoctorProblem["code"], path: string, message: string) => void,
): void {
  if (maxBytes === undefined) return;
  let left = maxBytes;
  for (const entry of entries) {
    if (!entry.loaded) continue;
    const bytes = utf8Length(entry.text);
    if (bytes <= left) {
      left -= bytes;
      continue;
    }
    entry.cut = { atByte: left, lostBytes: bytes - left };
    const cap = `${label}'s cap of ${maxBytes} bytes on instruction files`;
    if (left === 0) {
      entry.loaded = false;
      entry.reason = `dropped: ${cap} is spent on the files before it`;
      problem(
        "over_client_limit",
        entry.path,
        `none of ${entry.path} (${bytes} bytes) reaches the model: ${cap} is spent on the files before it`,
      );
    } else {
      entry.reason = cap;
      problem(
        "over_client_limit",
        entry.path,
        `${entry.path} is cut at byte ${left} of ${bytes} by ${cap}: its last ${bytes - left} bytes never reach the model`,
      );
    }
    left = 0;
  }
}
