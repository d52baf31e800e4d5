/**
 * The budget report of one format call, and the issues that sum it up: what each item became,
 * what it took, and where the rest of the tokens went.
 */
import type { FitChoice } from "../budget/fit.js";
import type { AdapterItem } from "../formats/adapter.js";
import type { Issue } from "../problems/issue.js";
import type { TokenCounter } from "../tokens/counter.js";
import { sectionBreakdown } from "../tokens/sections.js";
import type { Attribution } from "./attribution.js";
import type {
  BudgetReport,
  ReportItem,
  ReportSection,
  SkippedItem,
  SkipReason,
} from "./formatted-context.js";
import type { ItemText, ItemTexts } from "./item-texts.js";

/** What became of the items of one call. */
export interface Outcome<T> {
  /** Every item, most important first. */
  readonly items: readonly AdapterItem<T>[];
  /** Per item: the form it shows, or `undefined` when left out. */
  readonly choices: readonly FitChoice[];
  /** Why each left-out item was left out. */
  readonly reasons: ReadonlyMap<number, SkipReason>;
  /** The items in input order, as the adapter gave them: the report's order. */
  readonly inputOrder: readonly AdapterItem<T>[];
  /** Per item in input order, its place in `items`. */
  readonly places: ArrayLike<number>;
}

/** The first five ids of a list, and an ellipsis when there are more. */
function someIds(ids: readonly string[]): string {
  return `${ids.slice(0, 5).join(", ")}${ids.length > 5 ? ", …" : ""}`;
}

/** Words for the reasons in a list of skipped items, in a fixed order. */
function reasonWords(skipped: readonly SkippedItem[], itemLimit: number | undefined): string {
  const words: string[] = [];
  const has = (reason: SkipReason) => skipped.some((item) => item.reason === reason);
  if (has("over_budget")) words.push("over budget");
  if (has("over_item_limit")) words.push(`past the first ${itemLimit}`);
  if (has("duplicate")) words.push("as duplicates");
  return words.join(" or ");
}

/**
 * The skipped and shortened items of one call, most important first, and the issues that sum
 * them up ({@link summaryIssues}).
 */
export function summarize<T>(
  outcome: Outcome<T>,
  itemLimit: number | undefined,
): { skipped: SkippedItem[]; shortened: string[]; issues: Issue[] } {
  const skipped: SkippedItem[] = [];
  const shortened: string[] = [];
  const { items, choices, reasons } = outcome;
  for (let index = 0; index < items.length; index += 1) {
    const item = items[index] as AdapterItem<T>;
    const form = choices[index];
    if (form === undefined) {
      const reason = reasons.size === 0 ? "over_budget" : (reasons.get(index) ?? "over_budget");
      skipped.push({ id: item.id, path: item.path, reason });
    } else if (form > 0) {
      shortened.push(item.id);
    }
  }
  return { skipped, shortened, issues: summaryIssues(skipped, shortened, itemLimit) };
}

/**
 * One `item_skipped` warning naming the first five items left out (and why), one
 * `item_shortened` warning naming the first five shortened; none where there are none.
 */
export function summaryIssues(
  skipped: readonly SkippedItem[],
  shortened: readonly string[],
  itemLimit?: number,
): Issue[] {
  const issues: Issue[] = [];
  if (skipped.length > 0) {
    issues.push({
      code: "item_skipped",
      severity: "warning",
      message: `${skipped.length} item(s) left out ${reasonWords(skipped, itemLimit)}: ${someIds(skipped.slice(0, 6).map((item) => item.id))}`,
    });
  }
  if (shortened.length > 0) {
    issues.push({
      code: "item_shortened",
      severity: "warning",
      message: `${shortened.length} item(s) shortened to fit the budget: ${someIds(shortened)}`,
    });
  }
  return issues;
}

/** What {@link buildReport} needs besides the outcome. */
export interface ReportFacts<O, T> {
  readonly content: string;
  readonly counter: TokenCounter;
  readonly texts: ItemTexts<O, T>;
  /** The text each placed item shows, by item value. */
  readonly placedBy: ReadonlyMap<unknown, ItemText>;
  /** What each placed text and the frame take of the content's count. */
  readonly attribution: () => Attribution;
}

/** What a skipped item's line needs to count its text when asked. */
interface Uncounted<O, T> {
  readonly texts: ItemTexts<O, T>;
  readonly counter: TokenCounter;
}

