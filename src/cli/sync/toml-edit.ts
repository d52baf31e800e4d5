/**
 * Edits a TOML settings file in place: the tables and keys under one key path are replaced by
 * new text, and every other byte (other tables and keys, their order, comments, blank lines, line
 * endings) stays as it was. toml-eslint-parser gives each table and key its source range;
 * smol-toml writes the new text and reads the result back to check it says what was meant.
 */
import { parse as parseTomlValue, stringify } from "smol-toml";
import type { AST } from "toml-eslint-parser";
import { parseTOML } from "toml-eslint-parser";
import { InputFileError } from "../input-files.js";
import { valueAt } from "./json-edit.js";
import { lineEndingOf, sameValue } from "./same-value.js";

type Key = string | number;

/** The parsed file; a syntax error names the file, line and column. */
function parseFile(path: string, text: string): { ast: AST.TOMLProgram; data: unknown } {
  try {
    return { ast: parseTOML(text), data: parseTomlValue(text) };
  } catch (error) {
    const { lineNumber, column, message } = error as {
      lineNumber?: number;
      column?: number;
      message?: string;
    };
    const where = lineNumber !== undefined ? `:${lineNumber}:${(column ?? 0) + 1}` : "";
    throw new InputFileError(`${path}${where}: invalid TOML: ${String(message).split("\n")[0]}`);
  }
}

/** The value of a TOML file; a syntax error names the file, line and column. */
export function readToml(path: string, text: string): unknown {
  return parseFile(path, text).data;
}

const keyName = (key: AST.TOMLKey["keys"][number]) =>
  key.type === "TOMLBare" ? key.name : key.value;

const startsWith = (path: readonly Key[], prefix: readonly Key[]) =>
  prefix.every((key, i) => path[i] === key);

/** The offset just past the line that `offset` is on (after its line break). */
function endOfLine(text: string, offset: number): number {
  const at = text.indexOf("\n", offset);
  return at === -1 ? text.length : at + 1;
}

/** The text of the nodes that define something at or under `prefix`, as [start, end) ranges. */
function rangesUnder(ast: AST.TOMLProgram, text: string, prefix: readonly Key[]) {
  const ranges: [number, number][] = [];
  let firstTable: number | undefined;
  let afterGroup: number | undefined;
  const top = ast.body[0];
  for (const node of top?.body ?? []) {
    if (node.type === "TOMLTable") {
      const path = node.resolvedKey as Key[];
      if (startsWith(path, prefix)) {
        const last = node.body.at(-1) ?? node.key;
        ranges.push([node.range[0], endOfLine(text, last.range[1])]);
        firstTable ??= node.range[0];
        continue;
      }
      // A table of the same group (mcp_servers.*): new tables go after the last of them.
      if (path[0] === prefix[0])
        afterGroup = endOfLine(text, (node.body.at(-1) ?? node.key).range[1]);
      for (const pair of node.body) {
        if (startsWith([...path, ...pair.key.keys.map(keyName)], prefix)) {
          ranges.push([pair.range[0], endOfLine(text, pair.range[1])]);
        }
      }
    } else if (startsWith(node.key.keys.map(keyName), prefix)) {
      ranges.push([node.range[0], endOfLine(text, node.range[1])]);
    }
  }
  // Blank lines between two removed tables go with them, else they pile up where the new ones go.
  const merged: [number, number][] = [];
  for (const range of ranges.sort((a, b) => a[0] - b[0])) {
    const last = merged.at(-1);
    if (last && text.slice(last[1], range[0]).trim() === "") last[1] = Math.max(last[1], range[1]);
    else merged.push(range);
  }
  return { ranges: merged, firstTable, afterGroup };
}

/** `block` with the file's line endings, separated from what is before it by a blank line. */
function placed(text: string, at: number, block: string): string {
  const eol = lineEndingOf(text);
  const before = text.slice(0, at);
  const gap =
    before === "" || before.endsWith(`${eol}${eol}`)
      ? ""
      : before.endsWith(eol)
        ? eol
        : `${eol}${eol}`;
  return `${gap}${block.replace(/\n/g, eol)}`;
}

/**
 * `text` with everything under the table path `prefix` replaced by `value` written as TOML
 * tables; the same text when the file holds that value already. The result is read back and
 * must hold `value` there, else nothing is returned but an error naming the file.
 */
