import { readFileSync } from "node:fs";
import { extname } from "node:path";
import { ContextFmtError, InvalidInputError } from "../problems/errors.js";
import { writeStderr } from "./output.js";
import { readStdinBytes } from "./stdin.js";

/** An input file that cannot be read or parsed; the message names the file and the position. */
export class InputFileError extends ContextFmtError {
  static override readonly errorName: string = "InputFileError";
}

/** `-` names stdin on the command line; errors call it this. */
export const STDIN = "-";
const nameOf = (path: string) => (path === STDIN ? "<stdin>" : path);

function readBytes(path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === "ENOENT"
        ? "no such file"
        : code === "EISDIR"
          ? "is a directory"
          : code === "EACCES"
            ? "permission denied"
            : (error as Error).message;
    throw new InputFileError(`${path}: cannot read: ${reason}`);
  }
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
const lenientUtf8 = new TextDecoder("utf-8", { ignoreBOM: false });

/**
 * Bytes as UTF-8 text, a leading byte order mark dropped. Bytes that are not UTF-8 become U+FFFD
 * and are reported (`text_sanitized`) rather than changed silently.
 */
function decode(name: string, bytes: Uint8Array): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    writeStderr(
      `contextfmt: warning: text_sanitized at ${name}: bytes that are not UTF-8 were replaced with U+FFFD\n`,
    );
    return lenientUtf8.decode(bytes);
  }
}

/** Reads a text file (`-`: stdin) as UTF-8, with the same error wording everywhere. */
export async function readTextFile(path: string): Promise<string> {
  const bytes = path === STDIN ? await readStdinBytes() : readBytes(path);
  return decode(nameOf(path), bytes);
}

/** 1-based line and column of a character offset. */
function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  const column = offset - before.lastIndexOf("\n");
  return `${line}:${column}`;
}

function parseJsonFile(path: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const at = /at position (\d+)/.exec(message);
    const where = at ? `:${lineColumn(text, Number(at[1]))}` : "";
    const reason = message.replace(/ in JSON at position \d+.*$/, "").replace(/\s+/g, " ");
    throw new InputFileError(`${path}${where}: invalid JSON: ${reason}`);
  }
}

/** More aliases than this in one file is an alias bomb (a few bytes expanding to gigabytes). */
const MAX_ALIASES = 1000;

function parseYamlFile(path: string, text: string): unknown {
  // YAML is loaded only for YAML files: hooks that read JSON never pay for the parser.
  // Required, not imported: see counter.ts.
  const { parseDocument } = require("yaml") as typeof import("yaml");
  const document = parseDocument(text);
  const [error] = document.errors;
  if (error) {
    const position = error.linePos?.[0];
    const where = position ? `:${position.line}:${position.col}` : "";
    throw new InputFileError(
      `${path}${where}: invalid YAML: ${error.message.split("\n")[0]?.replace(/ at line \d+, column \d+.*$/, "")}`,
    );
  }
  try {
    return document.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (error) {
    throw new InputFileError(
      `${path}: invalid YAML: ${(error as Error).message.split("\n")[0]} (at most ${MAX_ALIASES} aliases are expanded)`,
    );
  }
}

/**
 * Parses an input file's text: `.json` is JSON, `.yaml`/`.yml` YAML; stdin and names without an
 * extension are JSON when they start with `{` or `[`, else YAML; any other extension is an error
 * that says which ones are read. An empty file is said to be empty.
 */
export function parseInputText(path: string, text: string): unknown {
  const name = nameOf(path);
  const extension = path === STDIN ? "" : extname(path).toLowerCase();
  if (extension !== "" && ![".json", ".yaml", ".yml"].includes(extension)) {
    throw new InputFileError(
      `${name}: cannot read a ${extension} file here; input files are .json, .yaml or .yml`,
    );
  }
  if (text.trim() === "") {
    throw new InputFileError(
      `${name}: the file is empty; expected JSON or YAML (see "contextfmt schema")`,
    );
  }
  const isJson = extension === ".json" || (extension === "" && /^\s*[[{]/.test(text));
  return isJson ? parseJsonFile(name, text) : parseYamlFile(name, text);
}

/**
 * Reads a JSON or YAML input file (`-`: stdin) by the rules of {@link parseInputText}. Errors
 * name the file, and the line and column.
 */
export async function readInputFile(path: string): Promise<unknown> {
  return parseInputText(path, await readTextFile(path));
}

/** Renders, naming the input file in an error about its content (not in one about the flags). */
export function renderNamingFile<T>(name: string, render: () => T): T {
  try {
    return render();
  } catch (error) {
    if (
      InvalidInputError.is(error) &&
      !error.issues.some((issue) => issue.path?.startsWith("options"))
    ) {
      throw new InputFileError(`${nameOf(name)}: ${error.message}`);
    }
    throw error;
  }
}
