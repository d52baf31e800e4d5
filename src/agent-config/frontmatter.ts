/**
 * YAML frontmatter (`---` … `---`) as Claude Code and Codex skills read it. Claude Code accepts
 * values plain YAML rejects, such as `argument-hint: [file] [focus]`; like Claude Code, a block that
 * fails to parse is read again with its one-line values quoted.
 */
import {
  Document,
  isMap,
  isPair,
  isScalar,
  isSeq,
  type Node,
  parseDocument,
  YAMLParseError,
} from "yaml";
import { ConfigParseError } from "./config-error.js";
import { refuseUnwritableData } from "./syntax.js";

const OPEN = /^\uFEFF?---[ \t]*\r?\n/;
const CLOSE = /^---[ \t]*$/m;

/** A split file: its frontmatter mapping (empty when there is none) and the body after it. */
export interface Frontmatter {
  readonly data: Record<string, unknown>;
  /** Raw one-line text of each top-level key, for values YAML reads as something else. */
  readonly rawValues: ReadonlyMap<string, string>;
  readonly body: string;
}

// The value is taken whole and trimmed after: `(.+?)[ \t]*$` would try every split of a long run
// of spaces, quadratic in the line's length.
const KEY_LINE = /^([A-Za-z0-9_-]+):[ \t]+(.*)$/;

/** A top-level `key: value` line as its key and its value without trailing blanks. */
function keyLine(line: string): { key: string; value: string } | undefined {
  const match = KEY_LINE.exec(line);
  const value = match?.[2]?.trimEnd();
  return match?.[1] && value ? { key: match[1], value } : undefined;
}

/**
 * The first key that repeats one before it in its mapping, as the `yaml` package's own check
 * finds it (two scalar keys with the same value), but in one pass: that check compares each key
 * with every earlier one, quadratic in the number of keys (40,000 keys took 20 s).
 */
function firstDuplicateKey(root: Node | null): Node | undefined {
  // Depth first in document order, as the package composes: a pair's key is checked, then its
  // value is walked, then the next pair. Each open collection keeps its place on the stack.
  const stack: { items: readonly unknown[]; next: number; seen?: Set<unknown> }[] = [];
  const open = (node: unknown) => {
    if (isMap(node)) stack.push({ items: node.items, next: 0, seen: new Set() });
    else if (isSeq(node)) stack.push({ items: node.items, next: 0 });
  };
  open(root);
  while (stack.length > 0) {
    const top = stack.at(-1) as (typeof stack)[number];
    if (top.next === top.items.length) {
      stack.pop();
      continue;
    }
    const item = top.items[top.next++];
    if (top.seen && isPair(item)) {
      if (isScalar(item.key)) {
        if (top.seen.has(item.key.value)) return item.key;
        top.seen.add(item.key.value);
      }
      open(item.value);
    } else open(item);
  }
  return undefined;
}

/** Parses YAML like `yaml`'s `parse`, throwing its first error, with the duplicate-key check in one pass. */
function parseYaml(text: string): unknown {
  const document = parseDocument(text, { uniqueKeys: false });
  if (document.errors.length === 0) {
    const duplicate = firstDuplicateKey(document.contents);
    const start = duplicate?.range?.[0];
    if (start !== undefined) {
      const error = new YAMLParseError(
        [start, start + 1],
        "DUPLICATE_KEY",
        "Map keys must be unique",
      );
      // The place as the package words it: "… at line 3, column 1:".
      const before = text.slice(0, start);
      const line = before.split("\n").length;
      const col = start - before.lastIndexOf("\n");
      error.linePos = [{ line, col }];
      error.message += ` at line ${line}, column ${col}:`;
      throw error;
    }
  }
  const [error] = document.errors;
  if (error) throw error;
  return document.toJS();
}

function quoteOneLineValues(yaml: string): string {
  return yaml
    .split(/\r?\n/)
    .map((line) => {
      const entry = keyLine(line);
      if (!entry || /^["'|>]/.test(entry.value)) return line;
      return `${entry.key}: ${JSON.stringify(entry.value)}`;
    })
    .join("\n");
}

/** Splits and parses the frontmatter of `text`; `format` names the file in errors. */
export function readFrontmatter(format: string, text: string): Frontmatter {
  const open = OPEN.exec(text);
  if (!open) return { data: {}, rawValues: new Map(), body: text.replace(/^\uFEFF/, "") };
  const rest = text.slice(open[0].length);
  const close = CLOSE.exec(rest);
  if (!close)
    throw new ConfigParseError(format, "frontmatter opened with --- is never closed", { line: 1 });
  const yaml = rest.slice(0, close.index);
  const body = rest.slice(close.index + close[0].length).replace(/^\r?\n/, "");
  const rawValues = new Map<string, string>();
  for (const line of yaml.split(/\r?\n/)) {
    const entry = keyLine(line);
    if (entry) rawValues.set(entry.key, entry.value);
  }
  let data: unknown;
  try {
    data = parseYaml(yaml);
  } catch (error) {
    try {
      data = parseYaml(quoteOneLineValues(yaml));
    } catch {
      const at = error instanceof YAMLParseError ? error.linePos?.[0] : undefined;
      const problem = error instanceof Error ? error.message.split("\n")[0] : String(error);
      throw new ConfigParseError(
        format,
        `invalid YAML frontmatter: ${problem}`,
        at ? { line: at.line + 1, column: at.col } : {},
        error,
      );
    }
  }
  if (data === null || data === undefined) data = {};
  if (typeof data !== "object" || Array.isArray(data)) {
    throw new ConfigParseError(format, "frontmatter must be a mapping of keys to values", {
      line: 2,
    });
  }
  refuseUnwritableData(format, data);
  return { data: data as Record<string, unknown>, rawValues, body };
}

/** A key whose value should be text: YAML may have read `[file] [focus]` as a list; take the line. */
export function textValue(fm: Frontmatter, key: string): string | undefined {
  const value = fm.data[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return fm.rawValues.get(key) ?? JSON.stringify(value);
}

/** The `---` … `---` block of the defined entries, ending in a line break; the body follows it directly. */
export function frontmatterBlock(data: Record<string, unknown>): string {
  const entries = Object.entries(data).filter(([, value]) => value !== undefined);
  const yaml = new Document(Object.fromEntries(entries)).toString({ lineWidth: 0 });
  return `---\n${entries.length ? yaml : ""}---\n`;
}

/** Writes a frontmatter block and a blank line for the defined entries, or nothing when there are none. */
export function writeFrontmatter(data: Record<string, unknown>): string {
  const defined = Object.values(data).some((value) => value !== undefined);
  return defined ? `${frontmatterBlock(data)}\n` : "";
}
