import {
  arrayArgument,
  badArgument,
  integerArgument,
  optionsArgument,
} from "../problems/arguments.js";
import type { Issue } from "../problems/issue.js";
import { checkedCounter, type TokenCounter } from "../tokens/counter.js";
import { effectiveForms, type FitChoice, type FitItem, type FitOutcome, fitForms } from "./fit.js";
import { createMeasureLedger, createSumLedger, MEASURE_LIMIT } from "./ledgers.js";

/** One part of a text that competes for the budget, with its importance and how it shrinks. */
export interface PriorityComponent {
  /** Reported in `shrunk` and `dropped`. */
  readonly id: string;
  /** 0 is never shrunk nor dropped; higher numbers are less important (P5 goes before P1). */
  readonly priority: number;
  /** Epoch milliseconds; among equal priority, newer components are kept first. */
  readonly time?: number;
  /** The full text. End it with `"\n"` when components are joined line by line. */
  readonly text: string;
  /**
   * A shorter form of `text`, or `undefined` when it cannot shrink further. Applied again to its
   * own result for further steps; a result that is not shorter ends the steps. It must not depend
   * on the budget: that is what keeps truncation monotone.
   */
  readonly shrink?: (text: string) => string | undefined;
}

/** Options of {@link truncateByPriority}. */
export interface TruncateOptions {
  readonly maxTokens: number;
  readonly counter: TokenCounter;
  /**
   * When the budget leaves less than this many tokens beyond the priority-0 components, nothing
   * else is included: such scraps are not worth it. Default 10, as in the original design.
   */
  readonly minRoom?: number;
  /** Joins the kept texts (in input order) into the content. Default: concatenation. */
  readonly assemble?: (texts: readonly string[]) => string;
}

/** A component as it appears in the content. */
export interface KeptComponent {
  readonly id: string;
  readonly text: string;
  /** How many shrink steps were applied (0: the full text). */
  readonly shrinkSteps: number;
}

/** Result of {@link truncateByPriority}. */
export interface TruncateResult {
  readonly content: string;
  /** `counter.count(content)`. */
  readonly tokenCount: number;
  /** Kept components, in input order. */
  readonly kept: readonly KeptComponent[];
  /** Ids of kept components that were shortened, in input order. */
  readonly shrunk: readonly string[];
  /** Ids of components left out, in input order. */
  readonly dropped: readonly string[];
  /**
   * `item_truncated` per shrunk component, `item_skipped` per dropped one, and `budget_exceeded`
   * (error) when the priority-0 components alone do not fit.
   */
  readonly issues: readonly Issue[];
}

/**
 * A component's forms: its text and then each shorter form its shrink function yields, until one
 * is empty or not shorter.
 *
 * @example
 * ```ts
 * shrinkForms({ id: "todos", priority: 2, text: "- a\n- b\n", shrink: (t) => t.length > 4 ? "- a\n" : undefined });
 * // ["- a\n- b\n", "- a\n"]
 * ```
 */
export function shrinkForms(component: PriorityComponent, path = "component"): string[] {
  const forms = [component.text];
  let current = component.text;
  while (component.shrink) {
    const next: unknown = component.shrink(current);
    if (next !== undefined && typeof next !== "string") {
      badArgument(`${path}.shrink`, "a function returning a string or undefined", next);
    }
    if (next === undefined || next === "" || next.length >= current.length) break;
    forms.push(next);
    current = next;
  }
  return forms;
}

/** Throws `InvalidInputError` naming the first component that lacks the documented shape. */
function checkComponents(components: readonly PriorityComponent[]): void {
  arrayArgument(components, "components");
  // An index loop, not forEach: a hole in a sparse array is a missing component, not nothing.
  for (let index = 0; index < components.length; index += 1) {
    const component = components[index] as PriorityComponent;
    const path = `components[${index}]`;
    if (typeof component !== "object" || component === null) {
      badArgument(path, "an object", component);
    }
    if (typeof component.id !== "string") badArgument(`${path}.id`, "a string", component.id);
    if (typeof component.text !== "string") badArgument(`${path}.text`, "a string", component.text);
    if (typeof component.priority !== "number" || !Number.isFinite(component.priority)) {
      badArgument(`${path}.priority`, "a finite number", component.priority);
    }
    const { time, shrink } = component;
    if (time !== undefined && (typeof time !== "number" || Number.isNaN(time))) {
      badArgument(`${path}.time`, "a number", time);
    }
    if (shrink !== undefined && typeof shrink !== "function") {
      badArgument(`${path}.shrink`, "a function", shrink);
    }
  }
}

