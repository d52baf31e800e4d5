/**
 * The fit step of the pipeline: chooses, for each item, the form it shows or that it is left out,
 * with the one fit of `budget/fit.ts`, and renders the choice. Items are rendered and counted on
 * demand, in order of importance, and only as far as the fit asks.
 */
import { effectiveForms, type FitChoice, type FitItem, fitForms } from "../budget/fit.js";
import { createMeasureLedger, createSumLedger } from "../budget/ledgers.js";
import type { AdapterItem, FormatAdapter, RenderContext, Rendered } from "../formats/adapter.js";
import type { TokenCounter } from "../tokens/counter.js";
import { type ItemText, type ItemTexts, measureAlong } from "./item-texts.js";

/**
 * Up to this many optional items, the fit renders and counts the whole text for each question it
 * asks (exact for any counter and any layout); above it, it adds up the items' own counts.
 */
export const MEASURE_LIMIT = 24;

/** Everything one fit works with. */
export interface FitRequest<I, O, T> {
  readonly adapter: FormatAdapter<I, O, T>;
  readonly input: I;
  readonly ctx: RenderContext<O>;
  readonly counter: TokenCounter;
  readonly budget: number;
  readonly texts: ItemTexts<O, T>;
  /** The items that compete for the budget, most important first. */
  readonly items: readonly AdapterItem<T>[];
  /** Items left out before fitting that a "N skipped" footer counts (past the item limit). */
  readonly skippedBefore: number;
  /** Tokens that must be left beyond the required items for any other to be included. */
  readonly minRoom: number;
}

/** A choice rendered: the adapter's output, the item texts it placed and its count. */
export interface RenderedChoice {
  readonly rendered: Rendered;
  readonly placed: readonly ItemText[];
  readonly tokenCount: number;
  /** Tokens of the text around the placed items, when the count could tell. */
  readonly around: number | undefined;
}

/** A fit in progress: the choices, and how to render any of them. */
export interface Fitting {
  /** Per item: the form it shows (0: full), or `undefined` when left out. */
  readonly choices: FitChoice[];
  /** Per item: its forms worth showing, longest first. */
  formsOf(index: number): readonly number[];
  render(choices: readonly FitChoice[]): RenderedChoice;
}

/** Renders `choices`: included items in order, each in its chosen form, the rest counted as skipped. */
function renderChoices<I, O, T>(
  request: FitRequest<I, O, T>,
  choices: readonly FitChoice[],
): RenderedChoice {
  const { adapter, input, ctx, texts, items, counter } = request;
  const included: T[] = [];
  const formOf = new Map<T, number>();
  let skipped = request.skippedBefore;
  items.forEach((item, index) => {
    const form = choices[index];
    if (form === undefined) {
      skipped += 1;
      return;
    }
    included.push(item.value);
    formOf.set(item.value, form);
  });
  const placed: ItemText[] = [];
  const rendered = adapter.render(
    {
      input,
      included,
      skippedCount: skipped,
      item: (value, position) => {
        const entry = texts.get(value, position, formOf.get(value) ?? 0);
        placed.push(entry);
        return entry.text;
      },
    },
    ctx,
  );
  const { total, around } = measureAlong(rendered.content, placed, counter);
  return { rendered, placed, tokenCount: total, around };
}

/** The fit's view of the items: required ones whole, the others with their forms. */
function fitItemsOf<T>(items: readonly AdapterItem<T>[]): FitItem[] {
  return items.map((item) => ({
    required: item.required,
    forms: item.required ? 1 : Math.max(1, Math.floor(item.forms ?? 1)),
    ...(item.omitFirst ? { omitFirst: true } : {}),
  }));
}

/** Whether every item fits in full with the frame a render with no skipped items has. */
function allFitInFull<I, O, T>(
  request: FitRequest<I, O, T>,
  cost: (index: number, form: number) => number,
  groupCost: (key: string) => number,
  frame: number,
): boolean {
  let used = frame;
  const opened = new Set<string>();
  for (let index = 0; index < request.items.length; index += 1) {
    const item = request.items[index] as AdapterItem<T>;
    used += cost(index, 0);
    for (const key of item.groups ?? []) {
      if (opened.has(key)) continue;
      opened.add(key);
      used += groupCost(key);
    }
    if (used > request.budget) return false;
  }
  return true;
}

/**
 * Fits the items into the budget. Everything in full when it fits (with no "N skipped" footer);
 * otherwise the frame is paid first, footer included, and {@link fitForms} shortens before it
 * leaves out, least important first.
 */
export function fitRequest<I, O, T>(request: FitRequest<I, O, T>): Fitting {
  const { adapter, input, ctx, counter, budget, texts, items } = request;
  const render = (choices: readonly FitChoice[]) => renderChoices(request, choices);
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

  if (optional <= MEASURE_LIMIT) {
    if (render(full).tokenCount <= budget) return fitting(full);
    const ledger = createMeasureLedger({
      budget,
      size: items.length,
      cost,
      measure: (choices) => render(choices).tokenCount,
    });
    const { choices, forms } = fitForms(fitItems, ledger, { minRoom: request.minRoom });
    return fitting(choices, forms);
  }

  const groupCosts = new Map<string, number>();
  const groupCost = (key: string) => {
    let tokens = groupCosts.get(key);
    if (tokens === undefined) {
      tokens = counter.count(adapter.renderGroup?.(key, ctx) ?? "");
      groupCosts.set(key, tokens);
    }
    return tokens;
  };
  const item = (value: T, position: number) => texts.get(value, position).text;
  const frame = (skippedCount: number) =>
    counter.count(adapter.render({ input, included: [], skippedCount, item }, ctx).content);

  if (allFitInFull(request, cost, groupCost, frame(request.skippedBefore))) return fitting(full);
  const ledger = createSumLedger({
    budget,
    // The footer is paid up front, as long as it can be: every optional item skipped.
    frame: frame(request.skippedBefore + optional),
    cost,
    groups: (index) => items[index]?.groups,
    groupCost,
  });
  const { choices, forms } = fitForms(fitItems, ledger, { minRoom: request.minRoom });
  return fitting(choices, forms);
}

/**
 * Makes a rendered choice fit when adding up counts was not exact (a counter that is not
 * line-additive, texts off line boundaries): the least important optional item still shown is
 * shortened one form, or left out when it is at its shortest, until the count fits or only
 * required items are left.
 */
export function correctOverBudget<I, O, T>(
  request: FitRequest<I, O, T>,
  fitting: Fitting,
  first: RenderedChoice,
): RenderedChoice {
  let result = first;
  const { choices } = fitting;
  while (result.tokenCount > request.budget) {
    let at = choices.length - 1;
    while (at >= 0 && (choices[at] === undefined || request.items[at]?.required)) at -= 1;
    if (at < 0) break;
    const chain = request.items[at]?.omitFirst ? [0] : fitting.formsOf(at);
    choices[at] = chain[chain.indexOf(choices[at] as number) + 1];
    result = fitting.render(choices);
  }
  return result;
}
