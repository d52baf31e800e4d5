/**
 * The fit step of the pipeline: chooses, for each item, the form it shows or that it is left out,
 * with the one fit of `budget/fit.ts`, and renders the choice. Items are rendered and counted on
 * demand, in order of importance, and only as far as the fit asks.
 */
import {
  effectiveForms,
  type FitChoice,
  type FitItem,
  type FitLedger,
  fitForms,
} from "../budget/fit.js";
import {
  combineLedgers,
  createMeasureLedger,
  createSumLedger,
  MEASURE_LIMIT,
} from "../budget/ledgers.js";
import type { AdapterItem } from "../formats/adapter.js";
import type { FitRequest } from "./fit-request.js";
import { type RenderedChoice, renderChoices } from "./render-choice.js";

export type { FitRequest } from "./fit-request.js";

/** A fit in progress: the choices, and how to render any of them. */
export interface Fitting {
  /** Per item: the form it shows (0: full), or `undefined` when left out. */
  readonly choices: FitChoice[];
  /** Per item: its forms worth showing, longest first. */
  formsOf(index: number): readonly number[];
  /** Renders a choice; `footer: false` leaves the "N skipped" footer out. */
  render(choices: readonly FitChoice[], footer?: boolean): RenderedChoice;
}

/** The fit's view of an item with one or two forms: shared, as nearly every item is one of these. */
const COMMON_FIT_ITEMS: readonly FitItem[] = [
  { required: true, forms: 1, omitFirst: false },
  { required: false, forms: 1, omitFirst: false },
  { required: false, forms: 2, omitFirst: false },
  { required: false, forms: 1, omitFirst: true },
  { required: false, forms: 2, omitFirst: true },
].map((item) => Object.freeze(item));

/** The fit's view of the items: required ones whole, the others with their forms. */
function fitItemsOf<T>(items: readonly AdapterItem<T>[]): FitItem[] {
  const fitItems = new Array<FitItem>(items.length);
  for (let index = 0; index < items.length; index += 1) {
    const item = items[index] as AdapterItem<T>;
    const forms = item.required ? 1 : Math.max(1, Math.floor(item.forms ?? 1));
    const omitFirst = item.omitFirst === true;
    fitItems[index] = item.required
      ? (COMMON_FIT_ITEMS[0] as FitItem)
      : forms <= 2
        ? (COMMON_FIT_ITEMS[forms + (omitFirst ? 2 : 0)] as FitItem)
        : { required: false, forms, omitFirst };
  }
  return fitItems;
}

/** How one measure (tokens, characters) adds up: an item's cost, a group's, the frame's. */
interface Measure {
  readonly budget: number;
  cost(index: number, form: number): number;
  groupCost(key: string): number;
  frame(skippedCount: number): number;
}

/** Whether every item fits in full, by `measure`, with the frame a render with no skipped items has. */
function allFitInFull<T>(
  items: readonly AdapterItem<T>[],
  measure: Measure,
  skippedBefore: number,
): boolean {
  let used = measure.frame(skippedBefore);
  const opened = new Set<string>();
  for (let index = 0; index < items.length; index += 1) {
    const item = items[index] as AdapterItem<T>;
    used += measure.cost(index, 0);
    for (const key of item.groups ?? []) {
      if (opened.has(key)) continue;
      opened.add(key);
      used += measure.groupCost(key);
    }
    if (used > measure.budget) return false;
  }
  return true;
}

/** A ledger of sums for `measure`, the footer paid up front for every optional item skipped. */
function sumLedgerOf<T>(items: readonly AdapterItem<T>[], measure: Measure, skippedMost: number) {
  return createSumLedger({
    budget: measure.budget,
    frame: measure.frame(skippedMost),
    cost: measure.cost,
    groups: (index) => items[index]?.groups,
    groupCost: measure.groupCost,
  });
}

/**
 * How many characters of an item's `minText` to ask for when the room left is `enough` tokens:
 * enough, in ordinary text, for a bound past the room (a spaced word is at most a few letters
 * more than a token); `undefined` (all of it) when the room is not small.
 */
function charsFor(enough: number): number | undefined {
  const chars = 8 * (enough + 2);
  return chars < 256 ? chars : undefined;
}

/**
 * The fit's lower bound on an item's tokens, when the counter can bound a text from below and
 * the adapter names a text every form of an item contains; otherwise none. When the room left
 * is small the start of that text is bounded first; only when that does not settle it is the
 * whole text worked out.
 */
function lowerBoundOf<I, O, T>(
  request: FitRequest<I, O, T>,
): { lowerBound?: (index: number, enough: number) => number } {
  const { adapter, counter, items, ctx } = request;
  const { minText } = adapter;
  const bound = counter.lowerBound;
  if (minText === undefined || bound === undefined) return {};
  return {
    lowerBound: (index, enough) => {
      const { value } = items[index] as AdapterItem<T>;
      const chars = charsFor(enough);
      if (chars !== undefined) {
        const start = bound.call(counter, minText.call(adapter, value, ctx.options, chars), enough);
        if (start > enough) return start;
      }
      return bound.call(counter, minText.call(adapter, value, ctx.options), enough);
    },
  };
}

/** Remembers what a function returned for the last argument it was called with. */
function memoizeLast<K, V>(compute: (key: K) => V, keyOf: (key: K) => string): (key: K) => V {
  let lastKey: string | undefined;
  let lastValue: V | undefined;
  return (key) => {
    const id = keyOf(key);
    if (id !== lastKey || lastValue === undefined) {
      lastValue = compute(key);
      lastKey = id;
    }
    return lastValue;
  };
}

