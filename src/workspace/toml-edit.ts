/**
 * Edits a TOML settings file in place: the tables and keys under one key path are replaced by
 * new text, and every other byte (other tables and keys, their order, comments, blank lines, line
 * endings) stays as it was. toml-eslint-parser gives each table and key its source range;
 * smol-toml writes the new text and reads the result back to check it says what was meant.
 */
import { parse as parseTomlValue, stringify } from "smol-toml";
import type { AST } from "toml-eslint-parser";
import { parseTOML } from "toml-eslint-parser";
import { InputFileError } from "../hooks/input-text.js";
import { describeValue, valueAt } from "./json-edit.js";
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
  try {
    return parseTomlValue(text);
  } catch {
    return parseFile(path, text).data; // throws, naming the place
  }
}

const keyName = (key: AST.TOMLKey["keys"][number]) =>
  key.type === "TOMLBare" ? key.name : key.value;

/** The offset just past the line that `offset` is on (after its line break). */
function endOfLine(text: string, offset: number): number {
  const at = text.indexOf("\n", offset);
  return at === -1 ? text.length : at + 1;
}

/** Whether every key of `table` is one plain key (`a = 1`, not `a.b = 1`). */
const plainKeys = (table: AST.TOMLTable) => table.body.every((pair) => pair.key.keys.length === 1);

/**
 * Each of `names`' [start, end) ranges: the tables and keys that define `group.name` or below;
 * and, for a name defined only by plain tables (`[group.name]` and `[group.name.sub]`, one key a
 * line), those tables, which can then be edited key by key.
 */
function rangesOf(ast: AST.TOMLProgram, text: string, group: string, names: ReadonlySet<string>) {
  const ranges = new Map<string, [number, number][]>();
  const tables = new Map<string, AST.TOMLTable[] | undefined>();
  const add = (name: Key | undefined, range: [number, number], table?: AST.TOMLTable) => {
    if (typeof name !== "string" || !names.has(name)) return;
    const list = ranges.get(name) ?? [];
    list.push(range);
    ranges.set(name, list);
    const own = tables.has(name) ? tables.get(name) : [];
    tables.set(name, own && table ? [...own, table] : undefined);
  };
  let afterGroup: number | undefined;
  for (const node of ast.body[0]?.body ?? []) {
    if (node.type !== "TOMLTable") {
      const path = node.key.keys.map(keyName);
      if (path[0] === group) add(path[1], [node.range[0], endOfLine(text, node.range[1])]);
      continue;
    }
    const path = node.resolvedKey as Key[];
    const last = endOfLine(text, (node.body.at(-1) ?? node.key).range[1]);
    // New tables of the group (mcp_servers.*) go after its last table.
    if (path[0] === group) afterGroup = last;
    if (path[0] === group && path.length > 1) {
      const plain = node.kind === "standard" && path.length <= 3 && plainKeys(node);
      add(path[1], [node.range[0], last], plain ? node : undefined);
      continue;
    }
    for (const pair of node.body) {
      const keys = [...path, ...pair.key.keys.map(keyName)];
      if (keys[0] === group) add(keys[1], [pair.range[0], endOfLine(text, pair.range[1])]);
    }
  }
  // Blank lines between two removed tables go with them, else they pile up where the new ones go.
  for (const [name, list] of ranges) {
    const merged: [number, number][] = [];
    for (const range of list.sort((a, b) => a[0] - b[0])) {
      const previous = merged.at(-1);
      if (previous && text.slice(previous[1], range[0]).trim() === "") {
        previous[1] = Math.max(previous[1], range[1]);
      } else merged.push(range);
    }
    ranges.set(name, merged);
  }
  return { ranges, tables, afterGroup };
}

/** Whether a value is written on its key's line (a table, or a list holding one, is not). */
const inlineValue = (value: unknown): boolean =>
  Array.isArray(value)
    ? value.every(inlineValue)
    : typeof value !== "object" || value === null || value instanceof Date;

const isTable = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);

/** A cut of the text: [start, end) replaced by `insert`. */
interface Cut {
  readonly start: number;
  readonly end: number;
  readonly insert: string;
}

/**
 * The cuts that turn one table's keys from `old` into `next` where they differ, leaving the
 * lines (and comments) of unchanged keys as they are; undefined when a key would need a table
 * (the caller then writes the whole server anew).
 */
