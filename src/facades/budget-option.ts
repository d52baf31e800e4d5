import { badArgument, integerArgument } from "../problems/arguments.js";

/**
 * A budget option given by its name or by the older name it replaces (kept as a deprecated
 * alias): a whole number >= 0. Both given and different is an error naming both; neither given
 * is `fallback`, or an error when there is none.
 */
export function budgetOption<K extends string, A extends string>(
  options: Readonly<Partial<Record<K | A, unknown>>>,
  name: K,
  alias: A,
  fallback?: number,
): number {
  const value = options[name];
  const old = options[alias];
  if (value !== undefined && old !== undefined && value !== old) {
    badArgument(`options.${alias}`, `the same value as options.${name} (or only one of them)`, old);
  }
  const given = value ?? old;
  if (given === undefined && fallback !== undefined) return fallback;
  return integerArgument(
    given,
    `options.${value === undefined && old !== undefined ? alias : name}`,
  );
}
