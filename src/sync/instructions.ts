/**
 * The user's own instruction text of a tool, as the `instructions` kind carries it: the text of
 * its instruction file outside contextfmt's managed region, with the files it imports (`@path`,
 * Claude Code and Gemini CLI) added after it, since the target tool does not know the syntax.
 * Nested instruction files (`pkg/CLAUDE.md`) are found here too, to go to the matching place.
 */
import { posix } from "node:path";
import type { Issue } from "../problems/issue.js";
import { outsideRegion } from "../workspace/managed-region.js";
import { type Project, ProjectFileError } from "../workspace/project.js";
import { gitIgnored, whyNotCarried } from "./carried-imports.js";
import { instructionReading, RULES_FILES, type SyncTool } from "./locations.js";

/** What the instructions are read through: the project and the text of a file as planned. */
export interface InstructionSource {
  readonly project: Project;
  /** The file's text as planned so far; "" when absent. */
  readonly text: (path: string) => string;
}

/** One instruction file of the source tool, and where its text goes for each target. */
export interface InstructionFile {
  /** The source file, relative to the project (`CLAUDE.md`, `pkg/CLAUDE.md`). */
  readonly path: string;
  /** The folder it applies to: "" for the project's root. */
  readonly folder: string;
}

/** Imports are followed this many files deep, as Claude Code does (five hops). */
const MAX_IMPORT_DEPTH = 5;

/**
 * Folders never searched for nested instruction files, besides hidden ones (`.git`, `.venv`):
 * installed dependencies and build output. An instruction file there is a copy (a package's own,
 * a build's) that the project's tools do not work in, and a walk through them is most of the
 * project's files.
 */
export const SKIPPED_FOLDERS: ReadonlySet<string> = new Set([
  "node_modules",
  "bower_components",
  "vendor",
  "venv",
  "__pycache__",
  "dist",
  "build",
  "out",
  "target",
  "coverage",
]);

const skipFolder = (name: string) => SKIPPED_FOLDERS.has(name) || name.startsWith(".");

/**
 * The source tool's instruction files: the one at the root (when present) and, for a tool that
 * reads nested ones, every file of that name in a subfolder.
 */
export function instructionFiles(
  source: InstructionSource,
  tool: SyncTool,
  warn: (issue: Issue) => void,
): InstructionFile[] {
  const root = RULES_FILES[tool];
  const files: InstructionFile[] = [];
  if (source.project.isFile(root)) files.push({ path: root, folder: "" });
  if (!instructionReading(tool).nested) return files;
  const name = posix.basename(root);
  // A link elsewhere in the project is none of ours to report, unless it is named as the file.
  const found = source.project.filesBelow(
    "",
    (issue) => {
      if (issue.path === name || issue.path?.endsWith(`/${name}`)) warn(issue);
    },
    skipFolder,
  );
  for (const path of found) {
    if (path.endsWith(`/${name}`)) files.push({ path, folder: path.slice(0, -name.length - 1) });
  }
  return files;
}

