import type * as z from "zod/mini";
import * as d from "./declare.js";

const ISO_8601 = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

/** The most milliseconds from the epoch a JavaScript `Date` holds, either way (about ±275,000 years). */
const MAX_DATE_MS = 8.64e15;

export function isDateInput(value: unknown): value is Date | string | number {
  if (value instanceof Date) return !Number.isNaN(value.getTime());
  if (typeof value === "number") return Number.isInteger(value) && Math.abs(value) <= MAX_DATE_MS;
  return typeof value === "string" && ISO_8601.test(value) && isoFieldsInRange(value);
}

/** The two-digit number at `at` (the pattern has made both characters digits). */
function twoDigits(text: string, at: number): number {
  return (text.charCodeAt(at) - 48) * 10 + text.charCodeAt(at + 1) - 48;
}

/**
 * Whether the fields of a string of the {@link ISO_8601} shape are in the ranges `Date.parse`
 * takes: exactly the strings it gives a time for (a property test holds the two together). Read
 * at fixed places instead of parsing, so the date is built once, by the transform: `Date.parse`
 * here as well cost as much as the rest of a bounded 10,000-rule call. Like `Date.parse`, a day
 * up to 31 is taken in any month (February 30 is March 2), and `24:00` only with nothing after it
 * but zeros.
 */
function isoFieldsInRange(text: string): boolean {
  const month = twoDigits(text, 5);
  const day = twoDigits(text, 8);
  if (month < 1 || month > 12 || day < 1 || day > 31) return false;
  if (text.length === 10) return true;
  let end = text.length - 1;
  if (text.charCodeAt(end) !== 90 /* Z */) {
    if (twoDigits(text, end - 4) > 23 || twoDigits(text, end - 1) > 59) return false;
    end -= 5;
  }
  // `end` is now the offset's first character; the time is `HH:MM`, then `:SS` and `.fraction`.
  const hour = twoDigits(text, 11);
  const minute = twoDigits(text, 14);
  const second = end > 16 ? twoDigits(text, 17) : 0;
  if (hour > 24 || minute > 59 || second > 59) return false;
  if (hour < 24) return true;
  if (minute !== 0 || second !== 0) return false;
  for (let at = 20; at < end; at += 1) if (text.charCodeAt(at) !== 48 /* 0 */) return false;
  return true;
}

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

/**
 * A point in time as an ISO 8601 string (a date, or a date-time with `Z` or an offset), epoch
 * milliseconds or a `Date`; parsed to a `Date`.
 */
export const DateInputSchema = d.pipe(
  d.custom<Date | string | number>(isDateInput, {
    error: "expected an ISO 8601 date-time, epoch milliseconds or a Date",
  }),
  d.transform(toDate),
);

/** How binding a rule is: `absolute` rules are always included; `default` ones may be left out. */
export const AuthoritySchema = d.enum(["absolute", "default"]);
/** How binding a rule is. */
export type Authority = z.output<typeof AuthoritySchema>;

const nonEmptyText = d.string(d.minLength(1));

/**
 * A memory rule: one thing the agent must (absolute) or should (default) do.
 *
 * @example
 * ```ts
 * MemoryRuleSchema.parse({ name: "atomic_commits", rule: "Always make atomic commits",
 *   category: "behavior", authority: "absolute", scope: ["git"] });
 * ```
 */
export const MemoryRuleSchema = d.object({
  /** Stable id; reported in `skipped`. Falls back to `name`. */
  id: d.optional(nonEmptyText),
  name: nonEmptyText,
  rule: nonEmptyText,
  /** Lowercase category such as `behavior` or `preference`; rendered in Title Case. */
  category: d.string(
    d.regex(/^[a-z][a-z0-9_-]*$/, { error: 'expected a lowercase category such as "behavior"' }),
  ),
  authority: AuthoritySchema,
  scope: d._default(d.array(nonEmptyText), []),
  source: d.optional(nonEmptyText),
  conditions: d.optional(d.object({ condition: d.optional(d.string()) })),
  /** 0–100; higher comes first within the same authority. */
  priority: d._default(d.int(d.gte(0), d.lte(100)), 50),
  createdAt: d.optional(DateInputSchema),
});

/** A parsed memory rule (defaults applied, `createdAt` a `Date`). */
export type MemoryRule = z.output<typeof MemoryRuleSchema>;

/**
 * What callers may pass as a memory rule: the input of {@link MemoryRuleSchema}, field by field
 * (a type test holds the two together).
 *
 * @example
 * ```ts
 * const rule: MemoryRuleInput = { name: "atomic_commits", rule: "Always make atomic commits",
 *   category: "behavior", authority: "absolute", scope: ["git"], priority: 90 };
 * ```
 */
export interface MemoryRuleInput {
  /** Stable id, reported in `included` / `skipped`; default: `name`. Non-empty. */
  id?: string | undefined;
  /** The rule's short name, written before its text (`**atomic_commits**: …` in Claude's format). Non-empty. */
  name: string;
  /** What the agent must or should do, one sentence or a few. Non-empty. */
  rule: string;
  /**
   * Lowercase group such as `behavior` or `preference` (`[a-z][a-z0-9_-]*`); rules are listed
   * under it, in Title Case.
   */
  category: string;
  /** `absolute`: always included, even over the budget (then a `budget_exceeded` error); `default`: may be left out. */
  authority: Authority;
  /** Where the rule applies (`git`, `python`, …), shown as "Scope: …"; default none. */
  scope?: string[] | undefined;
  /** Where the rule came from (`user_explicit`, …), shown as "Source: …". Non-empty. */
  source?: string | undefined;
  /** When the rule applies, in words; shown as "Condition: …" by the Codex format and the templates. */
  conditions?: { condition?: string | undefined } | undefined;
  /** 0–100, an integer; higher comes first within the same authority and is kept longer under a budget. Default 50. */
  priority?: number | undefined;
  /** When the rule was made: an ISO 8601 string, epoch milliseconds or a `Date`. */
  createdAt?: Date | string | number | undefined;
}

/**
 * The input of the rule formats (`claude`, `codex`, `gemini` and template adapters).
 * `project` fills template variables such as `{project_name}`.
 */
export const RuleSetSchema = d.object({
  rules: d.array(MemoryRuleSchema),
  project: d.optional(d.object({ id: d.optional(nonEmptyText), name: d.optional(nonEmptyText) })),
});

/** Parsed input of the rule formats. */
export type RuleSet = z.output<typeof RuleSetSchema>;

/** What callers may pass to the rule formats: the input of {@link RuleSetSchema}, field by field. */
export interface RuleSetInput {
  /** The rules, in any order: the format orders them by authority, then priority. */
  rules: MemoryRuleInput[];
  /** Fills the template adapters' variables `{project_id}` and `{project_name}`. */
  project?: { id?: string | undefined; name?: string | undefined } | undefined;
}
