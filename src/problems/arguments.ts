/**
 * Guards for the arguments of exported functions: a wrong type is an `InvalidInputError` naming
 * the argument and what was expected, never a `TypeError` from deep inside.
 */
import { badArgument } from "./errors.js";

export { badArgument } from "./errors.js";
export { describeReceived } from "./received.js";

/** `value` when it is a string. */
export function stringArgument(value: unknown, path: string): string {
  return typeof value === "string" ? value : badArgument(path, "a string", value);
}

/** `value` when it is an object (not `null`, not an array); `undefined` gives `{}`. */
export function optionsArgument<T extends object>(value: T | undefined, path = "options"): T {
  if (value === undefined) return {} as T;
  if (typeof value === "object" && value !== null && !Array.isArray(value)) return value;
  return badArgument(path, "an object of options", value);
}

/** `value` when it is an array. */
export function arrayArgument<T>(value: readonly T[], path: string): readonly T[] {
  return Array.isArray(value) ? value : badArgument(path, "an array", value);
}

/** `value` when it is a function. */
export function functionArgument<F extends (...args: never[]) => unknown>(
  value: F,
  path: string,
): F {
  return typeof value === "function" ? value : badArgument(path, "a function", value);
}

/** `value` when it is a whole number at least `min`. */
export function integerArgument(value: unknown, path: string, min = 0): number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= min
    ? value
    : badArgument(path, `a whole number >= ${min}`, value);
}
