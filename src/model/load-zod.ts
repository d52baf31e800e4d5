/**
 * The one way the core reaches zod. In the source (tests, types) this is a plain import; the
 * package build replaces this module with one that requires ./zod.js on the first call (see
 * tsup.config.ts), so importing the core costs no zod until a schema is built: valid input is
 * parsed by the declarations' fast checks and never builds one; bad input, a caller's own schema
 * and the exported schemas do.
 */
import * as zod from "./zod.js";

/** The zod/mini functions listed in zod.ts. */
export type Zod = typeof zod;

/** zod's functions, loaded on the first call in the built package. */
export function loadZod(): Zod {
  return zod;
}
