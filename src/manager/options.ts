import type * as z from "zod/mini";
import {
  type FastParse,
  fastBoolean,
  fastNumber,
  fastObject,
  fastTransform,
  optional,
} from "../model/fast-parse.js";
import { lazySchema } from "../model/lazy-schema.js";
import { DateInputSchema, fastDateInput } from "../model/rule.js";
import { checkedCounter, isTokenCounter, type TokenCounter } from "../tokens/counter.js";

/** The `counter` option, fast: a counter's shape, then wrapped so that every count is checked. */
export const fastCounterOption: FastParse<TokenCounter> = fastTransform(isTokenCounter, (counter) =>
  checkedCounter(counter, "options.counter"),
);

/** Options every format accepts, besides the adapter's own. */
export const CommonOptionsSchema = lazySchema(
  (z) =>
    z.object({
      /** Token budget; default: the adapter's `capabilities.maxContextTokens`. */
      budget: z.optional(z.int().check(z.gte(0))),
      /**
       * The most characters the content may have, besides the token budget (Claude Code's hook
       * context is limited to 10,000 characters); default: no limit.
       */
      maxChars: z.optional(z.int().check(z.gte(0))),
      /** The most UTF-8 bytes the content may have (Codex CLI's hook context: 10,000). */
      maxBytes: z.optional(z.int().check(z.gte(0))),
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
    }),
  fastObject({
    budget: optional(fastNumber(0, Number.POSITIVE_INFINITY, true)),
    maxChars: optional(fastNumber(0, Number.POSITIVE_INFINITY, true)),
    maxBytes: optional(fastNumber(0, Number.POSITIVE_INFINITY, true)),
    now: optional(fastDateInput),
    counter: optional(fastCounterOption),
    strict: optional(fastBoolean),
  }),
);

/** Options every format accepts. */
export type CommonOptions = z.input<typeof CommonOptionsSchema>;
/** Options every format accepts, parsed (`now` a `Date`). */
export type ParsedCommonOptions = z.output<typeof CommonOptionsSchema>;

/** The keys of {@link CommonOptionsSchema}, for the unknown-option check. */
export const COMMON_OPTION_KEYS: readonly string[] = [
  "budget",
  "maxChars",
  "maxBytes",
  "now",
  "counter",
  "strict",
];
