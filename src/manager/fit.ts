/**
 * The fit step of the pipeline: for each item, the form it shows or that it is left out, by the
 * one fit of `budget/fit.ts`; then the choice rendered and held to every limit.
 *
 * What a choice costs is known one of two ways, picked by the counter. A line-additive counter's
 * counts add up across line boundaries, so the fit adds up the items' own counts (each text
 * rendered and counted once, on demand) and the frame's. Any other counter is asked about the
 * whole text at every change the fit tries. Either way the chosen text is rendered and counted
 * whole at the end; where adding up was not exact (texts that share a line), the least important
 * items give way further until it fits.
 */
import {
  effectiveForms,
  type FitChoice,
  type FitItem,
  type FitLedger,
  fitForms,
} from "../budget/fit.js";
import { combineLedgers, createMeasureLedger, createSumLedger } from "../budget/ledgers.js";
import type { AdapterItem, FormatAdapter, RenderContext, Rendered } from "../formats/adapter.js";
import type { TokenCounter } from "../tokens/counter.js";
import { utf8Length } from "../tokens/utf8.js";
import { type Attribution, measure } from "./attribution.js";
import type { ItemText, ItemTexts } from "./item-texts.js";
import { lowerBoundOf } from "./shortcuts.js";

/** A limit on the content's size beside the token budget: characters or UTF-8 bytes. */
export interface SizeLimit {
  /** How messages name the unit. */
  readonly unit: "characters" | "bytes";
  readonly limit: number;
  /** The size of a text in this unit. */
  of(text: string): number;
}

const length = (text: string) => text.length;

/**
 * The size limits the options set: `maxChars` (UTF-16 code units, as Claude Code counts) and
 * `maxBytes` (UTF-8, as Codex CLI counts).
 */
export function sizeLimits(options: {
  readonly maxChars?: number | undefined;
  readonly maxBytes?: number | undefined;
}): SizeLimit[] {
  const limits: SizeLimit[] = [];
  if (options.maxChars !== undefined) {
    limits.push({ unit: "characters", limit: options.maxChars, of: length });
  }
  if (options.maxBytes !== undefined) {
    limits.push({ unit: "bytes", limit: options.maxBytes, of: utf8Length });
  }
  return limits;
}

/** Everything one fit works with. */
export interface FitRequest<I, O, T> {
  readonly adapter: FormatAdapter<I, O, T>;
  readonly input: I;
  readonly ctx: RenderContext<O>;
  readonly counter: TokenCounter;
  readonly budget: number;
  /** Limits on the content's size beside the budget (none: only tokens). */
  readonly sizes: readonly SizeLimit[];
  readonly texts: ItemTexts<O, T>;
  /** The items that compete for the budget, most important first. */
  readonly items: readonly AdapterItem<T>[];
  /** Items left out before fitting that a "N skipped" footer counts (past the item limit). */
  readonly skippedBefore: number;
  /** Tokens that must be left beyond the required items for any other to be included. */
  readonly minRoom: number;
}

/** A choice rendered: the adapter's output, its count, and where that went. */
export interface RenderedChoice {
  readonly rendered: Rendered;
  /** The text each placed item shows in this render, by item value. */
  readonly placedBy: ReadonlyMap<unknown, ItemText>;
  readonly tokenCount: number;
  /** What each placed text and the frame take of `tokenCount`, worked out when first asked. */
  readonly attribution: () => Attribution;
  /** Whether the render was given room for its footer. */
  readonly footer: boolean;
}

/**
 * Renders `choices`: included items in order, each in its chosen form, the rest counted as
 * skipped; `footer: false` when no footer is to be shown.
 */
function renderChoices<I, O, T>(
  request: FitRequest<I, O, T>,
  choices: readonly FitChoice[],
  footer = true,
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
    // Full forms are the default: in the common render, every item in full, the map stays
    // empty. Once a shorter form is set, every later form is, so the last one set still wins.
    if (form !== 0 || formOf.size > 0) formOf.set(item.value, form);
  });
  const placed: ItemText[] = [];
  const placedBy = new Map<unknown, ItemText>();
  const rendered = adapter.render(
    {
      input,
      included,
      skippedCount: skipped,
      footer,
      item: (value, position) => {
        const entry = texts.get(value, position, formOf.get(value) ?? 0);
        placed.push(entry);
        placedBy.set(value, entry);
        return entry.text;
      },
    },
    ctx,
  );
  const { total, attribution } = measure(rendered.content, placed, counter);
  return { rendered, placedBy, tokenCount: total, attribution, footer };
}

