import { type PackCandidate, packByBudget } from "../budget/pack.js";
import type {
  AdapterItem,
  FormatAdapter,
  RenderContext,
  ValidationContext,
} from "../formats/adapter.js";
import { parseWith } from "../model/parse.js";
import { optionsArgument } from "../problems/arguments.js";
import { FormatValidationError, InvalidInputError } from "../problems/errors.js";
import { hasErrors, type Issue } from "../problems/issue.js";
import type { TokenCounter } from "../tokens/counter.js";
import { defaultCounter } from "../tokens/heuristic.js";
import { commonChecks } from "./checks.js";
import type { FormattedContext, SkippedItem } from "./formatted-context.js";
import { countAlong, type ItemText, ItemTexts } from "./item-texts.js";
import { COMMON_OPTION_KEYS, CommonOptionsSchema } from "./options.js";
import { orderItems } from "./order.js";

/** The option keys an adapter's schema names, or `undefined` when it is not an object schema. */
export function adapterOptionKeys(adapter: FormatAdapter): string[] | undefined {
  const shape = (adapter.options as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : undefined;
}

/** Rejects option keys neither the manager nor the adapter knows (a typo must not pass silently). */
function rejectUnknownOptions(
  adapter: FormatAdapter,
  options: object,
  alsoAllowed: readonly string[],
): void {
  const own = adapterOptionKeys(adapter);
  if (!own) return;
  const known = [...COMMON_OPTION_KEYS, ...own];
  const unknown = Object.keys(options).filter(
    (key) => !known.includes(key) && !alsoAllowed.includes(key),
  );
  if (unknown.length === 0) return;
  throw new InvalidInputError(
    unknown.map((key) => ({
      code: "invalid_input",
      severity: "error",
      path: `options.${key}`,
      message: `unknown option; known options of "${adapter.id}": ${known.join(", ")}`,
    })),
  );
}

interface Selection<T> {
  included: AdapterItem<T>[];
  skipped: AdapterItem<T>[];
}

/**
 * Renders a selection and counts it. The item texts placed in the content were counted while
 * packing; {@link countAlong} counts only the text around them when the counter is line-additive.
 */
function renderSelection<I, O, T>(
  adapter: FormatAdapter<I, O, T>,
  input: I,
  selection: Selection<T>,
  ctx: RenderContext<O>,
  counter: TokenCounter,
  texts: ItemTexts<O, T>,
) {
  const placed: ItemText[] = [];
  const rendered = adapter.render(
    {
      input,
      included: selection.included.map((chosen) => chosen.value),
      skippedCount: selection.skipped.length,
      item: (value, position) => {
        const entry = texts.get(value, position);
        placed.push(entry);
        return entry.text;
      },
    },
    ctx,
  );
  return { ...rendered, tokenCount: countAlong(rendered.content, placed, counter) };
}

/**
 * Chooses what fits: counts each item's own text once, packs by priority, and reserves the
 * frame (headers, and the "N skipped" footer only when something must be skipped, or
 * `skippedAlready` items were).
 */
function choose<I, O, T>(
  adapter: FormatAdapter<I, O, T>,
  input: I,
  ordered: readonly AdapterItem<T>[],
  budget: number,
  ctx: RenderContext<O>,
  counter: TokenCounter,
  texts: ItemTexts<O, T>,
  skippedAlready: number,
): Selection<T> {
  const groupCosts = new Map<string, number>();
  const candidates: PackCandidate<AdapterItem<T>>[] = new Array(ordered.length);
  let optional = 0;
  for (let index = 0; index < ordered.length; index += 1) {
    const item = ordered[index] as AdapterItem<T>;
    const cost = texts.count(item.value, index + 1, counter);
    if (!item.required) optional += 1;
    if (item.groups) {
      for (const key of item.groups) {
        if (!groupCosts.has(key)) {
          groupCosts.set(key, counter.count(adapter.renderGroup?.(key, ctx) ?? ""));
        }
      }
      candidates[index] = { value: item, cost, required: item.required, groups: item.groups };
    } else {
      candidates[index] = { value: item, cost, required: item.required };
    }
  }
  const item = (value: T, position: number) => texts.get(value, position).text;
  const frame = (skippedCount: number) =>
    counter.count(adapter.render({ input, included: [], skippedCount, item }, ctx).content);

  let packed = packByBudget(candidates, { budget, overhead: frame(skippedAlready), groupCosts });
  if (packed.skipped.length > 0) {
    const overhead = frame(skippedAlready + optional);
    packed = packByBudget(candidates, { budget, overhead, groupCosts });
  }
  return { included: [...packed.included], skipped: packed.skipped.map(({ value }) => value) };
}

/**
 * Runs the whole pipeline for one adapter: parse → order → pack → render → count → correct →
 * check. Pure apart from the `now` default. `alsoAllowedOptions` names option keys that other
 * adapters of the same `formatAll` call use.
 */
export function runPipeline<I, O, T>(
  adapter: FormatAdapter<I, O, T>,
  rawInput: unknown,
  rawOptions: object = {},
  alsoAllowedOptions: readonly string[] = [],
): FormattedContext {
  optionsArgument(rawOptions);
  rejectUnknownOptions(adapter as FormatAdapter, rawOptions, alsoAllowedOptions);
  const common = parseWith(CommonOptionsSchema, rawOptions, "options");
  const options = parseWith(adapter.options, rawOptions, "options");
  const input = parseWith(adapter.input, rawInput);
  const counter = common.counter ?? defaultCounter;
  const budget = common.budget ?? adapter.capabilities.maxContextTokens;
  const issues: Issue[] = [];
  const ctx: RenderContext<O> = {
    options,
    now: common.now ?? new Date(),
    report: (issue) => issues.push(issue),
  };

  const ordered = orderItems(adapter.items(input, ctx));
  const limit = adapter.maxItems?.(options) ?? Number.POSITIVE_INFINITY;
  const overLimit = new Set(ordered.filter((item, index) => index >= limit && !item.required));
  const eligible = overLimit.size === 0 ? ordered : ordered.filter((item) => !overLimit.has(item));
  const texts = new ItemTexts(adapter as FormatAdapter<unknown, O, T>, ctx);
  const selection = choose(adapter, input, eligible, budget, ctx, counter, texts, overLimit.size);
  selection.skipped.push(...overLimit);
  let result = renderSelection(adapter, input, selection, ctx, counter, texts);

  // The pack is exact for line-additive counters and well-behaved adapters, so this loop normally
  // runs zero times; it makes the budget hold for any counter and any adapter.
  while (result.tokenCount > budget) {
    let dropAt = selection.included.length - 1;
    while (dropAt >= 0 && selection.included[dropAt]?.required) dropAt -= 1;
    if (dropAt < 0) break;
    const [dropped] = selection.included.splice(dropAt, 1);
    if (dropped) selection.skipped.push(dropped);
    result = renderSelection(adapter, input, selection, ctx, counter, texts);
  }

  const skipped: SkippedItem[] = orderItems(selection.skipped).map((item) => ({
    id: item.id,
    path: item.path,
    reason: overLimit.has(item) ? "over_item_limit" : "over_budget",
  }));
  if (skipped.length > 0) {
    const why = overLimit.size === 0 ? "over budget" : `over budget or past the first ${limit}`;
    issues.push({
      code: "item_skipped",
      severity: "warning",
      message: `${skipped.length} item(s) left out ${why}: ${skipped
        .slice(0, 5)
        .map((item) => item.id)
        .join(", ")}${skipped.length > 5 ? ", …" : ""}`,
    });
  }

  const metadata = result.metadata ?? {};
  issues.push(
    ...commonChecks({
      content: result.content,
      formatType: adapter.formatType,
      tokenCount: result.tokenCount,
      budget,
      itemsIncluded: selection.included.length,
    }),
  );
  const validation: ValidationContext = {
    itemsIncluded: selection.included.length,
    itemsSkipped: skipped.length,
    metadata,
    report: (issue) => issues.push(issue),
  };
  adapter.validate(result.content, validation);

  const formatted: FormattedContext = {
    adapter: adapter.id,
    tool: adapter.capabilities.toolName,
    formatType: adapter.formatType,
    content: result.content,
    tokenCount: result.tokenCount,
    counter: counter.name,
    budget,
    rulesIncluded: selection.included.length,
    rulesSkipped: skipped.length,
    included: selection.included.map((item) => item.id),
    skipped,
    metadata,
    issues,
  };
  if (common.strict && hasErrors(issues)) throw new FormatValidationError(adapter.id, issues);
  return formatted;
}
