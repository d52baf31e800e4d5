/**
 * Edits a JSON or JSONC settings file in place: parsed once (jsonc-parser's tree gives every
 * value's place), the values set and items appended become text edits against that one tree,
 * applied in one pass. Only what changes is touched: other keys and their order, comments,
 * blank lines, indentation and line endings stay, and a changed object is edited key by key, so
 * comments beside its unchanged keys stay too. New text follows the file's layout: indented as
 * its neighbours, or on one line where the object (or the whole file) is on one line.
 */
import {
  createScanner,
  findNodeAtLocation,
  getNodeValue,
  type Node,
  type ParseError,
  parseTree,
  printParseErrorCode,
} from "jsonc-parser";
import { InputFileError } from "../hooks/input-text.js";
import { lineEndingOf, sameValue } from "./same-value.js";

/** 1-based line and column of an offset, as `line:column`. */
export function place(text: string, offset: number): string {
  let line = 1;
  let start = 0;
  for (let at = text.indexOf("\n"); at !== -1 && at < offset; at = text.indexOf("\n", at + 1)) {
    line++;
    start = at + 1;
  }
  return `${line}:${offset - start + 1}`;
}

/** How a message names a parsed value's kind. */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "an object";
  if (typeof value === "string") return "text";
  if (typeof value === "boolean") return String(value);
  return `a ${typeof value}`;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

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
 * What is to change under one key: a value set, items appended to a list, the key taken out,
 * items of its list taken out (by index), or keys below.
 */
type Pending =
  | { readonly set: unknown }
  | { readonly append: unknown[] }
  | { readonly remove: true }
  | { readonly removeItems: ReadonlySet<number> }
  | { readonly keys: Map<string, Pending> };

interface Edit {
  readonly offset: number;
  readonly length: number;
  readonly content: string;
}

const keyOf = (property: Node) => (property.children?.[0]?.value as string) ?? "";
const valueNode = (property: Node) => property.children?.[1] as Node;
const end = (node: Node) => node.offset + node.length;

/** jsonc-parser's `SyntaxKind` values the scanner gives (a const enum, not importable as a value). */
const LINE_COMMENT = 12;
const BLOCK_COMMENT = 13;
const EOF = 17;

/**
 * Every object's keys are distinct, else an error naming the key: the tools read the last of two
 * `"mcpServers"`, so an edit of the first would change nothing they see.
 */
function refuseDuplicateKeys(path: string, text: string, root: Node): void {
  const stack: [Node, string][] = [[root, ""]];
  while (stack.length > 0) {
    const [node, at] = stack.pop() as [Node, string];
    const seen = new Set<string>();
    for (const [index, child] of (node.children ?? []).entries()) {
      if (node.type === "object") {
        const key = keyOf(child);
        const keyPath = at ? `${at}.${key}` : key;
        if (seen.has(key)) {
          throw new InputFileError(
            `${path}:${place(text, child.offset)}: duplicate key ${JSON.stringify(keyPath)}; the tools read only one of them; nothing written`,
          );
        }
        seen.add(key);
        if (child.children?.[1]) stack.push([valueNode(child), keyPath]);
      } else if (node.type === "array") {
        stack.push([child, `${at}[${index}]`]);
      }
    }
  }
}

/** A JSON/JSONC settings file, parsed once, with the edits asked of it so far. */
export class JsoncFile {
  /** The text parsed: the file's, without a byte order mark, or `{}` for an empty file. */
  readonly #source: string;
  /** A byte order mark the file starts with, put back in front of the result. */
  readonly #bom: string;
  readonly #root: Node;
  readonly #pending = new Map<string, Pending>();
  /** The whole file is on one line: new text goes on that line too. */
  readonly #oneLine: boolean;
  readonly #eol: "\n" | "\r\n";
  readonly #unit: string;
  readonly #spaced: boolean;
  #value: unknown;