/** What the fit decided, and how to render any choice of forms. */
export interface Fitting {
  /** Per item: the form it shows (0: full), or `undefined` when left out. */
  readonly choices: FitChoice[];
  /**
   * Per item: its forms worth showing, longest first; for an item that omits first, its full form
   * alone (leaving it out is its shorter one).
   */
  formsOf(index: number): readonly number[];
  /** Tokens of item `index` in `form` on its own, counted once. */
  cost(index: number, form: number): number;
  /** Renders a choice; `footer: false` leaves the "N skipped" footer out. */
  render(choices: readonly FitChoice[], footer?: boolean): RenderedChoice;
}

/** The fit's view of the items: required ones whole, the others with their forms. */
function fitItemsOf<T>(items: readonly AdapterItem<T>[]): FitItem[] {
  const fitItems = new Array<FitItem>(items.length);
  for (let index = 0; index < items.length; index += 1) {
    const item = items[index] as AdapterItem<T>;
    fitItems[index] = item.required
      ? REQUIRED
      : fitItemOf(Math.max(1, Math.floor(item.forms ?? 1)), item.omitFirst === true);
  }
  return fitItems;
}

/** The forms of an item that omits first: the full one; leaving it out is its shorter form. */
const FULL_ONLY: readonly number[] = Object.freeze([0]);

// Nearly every item has one or two forms: their views are shared, not made per item.
const REQUIRED: FitItem = Object.freeze({ required: true, forms: 1, omitFirst: false });
const SHARED: readonly FitItem[] = [1, 2].flatMap((forms) =>
  [false, true].map((omitFirst) => Object.freeze({ required: false, forms, omitFirst })),
);
const fitItemOf = (forms: number, omitFirst: boolean): FitItem =>
  forms <= 2
    ? (SHARED[(forms - 1) * 2 + (omitFirst ? 1 : 0)] as FitItem)
    : { required: false, forms, omitFirst };

/**
 * One thing the content is measured in (tokens, characters, bytes) as a sum: what an item's text,
 * a group's text and the frame take. Exact for tokens when the counter is line-additive and the
 * texts sit on line boundaries; for characters and bytes when the format adds nothing between items.
 */
interface Measure {
  readonly limit: number;
  cost(index: number, form: number): number;
  groupCost(key: string): number;
  frame(skippedCount: number): number;
  /** What a rendered choice takes, measured whole. */
  of(rendered: RenderedChoice): number;
}

/** Whether every item fits in full by `measure`, with the frame of a render with nothing skipped. */
function allFitInFull<T>(
  items: readonly AdapterItem<T>[],
  measure: Measure,
  skippedBefore: number,
): boolean {
  let used = measure.frame(skippedBefore);
  const opened = new Set<string>();
  for (let index = 0; index < items.length; index += 1) {
    used += measure.cost(index, 0);
    for (const key of (items[index] as AdapterItem<T>).groups ?? []) {
      if (opened.has(key)) continue;
      opened.add(key);
      used += measure.groupCost(key);
    }
    if (used > measure.limit) return false;
  }
  return true;
}

/** `compute`, remembering what it returned for each key. */
function remembered<K, V>(compute: (key: K) => V): (key: K) => V {
  const known = new Map<K, V>();
  return (key) => {
    let value = known.get(key);
    if (value === undefined) {
      value = compute(key);
      known.set(key, value);
    }
    return value;
  };
}

/**
 * Fits the items into the limits. Everything in full when it fits (with no "N skipped" footer);
 * otherwise the frame is paid first, footer included, and {@link fitForms} shortens before it
 * leaves out, least important first.
 */
