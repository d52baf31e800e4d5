/**
 * The engine's one way of fitting items into a budget: shorten before dropping, least important
 * first. Generic over what an item is: a {@link FitLedger} says what each choice costs and whether
 * the selection still fits, so the same walk serves items whose counts add up (the pipeline) and
 * texts that must be counted whole (any counter, any joining).
 */

/** One item as the fit sees it, in the order of importance (most important first). */
export interface FitItem {
  /** Always shown in its full form, even over budget. */
  readonly required: boolean;
  /** How many forms the item has, longest first (1: it has no shorter form). */
  readonly forms: number;
  /**
   * Leaving the item out is its shorter form (the original project design's "omit entirely if
   * needed"): it gives way at its turn among the shortenings, before any more important item is
   * shortened, instead of being kept in its one form until everything is at its shortest.
   */
  readonly omitFirst?: boolean;
}

/**
 * Why an item was left out. `over_budget`: even its shortest form did not fit beside the more
 * important items. `over_item_limit`: the format takes at most so many items and this one came
 * after them in the order. `duplicate`: it repeats an earlier item.
 */
export type SkipReason = "over_budget" | "over_item_limit" | "duplicate";

/** The form an item shows: `0` the full one, `1` the first shorter one, …; `undefined`: left out. */
export type FitChoice = number | undefined;

/**
 * The selection under construction. The fit only ever asks it to change one item's form and to
 * keep the change when the result still fits.
 */
export interface FitLedger {
  /** Tokens of item `index` alone in form `form`: decides which forms really are shorter. */
  cost(index: number, form: number): number;
  /** Shows item `index` in `form` if the selection then fits the budget; returns whether it does. */
  trySet(index: number, form: FitChoice): boolean;
  /** Shows item `index` in `form` whatever the budget (required items). */
  force(index: number, form: FitChoice): void;
  /** Tokens left: the budget minus what the current selection takes (negative when over). */
  room(): number;
}

/** Options of {@link fitForms}. */
export interface FitFormsOptions {
  /**
   * When less room than this is left beyond the required items, no optional item is shown: such
   * scraps are not worth it. Default 0.
   */
  readonly minRoom?: number;
  /**
   * Tokens item `index` takes at least, in any of its forms, with whatever groups it opens. An
   * optional item whose bound is over the room left is left out at step 1 without asking its
   * cost: for a long list and a small budget, most items are never rendered nor counted.
   * `enough` is the room left: the bound may stop being worked out once it is past it.
   * Default: none, every item's cost is asked for.
   */
  readonly lowerBound?: (index: number, enough: number) => number;
}

/** What {@link fitForms} decided for each item. */
export interface FitOutcome {
  /** Per item, in input order: the form shown, or `undefined` when left out. */
  readonly choices: readonly FitChoice[];
  /**
   * Per item: the forms it really has, longest first (each costs fewer tokens than the one
   * before); `undefined` for items the fit never needed to look at.
   */
  readonly forms: readonly (readonly number[] | undefined)[];
  /** Tokens left once the required items are shown: negative when they alone are over budget. */
  readonly roomAfterRequired: number;
}

/**
 * The forms of an item worth showing: the full one (0), then each later form that costs fewer
 * tokens than the last one kept. A shorter text that saves nothing is never shown.
 *
 * @example
 * ```ts
 * effectiveForms(4, (form) => [10, 7, 8, 5][form]); // [0, 1, 3]
 * ```
 */
export function effectiveForms(count: number, cost: (form: number) => number): number[] {
  const chain = [0];
  if (count <= 1) return chain;
  let last = cost(0);
  for (let form = 1; form < count; form += 1) {
    const tokens = cost(form);
    if (tokens < last) {
      chain.push(form);
      last = tokens;
    }
  }
  return chain;
}

/**
 * Fits items into a budget, most important first (the order given). Required items are shown in
 * full whatever it costs. Then:
 *
 * 1. **Select at the shortest forms.** Each optional item, in order, is taken in its shortest
 *    form when that fits beside what was taken before, else left out (and the walk goes on: a
 *    smaller item further down may still fit). Items that `omitFirst` wait for step 2.
 * 2. **Restore from the top.** In order again, each taken item gets back its longer forms, one at
 *    a time, as far as they fit; an `omitFirst` item is shown when it fits. The walk stops at the
 *    first item that is not back in full (or was left out in step 1): everything after it stays
 *    at its shortest form or out.
 *
 * So the least important items give way first, shortened before any is left out; an item is left
 * out only when its shortest form does not fit beside the more important ones; and when any item
 * is shortened or left out, every less important one is at its shortest or out. With counts that
 * add up (a ledger of sums), a larger budget never gives fewer tokens.
 *
 * @example
 * ```ts
 * const { choices } = fitForms(items, ledger, { minRoom: 10 }); // [0, 1, undefined, …]
 * ```
 */
export function fitForms(
  items: readonly FitItem[],
  ledger: FitLedger,
  options: FitFormsOptions = {},
): FitOutcome {
  const { minRoom = 0, lowerBound } = options;
  const choices: FitChoice[] = new Array(items.length).fill(undefined);
  const forms: (number[] | undefined)[] = new Array(items.length).fill(undefined);
  items.forEach((item, index) => {
    if (!item.required) return;
    ledger.force(index, 0);
    choices[index] = 0;
  });
  const roomAfterRequired = ledger.room();
  if (roomAfterRequired < minRoom) return { choices, forms, roomAfterRequired };

  const formsOf = (index: number): number[] => {
    let chain = forms[index];
    if (!chain) {
      chain = effectiveForms((items[index] as FitItem).forms, (form) => ledger.cost(index, form));
      forms[index] = chain;
    }
    return chain;
  };

  // 1. Select: every optional item in its shortest form, where it fits.
  const leftOut = new Array<boolean>(items.length).fill(false);
  // The bound is asked for only once an item did not fit: before that the room is large and
  // the items are taken, so working out their bounds would only add to counting them.
  let refused = false;
  items.forEach((item, index) => {
    if (item.required || item.omitFirst) return;
    // Refused by the ledger all the same: its cost is at least the bound, more than the room.
    if (lowerBound !== undefined && refused) {
      const room = ledger.room();
      if (lowerBound(index, room) > room) {
        leftOut[index] = true;
        return;
      }
    }
    const chain = formsOf(index);
    const shortest = chain[chain.length - 1] as number;
    if (ledger.trySet(index, shortest)) choices[index] = shortest;
    else {
      leftOut[index] = true;
      refused = true;
    }
  });

  // 2. Restore: longer forms from the most important item down, until one is not back in full.
  for (let index = 0; index < items.length; index += 1) {
    const item = items[index] as FitItem;
    if (item.required) continue;
    if (leftOut[index]) break;
    if (item.omitFirst) {
      forms[index] = [0];
      if (!ledger.trySet(index, 0)) break;
      choices[index] = 0;
      continue;
    }
    const chain = formsOf(index);
    let step = chain.length - 1;
    while (step > 0 && ledger.trySet(index, chain[step - 1])) step -= 1;
    choices[index] = chain[step];
    if (step > 0) break;
  }
  return { choices, forms, roomAfterRequired };
}