  /**
   * Parses `text` (comments and trailing commas allowed, as the tools allow them); a syntax
   * error names the file, line and column, and so does a duplicate key. An empty file is `{}`;
   * anything but an object at the top is an error.
   */
  constructor(
    readonly path: string,
    readonly text: string,
  ) {
    const empty = text.trim() === "";
    this.#bom = text.startsWith("\uFEFF") ? "\uFEFF" : "";
    this.#source = empty ? "{}\n" : text.slice(this.#bom.length);
    const errors: ParseError[] = [];
    let root: Node | undefined;
    try {
      root = parseTree(this.#source, errors, { allowTrailingComma: true, disallowComments: false });
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      throw new InputFileError(`${path}: invalid JSON: nested too deeply to read`);
    }
    const [error] = errors;
    if (error) {
      throw new InputFileError(
        `${path}:${place(this.#source, error.offset)}: invalid JSON: ${printParseErrorCode(error.error)}`,
      );
    }
    if (root?.type !== "object") {
      throw new InputFileError(
        `${path}: expected an object ({ … }) at the top, found ${root ? describeValue(getNodeValue(root)) : "nothing"}`,
      );
    }
    refuseDuplicateKeys(path, this.#source, root);
    this.#root = root;
    this.#oneLine = !empty && !text.trimEnd().includes("\n");
    this.#eol = lineEndingOf(text);
    this.#unit = /\n([ \t]+)\S/.exec(text)?.[1] ?? "  ";
    // Spaced as the file's first `"key": value` is ("a": 1 or "a":1).
    this.#spaced = empty || /"\s*:(\s?)/.exec(text)?.[1] !== "";
  }

  /** The parsed file (before the edits). */
  value(): unknown {
    this.#value ??= getNodeValue(this.#root);
    return this.#value;
  }

  /** The place where `keyPath`'s change is kept, made on the way. */
  #slot(keyPath: readonly string[]): [Map<string, Pending>, string] {
    let keys = this.#pending;
    for (const key of keyPath.slice(0, -1)) {
      let next = keys.get(key);
      if (next === undefined) {
        next = { keys: new Map() };
        keys.set(key, next);
      }
      if (!("keys" in next)) throw new Error(`json-edit: ${keyPath.join(".")} set twice`);
      keys = next.keys;
    }
    return [keys, keyPath.at(-1) as string];
  }

  /** Sets the value at `keyPath` (made when absent); an unchanged value is left as written. */
  set(keyPath: readonly string[], value: unknown): void {
    const [keys, key] = this.#slot(keyPath);
    keys.set(key, { set: value });
  }

  /** Appends `item` to the list at `keyPath` (made when absent). */
  append(keyPath: readonly string[], item: unknown): void {
    const [keys, key] = this.#slot(keyPath);
    const pending = keys.get(key);
    if (pending && "append" in pending) pending.append.push(item);
    else keys.set(key, { append: [item] });
  }

  /** Takes the key at `keyPath` out, with its comma; an absent key is left absent. */
  remove(keyPath: readonly string[]): void {
    const [keys, key] = this.#slot(keyPath);
    keys.set(key, { remove: true });
  }

  /**
   * Takes the items at `indexes` out of the list at `keyPath`, each with its comma; the other
   * items and the comments between them stay. An absent list is left absent.
   */
  removeItems(keyPath: readonly string[], indexes: ReadonlySet<number>): void {
    const [keys, key] = this.#slot(keyPath);
    keys.set(key, { removeItems: indexes });
  }

  /**
   * Whether a comment stands in what taking the key at `keyPath` out would take: its key and
   * value, and the space between it and the keys beside it (true for an absent key, so a caller
   * asking before a removal never removes one it cannot see). One scan of that stretch.
   */
  commentNear(keyPath: readonly string[]): boolean {
    const value = findNodeAtLocation(this.#root, [...keyPath]);
    const property = value?.parent;
    const parent = property?.parent;
    if (property === undefined || parent === undefined || property.type !== "property") return true;
    const siblings = parent.children ?? [];
    const at = siblings.indexOf(property);
    const before = siblings[at - 1];
    const after = siblings[at + 1];
    const from = before === undefined ? parent.offset + 1 : end(before);
    const to = after === undefined ? end(parent) - 1 : after.offset;
    const scanner = createScanner(this.#source.slice(from, to), false);
    for (let token: number = scanner.scan(); token !== EOF; token = scanner.scan()) {
      if (token === LINE_COMMENT || token === BLOCK_COMMENT) return true;
    }
    return false;
  }

  /**
   * The file's text with every change made; the text as it was when nothing changes. A value
   * on the way that is not an object (or a list, for `append`) is an error naming its key path.
   */
  result(): string {
    const edits: Edit[] = [];
    this.#object(this.#root, this.#pending, [], edits);
    if (edits.length === 0) return this.text;
    edits.sort((a, b) => a.offset - b.offset || a.length - b.length);
    let out = "";
    let at = 0;
    for (const edit of edits) {
      if (edit.offset < at) throw new Error("json-edit: overlapping edits");
      out += this.#source.slice(at, edit.offset) + edit.content;
      at = edit.offset + edit.length;
    }
    return this.#bom + out + this.#source.slice(at);
  }

  #mismatch(keyPath: readonly string[], expected: string, node: Node): InputFileError {
    return new InputFileError(
      `${this.path}: ${keyPath.join(".")}: expected ${expected}, found ${describeValue(getNodeValue(node))}`,
    );
  }

  /** Edits for the pending changes below object `node`. */
  #object(node: Node, pending: Map<string, Pending>, keyPath: string[], edits: Edit[]): void {
    const properties = new Map((node.children ?? []).map((p) => [keyOf(p), p]));
    const added: [string, unknown][] = [];
    const removed = new Set<string>();
    for (const [key, change] of pending) {
      const property = properties.get(key);
      const at = [...keyPath, key];
      if ("remove" in change || "removeItems" in change) {
        if (property === undefined) continue;
        const value = valueNode(property);
        if ("remove" in change) removed.add(key);
        else if (value.type !== "array") throw this.#mismatch(at, "a list", value);
        else {
          const items = value.children ?? [];
          this.#drop(
            value,
            items.map((_, index) => change.removeItems.has(index)),
            edits,
          );
        }
        continue;
      }
      if (property === undefined) {
        added.push([key, materialize(change)]);
        continue;
      }
      const value = valueNode(property);
      if ("set" in change) {
        if (!sameValue(getNodeValue(value), change.set)) this.#replace(value, change.set, edits);
      } else if ("append" in change) {
        if (value.type !== "array") throw this.#mismatch(at, "a list", value);
        this.#appendItems(value, change.append, edits);
      } else {
        if (value.type !== "object") throw this.#mismatch(at, "an object", value);
        this.#object(value, change.keys, at, edits);
      }
    }
    if (removed.size > 0) {
      this.#drop(
        node,
        (node.children ?? []).map((p) => removed.has(keyOf(p))),
        edits,
      );
    }
    const last = (node.children ?? []).filter((p) => !removed.has(keyOf(p))).at(-1);
    if (added.length > 0) this.#addProperties(node, last, added, edits);
  }

  /**
   * Edits taking the entries of `container` marked in `dropped` out: runs of them go with the
   * comma before them (after the entry that stays before), or after them when the first goes.
   * When every entry goes, so does everything between the brackets.
   */
  #drop(container: Node, dropped: readonly boolean[], edits: Edit[]): void {
    const children = container.children ?? [];
    if (!dropped.includes(true)) return;
    if (dropped.every(Boolean)) {
      edits.push({ offset: container.offset + 1, length: container.length - 2, content: "" });
      return;
    }
    for (let i = 0; i < children.length; i++) {
      if (!dropped[i]) continue;
      let last = i;
      while (last + 1 < children.length && dropped[last + 1]) last++;
      const from = i > 0 ? end(children[i - 1] as Node) : (children[0] as Node).offset;
      const to = i > 0 ? end(children[last] as Node) : (children[last + 1] as Node).offset;
      edits.push({ offset: from, length: to - from, content: "" });
      i = last;
    }
  }

  /** Edits that make `node` hold `value`: key by key when both are objects and a key stays. */
  #replace(node: Node, value: unknown, edits: Edit[]): void {
    const children = node.children ?? [];
    const kept =
      isObject(value) && node.type === "object"
        ? children.filter((p) => Object.hasOwn(value, keyOf(p)))
        : [];
    if (!isObject(value) || kept.length === 0) {
      edits.push({ offset: node.offset, length: node.length, content: this.#format(value, node) });
      return;
    }
    this.#drop(
      node,
      children.map((p) => !Object.hasOwn(value, keyOf(p))),
      edits,
    );
    const existing = new Map(kept.map((p) => [keyOf(p), p]));
    const added: [string, unknown][] = [];
    for (const [key, v] of Object.entries(value)) {
      const property = existing.get(key);
      if (property === undefined) added.push([key, v]);
      else if (!sameValue(getNodeValue(valueNode(property)), v))
        this.#replace(valueNode(property), v, edits);
    }
    if (added.length > 0) this.#addProperties(node, kept.at(-1), added, edits);
  }

  /** Whether new text inside `node` goes on its line: the file or a non-empty `node` is one line. */
  #inline(node: Node): boolean {
    if (this.#oneLine) return true;
    if ((node.children ?? []).length === 0) return false;
    return !this.#source.slice(node.offset, end(node)).includes("\n");
  }

  /** The leading blanks of the line `offset` is on. */
  #indentAt(offset: number): string {
    const start = this.#source.lastIndexOf("\n", offset - 1) + 1;
    return /^[ \t]*/.exec(this.#source.slice(start, offset))?.[0] ?? "";
  }

  /** The indentation of `container`'s entries: its first entry's, else one step in from its line. */
  #childIndent(container: Node): string {
    const first = container.children?.[0];
    if (first) {
      const start = this.#source.lastIndexOf("\n", first.offset - 1) + 1;
      const before = this.#source.slice(start, first.offset);
      if (/^[ \t]*$/.test(before)) return before;
    }
    return this.#indentAt(container.offset) + this.#unit;
  }

  /** `value` as text at the place of `node` (a value replaced) or at `indent`. */
  #format(
    value: unknown,
    node: Node | undefined,
    indent = node ? this.#indentAt(node.offset) : "",
  ): string {
    const inline =
      this.#oneLine ||
      (node !== undefined &&
        (node.type === "object" || node.type === "array") &&
        !this.#source.slice(node.offset, end(node)).includes("\n"));
    if (inline) return this.#spaced ? spacedJson(value) : JSON.stringify(value);
    return JSON.stringify(value, null, this.#unit).split("\n").join(`${this.#eol}${indent}`);
  }

  /** Adds `added` to object `node` after `anchor` (its last entry that stays), or as its only entries. */
  #addProperties(
    node: Node,
    anchor: Node | undefined,
    added: [string, unknown][],
    edits: Edit[],
  ): void {
    const separator = this.#spaced ? ": " : ":";
    const entries = (indent: string, inline: boolean) =>
      added.map(([key, value]) => {
        const text = inline
          ? this.#spaced
            ? spacedJson(value)
            : JSON.stringify(value)
          : this.#format(value, undefined, indent);
        return `${JSON.stringify(key)}${separator}${text}`;
      });
    this.#addEntries(node, anchor, entries, edits);
  }

  /** Appends `items` to list `node`. */
  #appendItems(node: Node, items: unknown[], edits: Edit[]): void {
    const entries = (indent: string, inline: boolean) =>
      items.map((item) =>
        inline
          ? this.#spaced
            ? spacedJson(item)
            : JSON.stringify(item)
          : this.#format(item, undefined, indent),
      );
    this.#addEntries(node, node.children?.at(-1), entries, edits);
  }

  /** The edit adding entries to a container, after `anchor` or inside its brackets when none stays. */
  #addEntries(
    node: Node,
    anchor: Node | undefined,
    entries: (indent: string, inline: boolean) => string[],
    edits: Edit[],
  ): void {
    const inline = this.#inline(node);
    const indent = this.#childIndent(node);
    const texts = entries(indent, inline);
    const comma = this.#spaced ? ", " : ",";
    if (anchor !== undefined) {
      const content = inline
        ? texts.map((t) => `${comma}${t}`).join("")
        : texts.map((t) => `,${this.#eol}${indent}${t}`).join("");
      edits.push({ offset: end(anchor), length: 0, content });
      return;
    }
    // Nothing stays inside: the brackets get the entries alone (blank space and comments there go).
    const content = inline
      ? texts.join(comma)
      : `${this.#eol}${indent}${texts.join(`,${this.#eol}${indent}`)}${this.#eol}${this.#indentAt(node.offset)}`;
    edits.push({ offset: node.offset + 1, length: node.length - 2, content });
  }
}

/** The value a pending change makes where nothing was. */
function materialize(change: Pending): unknown {
  if ("set" in change) return change.set;
  if ("remove" in change || "removeItems" in change) return undefined;
  if ("append" in change) return [...change.append];
  return Object.fromEntries([...change.keys].map(([key, child]) => [key, materialize(child)]));
}

/** JSON on one line with a space after each `:` and `,`, for files written that way. */
function spacedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(spacedJson).join(", ")}]`;
  if (isObject(value)) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${spacedJson(v)}`).join(", ")} }`;
  }
  return JSON.stringify(value) ?? "null";
}

/** The value of a JSON/JSONC file, read as {@link JsoncFile} reads it. */
export function readJsonc(path: string, text: string): unknown {
  return new JsoncFile(path, text).value();
}