function keyCuts(
  text: string,
  table: AST.TOMLTable,
  old: Record<string, unknown>,
  next: Record<string, unknown>,
  eol: string,
): Cut[] | undefined {
  const cuts: Cut[] = [];
  const seen = new Set<string>();
  for (const pair of table.body) {
    const key = keyName(pair.key.keys[0] as AST.TOMLKey["keys"][number]);
    seen.add(String(key));
    const value = next[key];
    if (value === undefined) {
      const lineStart = text.lastIndexOf("\n", pair.range[0] - 1) + 1;
      const start = text.slice(lineStart, pair.range[0]).trim() === "" ? lineStart : pair.range[0];
      cuts.push({ start, end: endOfLine(text, pair.range[1]), insert: "" });
    } else if (!inlineValue(value)) {
      return undefined;
    } else if (!sameValue(old[key], value)) {
      const written = stringify({ v: value }).slice(4).trimEnd();
      cuts.push({ start: pair.value.range[0], end: pair.value.range[1], insert: written });
    }
  }
  const added = Object.entries(next).filter(([key]) => !seen.has(key));
  if (added.some(([, value]) => !inlineValue(value))) return undefined;
  if (added.length > 0) {
    const at = endOfLine(text, (table.body.at(-1) ?? table.key).range[1]);
    const lines = stringify(Object.fromEntries(added)).trimEnd().replace(/\n/g, eol);
    const before = text.slice(0, at);
    cuts.push({ start: at, end: at, insert: `${before.endsWith("\n") ? "" : eol}${lines}${eol}` });
  }
  return cuts;
}

/**
 * The cuts that turn server `old` into `next` key by key, for a server written as plain tables:
 * `[group.name]` and its `[group.name.sub]` tables. Undefined when it is written otherwise.
 */
