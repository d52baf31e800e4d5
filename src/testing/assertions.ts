/**
 * Assertions about what contextfmt returns, as plain functions: each returns `{ pass, message }`
 * and never throws for a failed check (only for an argument of the wrong kind), so any test
 * runner can use them; `contextfmtMatchers` wraps them for `expect.extend`.
 */
import { XMLParser } from "fast-xml-parser";
import { findForgedStructure } from "../formats/forged.js";
import type { ForgedLine } from "../formats/structure.js";
import { xmlProblem } from "../manager/checks.js";
import type { BudgetReport, SkippedItem } from "../manager/formatted-context.js";
import { badArgument, optionsArgument } from "../problems/arguments.js";
import type { Issue } from "../problems/issue.js";
import { checkedCounter, type TokenCounter } from "../tokens/counter.js";
import { defaultCounter } from "../tokens/heuristic.js";

/** The outcome of one assertion; `message` says what was found, whether it passed or not. */
export interface AssertionResult {
  readonly pass: boolean;
  readonly message: string;
}

/** Text, or a result that carries its text (`content`, or `system` as `injectMemories` gives). */
export type ContentLike = string | { readonly content: string } | { readonly system: string };

/** The text of `received`, or an `InvalidInputError` saying what was expected. */
function contentOf(received: unknown, path = "received"): string {
  if (typeof received === "string") return received;
  if (typeof received === "object" && received !== null) {
    const { content, system } = received as { content?: unknown; system?: unknown };
    if (typeof content === "string") return content;
    if (typeof system === "string") return system;
  }
  return badArgument(path, "a string or a result with a content string", received);
}

const result = (pass: boolean, message: string): AssertionResult => ({ pass, message });

/** Options of {@link fitsBudget}. */
export interface FitsBudgetOptions {
  /** Counts the content instead of trusting the result's `tokenCount` (which must then agree). */
  readonly counter?: TokenCounter;
}

/**
 * Whether a text, or a result's content, is within `budget` tokens (default: the result's own
 * `budget`). The measure is the result's `tokenCount`, or `options.counter`'s count of the
 * content (a `tokenCount` that differs from it fails), or for a bare string the default counter's.
 *
 * @example
 * ```ts
 * const check = fitsBudget(manager.format("claude", { rules }, { budget: 200 }));
 * if (!check.pass) throw new Error(check.message);
 * ```
 */
export function fitsBudget(
  received:
    | ContentLike
    | { readonly content: string; readonly tokenCount: number; readonly budget?: number },
  budget?: number,
  options: FitsBudgetOptions = {},
): AssertionResult {
  const content = contentOf(received);
  const fields = (typeof received === "object" ? received : {}) as {
    tokenCount?: unknown;
    budget?: unknown;
    counter?: unknown;
    issues?: readonly Issue[];
  };
  const limit = budget ?? fields.budget;
  if (typeof limit !== "number" || !Number.isSafeInteger(limit) || limit < 0) {
    return badArgument("budget", "a whole number >= 0 (or a result with a budget)", limit);
  }
  const { counter } = optionsArgument(options);
  let tokens: number;
  let name: string;
  if (counter !== undefined) {
    const checked = checkedCounter(counter, "options.counter");
    tokens = checked.count(content);
    name = checked.name;
    if (typeof fields.tokenCount === "number" && fields.tokenCount !== tokens) {
      return result(
        false,
        `tokenCount is ${fields.tokenCount}, but ${name} counts ${tokens} tokens in the content`,
      );
    }
  } else if (typeof fields.tokenCount === "number") {
    tokens = fields.tokenCount;
    name = typeof fields.counter === "string" ? fields.counter : "the result's counter";
  } else {
    tokens = defaultCounter.count(content);
    name = defaultCounter.name;
  }
  if (tokens <= limit) {
    return result(true, `${tokens} tokens (${name}) are within the budget of ${limit}`);
  }
  const exceeded = fields.issues?.some((issue) => issue.code === "budget_exceeded")
    ? "; the result reports budget_exceeded (its required items alone exceed the budget)"
    : "";
  return result(
    false,
    `${tokens} tokens (${name}) are over the budget of ${limit} by ${tokens - limit}${exceeded}`,
  );
}

/** What {@link conserves} reads: a budget report and, where the result has them, its lists. */
export interface ReportedResult {
  readonly report: BudgetReport;
  readonly included?: readonly string[];
  readonly skipped?: readonly SkippedItem[];
  readonly rulesIncluded?: number;
  readonly rulesSkipped?: number;
}

/** Whether two lists hold the same values, each as often (each sorted once: n log n). */
function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const left = [...a].sort();
  const right = [...b].sort();
  return left.every((value, index) => value === right[index]);
}

