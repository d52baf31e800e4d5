/**
 * The two ways the fit can know what a selection costs: by adding up the items' own counts (exact
 * for counters whose counts add up across line boundaries, one count per text) or by measuring
 * the whole text each time (exact for any counter, one count of the whole text per question).
 */
import type { FitChoice, FitLedger } from "./fit.js";

/** What a ledger of sums needs to know. */
export interface SumLedgerSpec {
  readonly budget: number;
  /**
   * Tokens spent whatever is shown (headers), or, for a frame whose footer counts the optional
   * items left out ("3 rules skipped"), the tokens it takes with `out` of them out.
   */
  readonly frame: number | ((out: number) => number);
  /** How many optional items there are (all out at first); with a `frame` function. */
  readonly optional?: number;
  /** Whether item `index` is required (never counted as out); with a `frame` function. */
  required?(index: number): boolean;
  /** Tokens of item `index` in form `form`, on its own. */
  cost(index: number, form: number): number;
  /** Keys of the groups item `index` renders under (a section, a heading); paid once per group. */
  groups?(index: number): readonly string[] | undefined;
  /** Tokens of a group's own text, paid by its first shown member. */
  groupCost?(key: string): number;
}

/**
 * A ledger that adds up: frame + each shown item's cost + each opened group's cost. Exact when
 * the counter is line-additive and every text sits on a safe line boundary of the content. A
 * footer that counts the items left out is paid for what is out at each step: nothing once
 * every item is shown.
 *
 * @example
 * ```ts
 * const ledger = createSumLedger({ budget: 100, frame: 12, cost: (i, form) => costs[i][form] });
 * ```
 */
export function createSumLedger(spec: SumLedgerSpec): FitLedger {
  const shown = new Map<number, number>();
  const opened = new Map<string, number>();
  const { frame } = spec;
  const frameOf = typeof frame === "number" ? () => frame : frame;
  const optional = (index: number) => typeof frame !== "number" && !spec.required?.(index);
  let out = spec.optional ?? 0;
  let used = frameOf(out);

  const distinctGroups = (index: number): readonly string[] => {
    const groups = spec.groups?.(index);
    if (!groups || groups.length <= 1) return groups ?? [];
    return [...new Set(groups)];
  };
  const groupCost = (key: string) => spec.groupCost?.(key) ?? 0;

  /** Tokens the change would add (negative when it frees some). */
  const delta = (index: number, form: FitChoice): number => {
    const before = shown.get(index);
    if (before === form) return 0;
    if (before !== undefined && form !== undefined) {
      return spec.cost(index, form) - spec.cost(index, before);
    }
    let change = 0;
    if (form !== undefined) {
      change += spec.cost(index, form);
      for (const key of distinctGroups(index)) if (!opened.get(key)) change += groupCost(key);
      if (optional(index)) change += frameOf(out - 1) - frameOf(out);
    } else if (before !== undefined) {
      change -= spec.cost(index, before);
      for (const key of distinctGroups(index)) if (opened.get(key) === 1) change -= groupCost(key);
      if (optional(index)) change += frameOf(out + 1) - frameOf(out);
    }
    return change;
  };

  const apply = (index: number, form: FitChoice, change: number): void => {
    const before = shown.get(index);
    used += change;
    if (form === undefined) shown.delete(index);
    else shown.set(index, form);
    if ((before === undefined) === (form === undefined)) return;
    const step = form === undefined ? -1 : 1;
    for (const key of distinctGroups(index)) opened.set(key, (opened.get(key) ?? 0) + step);
    if (optional(index)) out -= step;
  };

  return {
    cost: spec.cost,
    trySet(index, form) {
      const change = delta(index, form);
      // A change that adds nothing is still refused while over budget (required items alone over).
      if (change >= 0 && used + change > spec.budget) return false;
      apply(index, form, change);
      return true;
    },
    force(index, form) {
      apply(index, form, delta(index, form));
    },
    room: () => spec.budget - used,
  };
}

/** What a measuring ledger needs to know. */
export interface MeasureLedgerSpec {
  readonly budget: number;
  /** How many items there are. */
  readonly size: number;
  /** Tokens of item `index` in form `form`, on its own. */
  cost(index: number, form: number): number;
  /** Tokens of the whole text for these choices (one per item). */
  measure(choices: readonly FitChoice[]): number;
}

/**
 * A ledger that renders and counts the whole text for every change it is asked about: exact for
 * any counter and any way of joining the texts, at the price of one count per question.
 *
 * @example
 * ```ts
 * const ledger = createMeasureLedger({ budget: 50, size: parts.length, cost, measure: (choices) => counter.count(join(choices)) });
 * ```
 */
export function createMeasureLedger(spec: MeasureLedgerSpec): FitLedger {
  const choices: FitChoice[] = new Array(spec.size).fill(undefined);
  let used = spec.measure(choices);
  return {
    cost: spec.cost,
    trySet(index, form) {
      const before = choices[index];
      if (before === form) return used <= spec.budget;
      choices[index] = form;
      const tokens = spec.measure(choices);
      if (tokens <= spec.budget) {
        used = tokens;
        return true;
      }
      choices[index] = before;
      return false;
    },
    force(index, form) {
      choices[index] = form;
      used = spec.measure(choices);
    },
    room: () => spec.budget - used,
  };
}

/**
 * One ledger over several measures (tokens, and characters for a tool that limits those): a
 * change is kept only when every ledger takes it. Costs and room are the first ledger's.
 *
 * @example
 * ```ts
 * const ledger = combineLedgers(tokenLedger, charLedger);
 * ```
 */
export function combineLedgers(first: FitLedger, ...others: readonly FitLedger[]): FitLedger {
  if (others.length === 0) return first;
  const all = [first, ...others];
  const shown = new Map<number, FitChoice>();
  return {
    cost: first.cost,
    trySet(index, form) {
      const before = shown.get(index);
      for (let at = 0; at < all.length; at += 1) {
        if ((all[at] as FitLedger).trySet(index, form)) continue;
        // Undo the ledgers that took it, so they all agree again.
        for (let back = 0; back < at; back += 1) (all[back] as FitLedger).force(index, before);
        return false;
      }
      shown.set(index, form);
      return true;
    },
    force(index, form) {
      for (const ledger of all) ledger.force(index, form);
      shown.set(index, form);
    },
    room: first.room,
  };
}
