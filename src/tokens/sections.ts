import { stringArgument } from "../problems/arguments.js";
import { checkedCounter, type TokenCounter } from "./counter.js";

/** What started a section: the structure a text's own lines give it. */
export type TextSectionKind =
  | "preamble"
  | "heading"
  | "codex-section"
  | "label"
  | "xml-element"
  | "text";

/** One section of a text: from its starting line up to the next section's starting line. */
export interface TextSection {
  /** The line that starts it (`## Scope`, `=== CRITICAL RULES ===`, `<PROJECT name="Atlas">`). */
  readonly title: string;
  readonly kind: TextSectionKind;
  /** Offset of its first character in the text. */
  readonly start: number;
  /** Offset just past its last character (its trailing newline and blank lines included). */
  readonly end: number;
  /** The counter's count of `text.slice(start, end)`. */
  readonly tokens: number;
  /** `tokens / total`, 0 for an empty text. */
  readonly share: number;
}

/** What {@link sectionBreakdown} returns. */
export interface SectionBreakdown {
  /** The counter's name (`heuristic-o200k`, `tiktoken-o200k_base`). */
  readonly counter: string;
  /** The counter's count of the whole text. */
  readonly total: number;
  /** Every character of the text is in exactly one section, in order. */
  readonly sections: readonly TextSection[];
}

const MARKDOWN_HEADING = /^#{1,6}(?:[ \t]|$)/;
const CODE_FENCE = /^(?:```|~~~)/;
// One blank before the closing `===`, not `[ \t]+`: inside `.*`'s backtracking a `[ \t]+` would
// run over a long run of spaces again from each of its positions (quadratic).
const CODEX_SECTION = /^===[ \t]+\S.*[ \t]===[ \t]*$/;
/** A line of capitals ending in a colon, as Gemini's `MANDATORY RULES:` heads its rules. */
const CAPITALS_LABEL = /^[A-Z][A-Z0-9 &/'()-]*[A-Z0-9)]:$/;
const XML_NAME = "[A-Za-z_][\\w.:-]*";
const XML_ATTRIBUTES = `(?:\\s+${XML_NAME}\\s*=\\s*(?:"[^"<]*"|'[^'<]*'))*\\s*`;
/** A whole, well-formed opening or empty-element tag at the start of a line. */
const XML_OPEN = new RegExp(`^<(${XML_NAME})${XML_ATTRIBUTES}(/?)>`);

/** Where each line of `text` starts (a final line without a newline included). */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (
    let at = text.indexOf("\n");
    at !== -1 && at + 1 < text.length;
    at = text.indexOf("\n", at + 1)
  ) {
    starts.push(at + 1);
  }
  return starts;
}

/** `</name>` exactly, as a closing tag is written. */
const CLOSING_TAG = new RegExp(`</(${XML_NAME})>`, "g");

/** The offset of the last `</name>` of each element name in `text`. */
function lastClosingTags(text: string): Map<string, number> {
  const last = new Map<string, number>();
  for (const match of text.matchAll(CLOSING_TAG)) last.set(match[1] ?? "", match.index);
  return last;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Counts how a line changes the nesting of one element name: its opening minus closing tags. */
class ElementDepth {
  private readonly opens: RegExp;
  private readonly closes: RegExp;

  constructor(readonly name: string) {
    const escaped = escapeRegExp(name);
    this.opens = new RegExp(`<${escaped}${XML_ATTRIBUTES}>`, "g");
    this.closes = new RegExp(`</${escaped}\\s*>`, "g");
  }

  change(line: string): number {
    return (line.match(this.opens)?.length ?? 0) - (line.match(this.closes)?.length ?? 0);
  }
}

/**
 * The starting lines of the sections: markdown headings outside code fences, Codex `=== … ===`
 * lines, lines of capitals ending in a colon, and elements opened at the start of a line outside any other element. Every start is
 * at the beginning of a line and its first character is neither whitespace nor `/`.
 */
function sectionStarts(text: string): { at: number; kind: TextSectionKind }[] {
  const starts: { at: number; kind: TextSectionKind }[] = [];
  let inFence = false;
  let open: { element: ElementDepth; depth: number } | undefined;
  // Where each name's last closing tag is: an element is closed if that is after its start.
  // Found in one pass over the text when the first element opens (a search per name would read
  // the whole text once for every distinct unclosed tag: quadratic).
  let lastClose: Map<string, number> | undefined;
  const closedAfter = (name: string, at: number) => {
    lastClose ??= lastClosingTags(text);
    return (lastClose.get(name) ?? -1) > at;
  };
  for (const at of lineStarts(text)) {
    const newline = text.indexOf("\n", at);
    const line = text.slice(at, newline === -1 ? text.length : newline).replace(/\r$/, "");
    if (open) {
      open.depth += open.element.change(line);
      if (open.depth <= 0) open = undefined;
      continue;
    }
    if (CODE_FENCE.test(line)) {
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    const element = XML_OPEN.exec(line);
    const name = element?.[1];
    // A tag that is never closed is prose that happens to start with "<", not an element.
    if (name !== undefined && (element?.[2] === "/" || closedAfter(name, at))) {
      starts.push({ at, kind: "xml-element" });
      const tracked = new ElementDepth(name);
      const depth = tracked.change(line);
      if (depth > 0) open = { element: tracked, depth };
    } else if (MARKDOWN_HEADING.test(line)) {
      starts.push({ at, kind: "heading" });
    } else if (CODEX_SECTION.test(line)) {
      starts.push({ at, kind: "codex-section" });
    } else if (CAPITALS_LABEL.test(line)) {
      starts.push({ at, kind: "label" });
    }
  }
  return starts;
}

function titleAt(text: string, at: number): string {
  const newline = text.indexOf("\n", at);
  return text
    .slice(at, newline === -1 ? text.length : newline)
    .replace(/\r$/, "")
    .trim();
}

/**
 * Splits a text into the sections its own structure gives it — markdown headings, Codex
 * `=== … ===` sections, capitals labels such as Gemini's `MANDATORY RULES:`, top-level XML
 * elements such as `<directive>` or `<PROJECT …>`, else the whole text as one — and counts each with `counter`. Sections cover the text exactly; text
 * before the first section start is a `preamble` section. Sections begin only at line starts
 * whose first character is neither whitespace nor `/`, so for a `lineAdditive` counter (both the
 * default heuristic and the exact o200k counter are) the sections' tokens add up to `total`
 * exactly; for another counter each section is counted on its own and the sum may differ.
 *
 * @example
 * ```ts
 * const { total, sections } = sectionBreakdown("# Rules\n- one\n\n## Scope\n- git\n", defaultCounter);
 * sections.map((s) => s.title); // ["# Rules", "## Scope"]
 * ```
 */
export function sectionBreakdown(text: string, tokenCounter: TokenCounter): SectionBreakdown {
  stringArgument(text, "text");
  const counter = checkedCounter(tokenCounter, "counter");
  const total = counter.count(text);
  const starts = sectionStarts(text);
  if (text.length > 0 && starts[0]?.at !== 0) {
    starts.unshift({ at: 0, kind: starts.length === 0 ? "text" : "preamble" });
  }
  const sections = starts.map(({ at, kind }, index): TextSection => {
    const end = starts[index + 1]?.at ?? text.length;
    const tokens = counter.count(text.slice(at, end));
    return {
      title:
        kind === "text" ? "(whole text)" : kind === "preamble" ? "(preamble)" : titleAt(text, at),
      kind,
      start: at,
      end,
      tokens,
      share: total === 0 ? 0 : tokens / total,
    };
  });
  return { counter: counter.name, total, sections };
}