export function setTomlTable(
  path: string,
  text: string,
  prefix: readonly string[],
  value: Record<string, unknown>,
): string {
  const { ast, data } = parseFile(path, text);
  if (sameValue(valueAt(data, prefix), value)) return text;
  const { ranges, firstTable, afterGroup } = rangesUnder(ast, text, prefix);
  let nested: Record<string, unknown> = value;
  for (const key of [...prefix].reverse()) nested = { [key]: nested };
  const block = `${stringify(nested).replace(/^\n+/, "").trimEnd()}\n`;
  const eol = lineEndingOf(text);
  // Where the old tables began; else after the tables of the same group (a blank line between);
  // else at the end of the file.
  const [at, insert] =
    firstTable !== undefined
      ? [firstTable, block.replace(/\n/g, eol)]
      : afterGroup !== undefined
        ? [afterGroup, `${eol}${block.replace(/\n/g, eol)}`]
        : [text.length, placed(text, text.length, block)];
  let result = "";
  let from = 0;
  for (const [start, end] of [...ranges, [at, at] as [number, number]].sort(
    (a, b) => a[0] - b[0] || a[1] - b[1],
  )) {
    if (start < from) continue;
    result += text.slice(from, start);
    if (start === at && end === at) result += insert;
    from = Math.max(from, end);
  }
  result += text.slice(from);
  return checked(path, result, prefix, value);
}

/** `result`, if it parses and holds `value` at `keyPath`; else an error naming the file. */
function checked(path: string, result: string, keyPath: readonly Key[], value: unknown): string {
  let data: unknown;
  try {
    data = parseTomlValue(result);
  } catch (error) {
    throw new InputFileError(
      `${path}: cannot set ${keyPath.join(".")} in place (${String((error as Error).message).split("\n")[0]}); nothing written`,
    );
  }
  if (!sameValue(valueAt(data, keyPath), value)) {
    throw new InputFileError(
      `${path}: ${keyPath.join(".")} is also written elsewhere in the file (inline or as dotted keys); cannot set it in place, nothing written`,
    );
  }
  return result;
}

/**
 * `text` with `entry` appended to the array of tables at `keyPath` (`[[hooks.SessionStart]]`),
 * written after the file's last table; the result is read back and checked.
 */
export function appendTomlArrayTable(
  path: string,
  text: string,
  keyPath: readonly string[],
  entry: Record<string, unknown>,
): string {
  const { data } = parseFile(path, text);
  const list = valueAt(data, keyPath);
  if (list !== undefined && !Array.isArray(list)) {
    throw new InputFileError(`${path}: ${keyPath.join(".")}: expected an array of tables`);
  }
  let nested: Record<string, unknown> = { [keyPath.at(-1) as string]: [entry] };
  for (const key of keyPath.slice(0, -1).reverse()) nested = { [key]: nested };
  // smol-toml writes the parents as [a] headers before [[a.b]]; only the array table is new.
  const block = stringify(nested)
    .split("\n")
    .filter((line) => !/^\[[^[].*\]$/.test(line))
    .join("\n")
    .replace(/^\n+/, "");
  const result = `${text}${placed(text, text.length, `${block.trimEnd()}\n`)}`;
  return checked(path, result, keyPath, [...((list as unknown[]) ?? []), entry]);
}

/** `text` with the plain key at `keyPath` set to `value` (its table created when absent). */
export function setTomlKey(
  path: string,
  text: string,
  keyPath: readonly string[],
  value: string | number | boolean,
): string {
  const { ast, data } = parseFile(path, text);
  if (sameValue(valueAt(data, keyPath), value)) return text;
  const eol = lineEndingOf(text);
  const tablePath = keyPath.slice(0, -1);
  const line = stringify({ [keyPath.at(-1) as string]: value }).trimEnd();
  const table = ast.body[0]?.body.find(
    (node): node is AST.TOMLTable =>
      node.type === "TOMLTable" &&
      node.kind === "standard" &&
      sameValue(node.resolvedKey, tablePath),
  );
  let result: string;
  const existing = table?.body.find((pair) =>
    sameValue(pair.key.keys.map(keyName), keyPath.slice(-1)),
  );
  if (existing) {
    result = `${text.slice(0, existing.value.range[0])}${stringify({ v: value }).slice(4).trimEnd()}${text.slice(existing.value.range[1])}`;
  } else if (table) {
    const at = endOfLine(text, (table.body.at(-1) ?? table.key).range[1]);
    const before = text.slice(0, at);
    result = `${before}${before.endsWith("\n") ? "" : eol}${line}${eol}${text.slice(at)}`;
  } else {
    result = `${text}${placed(text, text.length, `[${tablePath.join(".")}]\n${line}\n`)}`;
  }
  return checked(path, result, keyPath, value);
}
