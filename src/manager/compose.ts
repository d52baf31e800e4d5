/**
 * Several formats in one context (a hook's rules, project and session text): each part is fitted
 * by the pipeline within its share of every limit (tokens, and the characters or bytes a tool
 * takes inline), what a part leaves unused goes to the parts that had to give something up, and
 * the joined text is held to the limits as a whole.
 */
import type { FormatAdapter } from "../formats/adapter.js";
import { withoutTrailing } from "../formats/escape.js";
import { InvalidInputError } from "../problems/errors.js";
import type { Issue } from "../problems/issue.js";
import { safeBoundary, type TokenCounter } from "../tokens/counter.js";
import { defaultCounter } from "../tokens/heuristic.js";
import { sizeLimits } from "./fit.js";
import type { FormattedContext } from "./formatted-context.js";
import { runPipeline } from "./pipeline.js";
import { remembering } from "./shortcuts.js";

/** One part of a composed context. */
export interface ContextPart {
  /** Names the part in issue paths (`--rules`). */
  readonly label: string;
  readonly adapter: FormatAdapter;
  readonly input: unknown;
  /** The format's own options. */
  readonly options?: Readonly<Record<string, unknown>>;
  /** Relative share of the budget. */
  readonly share: number;
  /** Never more tokens than this, whatever the share (the brief context's 200). */
  readonly maxBudget?: number;
  /** A part whose input has no items at all adds no text: its headings alone would say nothing. */
  readonly silentWithoutItems?: boolean;
  /**
   * What to throw when the part's input or options are bad (say, naming the file they came
   * from); default: the `InvalidInputError` as it is.
   */
  readonly onInvalid?: (error: InvalidInputError) => Error;
}

/** Options of {@link composeContexts}. */
export interface ComposeOptions {
  /** Tokens the whole context may take. */
  readonly budget: number;
  /** Characters the whole context may take (Claude Code's 10,000); default: no limit. */
  readonly maxChars?: number | undefined;
  /** UTF-8 bytes the whole context may take (Codex CLI's 10,000); default: no limit. */
  readonly maxBytes?: number | undefined;
  readonly counter?: TokenCounter | undefined;
  readonly now?: Date | string | number | undefined;
}

/** A composed context: the joined text, and each part's own result. */
export interface ComposedContext {
  /** The parts' texts that are not empty, joined by a blank line, ending with one line break. */
  readonly content: string;
  /** `counter.count(content)`. */
  readonly tokenCount: number;
  readonly parts: readonly { readonly label: string; readonly result: FormattedContext }[];
  /** Every part's issues, the part's label in front of each path. */
  readonly issues: readonly Issue[];
}

const SEPARATOR = "\n\n";

/**
 * What a part's text adds to the joined content: its text without its trailing line breaks (a
 * space at the end of its last line stays, as the part has it on its own).
 */
const textOf = (result: FormattedContext) => withoutTrailing(result.content, LINE_ENDS);
const LINE_ENDS: ReadonlySet<string> = new Set(["\n", "\r"]);

/** A part's text as the joined content holds it, and the result it came from. @internal */
export interface Said {
  readonly text: string;
  readonly result: FormattedContext;
}

/**
 * The parts' texts that say something, in order. A part's items are counted from the result's
 * own figures, not its report: reading `report.items` works out every item's tokens.
 */
function saidOf(parts: readonly ContextPart[], results: readonly FormattedContext[]): Said[] {
  const said: Said[] = [];
  results.forEach((result, index) => {
    const items = result.rulesIncluded + result.rulesSkipped;
    if (parts[index]?.silentWithoutItems && items === 0) return;
    const text = textOf(result);
    if (text !== "") said.push({ text, result });
  });
  return said;
}

/** The texts joined by a blank line, ending with one line break. @internal Exported for tests. */
export const join = (said: readonly Said[]): string =>
  said.length > 0 ? `${said.map((part) => part.text).join(SEPARATOR)}\n` : "";

