import { arrayArgument, badArgument, optionsArgument } from "../problems/arguments.js";
import type { Issue } from "../problems/issue.js";
import { fitForms, type SkipReason } from "./fit.js";
import { createSumLedger } from "./ledgers.js";

/** One thing competing for the budget. */
export interface PackCandidate<T> {
  readonly value: T;
  /** Tokens this item adds when included (its rendered text, counted once). */
  readonly cost: number;
  /** Required items are always included, even over budget. */
  readonly required?: boolean;
  /**
   * Keys of the groups this item renders under (a section, a category heading). A group's cost
   * is paid once, by the first included member.
   */
  readonly groups?: readonly string[];
}

/** Options of {@link packByBudget}. */
export interface PackOptions {
  /** Total tokens available. */
  readonly budget: number;
  /** Tokens spent whatever is included (headers, footers). Default 0. */
  readonly overhead?: number;
  /** Cost of each group's own text (heading, opening and closing tags). Missing keys cost 0. */
  readonly groupCosts?: ReadonlyMap<string, number>;
}

export type { SkipReason } from "./fit.js";

/** Result of {@link packByBudget}. */
export interface PackResult<T> {
  /** Included items, in candidate order. */
  readonly included: readonly T[];
  /** Left-out items, in candidate order, each with its reason. */
  readonly skipped: readonly { readonly value: T; readonly reason: SkipReason }[];
  /** Overhead + included costs + the costs of the groups they open. */
  readonly tokensUsed: number;
  /** `budget_exceeded` (error) when the required items alone do not fit. */
  readonly issues: readonly Issue[];
}

const isCount = (value: unknown): value is number =>
  typeof value === "number" && Number.isFinite(value) && value >= 0;

/** The options, once the candidates and options are known to have the documented shape. */
function checkPack<T>(candidates: readonly PackCandidate<T>[], options: PackOptions): PackOptions {
  arrayArgument(candidates, "candidates");
  // An index loop, not forEach: a hole in a sparse array is a missing candidate, not nothing.
  for (let index = 0; index < candidates.length; index += 1) {
    const candidate = candidates[index] as PackCandidate<T>;
    const path = `candidates[${index}]`;
    if (typeof candidate !== "object" || candidate === null)
      badArgument(path, "an object", candidate);
    if (!isCount(candidate.cost))
      badArgument(`${path}.cost`, "a finite number >= 0", candidate.cost);
    const { groups } = candidate;
    if (
      groups !== undefined &&
      !(Array.isArray(groups) && groups.every((key) => typeof key === "string"))
    ) {
      badArgument(`${path}.groups`, "an array of strings", groups);
    }
  }
  const checked = optionsArgument(options);
  if (typeof checked.budget !== "number" || Number.isNaN(checked.budget)) {
    badArgument("options.budget", "a number", checked.budget);
  }
  if (checked.overhead !== undefined && !isCount(checked.overhead)) {
    badArgument("options.overhead", "a finite number >= 0", checked.overhead);
  }
  const costs = checked.groupCosts;
  if (costs !== undefined && typeof (costs as { get?: unknown } | null)?.get !== "function") {
    badArgument("options.groupCosts", "a Map of group keys to costs", costs);
  }
  return checked;
}

/**
 * Packs items into a token budget: required items first and always, then the others greedily in
 * the order given (most important first), skipping any that do not fit and going on with smaller
 * ones. `included.length + skipped.length` always equals the number of candidates. It is the
 * engine's fit (`fitForms`) for items that have one form each and counts that add up.
 *
 * @example
 * ```ts
 * const { included, skipped } = packByBudget(
 *   [{ value: "a", cost: 40, required: true }, { value: "b", cost: 70 }, { value: "c", cost: 20 }],
 *   { budget: 100 },
 * ); // included: ["a", "c"], skipped: [{ value: "b", reason: "over_budget" }]
 * ```
 */
export function packByBudget<T>(
  candidates: readonly PackCandidate<T>[],
  options: PackOptions,
): PackResult<T> {
  const { budget, overhead = 0, groupCosts } = checkPack(candidates, options);
  const ledger = createSumLedger({
    budget,
    frame: overhead,
    cost: (index) => (candidates[index] as PackCandidate<T>).cost,
    groups: (index) => candidates[index]?.groups,
    groupCost: (key) => groupCosts?.get(key) ?? 0,
  });
  const items = candidates.map((candidate) => ({
    required: candidate.required === true,
    forms: 1,
  }));
  const { choices, roomAfterRequired } = fitForms(items, ledger);

  const issues: Issue[] = [];
  if (roomAfterRequired < 0) {
    issues.push({
      code: "budget_exceeded",
      severity: "error",
      message: `required items alone need ${budget - roomAfterRequired} tokens; the budget is ${budget}`,
    });
  }
  const included: T[] = [];
  const skipped: { value: T; reason: SkipReason }[] = [];
  candidates.forEach((candidate, index) => {
    if (choices[index] !== undefined) included.push(candidate.value);
    else skipped.push({ value: candidate.value, reason: "over_budget" });
  });
  return { included, skipped, tokensUsed: budget - ledger.room(), issues };
}