/** Fill order: priority 0 first, then lower numbers, newer first within a priority, then input order. */
function fillOrder(components: readonly PriorityComponent[]): number[] {
  return components
    .map((component, index) => ({ component, index }))
    .sort((a, b) => {
      if (a.component.priority !== b.component.priority) {
        return a.component.priority - b.component.priority;
      }
      const aTime = a.component.time ?? Number.NEGATIVE_INFINITY;
      const bTime = b.component.time ?? Number.NEGATIVE_INFINITY;
      if (aTime !== bTime) return aTime > bTime ? -1 : 1;
      return a.index - b.index;
    })
    .map(({ index }) => index);
}

/** `cost`, counted once per component and form. */
function memoizedCosts(cost: (at: number, form: number) => number) {
  const known: number[][] = [];
  return (at: number, form: number): number => {
    let row = known[at];
    if (!row) {
      row = [];
      known[at] = row;
    }
    let tokens = row[form];
    if (tokens === undefined) {
      tokens = cost(at, form);
      row[form] = tokens;
    }
    return tokens;
  };
}

/** One step of giving way: the component at `at` (in fill order) shows `form` instead. */
interface GiveWay {
  readonly at: number;
  readonly form: FitChoice;
}

/**
 * The steps by which the shown components give way further, least important first: each shown
 * optional one shortened one form at a time, then left out; the more important ones only after.
 */
function givingWay(
  items: readonly FitItem[],
  fitted: FitOutcome,
  cost: (at: number, form: number) => number,
): GiveWay[] {
  const steps: GiveWay[] = [];
  for (let at = items.length - 1; at >= 0; at -= 1) {
    const item = items[at] as FitItem;
    const form = fitted.choices[at];
    if (item.required || form === undefined) continue;
    const chain = item.omitFirst
      ? [0]
      : (fitted.forms[at] ?? effectiveForms(item.forms, (step) => cost(at, step)));
    for (let next = chain.indexOf(form) + 1; next < chain.length; next += 1) {
      steps.push({ at, form: chain[next] });
    }
    steps.push({ at, form: undefined });
  }
  return steps;
}

/** The choices once the first `taken` steps are applied. */
function afterSteps(
  choices: readonly FitChoice[],
  steps: readonly GiveWay[],
  taken: number,
): FitChoice[] {
  const after = [...choices];
  for (let step = 0; step < taken; step += 1) {
    const { at, form } = steps[step] as GiveWay;
    after[at] = form;
  }
  return after;
}

/**
 * The fewest of `total` steps after which `fits` holds, by bisection (a few counts of the
 * content, however many steps there are); `total` when none makes it fit. Each step takes text
 * away, so for a counter that never counts fewer tokens for a text with more in it, fitting
 * after some steps means fitting after more.
 */
function fewestSteps(total: number, fits: (taken: number) => boolean): number {
  if (fits(0)) return 0;
  let low = 0; // does not fit
  let high = total; // fits, or nothing more can give way
  while (high - low > 1) {
    const middle = low + Math.floor((high - low) / 2);
    if (fits(middle)) high = middle;
    else low = middle;
  }
  return high;
}

/**
 * Fits components into a token budget by priority: the engine's fit ({@link fitForms}) for
 * texts counted whole. Priority-0 components are always kept whole. The others give way least
 * important first (highest priority number, then the oldest): each shrinks by its shrink
 * function, one that cannot shrink is left out at its turn, and only when everything is at its
 * shortest are components left out, again least important first (one whose shortest form does not
 * fit beside the more important ones is left out, and smaller ones after it may still be kept).
 * Everything shortened or left out is listed.
 *
 * Guarantees: the content never exceeds `maxTokens` unless the priority-0 components alone do
 * (then `budget_exceeded` is reported); the content is counted whole, so this holds for any
 * counter; and a smaller budget never yields more tokens, for every counter that never counts
 * fewer tokens for a text with more in it (all the counters this library ships). With more than
 * 24 components that can give way, the fit adds up each text's count instead of counting every
 * candidate content (which would take time quadratic in the components), and the content's count
 * then decides how many more give way: the last guarantee then holds where the counts add up (a
 * line-additive counter such as the shipped ones, texts that end in `"\n"`, joined as they are).
 *
 * @example
 * ```ts
 * const { content, shrunk, dropped } = truncateByPriority(
 *   [
 *     { id: "name", priority: 0, text: "SAM Terminal (active)\n" },
 *     { id: "summary", priority: 1, text: "Added decay. Fixed a bug.\n",
 *       shrink: (text) => `${text.split(". ")[0]}.\n` },
 *     { id: "notes", priority: 5, text: "Note: keep answers brief.\n" },
 *   ],
 *   { maxTokens: 20, counter: defaultCounter },
 * );
 * ```
 */