/**
 * A skipped item's line of the report, its `tokens` counted when first read: the fit leaves most
 * items of a long list out without counting them, and few callers read what a left-out item
 * would have taken. One getter serves every entry (it reads the entry's private fields) where a
 * getter and a closure each cost about a hundred bytes per skipped item at 100,000 rules. The
 * getter is still the entry's own, enumerable property, as an object literal's is: spreading an
 * entry or writing it as JSON gives its tokens.
 */
class SkippedEntry<O, T> implements ReportItem {
  declare id: string;
  declare path: string;
  declare status: "skipped";
  declare readonly tokens: number;
  declare reason: SkipReason;
  #uncounted: Uncounted<O, T>;
  #value: T;
  #position: number;
  #tokens: number | undefined = undefined;

  static readonly #TOKENS: PropertyDescriptor = {
    get(this: SkippedEntry<unknown, unknown>): number {
      const { texts, counter } = this.#uncounted;
      this.#tokens ??= texts.count(this.#value, this.#position, counter);
      return this.#tokens;
    },
    enumerable: true,
    configurable: true,
  };

  constructor(
    id: string,
    path: string,
    value: T,
    position: number,
    reason: SkipReason,
    uncounted: Uncounted<O, T>,
  ) {
    this.#uncounted = uncounted;
    this.#value = value;
    this.#position = position;
    // The keys in the order the report has always had them.
    this.id = id;
    this.path = path;
    this.status = "skipped";
    Object.defineProperty(this, "tokens", SkippedEntry.#TOKENS);
    this.reason = reason;
  }
}

/**
 * The budget report: every item in input order with its status and tokens (a skipped item's
 * full text is counted for it), the content's sections, and the tokens of the frame around the
 * item texts. It keeps only what its answers need: the content, the placed texts, each item's
 * id, path and choice, and the values of the items left out (to count them when asked), not the
 * items, their values or the texts of the call.
 */
export function buildReport<O, T>(outcome: Outcome<T>, facts: ReportFacts<O, T>): BudgetReport {
  const { counter, content, attribution } = facts;
  const { choices, reasons, places } = outcome;
  const count = outcome.items.length;
  // By place in `outcome.items`: the text an included item shows, the value of one left out.
  const shown = new Array<ItemText | undefined>(count);
  let leftOut: T[] | undefined;
  for (let place = 0; place < count; place += 1) {
    const { value } = outcome.items[place] as AdapterItem<T>;
    if (choices[place] !== undefined) {
      shown[place] = facts.placedBy.get(value);
    } else {
      leftOut ??= new Array<T>(count);
      leftOut[place] = value;
    }
  }
  const uncounted: Uncounted<O, T> | undefined = leftOut && { texts: facts.texts, counter };
  const { inputOrder } = outcome;
  const ids = new Array<string>(inputOrder.length);
  const paths = new Array<string>(inputOrder.length);
  for (let at = 0; at < inputOrder.length; at += 1) {
    const item = inputOrder[at] as AdapterItem<T>;
    ids[at] = item.id;
    paths[at] = item.path;
  }
  // Everything below is worked out when first read, then kept: a long list's report costs
  // nothing until a caller looks at it.
  let frameTokens: number | undefined;
  let items: ReportItem[] | undefined;
  let sections: ReportSection[] | undefined;
  return {
    get items() {
      if (items === undefined) {
        const { tokensOf } = attribution();
        items = ids.map((id, at): ReportItem => {
          const path = paths[at] as string;
          const place = places[at] as number;
          const form = choices[place];
          if (form === undefined) {
            const reason = reasons.get(place) ?? "over_budget";
            const value = (leftOut as T[])[place] as T;
            return new SkippedEntry(
              id,
              path,
              value,
              place + 1,
              reason,
              uncounted as Uncounted<O, T>,
            );
          }
          const text = shown[place];
          return {
            id,
            path,
            status: form === 0 ? "included" : "shortened",
            tokens: text ? tokensOf(text) : 0,
            form,
          };
        });
      }
      return items;
    },
    get sections() {
      sections ??= sectionBreakdown(content, counter).sections.map((section) => ({
        label: section.title,
        tokens: section.tokens,
      }));
      return sections;
    },
    get frameTokens() {
      frameTokens ??= attribution().frame;
      return frameTokens;
    },
  };
}