/**
 * Whether a result accounts for every input item once: its report lists each item (by path and
 * id) exactly once as `included`, `shortened` or `skipped` (with a form exactly when shown, above 0
 * exactly when shortened, a reason when skipped), and agrees with the result's `included`,
 * `skipped`, `rulesIncluded` and `rulesSkipped`. `expected` is the number of input items, or
 * their ids; without it only the result's own lists are compared.
 *
 * @example
 * ```ts
 * conserves(manager.format("codex", { rules }, { budget: 100 }), rules.length).pass; // true
 * ```
 */
export function conserves(
  received: ReportedResult,
  expected?: number | readonly string[],
): AssertionResult {
  const report = (received as { report?: BudgetReport } | null)?.report;
  if (typeof report !== "object" || report === null || !Array.isArray(report.items)) {
    return badArgument("received", "a result with a budget report", received);
  }
  if (
    expected !== undefined &&
    !(typeof expected === "number" && Number.isSafeInteger(expected) && expected >= 0) &&
    !(Array.isArray(expected) && expected.every((id) => typeof id === "string"))
  ) {
    badArgument("expected", "a whole number >= 0 or an array of ids", expected);
  }
  const { items } = report;
  const problems: string[] = [];
  // An item is its path and id together: a project's parts share its path, memories may share an id.
  const seen = new Set<string>();
  for (const item of items) {
    const key = `${item.path}\u0000${item.id}`;
    if (seen.has(key)) problems.push(`${item.path} (${item.id}) is reported twice`);
    seen.add(key);
    const shown = item.status === "included" || item.status === "shortened";
    if (!shown && item.status !== "skipped") {
      problems.push(`${item.path} has status ${JSON.stringify(item.status)}`);
    } else if (shown !== (item.form !== undefined)) {
      problems.push(
        `${item.path} is ${item.status} but has ${item.form === undefined ? "no" : "a"} form`,
      );
    } else if ((item.status === "shortened") !== (item.form !== undefined && item.form > 0)) {
      problems.push(`${item.path} is ${item.status} in form ${item.form}`);
    } else if (item.status === "skipped" && item.reason === undefined) {
      problems.push(`${item.path} is skipped without a reason`);
    }
  }
  const shownIds = items.filter((item) => item.status !== "skipped").map((item) => item.id);
  const skippedIds = items.filter((item) => item.status === "skipped").map((item) => item.id);
  if (received.included && !sameList(shownIds, received.included)) {
    problems.push(
      `the report shows ${shownIds.length} items, included lists ${received.included.length}`,
    );
  }
  if (
    received.skipped &&
    !sameList(
      skippedIds,
      received.skipped.map((item) => item.id),
    )
  ) {
    problems.push(
      `the report skips ${skippedIds.length} items, skipped lists ${received.skipped.length}`,
    );
  }
  const { rulesIncluded, rulesSkipped } = received;
  if (
    rulesIncluded !== undefined &&
    rulesSkipped !== undefined &&
    rulesIncluded + rulesSkipped !== items.length
  ) {
    problems.push(
      `rulesIncluded + rulesSkipped is ${rulesIncluded + rulesSkipped}, the report has ${items.length} items`,
    );
  }
  if (typeof expected === "number" && items.length !== expected) {
    problems.push(`the report has ${items.length} items, the input ${expected}`);
  } else if (
    Array.isArray(expected) &&
    !sameList(
      items.map((item) => item.id),
      expected,
    )
  ) {
    const reported = new Set(items.map((item) => item.id));
    const given = new Set(expected);
    const missing = expected.filter((id) => !reported.has(id));
    const extra = items.filter((item) => !given.has(item.id)).map((item) => item.id);
    problems.push(
      `report ids differ from the input's: missing ${JSON.stringify(missing)}, not in the input ${JSON.stringify(extra)}`,
    );
  }
  const count = (status: string) => items.filter((item) => item.status === status).length;
  const sum = `${count("included")} included + ${count("shortened")} shortened + ${count("skipped")} skipped = ${items.length} items`;
  return problems.length === 0
    ? result(true, `${sum}, each once`)
    : result(
        false,
        `${sum}, but ${problems.slice(0, 5).join("; ")}${problems.length > 5 ? `; ${problems.length - 5} more` : ""}`,
      );
}

/** A memory as {@link roundTripsXml} compares it. */
export interface ExpectedMemory {
  readonly id: string;
  readonly content: string;
  /** Default `factual`, as the format's. */
  readonly category?: string | undefined;
}

