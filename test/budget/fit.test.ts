import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { effectiveForms, type FitChoice, fitForms } from "../../src/budget/fit.js";
import { createMeasureLedger, createSumLedger } from "../../src/budget/ledgers.js";

/** An item as the property sees it: its costs per form, its groups, what kind it is. */
interface Spec {
  readonly required: boolean;
  readonly omitFirst: boolean;
  /** Tokens of each form, longest first (not always decreasing: such forms must be skipped). */
  readonly costs: readonly number[];
  readonly groups: readonly string[];
}

const GROUP_COSTS: Readonly<Record<string, number>> = { a: 3, b: 5, c: 0 };

const problem = fc.record({
  items: fc.array(
    fc.record({
      required: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
      omitFirst: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
      costs: fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 1, maxLength: 4 }),
      groups: fc.subarray(["a", "b", "c"]),
    }),
    { maxLength: 12 },
  ),
  frame: fc.integer({ min: 0, max: 20 }),
  minRoom: fc.integer({ min: 0, max: 12 }),
});

type Problem = { items: Spec[]; frame: number; minRoom: number };

const costOf = (item: Spec, form: number) => item.costs[form] as number;

/** What a choice costs, counted from scratch: frame, items in their forms, each group once. */
function tokensOf(problem: Problem, choices: readonly FitChoice[]): number {
  let used = problem.frame;
  const opened = new Set<string>();
  problem.items.forEach((item, index) => {
    const form = choices[index];
    if (form === undefined) return;
    used += costOf(item, form);
    for (const key of item.groups) opened.add(key);
  });
  for (const key of opened) used += GROUP_COSTS[key] ?? 0;
  return used;
}

function fitted(problem: Problem, budget: number) {
  const ledger = createSumLedger({
    budget,
    frame: problem.frame,
    cost: (index, form) => costOf(problem.items[index] as Spec, form),
    groups: (index) => problem.items[index]?.groups,
    groupCost: (key) => GROUP_COSTS[key] ?? 0,
  });
  const items = problem.items.map((item) => ({
    required: item.required,
    forms: item.required ? 1 : item.costs.length,
    omitFirst: item.omitFirst,
  }));
  return fitForms(items, ledger, { minRoom: problem.minRoom });
}

/** The forms of an optional item the fit may show, longest first. */
const formsOf = (item: Spec) =>
  item.omitFirst ? [0] : effectiveForms(item.costs.length, (form) => costOf(item, form));

describe("fitForms: shorten before leaving out, least important first", () => {
  it("keeps the budget whenever the required items fit, and shows required items whole", () => {
    fc.assert(
      fc.property(problem, fc.integer({ min: 0, max: 300 }), (p, budget) => {
        const { choices, roomAfterRequired } = fitted(p, budget);
        p.items.forEach((item, index) => {
          if (item.required) expect(choices[index]).toBe(0);
        });
        if (roomAfterRequired >= 0) expect(tokensOf(p, choices)).toBeLessThanOrEqual(budget);
      }),
      { numRuns: 800 },
    );
  });

  it("never shows a fuller form of a less important item once a more important one gave way", () => {
    fc.assert(
      fc.property(problem, fc.integer({ min: 0, max: 300 }), (p, budget) => {
        const { choices } = fitted(p, budget);
        const first = p.items.findIndex((item, index) => !item.required && choices[index] !== 0);
        if (first < 0) return;
        p.items.forEach((item, index) => {
          if (index <= first || item.required) return;
          const form = choices[index];
          if (form === undefined) return;
          // After the first item that gave way, the rest are at their shortest or out.
          expect(item.omitFirst).toBe(false);
          expect(form).toBe(formsOf(item).at(-1));
        });
      }),
      { numRuns: 800 },
    );
  });

  it("leaves an item out only when its shortest form does not fit beside the more important ones", () => {
    fc.assert(
      fc.property(problem, fc.integer({ min: 0, max: 300 }), (p, budget) => {
        const { choices, roomAfterRequired } = fitted(p, budget);
        if (roomAfterRequired < p.minRoom) return;
        p.items.forEach((item, index) => {
          if (item.required || item.omitFirst || choices[index] !== undefined) return;
          // What was taken before it, each at its shortest, as the selection saw it.
          const before: FitChoice[] = p.items.map((other, at) => {
            if (other.required) return 0;
            if (at >= index || other.omitFirst || choices[at] === undefined) return undefined;
            return formsOf(other).at(-1);
          });
          before[index] = formsOf(item).at(-1);
          expect(tokensOf(p, before)).toBeGreaterThan(budget);
        });
      }),
      { numRuns: 800 },
    );
  });

  it("never gives fewer tokens for a larger budget", () => {
    fc.assert(
      fc.property(
        problem,
        fc.integer({ min: 0, max: 300 }),
        fc.integer({ min: 0, max: 300 }),
        (p, a, b) => {
          const [small, large] = a <= b ? [a, b] : [b, a];
          const tokens = (budget: number) => tokensOf(p, fitted(p, budget).choices);
          expect(tokens(small)).toBeLessThanOrEqual(tokens(large));
        },
      ),
      { numRuns: 1500 },
    );
  });

  it("decides the same with a ledger of sums and one that measures the whole", () => {
    fc.assert(
      fc.property(problem, fc.integer({ min: 0, max: 300 }), (p, budget) => {
        const items = p.items.map((item) => ({
          required: item.required,
          forms: item.required ? 1 : item.costs.length,
          omitFirst: item.omitFirst,
        }));
        const measured = fitForms(
          items,
          createMeasureLedger({
            budget,
            size: p.items.length,
            cost: (index, form) => costOf(p.items[index] as Spec, form),
            measure: (choices) => tokensOf(p, choices),
          }),
          { minRoom: p.minRoom },
        );
        expect(measured.choices).toEqual(fitted(p, budget).choices);
      }),
      { numRuns: 500 },
    );
  });

  it("shortens the least important first: one step short of everything shortens the last item", () => {
    const p: Problem = {
      frame: 0,
      minRoom: 0,
      items: [
        { required: false, omitFirst: false, costs: [10, 4], groups: [] },
        { required: false, omitFirst: false, costs: [10, 4], groups: [] },
        { required: false, omitFirst: false, costs: [10, 4], groups: [] },
      ],
    };
    expect(fitted(p, 30).choices).toEqual([0, 0, 0]);
    expect(fitted(p, 29).choices).toEqual([0, 0, 1]);
    expect(fitted(p, 23).choices).toEqual([0, 1, 1]);
    expect(fitted(p, 12).choices).toEqual([1, 1, 1]);
    expect(fitted(p, 11).choices).toEqual([1, 1, undefined]);
    expect(fitted(p, 3).choices).toEqual([undefined, undefined, undefined]);
  });

  it("lets an item that omits first give way before any more important one is shortened", () => {
    const p: Problem = {
      frame: 0,
      minRoom: 0,
      items: [
        { required: false, omitFirst: false, costs: [10, 4], groups: [] },
        { required: false, omitFirst: true, costs: [6], groups: [] },
      ],
    };
    expect(fitted(p, 16).choices).toEqual([0, 0]);
    expect(fitted(p, 15).choices).toEqual([0, undefined]);
    expect(fitted(p, 9).choices).toEqual([1, undefined]);
  });

  it("skips a form that saves nothing", () => {
    expect(effectiveForms(4, (form) => [10, 10, 7, 8][form] as number)).toEqual([0, 2]);
  });
});