/**
 * Fits the items into the budget. Everything in full when it fits (with no "N skipped" footer);
 * otherwise the frame is paid first, footer included, and {@link fitForms} shortens before it
 * leaves out, least important first.
 */
export function fitRequest<I, O, T>(request: FitRequest<I, O, T>): Fitting {
  const { adapter, input, ctx, counter, budget, maxChars, texts, items } = request;
  // A measuring ledger asks for the same choice twice in a row, once per measure.
  const renderFitted = memoizeLast(
    (choices: readonly FitChoice[]) => renderChoices(request, choices),
    (choices) => choices.join(","),
  );
  const render = (choices: readonly FitChoice[], footer = true) =>
    footer ? renderFitted(choices) : renderChoices(request, choices, false);
  const cost = (index: number, form: number) =>
    texts.count((items[index] as AdapterItem<T>).value, index + 1, counter, form);
  const fitItems = fitItemsOf(items);
  const fitting = (
    choices: readonly FitChoice[],
    known: readonly (readonly number[] | undefined)[] = [],
  ): Fitting => ({
    choices: [...choices],
    formsOf: (index) =>
      known[index] ?? effectiveForms(fitItems[index]?.forms ?? 1, (form) => cost(index, form)),
    render,
  });
  const full: FitChoice[] = items.map(() => 0);
  const optional = items.reduce((sum, item) => sum + (item.required ? 0 : 1), 0);
  const minRoom = { minRoom: request.minRoom };

  if (optional <= MEASURE_LIMIT) {
    const whole = render(full);
    if (fitsLimits(request, whole)) return fitting(full);
    const tokens = createMeasureLedger({
      budget,
      size: items.length,
      cost,
      measure: (choices) => render(choices).tokenCount,
    });
    const chars =
      maxChars === undefined
        ? []
        : [
            createMeasureLedger({
              budget: maxChars,
              size: items.length,
              cost: (index, form) =>
                texts.get((items[index] as AdapterItem<T>).value, index + 1, form).text.length,
              measure: (choices) => render(choices).rendered.content.length,
            }),
          ];
    const { choices, forms } = fitForms(fitItems, combineLedgers(tokens, ...chars), minRoom);
    return fitting(choices, forms);
  }

  const item = (value: T, position: number) => texts.get(value, position).text;
  const frameText = (skippedCount: number) =>
    adapter.render({ input, included: [], skippedCount, item }, ctx).content;
  const groupText = (key: string) => adapter.renderGroup?.(key, ctx) ?? "";
  const groupTokens = new Map<string, number>();
  const measures: Measure[] = [
    {
      budget,
      cost,
      groupCost: (key) => {
        let tokens = groupTokens.get(key);
        if (tokens === undefined) {
          tokens = counter.count(groupText(key));
          groupTokens.set(key, tokens);
        }
        return tokens;
      },
      frame: (skippedCount) => counter.count(frameText(skippedCount)),
    },
  ];
  if (maxChars !== undefined) {
    measures.push({
      budget: maxChars,
      cost: (index, form) =>
        texts.get((items[index] as AdapterItem<T>).value, index + 1, form).text.length,
      groupCost: (key) => groupText(key).length,
      frame: (skippedCount) => frameText(skippedCount).length,
    });
  }
  if (measures.every((measure) => allFitInFull(items, measure, request.skippedBefore))) {
    return fitting(full);
  }
  // The footer is paid up front, as long as it can be: every optional item skipped.
  const skippedMost = request.skippedBefore + optional;
  const [tokens, ...others] = measures.map((measure) => sumLedgerOf(items, measure, skippedMost));
  const { choices, forms } = fitForms(fitItems, combineLedgers(tokens as FitLedger, ...others), {
    ...minRoom,
    ...lowerBoundOf(request),
  });
  return fitting(choices, forms);
}

/** Whether a rendered choice keeps the token budget and the character limit. */
export function fitsLimits<I, O, T>(request: FitRequest<I, O, T>, result: RenderedChoice): boolean {
  if (result.tokenCount > request.budget) return false;
  return request.maxChars === undefined || result.rendered.content.length <= request.maxChars;
}

/**
 * Makes a rendered choice fit when adding up counts was not exact (a counter that is not
 * line-additive, texts off line boundaries): the least important optional item still shown is
 * shortened one form, or left out when it is at its shortest, until the count fits. When only
 * required items are left and the text is still over, the footer is left out too: whenever the
 * required items fit alone, the content fits, and when they do not, nothing else is added.
 */
export function correctOverBudget<I, O, T>(
  request: FitRequest<I, O, T>,
  fitting: Fitting,
  first: RenderedChoice,
): RenderedChoice {
  let result = first;
  const { choices } = fitting;
  while (!fitsLimits(request, result)) {
    let at = choices.length - 1;
    while (at >= 0 && (choices[at] === undefined || request.items[at]?.required)) at -= 1;
    if (at < 0) {
      // Only required items are left and still over: the footer gives way too.
      const bare = fitting.render(choices, false);
      return bare.tokenCount <= result.tokenCount ? bare : result;
    }
    const chain = request.items[at]?.omitFirst ? [0] : fitting.formsOf(at);
    choices[at] = chain[chain.indexOf(choices[at] as number) + 1];
    result = fitting.render(choices);
  }
  return result;
}
