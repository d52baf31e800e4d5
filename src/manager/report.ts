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
  /** Why each left-out item was left out (none: over budget). */
  readonly reasons: ReadonlyMap<number, SkipReason>;
  /** Per item in input order (the report's order), its place in `items`. */
  readonly places: ArrayLike<number>;
  /** The format's item limit, for the words of the `item_skipped` warning. */
  readonly itemLimit: number | undefined;
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

/** What {@link tellOutcome} needs besides the outcome: the render it came to. */
export interface ReportFacts<O, T> {
  readonly content: string;
  readonly counter: TokenCounter;
  readonly texts: ItemTexts<O, T>;
  /** The text each placed item shows, by item value. */
  readonly placedBy: ReadonlyMap<unknown, ItemText>;
  /** What each placed text and the frame take of the content's count. */
  readonly attribution: () => Attribution;
}

/** What a result says of its items: their lists, the warnings that sum them up, the report. */
export interface Told {
  /** Ids of the items shown, in full or shortened, most important first. */
  readonly included: string[];
  readonly shortened: string[];
  readonly skipped: SkippedItem[];
  /** The `item_skipped` and `item_shortened` warnings ({@link summaryIssues}). */
  readonly issues: Issue[];
  readonly report: BudgetReport;
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
 * What a result says of its items, most important first, and its budget report: every item in
 * input order with its status and tokens (a skipped item's full text is counted for it), the
 * content's sections, and the tokens of the frame around the item texts. The report keeps only
 * what its answers need: the content, the placed texts, each item's id, path and choice, and the
 * values of the items left out (to count them when asked), not the items or the call's texts.
 */
export function tellOutcome<O, T>(outcome: Outcome<T>, facts: ReportFacts<O, T>): Told {
  const { counter, content, attribution } = facts;
  const { choices, reasons, places } = outcome;
  const count = outcome.items.length;
  const included: string[] = [];
  const shortened: string[] = [];
  const skipped: SkippedItem[] = [];
  // By place in `outcome.items`: each item's id and path, the text an included item shows, the
  // value of one left out.
  const ids = new Array<string>(count);
  const paths = new Array<string>(count);
  const shown = new Array<ItemText | undefined>(count);
  let leftOut: T[] | undefined;
  for (let place = 0; place < count; place += 1) {
    const { id, path, value } = outcome.items[place] as AdapterItem<T>;
    ids[place] = id;
    paths[place] = path;
    const form = choices[place];
    if (form !== undefined) {
      included.push(id);
      if (form > 0) shortened.push(id);
      shown[place] = facts.placedBy.get(value);
    } else {
      // Most calls screen nothing out: no lookup for each item left out over budget.
      const reason = reasons.size === 0 ? "over_budget" : (reasons.get(place) ?? "over_budget");
      skipped.push({ id, path, reason });
      leftOut ??= new Array<T>(count);
      leftOut[place] = value;
    }
  }
  const uncounted: Uncounted<O, T> | undefined = leftOut && { texts: facts.texts, counter };
  // Everything below is worked out when first read, then kept: a long list's report costs
  // nothing until a caller looks at it.
  let frameTokens: number | undefined;
  let items: ReportItem[] | undefined;
  let sections: ReportSection[] | undefined;
  const report: BudgetReport = {
    get items() {
      if (items === undefined) {
        const { tokensOf } = attribution();
        items = new Array<ReportItem>(places.length);
        for (let at = 0; at < places.length; at += 1) {
          const place = places[at] as number;
          const id = ids[place] as string;
          const path = paths[place] as string;
          const form = choices[place];
          if (form === undefined) {
            const reason = reasons.get(place) ?? "over_budget";
            const value = (leftOut as T[])[place] as T;
            items[at] = new SkippedEntry(
              id,
              path,
              value,
              place + 1,
              reason,
              uncounted as Uncounted<O, T>,
            );
            continue;
          }
          const text = shown[place];
          items[at] = {
            id,
            path,
            status: form === 0 ? "included" : "shortened",
            tokens: text ? tokensOf(text) : 0,
            form,
          };
        }
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
  const issues = summaryIssues(skipped, shortened, outcome.itemLimit);
  return { included, shortened, skipped, issues, report };
}
