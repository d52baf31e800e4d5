import { object } from "./declare.js";

/**
 * The options schema of a format that has none of its own: any object, parsed to `{}` (the
 * manager's common options, such as `budget`, are checked on their own).
 *
 * @example
 * ```ts
 * defineAdapter({ id: "notes", options: NoOptionsSchema, ... });
 * ```
 */
export const NoOptionsSchema = object({});