function serverCuts(
  text: string,
  tables: readonly AST.TOMLTable[],
  old: Record<string, unknown>,
  next: Record<string, unknown>,
  eol: string,
): Cut[] | undefined {
  const [main, ...subtables] = tables;
  if (main === undefined || main.resolvedKey.length !== 2) return undefined;
  const own = new Set(
    main.body.map((pair) => String(keyName(pair.key.keys[0] as AST.TOMLKey["keys"][number]))),
  );
  const mainOld = Object.fromEntries(Object.entries(old).filter(([key]) => own.has(key)));
  const subNames = new Set(subtables.map((table) => String(table.resolvedKey[2])));
  // Keys of the main table: those it has and new ones that fit on a line.
  const mainNext = Object.fromEntries(
    Object.entries(next).filter(
      ([key, value]) => own.has(key) || (!subNames.has(key) && inlineValue(value)),
    ),
  );
  const cuts = keyCuts(text, main, mainOld, mainNext, eol);
  if (cuts === undefined) return undefined;
  let last = endOfLine(text, (main.body.at(-1) ?? main.key).range[1]);
  for (const table of subtables) {
    const key = String(table.resolvedKey[2]);
    const value = next[key];
    last = Math.max(last, endOfLine(text, (table.body.at(-1) ?? table.key).range[1]));
    if (value === undefined) {
      cuts.push({
        start: table.range[0],
        end: endOfLine(text, (table.body.at(-1) ?? table.key).range[1]),
        insert: "",
      });
      continue;
    }
    if (!isTable(value) || !isTable(old[key])) return undefined;
    const inner = keyCuts(text, table, old[key] as Record<string, unknown>, value, eol);
    if (inner === undefined) return undefined;
    for (const cut of inner) cuts.push(cut);
  }
  // New tables (env, http_headers) after the server's last table, a blank line before each.
  for (const [key, value] of Object.entries(next)) {
    if (own.has(key) || subNames.has(key) || inlineValue(value)) continue;
    if (!isTable(value)) return undefined;
    const path = main.resolvedKey.map(String);
    const block = stringify({ [path[0] as string]: { [path[1] as string]: { [key]: value } } })
      .replace(/^\n+/, "")
      .trimEnd();
    cuts.push({ start: last, end: last, insert: `${eol}${block.replace(/\n/g, eol)}${eol}` });
  }
  return cuts;
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

/** The value at `keyPath` must be a table where it exists, and so must each table above it. */
function expectTables(path: string, data: unknown, keyPath: readonly string[]): void {
  let value = data;
  for (const [index, key] of keyPath.entries()) {
    if (typeof value !== "object" || value === null || !Object.hasOwn(value, key)) return;
    value = (value as Record<string, unknown>)[key];
    if (
      typeof value !== "object" ||
      value === null ||
      Array.isArray(value) ||
      value instanceof Date
    ) {
      throw new InputFileError(
        `${path}: ${keyPath.slice(0, index + 1).join(".")}: expected a table, found ${describeValue(value)}`,
      );
    }
  }
}

/**
 * `text` with each table `group.name` of `tables` replaced by its value written as TOML tables,
 * in one pass over one parse, whatever the number of tables; an unchanged one stays as written.
 * The result is read back once and must hold every value, else an error names the file.
 */
export function setTomlTables(
  path: string,
  text: string,
  group: string,
  tables: ReadonlyMap<string, Record<string, unknown>>,
): string {
  const { ast, data } = parseFile(path, text);
  expectTables(path, data, [group]);
  const current = (valueAt(data, [group]) ?? {}) as Record<string, unknown>;
  const changed = new Map<string, Record<string, unknown>>();
  for (const [name, value] of tables) {
    expectTables(path, data, [group, name]);
    if (!sameValue(current[name], value)) changed.set(name, value);
  }
  if (changed.size === 0) return text;
  const {
    ranges,
    tables: plainTables,
    afterGroup,
  } = rangesOf(ast, text, group, new Set(changed.keys()));
  const eol = lineEndingOf(text);
  const expected = { ...current, ...Object.fromEntries(changed) };
  const blockOf = (name: string, value: Record<string, unknown>) =>
    `${stringify({ [group]: { [name]: value } })
      .replace(/^\n+/, "")
      .trimEnd()}\n`.replace(/\n/g, eol);
  /** The text with each changed server written: key by key where `keyByKey` and it can be. */
  const edited = (keyByKey: boolean): string => {
    // Where each table goes: in place of its first old range; new ones together after the
    // group's last table (a blank line before each), else at the end of the file.
    const cuts: Cut[] = [];
    let appended = "";
    for (const [name, value] of changed) {
      const tables = plainTables.get(name);
      const old = current[name];
      const byKey =
        keyByKey && tables && isTable(old) ? serverCuts(text, tables, old, value, eol) : undefined;
      if (byKey) {
        for (const cut of byKey) cuts.push(cut);
        continue;
      }
      const [first, ...rest] = ranges.get(name) ?? [];
      if (first) {
        cuts.push({ start: first[0], end: first[1], insert: blockOf(name, value) });
        for (const [start, end] of rest) cuts.push({ start, end, insert: "" });
      } else
        appended += `${afterGroup !== undefined || appended ? eol : ""}${blockOf(name, value)}`;
    }
    if (appended) {
      const at = afterGroup ?? text.length;
      cuts.push({
        start: at,
        end: at,
        // The blocks have the file's line endings already: only the gap before them is placed.
        insert: afterGroup !== undefined ? appended : `${placed(text, at, "")}${appended}`,
      });
    }
    cuts.sort((a, b) => a.start - b.start || a.end - b.end);
    let result = "";
    let from = 0;
    for (const cut of cuts) {
      if (cut.start < from) continue;
      result += text.slice(from, cut.start) + cut.insert;
      from = Math.max(from, cut.end);
    }
    return result + text.slice(from);
  };
  // Key by key keeps the comments inside a server; should the result read back otherwise (a
  // layout this does not foresee), each changed server is written whole instead.
  const byKey = edited(true);
  try {
    return checked(path, byKey, [group], expected);
  } catch {
    return checked(path, edited(false), [group], expected);
  }
}

/**
 * `text` without the tables `group.name` of `names` (each with its sub-tables and the blank
 * lines between them); every other byte stays. The result is read back and checked: a table
 * also written inline or as dotted keys elsewhere is an error naming the file.
 */
export function removeTomlTables(
  path: string,
  text: string,
  group: string,
  names: ReadonlySet<string>,
): string {
  const { ast, data } = parseFile(path, text);
  expectTables(path, data, [group]);
  const current = (valueAt(data, [group]) ?? {}) as Record<string, unknown>;
  const present = [...names].filter((name) => Object.hasOwn(current, name));
  if (present.length === 0) return text;
  const { ranges } = rangesOf(ast, text, group, new Set(present));
  const result = withoutRanges(text, [...ranges.values()].flat());
  const expected = Object.fromEntries(
    Object.entries(current).filter(([name]) => !present.includes(name)),
  );
  return checked(path, result, [group], expected);
}

/** `text` without the [start, end) ranges given (whole lines, in any order). */
function withoutRanges(text: string, ranges: readonly [number, number][]): string {
  // Ranges with only blank space between are one cut, so the blank lines between go with them.
  const cuts: [number, number][] = [];
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    const previous = cuts.at(-1);
    if (previous && text.slice(previous[1], start).trim() === "") {
      previous[1] = Math.max(previous[1], end);
    } else cuts.push([start, end]);
  }
  let result = "";
  let from = 0;
  for (const [start, end] of cuts) {
    result += text.slice(from, start);
    // Of the blank lines before and after a removed table, one stays; none at the file's end.
    const blankBefore = /\n\r?\n$/.exec(text.slice(Math.max(0, start - 3), start))?.[0];
    const blankAfter = /^\r?\n/.exec(text.slice(end, end + 2))?.[0].length ?? 0;
    from = start === 0 || blankBefore ? end + blankAfter : end;
    if (blankBefore && from >= text.length) result = result.slice(0, 1 - blankBefore.length);
  }
  return result + text.slice(from);
}

