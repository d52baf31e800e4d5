import type { FitChoice } from "../budget/fit.js";
import type { AdapterItem, FormatAdapter, RenderContext } from "../formats/adapter.js";
import { objectKeys } from "../model/declare.js";
import { parseWith } from "../model/parse.js";
import { optionsArgument } from "../problems/arguments.js";
import { FormatValidationError, hasErrors, InvalidInputError } from "../problems/errors.js";
import type { Issue } from "../problems/issue.js";
import { defaultCounter } from "../tokens/heuristic.js";
import { commonChecks } from "./checks.js";
import { type FitRequest, fitRequest, renderFitted, sizeLimits } from "./fit.js";
import type { FormattedContext, SkipReason } from "./formatted-context.js";
import { ItemTexts } from "./item-texts.js";
import { COMMON_OPTION_KEYS, CommonOptionsSchema, type ParsedCommonOptions } from "./options.js";
import { itemOrder } from "./order.js";
import { tellOutcome } from "./report.js";

/** Rejects option keys neither the manager nor the adapter knows (a typo must not pass silently). */
function rejectUnknownOptions(
  adapter: FormatAdapter,
  options: object,
  alsoAllowed: readonly string[],
): void {
  const others = Object.keys(options).filter(
    (key) => !COMMON_OPTION_KEYS.includes(key) && !alsoAllowed.includes(key),
  );
  if (others.length === 0) return;
  const own = objectKeys(adapter.options);
  if (!own) return;
  const known = [...COMMON_OPTION_KEYS, ...own];
  const unknown = others.filter((key) => !own.includes(key));
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

/**
 * Items left out before fitting: those whose key a more important item has (`duplicate`), then
 * the optional ones past the format's item limit (`over_item_limit`). Keyed by place in `items`,
 * which are most important first.
 */
function screen<T>(
  items: readonly AdapterItem<T>[],
  limit: number | undefined,
): Map<number, SkipReason> {
  const reasons = new Map<number, SkipReason>();
  const seen = new Set<string>();
  let place = 0;
  for (let index = 0; index < items.length; index += 1) {
    const item = items[index] as AdapterItem<T>;
    const { key } = item;
    if (key !== undefined) {
      // One lookup for the common case, a key not seen before: the size tells whether it was.
      const before = seen.size;
      seen.add(key);
      if (seen.size === before) {
        reasons.set(index, "duplicate");
        continue;
      }
    }
    if (limit !== undefined && place >= limit && !item.required) {
      reasons.set(index, "over_item_limit");
    }
    place += 1;
  }
  return reasons;
}

/**
 * Runs the whole pipeline for one adapter: parse → order → fit (shorten before leaving out) →
 * render → count → check → report. Pure apart from the `now` default. `alsoAllowedOptions`
 * names option keys that other adapters of the same `formatAll` call use.
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
  return runParsedPipeline(adapter, input, options, common);
}

/**
 * {@link runPipeline} for input and options that were parsed already (a façade that parsed its
 * own arguments): the same steps after parsing.
 */
export function runParsedPipeline<I, O, T>(
  adapter: FormatAdapter<I, O, T>,
  input: I,
  options: O,
  common: ParsedCommonOptions,
): FormattedContext {
  const counter = common.counter ?? defaultCounter;
  const budget = common.budget ?? adapter.capabilities.maxContextTokens;
  const issues: Issue[] = [];
  const ctx: RenderContext<O> = {
    options,
    now: common.now ?? new Date(),
    report: (issue) => issues.push(issue),
  };

  const given = adapter.items(input, ctx);
  const order = itemOrder(given);
  const items = new Array<AdapterItem<T>>(order.length);
  // Per item in input order, its place in `items`: the report's order.
  const places = new Int32Array(order.length);
  order.forEach((at, place) => {
    items[place] = given[at] as AdapterItem<T>;
    places[at] = place;
  });
  const itemLimit = adapter.maxItems?.(options);
  const reasons = screen(items, itemLimit);
  // The items that compete for the budget: all of them when none was screened out.
  const competing = reasons.size === 0 ? items : items.filter((_, index) => !reasons.has(index));
  let overItemLimit = 0;
  for (const reason of reasons.values()) if (reason === "over_item_limit") overItemLimit += 1;
  const texts = new ItemTexts(adapter as FormatAdapter<unknown, O, T>, ctx);
  const request: FitRequest<I, O, T> = {
    adapter,
    input,
    ctx,
    counter,
    budget,
    sizes: sizeLimits(common),
    texts,
    items: competing,
    skippedBefore: overItemLimit,
    minRoom: adapter.minRoom?.(options) ?? 0,
  };
  const fitting = fitRequest(request);
  // Exact for line-additive counters and texts on line boundaries: this normally renders once.
  const result = renderFitted(request, fitting);

  let choices: FitChoice[] = fitting.choices;
  if (competing !== items) {
    choices = new Array<FitChoice>(items.length).fill(undefined);
    for (let index = 0, at = 0; index < items.length; index += 1) {
      if (!reasons.has(index)) choices[index] = fitting.choices[at++];
    }
  }
  const { content } = result.rendered;
  const metadata = result.rendered.metadata ?? {};
  const told = tellOutcome(
    { items, choices, reasons, places, itemLimit },
    { content, counter, texts, placedBy: result.placedBy, attribution: result.attribution },
  );
  const { included, skipped } = told;
  issues.push(
    ...told.issues,
    ...commonChecks({
      content,
      formatType: adapter.formatType,
      tokenCount: result.tokenCount,
      budget,
      sizes: request.sizes,
      itemsIncluded: included.length,
    }),
  );
  adapter.validate(content, {
    itemsIncluded: included.length,
    // What the render's "N skipped" footer counts: duplicates are not among them.
    itemsSkipped: skipped.length - (reasons.size - overItemLimit),
    footer: result.footer,
    metadata,
    report: (issue) => issues.push(issue),
  });

  const formatted: FormattedContext = {
    adapter: adapter.id,
    tool: adapter.capabilities.toolName,
    formatType: adapter.formatType,
    content,
    tokenCount: result.tokenCount,
    counter: counter.name,
    budget,
    rulesIncluded: included.length,
    rulesSkipped: skipped.length,
    included,
    shortened: told.shortened,
    skipped,
    report: told.report,
    metadata,
    issues,
  };
  if (common.strict && hasErrors(issues)) throw new FormatValidationError(adapter.id, issues);
  return formatted;
}
