/**
 * Input file text to data, with the same rules and error wording wherever it comes from: a file
 * the command line names, stdin, or contents handed to `runHook`. No I/O here.
 */
import { ContextFmtError } from "../problems/errors.js";

/** An input file that cannot be read or parsed; the message names the file and the position. */
export class InputFileError extends ContextFmtError {
  static override readonly errorName: string = "InputFileError";
}

/** `-` names stdin on the command line; errors call it this. */
export const STDIN = "-";

/** How messages name an input: its path, or `<stdin>`. */
export const inputName = (path: string) => (path === STDIN ? "<stdin>" : path);

/** The YAML parser's part this module uses, loaded by the caller only for YAML text. */
export type YamlParser = Pick<typeof import("yaml"), "parseDocument">;

/** The lower-case extension of a path's last segment (`.json`), or `""`. */
function extensionOf(path: string): string {
  const name = path.slice(Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\")) + 1);
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot).toLowerCase() : "";
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

function parseYamlFile(path: string, text: string, yaml: YamlParser): unknown {
  const document = yaml.parseDocument(text);
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
 * Whether {@link parseInputText} reads `text` as JSON: `.json` files, and stdin or names without
 * an extension that start with `{` or `[`; the rest is YAML (or refused by its extension).
 */
export function isJsonInput(path: string, text: string): boolean {
  const extension = path === STDIN ? "" : extensionOf(path);
  return extension === ".json" || (extension === "" && /^\s*[[{]/.test(text));
}

/**
 * Parses an input file's text: `.json` is JSON, `.yaml`/`.yml` YAML; stdin and names without an
 * extension are JSON when they start with `{` or `[`, else YAML; any other extension is an error
 * that says which ones are read. An empty file is said to be empty. `yaml` gives the YAML parser
 * when the text is YAML (see {@link isJsonInput}), so JSON input never loads it.
 */
export function parseInputText(path: string, text: string, yaml: () => YamlParser): unknown {
  const name = inputName(path);
  const extension = path === STDIN ? "" : extensionOf(path);
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
  return isJsonInput(path, text) ? parseJsonFile(name, text) : parseYamlFile(name, text, yaml());
}
