import type * as z from "zod/mini";
import * as d from "../model/declare.js";
import { DateInputSchema } from "../model/rule.js";
import { checkedCounter, isTokenCounter, type TokenCounter } from "../tokens/counter.js";

/** The `now` option: the clock for timestamps and "time ago" text; default: the current time. */
export const NowOption = d.optional(DateInputSchema);

/** The `counter` option: how tokens are counted; every count it returns is checked (see `checkedCounter`). */
export const CounterOption = d.optional(
  d.pipe(
    d.custom<TokenCounter>(isTokenCounter, {
      error: "expected a TokenCounter ({ name: string, count(text): number })",
    }),
    d.transform((counter: TokenCounter) => checkedCounter(counter, "options.counter")),
  ),
);

/** Options every format accepts, besides the adapter's own. */
export const CommonOptionsSchema = d.object({
  /** Token budget; default: the adapter's `capabilities.maxContextTokens`. */
  budget: d.optional(d.int(d.gte(0))),
  /**
   * The most characters the content may have, besides the token budget (Claude Code's hook
   * context is limited to 10,000 characters); default: no limit.
   */
  maxChars: d.optional(d.int(d.gte(0))),
  /** The most UTF-8 bytes the content may have (Codex CLI's hook context: 10,000). */
  maxBytes: d.optional(d.int(d.gte(0))),
  /** The clock for timestamps and "time ago" text; default: the current time. */
  now: NowOption,
  /** How tokens are counted; default: `defaultCounter`. */
  counter: CounterOption,
  /** Throw `FormatValidationError` on any error-severity issue. */
  strict: d.optional(d.boolean()),
});

/** Options every format accepts. */
export type CommonOptions = z.input<typeof CommonOptionsSchema>;
/** Options every format accepts, parsed (`now` a `Date`). */
export type ParsedCommonOptions = z.output<typeof CommonOptionsSchema>;

/** The keys of {@link CommonOptionsSchema}, for the unknown-option check. */
export const COMMON_OPTION_KEYS: readonly string[] = d.objectKeys(CommonOptionsSchema) ?? [];
