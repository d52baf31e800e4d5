/**
 * zod/mini, for the schemas: the only module of the core that loads it. The package build
 * replaces this module with one that loads zod on the first call (see tsup.config.ts), so that
 * importing the core does not pay for zod until a schema is built: valid input is parsed by the
 * fast parsers and never builds one; bad input, a caller's own schema and the exported schemas
 * do.
 */
import * as zodMini from "zod/mini";

/** The zod/mini namespace. */
export type Zod = typeof zodMini;

/** zod/mini, loaded on the first call in the built package. */
export function loadZod(): Zod {
  return zodMini;
}