/** The text of a Markdown line with its code spans blanked: `@x` inside code is no import. */
const withoutCode = (line: string) => line.replace(/`[^`]*`/g, (span) => " ".repeat(span.length));

/** A fence line: three or more backticks or tildes, indented at most three spaces. */
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** Each line of `text`, with the `@path` tokens it holds outside fenced code and code spans. */
function linesWithImports(text: string): { line: string; tokens: string[] }[] {
  const lines: { line: string; tokens: string[] }[] = [];
  let fence: string | undefined;
  for (const line of text.split("\n")) {
    const marker = FENCE.exec(line)?.[1];
    if (fence !== undefined) {
      if (marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length) {
        fence = undefined;
      }
      lines.push({ line, tokens: [] });
      continue;
    }
    if (marker !== undefined) {
      fence = marker;
      lines.push({ line, tokens: [] });
      continue;
    }
    const tokens: string[] = [];
    for (const match of withoutCode(line).matchAll(/(?:^|\s)@(\S+)/g)) {
      tokens.push(match[1] as string);
    }
    lines.push({ line, tokens });
  }
  return lines;
}

/** The `@path` tokens of `text`, outside fenced code blocks and code spans, in order. */
const importTokens = (text: string): string[] =>
  linesWithImports(text).flatMap((entry) => entry.tokens);

/** A line with this many words at most beside its imports only points at them (`See @AGENTS.md`). */
export const POINTER_WORDS = 3;

/**
 * `text` (of the file at `from`) without the lines that only point at files the target already
 * reads (`@AGENTS.md`, `See @AGENTS.md` when the target reads AGENTS.md): carried, such a line
 * would make the file import itself, or say again where the target has already been. A line with
 * more to say stays as it is.
 */
function withoutPointers(
  project: Project,
  from: string,
  text: string,
  reads: (path: string) => boolean,
): string {
  const kept = linesWithImports(text).filter(({ line, tokens }) => {
    if (tokens.length === 0) return true;
    const named = tokens.map((token) => importOf(project, from, token));
    if (!named.every((file) => file !== undefined && "path" in file && reads(file.path))) {
      return true;
    }
    const rest = withoutCode(line).replace(/(?:^|\s)@\S+/g, " ");
    return (rest.match(/\p{L}+/gu)?.length ?? 0) > POINTER_WORDS;
  });
  return kept.map((entry) => entry.line).join("\n");
}

/**
 * The project file an import token names from the file at `from`: the token as written, or
 * without the punctuation a sentence put after it. Undefined when it names no file (it is text
 * then, to the tool as well); why not, when it leads outside the project.
 */
function importOf(
  project: Project,
  from: string,
  token: string,
): { readonly path: string } | { readonly outside: string } | undefined {
  const bare = token.replace(/[.,;:!?)\]]+$/, "") || token;
  if (bare.startsWith("~") || bare.startsWith("/")) {
    return { outside: `@${bare} is outside the project` };
  }
  for (const written of bare === token ? [token] : [token, bare]) {
    const path = posix.normalize(posix.join(posix.dirname(from), written));
    if (path === ".." || path.startsWith("../")) {
      return { outside: `@${bare} is outside the project` };
    }
    const located = project.locate(path);
    if ("refused" in located) return { outside: `@${bare}: ${located.refused}` };
    if (project.isFile(path)) return { path };
  }
  return undefined;
}

/**
 * The own text of instruction file `path` (outside the managed region) as a target reads it.
 * When the source tool imports (`@path`) and the target does not, each imported file follows
 * the text (depth first, each once), headed by a comment naming it; a target that imports
 * itself gets the text as it is and reads the same files through it. A token that names no file
 * stays text, as it is to the tool itself; one leading outside the project, to a file that is
 * not UTF-8, or to one that is not carried into a committed file (see carried-imports.ts), is a
 * warning and not carried, nor are the files it imports.
 *
 * What the target already `reads` (its own file, what that file imports) is never carried into
 * it: not an imported file, not a line that only points at one, and nothing at all when the
 * source file is one of them (`CLAUDE.md` that imports `AGENTS.md`, synced from `AGENTS.md`).
 */
export function instructionText(
  source: InstructionSource,
  from: SyncTool,
  to: SyncTool,
  path: string,
  warn: (issue: Issue) => void,
  reads: (path: string) => boolean = () => false,
): string {
  const own = (file: string) => outsideRegion(file, source.text(file)).replace(/\r\n/g, "\n");
  const { project } = source;
  if (reads(path)) return "";
  const main = withoutPointers(project, path, own(path), reads).trim();
  if (!instructionReading(from).imports || instructionReading(to).imports) return main;
  const byName = (file: string) => whyNotCarried(project, file);
  // Git is asked once, about every file the imports could reach; then they are followed again,
  // past none it ignores (a file reached only through an ignored one is not reached in a clone).
  const reachable = importedFiles(project, path, main, own, () => {}, undefined, byName, reads);
  const ignored = gitIgnored(
    project,
    reachable.map((file) => file.path),
  );
  const notCarried = (file: string) => byName(file) ?? ignored(file);
  const carried = importedFiles(project, path, main, own, warn, undefined, notCarried, reads);
  const parts: string[] = [];
  for (const found of carried) {
    const body = found.text.trim();
    if (body !== "") parts.push(`<!-- imported from ${found.path} -->\n${body}`);
  }
  return [main, ...parts].filter((part) => part !== "").join("\n\n");
}

/** One file an instruction file imports, as {@link importedFiles} finds it. */
export interface ImportedFile {
  readonly path: string;
  /** The file whose `@path` line names it. */
  readonly by: string;
  /** Its text, as `read` gave it. */
  readonly text: string;
}

/**
 * The files instruction file `path` (whose text is `text`) imports with `@path`, as Claude Code
 * and Gemini CLI read them: depth first, each once, five hops deep, each file's text by `read`.
 * An import leading outside the project, to a file that is not UTF-8, or to one `leftOut` gives
 * a reason against (asked before it is read), is a warning and left out with the files it
 * imports; a token that names no file is text, passed to `missing`. A file `alreadyRead` says the
 * reader has anyway is neither listed nor followed, without a word: its imports are its own.
 */
export function importedFiles(
  project: Project,
  path: string,
  text: string,
  read: (file: string) => string,
  warn: (issue: Issue) => void,
  missing: (token: string, file: string) => void = () => {},
  leftOut: (path: string) => string | undefined = () => undefined,
  alreadyRead: (path: string) => boolean = () => false,
): ImportedFile[] {
  const found: ImportedFile[] = [];
  const seen = new Set<string>([path]);
  const follow = (file: string, fileText: string, depth: number) => {
    if (depth > MAX_IMPORT_DEPTH) return;
    for (const token of importTokens(fileText)) {
      const named = importOf(project, file, token);
      if (named === undefined) {
        missing(token, file);
        continue;
      }
      const notCarried = (why: string) =>
        warn({
          code: "import_left_out",
          severity: "warning",
          path: file,
          message: `not carried: ${why}`,
        });
      if ("outside" in named) {
        notCarried(named.outside);
        continue;
      }
      if (seen.has(named.path)) continue;
      seen.add(named.path);
      if (alreadyRead(named.path)) continue;
      const why = leftOut(named.path);
      if (why !== undefined) {
        notCarried(`@${named.path}: ${why}`);
        continue;
      }
      let imported: string;
      try {
        imported = read(named.path);
      } catch (error) {
        if (!ProjectFileError.is(error)) throw error;
        notCarried(error.message.replace(/; nothing written$/, ""));
        continue;
      }
      found.push({ path: named.path, by: file, text: imported });
      follow(named.path, imported, depth + 1);
    }
  };
  follow(path, text, 1);
  return found;
}