export function fitRequest<I, O, T>(request: FitRequest<I, O, T>): Fitting {
  const { adapter, input, ctx, counter, budget, sizes, texts, items } = request;
  // A measuring ledger asks for the same choice once per limit, one after the other.
  let last: { key: string; rendered: RenderedChoice } | undefined;
  const render = (choices: readonly FitChoice[], footer = true) => {
    if (!footer) return renderChoices(request, choices, false);
    const key = choices.join(",");
    if (last?.key !== key) last = { key, rendered: renderChoices(request, choices) };
    return last.rendered;
  };
  const cost = (index: number, form: number) =>
    texts.count((items[index] as AdapterItem<T>).value, index + 1, counter, form);
  const textOf = (index: number, form: number) =>
    texts.get((items[index] as AdapterItem<T>).value, index + 1, form).text;
  // Made when first needed: not at all when every item fits in full, as at 100,000 rules and no
  // budget to speak of.
  let fitItems: FitItem[] | undefined;
  const fitItemsNow = () => {
    fitItems ??= fitItemsOf(items);
    return fitItems;
  };
  // The fit's answer owns `choices`: a new list, not one a caller keeps.
  const fitting = (
    choices: FitChoice[],
    known: readonly (readonly number[] | undefined)[] = [],
  ): Fitting => ({
    choices,
    formsOf: (index) => {
      const item = fitItemsNow()[index];
      if (item?.omitFirst) return FULL_ONLY;
      return known[index] ?? effectiveForms(item?.forms ?? 1, (form) => cost(index, form));
    },
    cost,
    render,
  });
  const full: FitChoice[] = items.map(() => 0);
  const optional = items.reduce((sum, item) => sum + (item.required ? 0 : 1), 0);

  const item = (value: T, position: number) => texts.get(value, position).text;
  const frameText = (skippedCount: number) =>
    adapter.render({ input, included: [], skippedCount, item }, ctx).content;
  const groupText = (key: string) => adapter.renderGroup?.(key, ctx) ?? "";
  const measures: Measure[] = [
    {
      limit: budget,
      cost,
      groupCost: remembered((key: string) => counter.count(groupText(key))),
      // Two frames at most: with the most items skipped, and with none but those before.
      frame: remembered((skippedCount: number) => counter.count(frameText(skippedCount))),
      of: (rendered) => rendered.tokenCount,
    },
    ...sizes.map(
      (size): Measure => ({
        limit: size.limit,
        cost: (index, form) => size.of(textOf(index, form)),
        groupCost: (key) => size.of(groupText(key)),
        frame: remembered((skippedCount: number) => size.of(frameText(skippedCount))),
        of: (rendered) => size.of(rendered.rendered.content),
      }),
    ),
  ];
  // Counts that do not add up are measured on the whole text for every change tried.
  const additive = counter.lineAdditive === true;
  const allFit = additive
    ? measures.every((measure) => allFitInFull(items, measure, request.skippedBefore))
    : fitsLimits(request, render(full));
  if (allFit) return fitting(full);
  // The "N skipped" footer is paid while any item is out, as it reads with the most of them out
  // (the longest number), and not at all once every item is in: two frames, each counted once.
  const skippedMost = request.skippedBefore + optional;
  const ledgers = measures.map((measure) =>
    additive
      ? createSumLedger({
          budget: measure.limit,
          frame: (out) => measure.frame(out > 0 ? skippedMost : request.skippedBefore),
          optional,
          required: (index) => (items[index] as AdapterItem<T>).required,
          cost: measure.cost,
          groups: (index) => items[index]?.groups,
          groupCost: measure.groupCost,
        })
      : createMeasureLedger({
          budget: measure.limit,
          size: items.length,
          cost: measure.cost,
          measure: (choices) => measure.of(render(choices)),
        }),
  );
  const fitted = fitForms(fitItemsNow(), combineLedgers(...(ledgers as [FitLedger])), {
    minRoom: request.minRoom,
    ...(additive ? lowerBoundOf(adapter, counter, items, ctx.options) : {}),
  });
  return fitting([...fitted.choices], fitted.forms);
}

/** Whether a rendered choice keeps the token budget and every size limit. */
function fitsLimits<I, O, T>(request: FitRequest<I, O, T>, result: RenderedChoice): boolean {
  if (result.tokenCount > request.budget) return false;
  const { content } = result.rendered;
  return request.sizes.every((size) => size.of(content) <= size.limit);
}

