/**
 * Edits a JSON or JSONC settings file in place: only the value at one key path changes; every
 * other byte (other keys and their order, comments, blank lines, indentation, line endings)
 * stays as it was. jsonc-parser computes the edit; nothing re-serialises the file.
 */
import * as parser from "jsonc-parser";
import { InputFileError } from "../input-files.js";
import { lineEndingOf, sameValue } from "./same-value.js";

/** 1-based line and column of an offset. */
function place(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  return `${line}:${offset - before.lastIndexOf("\n")}`;
}

/**
 * The value of a JSON/JSONC file (comments and trailing commas allowed, as the tools allow them);
 * a syntax error names the file, line and column. An empty file is an empty object.
 */
export function readJsonc(path: string, text: string): unknown {
  if (text.trim() === "") return {};
  const errors: parser.ParseError[] = [];
  const value = parser.parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  const [error] = errors;
  if (error) {
    throw new InputFileError(
      `${path}:${place(text, error.offset)}: invalid JSON: ${parser.printParseErrorCode(error.error)}`,
    );
  }
  return value;
}

/** The indentation and line ending the file already uses. */
function formattingOf(text: string): parser.FormattingOptions {
  const indent = /\n([ \t]+)\S/.exec(text)?.[1] ?? "  ";
  return {
    insertSpaces: !indent.startsWith("\t"),
    tabSize: indent.startsWith("\t") ? 1 : indent.length,
    eol: lineEndingOf(text),
  };
}

/** The value at `path` in parsed `data`, or undefined. */
export function valueAt(data: unknown, path: readonly (string | number)[]): unknown {
  let value = data;
  for (const key of path) {
    if (typeof value !== "object" || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string | number, unknown>)[key];
  }
  return value;
}

/**
 * `text` with the value at `path` set to `value` (`undefined` removes the key), and nothing else
 * changed; the same text when it holds that value already. A new file is `{}` first.
 */
export function setJsonValue(
  path: string,
  text: string,
  keyPath: readonly (string | number)[],
  value: unknown,
): string {
  const source = text.trim() === "" ? "{}\n" : text;
  const current = valueAt(readJsonc(path, source), keyPath);
  if (sameValue(current, value)) return text;
  const edits = parser.modify(source, [...keyPath], value, {
    formattingOptions: formattingOf(source),
  });
  return parser.applyEdits(source, edits);
}

/** `text` with `item` added at the end of the list at `keyPath` (created when absent). */
export function appendJsonItem(
  path: string,
  text: string,
  keyPath: readonly string[],
  item: unknown,
): string {
  const source = text.trim() === "" ? "{}\n" : text;
  const list = valueAt(readJsonc(path, source), keyPath);
  if (list !== undefined && !Array.isArray(list)) {
    throw new InputFileError(`${path}: ${keyPath.join(".")}: expected a list`);
  }
  if (list === undefined) return setJsonValue(path, text, keyPath, [item]);
  const edits = parser.modify(source, [...keyPath, list.length], item, {
    formattingOptions: formattingOf(source),
    isArrayInsertion: true,
  });
  return parser.applyEdits(source, edits);
}
