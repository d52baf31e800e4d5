/**
 * The zod/mini functions the core calls, by name: the declarations build their schemas with these
 * (declare.ts) and `parseWith` words errors with `safeParse`. Only what is listed here is bundled
 * into the package, and it is loaded on first use, not on import (see load-zod.ts).
 */
export {
  _default,
  array,
  boolean,
  custom,
  enum,
  gte,
  int,
  literal,
  looseObject,
  lte,
  minLength,
  nullable,
  number,
  object,
  optional,
  pipe,
  refine,
  regex,
  safeParse,
  strictObject,
  string,
  superRefine,
  transform,
  union,
  unknown,
} from "zod/mini";