/**
 * The fitted choice, rendered and held to the limits. Where adding up counts was not exact (a
 * counter that is not line-additive, texts that share a line), the choice may be over: then the
 * shown optional items give way further, least important first (each shortened one form at a
 * time, then left out), as few steps as make it fit, found by bisection: a few renders however
 * many items there are; then the items left out are tried again in the room that freed
 * ({@link refill}). When only required items are left and it is still over, the footer is left
 * out too: whenever the required items fit alone, the content fits, and when they do not,
 * nothing else is added.
 */
export function renderFitted<I, O, T>(
  request: FitRequest<I, O, T>,
  fitting: Fitting,
): RenderedChoice {
  const first = fitting.render(fitting.choices);
  if (fitsLimits(request, first)) return first;
  const steps = givingWay(request, fitting);
  const after = (taken: number) => {
    const choices = [...fitting.choices];
    for (let step = 0; step < taken; step += 1) {
      const { index, form } = steps[step] as GiveWay;
      choices[index] = form;
    }
    return choices;
  };
  // Fits after `high` steps, or nothing more can give way; not after `low`.
  let low = 0;
  let high = steps.length;
  let best = fitting.render(after(high));
  let renders = 2;
  while (high - low > 1) {
    const middle = low + Math.floor((high - low) / 2);
    const rendered = fitting.render(after(middle));
    renders += 1;
    if (fitsLimits(request, rendered)) {
      high = middle;
      best = rendered;
    } else low = middle;
  }
  const choices = after(high);
  if (fitsLimits(request, best)) best = refill(request, fitting, choices, best, 2 * renders);
  for (let index = 0; index < choices.length; index += 1) fitting.choices[index] = choices[index];
  if (fitsLimits(request, best)) return best;
  // Only required items are left and still over: the footer gives way too.
  const bare = fitting.render(choices, false);
  return bare.tokenCount <= best.tokenCount ? bare : best;
}

/**
 * Giving way can free more room than the sums foresaw: where texts share a line, an item counts
 * differently beside others than alone, so the fit may have left out an item that fits once less
 * important ones gave way (and that a smaller budget, whose fit never took them, shows). So the
 * optional items that are out are tried again, most important first, each in its shortest form
 * and only where its own count is within the room left, and kept when the whole render still
 * keeps every limit. At most `tries` renders (twice as many as the giving way took: a few however
 * many items there are). `choices` is updated in place; returns the render kept.
 */
function refill<I, O, T>(
  request: FitRequest<I, O, T>,
  fitting: Fitting,
  choices: FitChoice[],
  best: RenderedChoice,
  tries: number,
): RenderedChoice {
  let kept = best;
  let left = tries;
  for (let index = 0; index < choices.length && left > 0; index += 1) {
    const item = request.items[index] as AdapterItem<T>;
    if (item.required || choices[index] !== undefined) continue;
    const chain = fitting.formsOf(index);
    const shortest = chain[chain.length - 1] as number;
    if (fitting.cost(index, shortest) > request.budget - kept.tokenCount) continue;
    choices[index] = shortest;
    left -= 1;
    const rendered = fitting.render(choices);
    if (fitsLimits(request, rendered)) kept = rendered;
    else choices[index] = undefined;
  }
  return kept;
}

/** One step of giving way: item `index` shows `form` instead (`undefined`: left out). */
interface GiveWay {
  readonly index: number;
  readonly form: FitChoice;
}

/** The steps by which the shown optional items give way further, least important first. */
function givingWay<I, O, T>(request: FitRequest<I, O, T>, fitting: Fitting): GiveWay[] {
  const steps: GiveWay[] = [];
  const { choices } = fitting;
  for (let index = choices.length - 1; index >= 0; index -= 1) {
    const item = request.items[index] as AdapterItem<T>;
    const form = choices[index];
    if (item.required || form === undefined) continue;
    const chain = fitting.formsOf(index);
    for (let next = chain.indexOf(form) + 1; next < chain.length; next += 1) {
      steps.push({ index, form: chain[next] });
    }
    steps.push({ index, form: undefined });
  }
  return steps;
}