/** Where the last line unit of `text` starts (see `splitLineUnits`): after its last safe boundary. */
function lastUnitStart(text: string): number {
  for (let newline = text.lastIndexOf("\n"); newline >= 0; ) {
    if (safeBoundary(text, newline + 1)) return newline + 1;
    newline = newline === 0 ? -1 : text.lastIndexOf("\n", newline - 1);
  }
  return 0;
}

/**
 * `counter.count(content)` of the joined texts, from the parts' own counts, when the counter is
 * line-additive and each part starts a line unit of its own in `content` (its first character is
 * neither whitespace nor `/`): then no unit spans two parts, and a part's units are its own but
 * for the last, which the join ends with a blank line instead of the part's own line breaks. So
 * each part costs its count, less its last unit as the part ends it, plus that unit as the join
 * ends it: two short counts in place of one of the whole. `undefined` when it cannot tell.
 *
 * @internal Exported for its property test.
 */
export function joinedCount(
  content: string,
  said: readonly Said[],
  counter: TokenCounter,
): number | undefined {
  if (!counter.lineAdditive) return undefined;
  let total = 0;
  let offset = 0;
  for (let at = 0; at < said.length; at += 1) {
    const { text, result } = said[at] as Said;
    if (!safeBoundary(content, offset)) return undefined;
    const ending = at < said.length - 1 ? SEPARATOR : "\n";
    const own = result.content;
    if (own.length === text.length + ending.length && own.endsWith(ending)) {
      total += result.tokenCount;
    } else {
      const last = lastUnitStart(text);
      // A part of one unit is counted as the join ends it: there is nothing to take away.
      total +=
        last === 0
          ? counter.count(text + ending)
          : result.tokenCount -
            counter.count(own.slice(last)) +
            counter.count(text.slice(last) + ending);
    }
    offset += text.length + ending.length;
  }
  return total;
}

/**
 * Whether a part gave something up to its budget: an item shortened or left out over budget. From
 * the result's lists, not its report, whose items would be counted (a whole count of the content
 * for a format that folds its last line, on every hook call).
 */
const gaveWay = (result: FormattedContext) =>
  result.shortened.length > 0 || result.skipped.some((item) => item.reason === "over_budget");

/** A share of `total`, floored, and never more than `cap`. */
const shareOf = (total: number, share: number, shares: number, cap = Number.POSITIVE_INFINITY) =>
  Math.max(0, Math.min(cap, Math.floor((total * share) / shares)));

/**
 * One limit of the whole context (tokens, characters or bytes): what it is, what the parts may
 * use of it once the blank lines between them are paid, and each part's own limit.
 */
interface Limit {
  /** The pipeline option that sets it. */
  readonly option: "budget" | "maxChars" | "maxBytes";
  readonly total: number;
  /** What the parts' own texts may take together. */
  readonly room: number;
  /** What a part's text takes of it, as it stands in the joined content. */
  used(result: FormattedContext): number;
  /** What the joined content takes of it. */
  of(content: string): number;
  /** Each part's limit, as the fitting goes. */
  readonly perPart: number[];
}

/**
 * Fits several formats into one context. Each part first gets its share of every limit; then
 * what the parts left unused goes, in order, to the parts that shortened or left out something,
 * which are fitted again with it. If the joined text is still over (the blank lines between
 * parts, a counter that does not add up), the last part that can give way is fitted again with
 * less, until it fits or nothing optional is left.
 *
 * @example
 * ```ts
 * const { content, parts } = composeContexts(
 *   [{ label: "rules", adapter: claudeAdapter, input: { rules }, share: 2 },
 *    { label: "project", adapter: projectAdapter, input: { projects }, share: 1 }],
 *   { budget: 2000, maxChars: 10_000 },
 * );
 * ```
 */