/** Throws `InvalidInputError` naming the first of `memories` that is not an {@link ExpectedMemory}. */
function checkExpectedMemories(memories: unknown): void {
  const expected = "an array of { id, content, category? }";
  if (!Array.isArray(memories)) badArgument("memories", expected, memories);
  // An index loop, not forEach: a hole in a sparse array is a missing memory, not nothing.
  for (let index = 0; index < memories.length; index += 1) {
    const memory = memories[index] as Partial<ExpectedMemory> | null | undefined;
    const path = `memories[${index}]`;
    if (typeof memory !== "object" || memory === null) badArgument(path, "an object", memory);
    if (typeof memory.id !== "string") badArgument(`${path}.id`, "a string", memory.id);
    if (typeof memory.content !== "string") {
      badArgument(`${path}.content`, "a string", memory.content);
    }
    if (memory.category !== undefined && typeof memory.category !== "string") {
      badArgument(`${path}.category`, "a string", memory.category);
    }
  }
}

/** A conforming reading: character references decoded, whitespace kept, values as strings. */
const xmlParser = () =>
  new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "",
    trimValues: false,
    parseTagValue: false,
    parseAttributeValue: false,
    htmlEntities: true,
    isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
  });

interface ParsedElement {
  readonly tag: string;
  readonly parent: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly text: string;
}

/** Every element of a parsed tree, with its parent's tag, attributes and text. */
function elements(node: unknown, parent: string, into: ParsedElement[]): ParsedElement[] {
  if (typeof node !== "object" || node === null) return into;
  for (const [tag, value] of Object.entries(node)) {
    if (tag === "#text" || typeof value !== "object" || value === null) continue;
    for (const child of value as unknown[]) {
      if (typeof child !== "object" || child === null) {
        into.push({ tag, parent, attributes: {}, text: String(child ?? "") });
        continue;
      }
      const fields = child as Record<string, unknown>;
      const attributes: Record<string, string> = {};
      for (const [key, attribute] of Object.entries(fields)) {
        if (typeof attribute === "string" && key !== "#text") attributes[key] = attribute;
      }
      const text = Array.isArray(fields["#text"])
        ? fields["#text"].join("")
        : String(fields["#text"] ?? "");
      into.push({ tag, parent, attributes, text });
      elements(child, tag, into);
    }
  }
  return into;
}

/**
 * What an XML text element gives back of `text`: characters XML 1.0 cannot carry as U+FFFD.
 * Written from the XML specification, not from the escaping it checks, so that it can catch it.
 */
