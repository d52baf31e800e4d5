import * as z from "zod/mini";
import { DateInputSchema } from "../model/rule.js";
import { checkedCounter, isTokenCounter, type TokenCounter } from "../tokens/counter.js";

/** Options every format accepts, besides the adapter's own. */
export const CommonOptionsSchema = z.object({
  /** Token budget; default: the adapter's `capabilities.maxContextTokens`. */
  budget: z.optional(z.int().check(z.gte(0))),
  /**
   * The most characters the content may have, besides the token budget (Claude Code's hook
   * context is limited to 10,000 characters); default: no limit.
   */
  maxChars: z.optional(z.int().check(z.gte(0))),
  /** The clock for timestamps and "time ago" text; default: the current time. */
  now: z.optional(DateInputSchema),
  /** How tokens are counted; default: `defaultCounter`. */
  /** Every count it returns is checked (see `checkedCounter`). */
  counter: z.optional(
    z.pipe(
      z.custom<TokenCounter>(isTokenCounter, {
        error: "expected a TokenCounter ({ name: string, count(text): number })",
      }),
      z.transform((counter: TokenCounter) => checkedCounter(counter, "options.counter")),
    ),
  ),
  /** Throw `FormatValidationError` on any error-severity issue. */
  strict: z.optional(z.boolean()),
});

/** Options every format accepts. */
export type CommonOptions = z.input<typeof CommonOptionsSchema>;

/** The keys of {@link CommonOptionsSchema}, for the unknown-option check. */
export const COMMON_OPTION_KEYS: readonly string[] = Object.keys(CommonOptionsSchema.shape);