export function truncateByPriority(
  components: readonly PriorityComponent[],
  options: TruncateOptions,
): TruncateResult {
  checkComponents(components);
  const { maxTokens, minRoom = 10, assemble: join } = optionsArgument(options);
  integerArgument(maxTokens, "options.maxTokens");
  integerArgument(minRoom, "options.minRoom");
  const counter = checkedCounter(options.counter, "options.counter");
  if (join !== undefined && typeof join !== "function") {
    badArgument("options.assemble", "a function", join);
  }
  const assemble = (texts: readonly string[]): string => {
    if (!join) return texts.join("");
    const content: unknown = join(texts);
    return typeof content === "string"
      ? content
      : badArgument("options.assemble", "a function returning a string", content);
  };
  // The form each component shows, in input order: 0 its text, n its n-th shrunk form, or
  // `undefined` when it is left out. Shrunk forms are worked out only when the text does not fit.
  let chosen: FitChoice[] = components.map(() => 0);
  let forms: (readonly string[] | undefined)[] = [];
  const textOf = (index: number, form: number) =>
    form === 0 ? (components[index] as PriorityComponent).text : (forms[index]?.[form] ?? "");
  const contentOf = (choices: readonly FitChoice[]) =>
    assemble(
      components.flatMap((_, index) => {
        const form = choices[index];
        return form === undefined ? [] : [textOf(index, form)];
      }),
    );

  let content = contentOf(chosen);
  let tokenCount = counter.count(content);
  if (tokenCount > maxTokens) {
    forms = components.map((component, index) =>
      component.priority === 0 ? [component.text] : shrinkForms(component, `components[${index}]`),
    );
    const order = fillOrder(components);
    const items: FitItem[] = order.map((index) => {
      const count = forms[index]?.length ?? 1;
      // One that cannot shrink gives way whole, at its turn among the shortenings.
      return { required: components[index]?.priority === 0, forms: count, omitFirst: count === 1 };
    });
    const inInputOrder = (choices: readonly FitChoice[]) => {
      const byIndex: FitChoice[] = components.map(() => undefined);
      order.forEach((index, at) => {
        byIndex[index] = choices[at];
      });
      return byIndex;
    };
    const cost = memoizedCosts((at, form) => counter.count(textOf(order[at] as number, form)));
    const optional = items.reduce((sum, item) => sum + (item.required ? 0 : 1), 0);
    if (optional <= MEASURE_LIMIT) {
      const ledger = createMeasureLedger({
        budget: maxTokens,
        size: items.length,
        cost,
        measure: (choices) => counter.count(contentOf(inInputOrder(choices))),
      });
      chosen = inInputOrder(fitForms(items, ledger, { minRoom }).choices);
    } else {
      // Measuring the whole content at each question would be quadratic in the components: the
      // fit adds up their counts instead (exact for a line-additive counter and texts that end
      // in "\n", joined as they are), and the count of the content has the last word.
      const ledger = createSumLedger({
        budget: maxTokens,
        frame: counter.count(assemble([])),
        cost,
      });
      const fitted = fitForms(items, ledger, { minRoom });
      const steps = givingWay(items, fitted, cost);
      const fits = (taken: number) =>
        counter.count(contentOf(inInputOrder(afterSteps(fitted.choices, steps, taken)))) <=
        maxTokens;
      chosen = inInputOrder(afterSteps(fitted.choices, steps, fewestSteps(steps.length, fits)));
    }
    content = contentOf(chosen);
    tokenCount = counter.count(content);
  }

  const kept: KeptComponent[] = [];
  const shrunk: string[] = [];
  const dropped: string[] = [];
  const issues: Issue[] = [];
  components.forEach((component, index) => {
    const form = chosen[index];
    if (form === undefined) {
      dropped.push(component.id);
      issues.push({
        code: "item_skipped",
        severity: "warning",
        path: component.id,
        message: `left out: no room within ${maxTokens} tokens`,
      });
      return;
    }
    const text = textOf(index, form);
    kept.push({ id: component.id, text, shrinkSteps: form });
    if (form > 0) {
      shrunk.push(component.id);
      issues.push({
        code: "item_truncated",
        severity: "warning",
        path: component.id,
        message: `shortened (${form} step${form > 1 ? "s" : ""}) to fit ${maxTokens} tokens`,
      });
    }
  });

  if (tokenCount > maxTokens) {
    issues.push({
      code: "budget_exceeded",
      severity: "error",
      message: `the components that are never truncated alone need ${tokenCount} tokens; the budget is ${maxTokens}`,
    });
  }
  return { content, tokenCount, kept, shrunk, dropped, issues };
}
