import { z } from "zod";
import { DateInputSchema } from "../model/rule.js";
import type { TokenCounter } from "../tokens/counter.js";

const isTokenCounter = (value: unknown): value is TokenCounter =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as TokenCounter).name === "string" &&
  typeof (value as TokenCounter).count === "function";

/** Options every format accepts, besides the adapter's own. */
export const CommonOptionsSchema = z.object({
  /** Token budget; default: the adapter's `capabilities.maxContextTokens`. */
  budget: z.number().int().min(0).optional(),
  /** The clock for timestamps and "time ago" text; default: the current time. */
  now: DateInputSchema.optional(),
  /** How tokens are counted; default: `defaultCounter`. */
  counter: z
    .custom<TokenCounter>(isTokenCounter, {
      error: "expected a TokenCounter ({ name: string, count(text): number })",
    })
    .optional(),
  /** Throw `FormatValidationError` on any error-severity issue. */
  strict: z.boolean().optional(),
});

/** Options every format accepts. */
export type CommonOptions = z.input<typeof CommonOptionsSchema>;

/** The keys of {@link CommonOptionsSchema}, for the unknown-option check. */
export const COMMON_OPTION_KEYS: readonly string[] = Object.keys(CommonOptionsSchema.shape);
