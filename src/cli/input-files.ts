import { readFileSync } from "node:fs";
import { extname } from "node:path";
import { ContextFmtError, InvalidInputError } from "../problems/errors.js";

/** An input file that cannot be read or parsed; the message names the file and the position. */
export class InputFileError extends ContextFmtError {
  static override readonly errorName: string = "InputFileError";
}

function readText(path: string): string {
  try {
    return readFileSync(path, "utf8");
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

async function parseYamlFile(path: string, text: string): Promise<unknown> {
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
  return document.toJS();
}

/**
 * Reads a JSON or YAML input file (`.json` is JSON, `.yaml`/`.yml` is YAML; other names are
 * JSON when they start with `{` or `[`). Errors name the file, and the line and column.
 */
export async function readInputFile(path: string): Promise<unknown> {
  return parseInputText(path, readText(path));
}

/**
 * Parses an input file's text that was read elsewhere (stdin): JSON or YAML by the same rules as
 * {@link readInputFile}; `path` names the text in errors.
 */
export async function parseInputText(path: string, text: string): Promise<unknown> {
  const extension = extname(path).toLowerCase();
  const isJson =
    extension === ".json" ||
    (extension !== ".yaml" && extension !== ".yml" && /^\s*[[{]/.test(text));
  return isJson ? parseJsonFile(path, text) : parseYamlFile(path, text);
}

/** Reads a text file as it is (for conversions), with the same error wording. */
export function readTextFile(path: string): string {
  return readText(path);
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
      throw new InputFileError(`${name}: ${error.message}`);
    }
    throw error;
  }
}
