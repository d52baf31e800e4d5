import type { SkipReason } from "../budget/fit.js";
import type { FormatType } from "../formats/adapter.js";
import type { Issue } from "../problems/issue.js";

export type { SkipReason } from "../budget/fit.js";

/** An item the pipeline left out, and why. */
export interface SkippedItem {
  /** The item's id (a rule's `id`, else its `name`). */
  readonly id: string;
  /** Where it was in the input, e.g. `rules[7]`. */
  readonly path: string;
  /** See {@link SkipReason}. */
  readonly reason: SkipReason;
}

/** What became of one input item. */
export interface ReportItem {
  readonly id: string;
  readonly path: string;
  /** `included` in full, `shortened` to one of its shorter forms, or `skipped`. */
  readonly status: "included" | "shortened" | "skipped";
  /**
   * Tokens of the item's text as it stands in the content; for a skipped item, what its full
   * text would have taken, counted when this property is first read (the fit leaves most items
   * of a long list out without counting them).
   */
  readonly tokens: number;
  /** Which form is in the content: 0 the full text, 1 the first shorter form, …; absent when skipped. */
  readonly form?: number;
  /** Why a skipped item was left out. */
  readonly reason?: SkipReason;
}

/** One section of the content as its own structure gives it (a heading, a block), and its tokens. */
export interface ReportSection {
  /** The line that starts it: `## CRITICAL RULES (Always Follow)`, `<PROJECT name="Atlas" …>`. */
  readonly label: string;
  readonly tokens: number;
}

/**
 * Where the budget went. With a line-additive counter (both shipped counters are) and texts on
 * line boundaries (every built-in format), the included and shortened items' `tokens` plus
 * `frameTokens` equal `tokenCount`, and so do the sections' tokens. With a counter that is not
 * line-additive the parts are counted on their own and need not add up to the whole.
 *
 * Worked out when first read, then kept: `items`, `sections` (about one more count of the
 * content) and `frameTokens` are computed on the first access, and a skipped item's `tokens` on
 * the first read of it, so a call whose report is not looked at pays for none of it. Until then
 * the report holds the call's rendered item texts. The values are the same whenever they are read.
 */
export interface BudgetReport {
  /** Every input item, in input order. */
  readonly items: readonly ReportItem[];
  readonly sections: readonly ReportSection[];
  /** Tokens of everything that is not an item's text: headers, headings, tags, footers. */
  readonly frameTokens: number;
}

/**
 * The result of formatting: the text, its exact count by the chosen counter, what was left out,
 * and every problem found. `rulesIncluded + rulesSkipped` equals the number of input items.
 */
export interface FormattedContext {
  /** Registry id of the adapter that produced it. */
  readonly adapter: string;
  /** The tool the text is for (`capabilities.toolName`). */
  readonly tool: string;
  readonly formatType: FormatType;
  readonly content: string;
  /** `counter.count(content)`: what the counter says of this very text. */
  readonly tokenCount: number;
  /** Name of the counter used. */
  readonly counter: string;
  readonly budget: number;
  /** Items included (rules, for the rule formats). */
  readonly rulesIncluded: number;
  /** Items left out; each is in `skipped`. */
  readonly rulesSkipped: number;
  /** Ids of the items in the content (in full or shortened), most important first. */
  readonly included: readonly string[];
  /** Ids of the included items that are shortened, most important first. */
  readonly shortened: readonly string[];
  readonly skipped: readonly SkippedItem[];
  /** Every item's fate and tokens, the sections and the frame: see {@link BudgetReport}. */
  readonly report: BudgetReport;
  /** Adapter facts, e.g. `absoluteRules` and `defaultRules` for the rule formats. */
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly issues: readonly Issue[];
}
