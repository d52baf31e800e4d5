import type { FormatType } from "../formats/adapter.js";
import type { Issue } from "../problems/issue.js";

/** An item the pipeline left out, and why. */
export interface SkippedItem {
  /** The item's id (a rule's `id`, else its `name`). */
  readonly id: string;
  /** Where it was in the input, e.g. `rules[7]`. */
  readonly path: string;
  /**
   * `over_budget`: it did not fit; it was lower in the order than everything included.
   * `over_item_limit`: the format takes at most so many items (`FormatAdapter.maxItems`), and
   * this one came after them in the order.
   */
  readonly reason: "over_budget" | "over_item_limit";
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
  /** Ids of the included items, most important first. */
  readonly included: readonly string[];
  readonly skipped: readonly SkippedItem[];
  /** Adapter facts, e.g. `absoluteRules` and `defaultRules` for the rule formats. */
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly issues: readonly Issue[];
}
