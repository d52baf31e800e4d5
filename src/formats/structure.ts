/**
 * How a format's structure is read: line-start rules, what a line must start with to read as one
 * of the format's headings, sections, entries or blocks. Each format declares its own rules beside
 * its adapter (`defineStructure`); the validators count with them, the line-start escaper tests
 * what they read, and the tests use them as the oracle of "no forged structure".
 *
 * Lines are read the way a model reads them: split at every line break Unicode knows, each from its
 * first visible character. Zero-width, format, bidi and control characters and spaces before it do
 * not hide what a line reads as: `"\u200B## Relevant Context"` is a heading. The forged lines of
 * a format's output for a given input are `findForgedStructure` (formats/forged.ts).
 */
import type { ValidationContext } from "./adapter.js";
import { TURN_START, visibleStart } from "./escape.js";

/**
 * What a structure line is to its format; a `turn` opens a turn of a conversation (`SYSTEM:`),
 * which no format writes.
 */
export type StructureKind = "heading" | "section" | "entry" | "field" | "block" | "turn";

/** One line-start rule of a format. */
export interface StructureRule {
  /** Names the rule in messages and in expected counts (`entry`, `critical-section`). */
  readonly name: string;
  readonly kind: StructureKind;
  /** Tested on a line from its first visible character; anchored with `^`. */
  readonly pattern: RegExp;
  /** Every character a line matching `pattern` can start with (so most lines skip every test). */
  readonly first: string;
  /** What the format writes before the visible start (a sub-entry's indentation); default none. */
  readonly indent?: string;
  /** How messages name these lines (`rule entries`); default `<name> lines`. */
  readonly label?: string;
  /**
   * The format writes it right after text of the input (an element's closing tag after a
   * multi-line memory), so whatever that text ends with may come before it on the line.
   */
  readonly afterText?: boolean;
}

/** The first characters of a number, for the rules that start with one. */
export const DIGITS = "0123456789";

/** Every line break Unicode knows; CRLF is one break. */
const LINE_BREAK = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/;

/** The lines of `text` as a reader sees them: split at every line break Unicode knows. */
export function readerLines(text: string): string[] {
  // Most text breaks lines with "\n" alone; splitting on a string is the cheap way then.
  return hasOtherBreak(text) ? text.split(LINE_BREAK) : text.split("\n");
}

/** The line breaks other than "\n". */
const OTHER_BREAKS = ["\r", "\v", "\f", "\u0085", "\u2028", "\u2029"];

/**
 * Whether `text` holds a line break other than "\n": one native search per break, which over a
 * long text is about fifteen times as fast as one pattern with all six in a character class.
 */
function hasOtherBreak(text: string): boolean {
  for (const other of OTHER_BREAKS) if (text.includes(other)) return true;
  return false;
}

/**
 * What reads as structure at a line start in any text format: markdown headings, list items,
 * quotes, fences, rules and tables; tags; the plain formats' `[n]` entries, `===`/`---` lines and
 * labels. A field's text must never start a line with one of these.
 */
