/**
 * Several formats in one context (a hook's rules, project and session text): each part is fitted
 * by the pipeline within its share of one budget, what a part leaves unused goes to the parts that
 * had to give something up, and the joined text is held to the budget as a whole.
 */
import type { FormatAdapter } from "../formats/adapter.js";
import { withoutTrailing } from "../formats/escape.js";
import { InvalidInputError } from "../problems/errors.js";
import type { Issue } from "../problems/issue.js";
import type { TokenCounter } from "../tokens/counter.js";
import { defaultCounter } from "../tokens/heuristic.js";
import type { FormattedContext } from "./formatted-context.js";
import { runPipeline } from "./pipeline.js";

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
  readonly maxTokens?: number;
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

/** The parts' texts that say something, joined by a blank line. */
function join(parts: readonly ContextPart[], results: readonly FormattedContext[]): string {
  const texts = results
    .filter(
      (result, index) => !(parts[index]?.silentWithoutItems && result.report.items.length === 0),
    )
    .map(textOf)
    .filter((text) => text !== "");
  return texts.length > 0 ? `${texts.join(SEPARATOR)}\n` : "";
}

/** Whether a part gave something up to its budget: an item shortened or left out over budget. */
const gaveWay = (result: FormattedContext) =>
  result.report.items.some(
    (item) =>
      item.status === "shortened" || (item.status === "skipped" && item.reason === "over_budget"),
  );

/** A share of `total`, floored, and never more than `cap`. */
const shareOf = (total: number, share: number, shares: number, cap = Number.POSITIVE_INFINITY) =>
  Math.max(0, Math.min(cap, Math.floor((total * share) / shares)));

/**
 * Fits several formats into one context. Each part first gets its share of the budget (and of
 * the character limit); then what the parts left unused goes, in order, to the parts that
 * shortened or left out something, which are fitted again with it. If the joined text is still
 * over (the blank lines between parts, a counter that does not add up), the last part that can
 * give way is fitted again with less, until it fits or nothing optional is left.
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
  const counter = options.counter ?? defaultCounter;
  const shares = parts.reduce((sum, part) => sum + part.share, 0) || 1;
  const glue = Math.max(0, parts.length - 1);
  // Each part's text keeps its own final line break; between parts a blank line is added.
  const tokenRoom = Math.max(0, options.budget - glue * counter.count(SEPARATOR));
  const charRoom =
    options.maxChars === undefined
      ? undefined
      : Math.max(0, options.maxChars - glue * (SEPARATOR.length - 1));
  const budgets = parts.map((part) => shareOf(tokenRoom, part.share, shares, part.maxTokens));
  const charBudgets = parts.map((part) =>
    charRoom === undefined ? undefined : shareOf(charRoom, part.share, shares),
  );
  const fitPart = (index: number): FormattedContext => {
    const part = parts[index] as ContextPart;
    const chars = charBudgets[index];
    try {
      return runPipeline(part.adapter, part.input, {
        ...part.options,
        budget: budgets[index],
        ...(chars !== undefined ? { maxChars: chars } : {}),
        ...(options.counter ? { counter: options.counter } : {}),
        ...(options.now !== undefined ? { now: options.now } : {}),
      });
    } catch (error) {
      throw part.onInvalid && InvalidInputError.is(error) ? part.onInvalid(error) : error;
    }
  };
  const results = parts.map((_, index) => fitPart(index));

  // What the parts left unused goes to those that gave something up, most binding first.
  const used = () => results.reduce((sum, result) => sum + result.tokenCount, 0);
  const usedChars = () => results.reduce((sum, result) => sum + textOf(result).length, 0);
  results.forEach((result, index) => {
    const spare = tokenRoom - used();
    const spareChars = charRoom === undefined ? undefined : charRoom - usedChars();
    if (!gaveWay(result) || (spare <= 0 && (spareChars ?? 1) <= 0)) return;
    budgets[index] = Math.min(
      parts[index]?.maxTokens ?? Number.POSITIVE_INFINITY,
      result.tokenCount + Math.max(0, spare),
    );
    if (spareChars !== undefined)
      charBudgets[index] = textOf(result).length + Math.max(0, spareChars);
    results[index] = fitPart(index);
  });

  let content = join(parts, results);
  let tokenCount = counter.count(content);
  const over = () =>
    tokenCount > options.budget ||
    (options.maxChars !== undefined && content.length > options.maxChars);
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
    const excess = Math.max(1, tokenCount - options.budget);
    budgets[index] = Math.max(0, Math.min(budgets[index] ?? 0, before.tokenCount) - excess);
    const chars = charBudgets[index];
    if (chars !== undefined && options.maxChars !== undefined) {
      const excessChars = Math.max(0, content.length - options.maxChars);
      charBudgets[index] = Math.max(0, Math.min(chars, textOf(before).length) - excessChars);
    }
    const helped = (result: FormattedContext) =>
      result.tokenCount < before.tokenCount || textOf(result).length < textOf(before).length;
    let after = fitPart(index);
    if (!helped(after)) {
      budgets[index] = 0;
      if (chars !== undefined) charBudgets[index] = 0;
      after = fitPart(index);
      emptied = true;
      // Only its required items, and no shorter: it stays as it was, its issues naming the
      // budget it was given rather than the zero it was tried with.
      if (!helped(after)) continue;
    }
    results[index] = after;
    content = join(parts, results);
    tokenCount = counter.count(content);
  }

  const issues = results.flatMap((result, index) =>
    result.issues.map((issue) => ({
      ...issue,
      path: `${parts[index]?.label}${issue.path ? ` ${issue.path}` : ""}`,
    })),
  );
  return {
    content,
    tokenCount,
    parts: results.map((result, index) => ({ label: parts[index]?.label ?? "", result })),
    issues,
  };
}