export function composeContexts(
  parts: readonly ContextPart[],
  options: ComposeOptions,
): ComposedContext {
  const counter = remembering(options.counter ?? defaultCounter);
  const shares = parts.reduce((sum, part) => sum + part.share, 0) || 1;
  const glue = Math.max(0, parts.length - 1);
  // Each part's text keeps its own final line break; between parts a blank line is added.
  const tokenRoom = Math.max(0, options.budget - glue * counter.count(SEPARATOR));
  // The joined content's count from the parts' own where it can be told (the pipeline added each
  // up from its item texts' counts: the counter has seen none of them whole).
  const countJoined = (text: string): number =>
    (text === content ? joinedCount(content, said, counter) : undefined) ?? counter.count(text);
  const limits: Limit[] = [
    {
      option: "budget",
      total: options.budget,
      room: tokenRoom,
      used: (result) => result.tokenCount,
      of: countJoined,
      perPart: parts.map((part) => shareOf(tokenRoom, part.share, shares, part.maxBudget)),
    },
    ...sizeLimits(options).map((size): Limit => {
      const room = Math.max(0, size.limit - glue * (size.of(SEPARATOR) - size.of("\n")));
      return {
        option: size.unit === "characters" ? "maxChars" : "maxBytes",
        total: size.limit,
        room,
        used: (result) => size.of(textOf(result)),
        of: size.of,
        perPart: parts.map((part) => shareOf(room, part.share, shares)),
      };
    }),
  ];
  const [tokens] = limits as [Limit];
  const fitPart = (index: number): FormattedContext => {
    const part = parts[index] as ContextPart;
    const own: Record<string, number> = {};
    for (const limit of limits) own[limit.option] = limit.perPart[index] as number;
    try {
      return runPipeline(part.adapter, part.input, {
        ...part.options,
        ...own,
        counter,
        ...(options.now !== undefined ? { now: options.now } : {}),
      });
    } catch (error) {
      throw part.onInvalid && InvalidInputError.is(error) ? part.onInvalid(error) : error;
    }
  };
  const results = parts.map((_, index) => fitPart(index));

  // What the parts left unused goes to those that gave something up, most binding first.
  const spare = (limit: Limit) =>
    limit.room - results.reduce((sum, result) => sum + limit.used(result), 0);
  results.forEach((result, index) => {
    if (!gaveWay(result)) return;
    const spares = limits.map(spare);
    if (spares.every((left) => left <= 0)) return;
    let changed = false;
    limits.forEach((limit, at) => {
      const raised = limit.used(result) + Math.max(0, spares[at] as number);
      const own = limit === tokens ? Math.min(parts[index]?.maxBudget ?? Infinity, raised) : raised;
      if (own !== limit.perPart[index]) changed = true;
      limit.perPart[index] = own;
    });
    // The same limits fit the same way (a lone part is given back what it had): not again.
    if (changed) results[index] = fitPart(index);
  });

  let said = saidOf(parts, results);
  let content = join(said);
  const over = () => limits.some((limit) => limit.of(content) > limit.total);
  // Still over: the last part that can give way is fitted again with less, then with nothing
  // but its required items; then the part before it.
  let index = results.length - 1;
  let emptied = false;
  while (index >= 0 && over()) {
    if (emptied) {
      index -= 1;
      emptied = false;
      continue;
    }
    const before = results[index] as FormattedContext;
    for (const limit of limits) {
      const excess = limit.of(content) - limit.total;
      const given = Math.min(limit.perPart[index] as number, limit.used(before));
      limit.perPart[index] = Math.max(0, given - Math.max(limit === tokens ? 1 : 0, excess));
    }
    const helped = (result: FormattedContext) =>
      limits.some((limit) => limit.used(result) < limit.used(before));
    let after = fitPart(index);
    if (!helped(after)) {
      for (const limit of limits) limit.perPart[index] = 0;
      after = fitPart(index);
      emptied = true;
      // Only its required items, and no shorter: it stays as it was, its issues naming the
      // budget it was given rather than the zero it was tried with.
      if (!helped(after)) continue;
    }
    results[index] = after;
    said = saidOf(parts, results);
    content = join(said);
  }

  const issues = results.flatMap((result, index) =>
    result.issues.map((issue) => ({
      ...issue,
      path: `${parts[index]?.label}${issue.path ? ` ${issue.path}` : ""}`,
    })),
  );
  return {
    content,
    tokenCount: countJoined(content),
    parts: results.map((result, index) => ({ label: parts[index]?.label ?? "", result })),
    issues,
  };
}