export const GENERIC_RULES: readonly StructureRule[] = [
  { name: "markdown-heading", kind: "heading", pattern: /^#{1,6}(?:\s|$)/, first: "#" },
  {
    name: "list-item",
    kind: "entry",
    pattern: /^(?:[-+*]|\d{1,9}[.)])(?:\s|$)/,
    first: `-+*${DIGITS}`,
  },
  { name: "numbered-entry", kind: "entry", pattern: /^\[\d+\]/, first: "[" },
  {
    name: "rule-line",
    kind: "section",
    pattern: /^(?:={3,}|-{3,}|\*{3,}|_{3,})/,
    first: "=-*_",
  },
  { name: "quote", kind: "block", pattern: /^>/, first: ">" },
  { name: "fence", kind: "block", pattern: /^(?:```|~~~)/, first: "`~" },
  { name: "table", kind: "block", pattern: /^\|/, first: "|" },
  { name: "tag", kind: "block", pattern: /^<[A-Za-z_/!?]/, first: "<" },
  {
    name: "label",
    kind: "section",
    pattern:
      /^(?:PROJECT CONTEXT RULES|Generated:|MANDATORY RULES:|RECOMMENDED GUIDELINES:|Related:|Scope:|Condition:|\[(?:Scope|Condition):)/,
    first: "PGMRSC[",
  },
  {
    name: "turn",
    kind: "turn",
    pattern: TURN_START,
    first: "<SsDdUuHhAaMmTt",
  },
];

/** Tags only: what reads as structure in an XML format's text lines, which stay inside elements. */
export const TAG_RULES: readonly StructureRule[] = GENERIC_RULES.filter(
  (rule) => rule.name === "tag",
);

/** Which layout of a format a text is read as (`cacheStable: true` renders another one). */
export interface Layout {
  readonly cacheStable: boolean;
}

/** A format's structure as it declares it: see {@link defineStructure}. */
export interface StructureSpec {
  /** The format's adapter id. */
  readonly id: string;
  /** The format's own rules, most specific first. */
  readonly own: readonly StructureRule[];
  /** Structure the format never writes: any line that reads as one is forged. */
  readonly foreign: readonly StructureRule[];
  /**
   * The most lines of each own rule the format writes for `input` in `layout`, whatever the
   * budget keeps (the oracle's limits); a rule it leaves out may come any number of times.
   * `input` is what the adapter takes, unparsed.
   */
  allowed(input: unknown, layout: Layout): Readonly<Record<string, number>>;
}

/** A format's structure, its rules indexed for reading. */
export interface FormatStructure extends StructureSpec {
  readonly index: { readonly own: CompiledRules; readonly foreign: CompiledRules };
}

/** A list of rules, indexed by the characters lines matching them start with. */
export interface CompiledRules {
  readonly rules: readonly StructureRule[];
  /** Character code → indexes of the rules a line starting with it may match, in order. */
  readonly byFirst: ReadonlyMap<number, readonly number[]>;
  /**
   * What a line that reads as each rule is, with the rule's indentation and without: made once,
   * so that reading a text of 100,000 entries makes no answer per line.
   */
  readonly readsAs: readonly (readonly [indented: Classified, hidden: Classified])[];
}

function compile(rules: readonly StructureRule[], format: string, own: boolean): CompiledRules {
  const byFirst = new Map<number, number[]>();
  rules.forEach((rule, index) => {
    for (let i = 0; i < rule.first.length; i += 1) {
      const code = rule.first.charCodeAt(i);
      const list = byFirst.get(code);
      if (list) list.push(index);
      else byFirst.set(code, [index]);
    }
  });
  const readsAs = rules.map(
    (rule) =>
      [
        Object.freeze({ format, rule, own, indented: own }),
        Object.freeze({ format, rule, own, indented: false }),
      ] as const,
  );
  return { rules, byFirst, readsAs };
}

/**
 * Index in `compiled.rules` of the first rule whose pattern matches `visible`, or -1: only the
 * rules its first character can start are tested, so most lines of text cost one lookup.
 */
function firstMatch(compiled: CompiledRules, visible: string): number {
  const candidates = compiled.byFirst.get(visible.charCodeAt(0));
  if (!candidates) return -1;
  for (const index of candidates) {
    if ((compiled.rules[index] as StructureRule).pattern.test(visible)) return index;
  }
  return -1;
}

/** One line-start rule: `lineRule("related", "section", /^Related: /, "R")`. */
export const lineRule = (
  name: string,
  kind: StructureKind,
  pattern: RegExp,
  first: string,
  more: Pick<StructureRule, "indent" | "label" | "afterText"> = {},
): StructureRule => ({ name, kind, pattern, first, ...more });

/**
 * A format's structure, declared beside its adapter: its own line-start rules, the structure it
 * never writes, and how many lines of each rule an input allows.
 *
 * @example
 * ```ts
 * export const briefStructure = defineStructure({
 *   id: "session-brief",
 *   own: [lineRule("related", "section", /^Related: /, "R")],
 *   foreign: GENERIC_RULES,
 *   allowed: () => ({ related: 1 }),
 * });
 * ```
 */
export function defineStructure(spec: StructureSpec): FormatStructure {
  return Object.freeze({
    ...spec,
    index: {
      own: compile(spec.own, spec.id, true),
      foreign: compile(spec.foreign, spec.id, false),
    },
  });
}

/**
 * Whether `prefix` (what comes before a line's visible start) fits `rule`: `true` when it is the
 * rule's indentation (or the rule follows input text), `false` when it hides the line behind
 * characters a reader does not see, `undefined` when the line lacks the rule's indentation and so
 * is not one of its lines.
 */
function fitsIndent(rule: StructureRule, prefix: string): boolean | undefined {
  if (rule.afterText === true || prefix === (rule.indent ?? "")) return true;
  return prefix === "" ? undefined : false;
}

const GENERIC = compile(GENERIC_RULES, "generic", false);

/** A line that reads as structure it should not. */
export interface ForgedLine {
  /** 0-based index among the reader's lines of the content (see `readerLines`). */
  readonly line: number;
  readonly text: string;
  /** The rule it reads as: `<format>:<rule>`. */
  readonly reads: string;
  readonly reason: string;
}

/** What one line reads as, by the first rule that matches its visible start. */
export interface Classified {
  readonly format: string;
  readonly rule: StructureRule;
  /** One of the format's own rules (not another format's, not generic structure). */
  readonly own: boolean;
  /** Whether the characters before the visible start are exactly the rule's indentation. */
  readonly indented: boolean;
}

/**
 * Classifies a line for `structure`: its own rules first, then the own rules of the other formats
 * of the context, then the generic structure the format never writes.
 */
function classify(
  line: string,
  structure: FormatStructure,
  context: readonly FormatStructure[],
): Classified | undefined {
  const start = visibleStart(line);
  const visible = start === 0 ? line : line.slice(start);
  if (visible === "") return undefined;
  const prefix = start === 0 ? "" : line.slice(0, start);
  const own = structure.own;
  // The first rule that matches, among those the line's first character can start; the rules
  // after it are tried one by one only when it wants an indentation the line lacks.
  const first = firstMatch(structure.index.own, visible);
  for (let index = first; index >= 0 && index < own.length; index += 1) {
    const candidate = own[index] as StructureRule;
    if (index > first && !candidate.pattern.test(visible)) continue;
    const indented = fitsIndent(candidate, prefix);
    if (indented !== undefined) {
      return structure.index.own.readsAs[index]?.[indented ? 0 : 1];
    }
  }
  for (const other of context) {
    if (other.id === structure.id) continue;
    for (const candidate of other.own) {
      if (candidate.pattern.test(visible) && fitsIndent(candidate, prefix) !== undefined) {
        return { format: other.id, rule: candidate, own: false, indented: false };
      }
    }
  }
  const foreign = structure.index.foreign;
  return foreign.readsAs[firstMatch(foreign, visible)]?.[1];
}

/** The structure lines of one text: their count per own rule, and every forged line. */
export interface StructureReport {
  readonly counts: ReadonlyMap<string, number>;
  readonly forged: readonly ForgedLine[];
}

/**
 * Reads `content` as the format of `structure` (placed among the formats of `context`, as in a
 * hook's joined context) and reports each line that reads as structure the format did not write:
 * a rule of another format of the context, generic structure the format never writes, one of its
 * own rules behind characters a reader does not see, or more lines of one of its own rules than
 * `allowed` gives (a rule missing from `allowed` may come any number of times).
 */
export function readStructure(
  structure: FormatStructure,
  content: string,
  {
    allowed = {},
    context = [],
  }: {
    readonly allowed?: Readonly<Record<string, number>>;
    readonly context?: readonly FormatStructure[];
  } = {},
): StructureReport {
  const { own } = structure;
  const seen = new Array<number>(own.length).fill(0);
  const forged: ForgedLine[] = [];
  const forge = (line: number, text: string, found: Classified, reason: string) => {
    forged.push({ line, text, reads: `${found.format}:${found.rule.name}`, reason });
  };
  forEachLine(content, (text, line) => {
    const found = classify(text, structure, context);
    if (!found) return;
    const { rule } = found;
    if (!found.own) {
      const whose =
        found.format === structure.id
          ? "structure the format never writes"
          : `${found.format} structure`;
      forge(line, text, found, `reads as ${whose} (${rule.kind})`);
    } else if (!found.indented) {
      forge(line, text, found, `a ${rule.kind} behind characters a reader does not see`);
    } else {
      const index = own.indexOf(rule);
      const count = (seen[index] ?? 0) + 1;
      seen[index] = count;
      const limit = allowed[rule.name];
      if (limit !== undefined && count > limit) {
        forge(line, text, found, `more ${rule.name} lines than the input has (${limit})`);
      }
    }
  });
  const counts = new Map<string, number>();
  own.forEach((rule, index) => {
    const count = seen[index] ?? 0;
    if (count > 0) counts.set(rule.name, (counts.get(rule.name) ?? 0) + count);
  });
  return { counts, forged };
}

/** Calls `visit` with each of the reader's lines of `text` and its index, without a list of them. */
function forEachLine(text: string, visit: (line: string, index: number) => void): void {
  if (hasOtherBreak(text)) {
    readerLines(text).forEach(visit);
    return;
  }
  let index = 0;
  let start = 0;
  for (let end = text.indexOf("\n"); end !== -1; end = text.indexOf("\n", start)) {
    visit(text.slice(start, end), index);
    index += 1;
    start = end + 1;
  }
  visit(text.slice(start), index);
}

/**
 * How many of the reader's lines of `text` match `pattern` (anchored with `^`, tested on the line
 * as it is): a count within one of a format's own rules, such as the entries a label marks.
 */
export function countLines(text: string, pattern: RegExp): number {
  let count = 0;
  forEachLine(text, (line) => {
    if (pattern.test(line)) count += 1;
  });
  return count;
}

/** Lines of a forged-lines message: the first few, with a count of the rest. */
const SHOWN_LINES = 3;

/**
 * A validator's structure check: reports `invalid_structure` (error) for every forged line (see
 * {@link readStructure}) and for each own rule in `expected` whose line count differs.
 */
export function checkStructure(
  structure: FormatStructure,
  content: string,
  expected: Readonly<Record<string, number>>,
  ctx: Pick<ValidationContext, "report">,
): void {
  const { counts, forged } = readStructure(structure, content);
  if (forged.length > 0) {
    const shown = forged
      .slice(0, SHOWN_LINES)
      .map(
        (line) => `line ${line.line + 1} ${line.reason}: ${JSON.stringify(line.text.slice(0, 60))}`,
      );
    const more = forged.length > SHOWN_LINES ? `; ${forged.length - SHOWN_LINES} more` : "";
    ctx.report({
      code: "invalid_structure",
      severity: "error",
      message: `${forged.length} forged structure line(s): ${shown.join("; ")}${more}`,
    });
  }
  const rules = structure.own;
  for (const [name, want] of Object.entries(expected)) {
    const found = counts.get(name) ?? 0;
    if (found === want) continue;
    const label = rules.find((candidate) => candidate.name === name)?.label ?? `${name} lines`;
    ctx.report({
      code: "invalid_structure",
      severity: "error",
      message: `expected ${want} ${label}, found ${found}`,
    });
  }
}

/**
 * How many lines of `text` read as structure in some text format ({@link GENERIC_RULES}, from
 * their visible start): what a template adapter checks its output against.
 */
export function countGenericStructure(text: string): number {
  let count = 0;
  for (const line of readerLines(text)) {
    const start = visibleStart(line);
    const visible = start === 0 ? line : line.slice(start);
    if (visible !== "" && firstMatch(GENERIC, visible) >= 0) count += 1;
  }
  return count;
}

/** One line of a joined context as the oracle reads it. */
export interface ContextLine {
  /** `<format>:<rule>` of the structure the line reads as, or `undefined` for text. */
  readonly reads: string | undefined;
  /** Why it is forged, when it is. */
  readonly forged?: string;
}

/**
 * Reads a context that joins the output of several formats (a hook's context, given as the
 * formats' structures): every line that reads as structure must read as one of those formats'
 * own lines, at its own indentation; generic structure none of them writes, or own structure
 * behind characters a reader does not see, is forged. Which part a line belongs to is not known
 * here: compare the lines with those of the same context built from harmless text to find a line
 * one part forged in another's form.
 */
export function readContextStructure(
  content: string,
  formats: readonly FormatStructure[],
): ContextLine[] {
  const foreign = [...new Set(formats.flatMap((format) => format.foreign))];
  return readerLines(content).map((line): ContextLine => {
    const start = visibleStart(line);
    const visible = start === 0 ? line : line.slice(start);
    if (visible === "") return { reads: undefined };
    const prefix = start === 0 ? "" : line.slice(0, start);
    for (const format of formats) {
      for (const candidate of format.own) {
        if (!candidate.pattern.test(visible)) continue;
        const fits = fitsIndent(candidate, prefix);
        if (fits === undefined) continue;
        const reads = `${format.id}:${candidate.name}`;
        return fits
          ? { reads }
          : { reads, forged: `a ${candidate.kind} behind characters a reader does not see` };
      }
    }
    const generic = foreign.find((candidate) => candidate.pattern.test(visible));
    return generic
      ? {
          reads: `generic:${generic.name}`,
          forged: `reads as ${generic.kind} no format of the context writes`,
        }
      : { reads: undefined };
  });
}
