/**
 * A client's settings file, whatever its syntax: JSON (comments and trailing commas allowed, as
 * the clients allow them) or TOML, chosen once by the file's name. Sync, init and doctor ask it
 * the same things — the data, a key set, an entry appended, a group's tables set or taken out,
 * the text after — and each syntax's editor answers in place: other keys, their order, comments
 * and line endings stay byte for byte.
 */
import { InputFileError } from "../hooks/input-text.js";
import { JsoncFile, valueAt } from "./json-edit.js";
import {
  appendTomlArrayTable,
  type LineValue,
  readToml,
  removeTomlArrayTables,
  removeTomlKey,
  removeTomlTables,
  setTomlKey,
  setTomlTables,
} from "./toml-edit.js";

/**
 * A settings file parsed once, with the edits asked of it. Reading answers from the file as it
 * was; {@link SettingsFile.result} has every edit made. An edit that cannot be made in place (a
 * value on the way that is not a table or object, a table also written inline) is an
 * `InputFileError` naming the file and the key path.
 */
export interface SettingsFile {
  /** The file's path in the project, as errors name it. */
  readonly path: string;
  /** The file's data as parsed, before the edits. */
  value(): unknown;
  /** The value at `keyPath` in the file as parsed, before the edits; undefined when absent. */
  at(keyPath: readonly string[]): unknown;
  /**
   * The file's data as plain text of its syntax, as the MCP codecs read it: JSON without its
   * comments, TOML as it is.
   */
  plainText(): string;
  /** Sets the key at `keyPath` to `value`, a scalar or list of them (its tables made when absent). */
  set(keyPath: readonly string[], value: LineValue): void;
  /**
   * Appends `entries` to the list at `keyPath` (in TOML an array of tables, `[[a.b]]`, so
   * objects only there).
   */
  append(keyPath: readonly string[], ...entries: (Record<string, unknown> | string)[]): void;
  /**
   * Sets each entry `name` of `group` (`mcpServers.name`, `[mcp_servers.name]`) to its value;
   * the group's other entries stay, and so does an entry already holding its value.
   */
  setEntries(group: string, entries: ReadonlyMap<string, Record<string, unknown>>): void;
  /** Takes the entries named out of `group`; the group's other entries stay. */
  removeEntries(group: string, names: ReadonlySet<string>): void;
  /** Takes the key at `keyPath` out (in TOML a plain key; its table too when left empty). */
  remove(keyPath: readonly string[]): void;
  /**
   * Takes the items at `indexes` out of the list at `keyPath` (in TOML an array of tables, each
   * with its sub-tables); the other items, and the comments between them, stay.
   */
  removeItems(keyPath: readonly string[], indexes: ReadonlySet<number>): void;
  /**
   * Whether a comment stands in what {@link SettingsFile.remove} of `keyPath` would take out
   * (the key, its value, the space to the keys beside it), as the file was parsed; true for an
   * absent key and in TOML, where no key is taken out on that word.
   */
  commentNear(keyPath: readonly string[]): boolean;
  /** The file's text with every edit made; the text as it was when nothing changed. */
  result(): string;
}

/**
 * The settings file at `path` holding `text`: TOML when its name ends in `.toml`, else JSON with
 * comments. A syntax error names the file, line and column; an empty JSON file is `{}`.
 *
 * @example
 * ```ts
 * const file = settingsFile(".codex/config.toml", text);
 * file.setEntries("mcp_servers", new Map([["docs", { command: "docs-mcp" }]]));
 * file.result(); // the text with [mcp_servers.docs] set, every other byte as it was
 * ```
 */
export function settingsFile(path: string, text: string): SettingsFile {
  return path.endsWith(".toml") ? tomlSettings(path, text) : jsonSettings(path, text);
}

/** A JSON(C) file: the edits are kept and made in one pass over the one parse by `result`. */
function jsonSettings(path: string, text: string): SettingsFile {
  const file = new JsoncFile(path, text);
  return {
    path,
    value: () => file.value(),
    at: (keyPath) => valueAt(file.value(), keyPath),
    plainText: () => JSON.stringify(file.value()),
    set: (keyPath, value) => file.set(keyPath, value),
    append: (keyPath, ...entries) => {
      for (const entry of entries) file.append(keyPath, entry);
    },
    setEntries: (group, entries) => {
      for (const [name, value] of entries) file.set([group, name], value);
    },
    removeEntries: (group, names) => {
      const current = (valueAt(file.value(), [group]) ?? {}) as Record<string, unknown>;
      // Nothing to take out leaves the file as it is: no empty group is made.
      if (![...names].some((name) => Object.hasOwn(current, name))) return;
      file.set(
        [group],
        Object.fromEntries(Object.entries(current).filter(([name]) => !names.has(name))),
      );
    },
    remove: (keyPath) => file.remove(keyPath),
    removeItems: (keyPath, indexes) => file.removeItems(keyPath, indexes),
    commentNear: (keyPath) => file.commentNear(keyPath),
    result: () => file.result(),
  };
}

/** A TOML file: each edit rewrites the text at once, every other byte kept, and checks it. */
function tomlSettings(path: string, text: string): SettingsFile {
  const value = readToml(path, text);
  let after = text;
  return {
    path,
    value: () => value,
    at: (keyPath) => valueAt(value, keyPath),
    plainText: () => text,
    set: (keyPath, setting) => {
      after = setTomlKey(path, after, keyPath, setting);
    },
    append: (keyPath, ...entries) => {
      if (entries.some((entry) => typeof entry === "string")) {
        throw new InputFileError(`${path}: ${keyPath.join(".")}: only tables are appended here`);
      }
      after = appendTomlArrayTable(path, after, keyPath, entries as Record<string, unknown>[]);
    },
    setEntries: (group, entries) => {
      after = setTomlTables(path, after, group, entries);
    },
    removeEntries: (group, names) => {
      after = removeTomlTables(path, after, group, names);
    },
    remove: (keyPath) => {
      after = removeTomlKey(path, after, keyPath);
    },
    removeItems: (keyPath, indexes) => {
      after = removeTomlArrayTables(path, after, keyPath, indexes);
    },
    // An array of tables taken out leaves no key behind: nothing more to take.
    commentNear: () => true,
    result: () => after,
  };
}