/**
 * `text` without the items at `indexes` of the array of tables at `keyPath`
 * (`[[hooks.SessionStart]]`), each with its sub-tables (`[[hooks.SessionStart.hooks]]`); every
 * other byte stays. The result is read back and checked: a list written inline is an error.
 */
export function removeTomlArrayTables(
  path: string,
  text: string,
  keyPath: readonly string[],
  indexes: ReadonlySet<number>,
): string {
  const { ast, data } = parseFile(path, text);
  const list = valueAt(data, keyPath);
  if (!Array.isArray(list)) return text;
  const ranges: [number, number][] = [];
  for (const node of ast.body[0]?.body ?? []) {
    if (node.type !== "TOMLTable") continue;
    const key = node.resolvedKey as Key[];
    const index = key[keyPath.length];
    if (
      typeof index === "number" &&
      indexes.has(index) &&
      keyPath.every((part, at) => key[at] === part)
    ) {
      ranges.push([node.range[0], endOfLine(text, (node.body.at(-1) ?? node.key).range[1])]);
    }
  }
  const kept = list.filter((_, index) => !indexes.has(index));
  return checked(path, withoutRanges(text, ranges), keyPath, kept.length > 0 ? kept : undefined);
}

/**
 * `text` without the plain key at `keyPath` (`features.hooks = true` in `[features]`), and
 * without its table's header when the table then holds nothing; every other byte stays.
 */
export function removeTomlKey(path: string, text: string, keyPath: readonly string[]): string {
  const { ast, data } = parseFile(path, text);
  if (valueAt(data, keyPath) === undefined) return text;
  const tablePath = keyPath.slice(0, -1);
  const name = keyPath.at(-1);
  const ranges: [number, number][] = [];
  let headerGone = false;
  for (const node of ast.body[0]?.body ?? []) {
    const table = node.type === "TOMLTable" ? node : undefined;
    const at = table ? (table.resolvedKey as Key[]) : [];
    const pairs = table ? table.body : node.type === "TOMLKeyValue" ? [node] : [];
    for (const pair of pairs) {
      const keys = [...at, ...pair.key.keys.map(keyName)];
      if (!sameValue(keys, keyPath)) continue;
      if (
        table &&
        pair.key.keys.length === 1 &&
        sameValue(at, tablePath) &&
        table.body.length === 1
      ) {
        ranges.push([table.range[0], endOfLine(text, pair.range[1])]);
        headerGone = true;
      } else ranges.push([pair.range[0], endOfLine(text, pair.range[1])]);
    }
  }
  const expected = { ...((valueAt(data, tablePath) ?? {}) as Record<string, unknown>) };
  delete expected[name as string];
  return checked(path, withoutRanges(text, ranges), tablePath, headerGone ? undefined : expected);
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
 * `text` with `entries` appended to the array of tables at `keyPath` (`[[hooks.SessionStart]]`),
 * written after the file's last table; the result is read back and checked. One parse and one
 * check for all of them: appending one at a time would parse the file again for each.
 */
export function appendTomlArrayTable(
  path: string,
  text: string,
  keyPath: readonly string[],
  entries: readonly Record<string, unknown>[],
): string {
  const { data } = parseFile(path, text);
  expectTables(path, data, keyPath.slice(0, -1));
  const list = valueAt(data, keyPath);
  if (list !== undefined && !Array.isArray(list)) {
    throw new InputFileError(
      `${path}: ${keyPath.join(".")}: expected an array of tables, found ${describeValue(list)}`,
    );
  }
  if (entries.length === 0) return text;
  let nested: Record<string, unknown> = { [keyPath.at(-1) as string]: entries };
  for (const key of keyPath.slice(0, -1).reverse()) nested = { [key]: nested };
  // smol-toml writes the parents as [a] headers before [[a.b]]; only the array table is new.
  const block = stringify(nested)
    .split("\n")
    .filter((line) => !/^\[[^[].*\]$/.test(line))
    .join("\n")
    .replace(/^\n+/, "");
  const result = `${text}${placed(text, text.length, `${block.trimEnd()}\n`)}`;
  return checked(path, result, keyPath, [...((list as unknown[]) ?? []), ...entries]);
}

/** A value written on its key's line: a scalar, or a list of scalars. */
export type LineValue = string | number | boolean | readonly (string | number | boolean)[];

/** `text` with the plain key at `keyPath` set to `value` (its table created when absent). */
export function setTomlKey(
  path: string,
  text: string,
  keyPath: readonly string[],
  value: LineValue,
): string {
  const { ast, data } = parseFile(path, text);
  const tablePath = keyPath.slice(0, -1);
  expectTables(path, data, tablePath);
  if (sameValue(valueAt(data, keyPath), value)) return text;
  const eol = lineEndingOf(text);
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