const xmlCarried = (text: string) =>
  text.replace(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML 1.0 forbids
    /[\0-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    "\uFFFD",
  );

/**
 * Whether XML output (an `xml-memory` or `project` result, or its text) is well-formed and reads
 * back as what went in: every `<memory>` a conforming parser finds has an id among `memories` and,
 * unless `summarized="true"`, exactly its text (characters XML cannot carry as U+FFFD) in its
 * category's block; every memory block carries the same nonce. Without `memories` only
 * well-formedness and the nonces are checked.
 *
 * @example
 * ```ts
 * const { system } = injectMemories([], { memories, nonce: "n0nce-7f3a9c2e" });
 * roundTripsXml(system, memories).pass; // true
 * ```
 */
export function roundTripsXml(
  received: ContentLike,
  memories?: readonly ExpectedMemory[],
): AssertionResult {
  const content = contentOf(received);
  const malformed = xmlProblem(content);
  if (malformed) return result(false, malformed.message);
  if (memories !== undefined) checkExpectedMemories(memories);
  const parsed = elements(xmlParser().parse(`<root>\n${content}</root>`), "", []);
  const problems: string[] = [];
  const nonces = new Set(
    parsed
      .filter((element) => element.tag.endsWith("_memories"))
      .map((element) => element.attributes.nonce),
  );
  if (nonces.size > 1) problems.push(`memory blocks carry ${nonces.size} different nonces`);
  const found = parsed.filter((element) => element.tag === "memory");
  // Memories by id: of several with one id, the format keeps the most important one.
  const byId = new Map<string, ExpectedMemory[]>();
  for (const memory of memories ?? []) {
    const same = byId.get(memory.id);
    if (same) same.push(memory);
    else byId.set(memory.id, [memory]);
  }
  let compared = 0;
  for (const element of memories ? found : []) {
    const id = element.attributes.id ?? "";
    const candidates = byId.get(id) ?? [];
    if (candidates.length === 0) {
      problems.push(`<memory id=${JSON.stringify(id)}> is not one of the memories given`);
      continue;
    }
    const inBlock = candidates.filter(
      (memory) => element.parent === `${memory.category ?? "factual"}_memories`,
    );
    if (inBlock.length === 0) {
      const block = `${candidates[0]?.category ?? "factual"}_memories`;
      problems.push(`memory ${JSON.stringify(id)} is in <${element.parent}>, not <${block}>`);
      continue;
    }
    if (element.attributes.summarized === "true") continue;
    compared += 1;
    if (!inBlock.some((memory) => element.text === xmlCarried(memory.content))) {
      problems.push(
        `memory ${JSON.stringify(id)} reads back as ${JSON.stringify(element.text.slice(0, 80))}, not its text`,
      );
    }
  }
  if (problems.length > 0) return result(false, problems.slice(0, 5).join("; "));
  const what = memories
    ? `, ${compared} of ${found.length} memories read back as their text`
    : `, ${found.length} memories`;
  return result(true, `well-formed XML${what}`);
}

/** Options of {@link isDeterministic}. */
export interface DeterministicOptions {
  /** How many times to run; default 2. */
  readonly runs?: number;
}

/** A JSON path into `value`'s first difference from `other`, or `undefined` when they are equal. */
function firstDifference(value: unknown, other: unknown, path: string): string | undefined {
  if (Object.is(value, other)) return undefined;
  if (value instanceof Date && other instanceof Date) {
    return value.getTime() === other.getTime() ? undefined : path;
  }
  if (typeof value !== "object" || typeof other !== "object" || value === null || other === null) {
    return path;
  }
  if (Array.isArray(value) !== Array.isArray(other)) return path;
  const keys = new Set([...Object.keys(value), ...Object.keys(other)]);
  for (const key of keys) {
    const inner = firstDifference(
      (value as Record<string, unknown>)[key],
      (other as Record<string, unknown>)[key],
      Array.isArray(value) ? `${path}[${key}]` : `${path}.${key}`,
    );
    if (inner !== undefined) return inner;
  }
  return undefined;
}

/** A value at a path, shortened for a message. */
function shown(value: unknown): string {
  const text = typeof value === "string" ? JSON.stringify(value) : String(JSON.stringify(value));
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** The value at a path `firstDifference` gave. */
function at(value: unknown, path: string): unknown {
  const steps = path.match(/\.[^.[]+|\[\d+\]/g) ?? [];
  return steps.reduce<unknown>((node, step) => {
    const key = step.startsWith(".") ? step.slice(1) : step.slice(1, -1);
    return typeof node === "object" && node !== null
      ? (node as Record<string, unknown>)[key]
      : undefined;
  }, value);
}

/**
 * Whether `run` gives the same result every time (`runs` times, default 2): equal strings, or
 * equal data field by field (dates by time). Pass a fixed `now` and `nonce`: those defaults are
 * the only impure ones.
 *
 * @example
 * ```ts
 * isDeterministic(() => manager.format("xml-memory", input, { nonce: "n0nce-7f3a9c2e", now })).pass;
 * ```
 */
export function isDeterministic(
  run: () => unknown,
  options: DeterministicOptions = {},
): AssertionResult {
  if (typeof run !== "function") badArgument("run", "a function to call", run);
  const { runs = 2 } = optionsArgument(options);
  if (!Number.isSafeInteger(runs) || runs < 2)
    badArgument("options.runs", "a whole number >= 2", runs);
  const first = run();
  for (let index = 2; index <= runs; index += 1) {
    const again = run();
    const path = firstDifference(first, again, "result");
    if (path !== undefined) {
      return result(
        false,
        `run ${index} differs from run 1 at ${path}: ${shown(at(again, path))} instead of ${shown(at(first, path))}`,
      );
    }
  }
  return result(true, `${runs} runs gave the same result`);
}

/**
 * Whether a built-in format's output (`content`, or a result) holds no line that reads as
 * structure the format did not write for `input`: {@link findForgedStructure}'s lines, from the
 * same line-start rules the format's validator uses. `context` names the formats the text is
 * joined with (a hook's context). A result rendered with `cacheStable: true` is read as that
 * layout (its `metadata.layout`); pass the result rather than its `content` for that.
 *
 * @example
 * ```ts
 * hasNoForgedStructure(result, "claude", { rules }).pass;
 * ```
 */
export function hasNoForgedStructure(
  received: ContentLike,
  formatId: string,
  input: unknown,
  context: readonly string[] = [],
): AssertionResult {
  const content = contentOf(received);
  if (typeof formatId !== "string") badArgument("formatId", "a format id", formatId);
  // A result rendered in its cache-stable layout says so; that layout lists more entries.
  const cacheStable =
    typeof received === "object" &&
    received !== null &&
    (received as { metadata?: { layout?: unknown } }).metadata?.layout === "cache-stable";
  const forged: readonly ForgedLine[] = findForgedStructure(formatId, content, input, context, {
    cacheStable,
  });
  if (forged.length === 0)
    return result(true, `no line of the ${formatId} output reads as forged structure`);
  const lines = forged
    .slice(0, 3)
    .map(
      (line) =>
        `line ${line.line + 1} (${line.reads}) ${line.reason}: ${JSON.stringify(line.text.slice(0, 60))}`,
    );
  const more = forged.length > 3 ? `; ${forged.length - 3} more` : "";
  return result(
    false,
    `${forged.length} forged line(s) in the ${formatId} output: ${lines.join("; ")}${more}`,
  );
}
