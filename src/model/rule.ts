import type * as z from "zod/mini";
import {
  type FastParse,
  fastArray,
  fastObject,
  fastParserOf,
  fastString,
  fastTransform,
  MISMATCH,
  optional,
  required,
} from "./fast-parse.js";
import { lazySchema } from "./lazy-schema.js";

const ISO_8601 = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

/** The most milliseconds from the epoch a JavaScript `Date` holds, either way (about ±275,000 years). */
const MAX_DATE_MS = 8.64e15;

export function isDateInput(value: unknown): value is Date | string | number {
  if (value instanceof Date) return !Number.isNaN(value.getTime());
  if (typeof value === "number") return Number.isInteger(value) && Math.abs(value) <= MAX_DATE_MS;
  return typeof value === "string" && ISO_8601.test(value) && !Number.isNaN(Date.parse(value));
}

/**
 * A point in time as an ISO 8601 string (a date, or a date-time with `Z` or an offset), epoch
 * milliseconds or a `Date`; parsed to a `Date`.
 */
export const DateInputSchema = lazySchema((z) =>
  z.pipe(
    z.custom<Date | string | number>(isDateInput, {
      error: "expected an ISO 8601 date-time, epoch milliseconds or a Date",
    }),
    z.transform(toDate),
  ),
);

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

/** {@link DateInputSchema}'s fast parser. */
export const fastDateInput = fastTransform(isDateInput, toDate);

/** How binding a rule is: `absolute` rules are always included; `default` ones may be left out. */
const AUTHORITIES = ["absolute", "default"] as const;
export const AuthoritySchema = lazySchema((z) => z.enum(AUTHORITIES));
/** How binding a rule is. */
export type Authority = z.output<typeof AuthoritySchema>;

const nonEmptyText = lazySchema((z) => z.string().check(z.minLength(1)));
const fastNonEmptyText = fastString(1);
const CATEGORY = /^[a-z][a-z0-9_-]*$/;
const RULE_KEYS = [
  "id",
  "name",
  "rule",
  "category",
  "authority",
  "scope",
  "source",
  "conditions",
  "priority",
  "createdAt",
] as const;

/**
 * A memory rule: one thing the agent must (absolute) or should (default) do.
 *
 * @example
 * ```ts
 * MemoryRuleSchema.parse({ name: "atomic_commits", rule: "Always make atomic commits",
 *   category: "behavior", authority: "absolute", scope: ["git"] });
 * ```
 */
export const MemoryRuleSchema = lazySchema(
  (z) =>
    z.object({
      /** Stable id; reported in `skipped`. Falls back to `name`. */
      id: z.optional(nonEmptyText),
      name: nonEmptyText,
      rule: nonEmptyText,
      /** Lowercase category such as `behavior` or `preference`; rendered in Title Case. */
      category: z
        .string()
        .check(z.regex(CATEGORY, { error: 'expected a lowercase category such as "behavior"' })),
      authority: AuthoritySchema,
      scope: z._default(z.array(nonEmptyText), []),
      source: z.optional(nonEmptyText),
      conditions: z.optional(z.object({ condition: z.optional(z.string()) })),
      /** 0–100; higher comes first within the same authority. */
      priority: z._default(z.int().check(z.gte(0), z.lte(100)), 50),
      createdAt: z.optional(DateInputSchema),
    }),
  fastMemoryRule(),
);

const fastRule = fastParserOf(MemoryRuleSchema) as FastParse<unknown>;

/** A parsed memory rule (defaults applied, `createdAt` a `Date`). */
export type MemoryRule = z.output<typeof MemoryRuleSchema>;
/** What callers may pass as a memory rule. */
export type MemoryRuleInput = z.input<typeof MemoryRuleSchema>;

/**
 * The input of the rule formats (`claude`, `codex`, `gemini` and template adapters).
 * `project` fills template variables such as `{project_name}`.
 */
export const RuleSetSchema = lazySchema(
  (z) =>
    z.object({
      rules: z.array(MemoryRuleSchema),
      project: z.optional(
        z.object({ id: z.optional(nonEmptyText), name: z.optional(nonEmptyText) }),
      ),
    }),
  fastObject({
    rules: required(fastArray(fastRule)),
    project: optional(
      fastObject({ id: optional(fastNonEmptyText), name: optional(fastNonEmptyText) }),
    ),
  }),
);

const isText = (value: unknown): value is string => typeof value === "string" && value.length > 0;

/** The scope array as zod builds it: a new array of non-empty strings. */
function parseScope(value: unknown): string[] | typeof MISMATCH {
  if (!Array.isArray(value)) return MISMATCH;
  const scope = new Array<string>(value.length);
  for (let index = 0; index < value.length; index += 1) {
    const item: unknown = value[index];
    if (!isText(item)) return MISMATCH;
    scope[index] = item;
  }
  return scope;
}

const fastConditions = fastObject({ condition: optional(fastString()) });

/**
 * {@link MemoryRuleSchema}'s fast parser, key for key, written out: a list of 10,000 rules is
 * parsed on every call, and named fields build one object shape where a loop over the fields
 * (as {@link fastObject} does) costs a closure call and a keyed store per field.
 */
function fastMemoryRule(): FastParse<unknown> {
  const parse = (value: unknown): unknown => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return MISMATCH;
    const input = value as Record<string, unknown>;
    const { id, name, rule, category, authority, scope, source, conditions, priority, createdAt } =
      input;
    if (!isText(name) || !isText(rule)) return MISMATCH;
    if (typeof category !== "string" || !CATEGORY.test(category)) return MISMATCH;
    if (authority !== "absolute" && authority !== "default") return MISMATCH;
    // Keys in the schema's order; an optional key given as `undefined` stays, as zod keeps it.
    const out: Record<string, unknown> = {};
    if (id !== undefined) {
      if (!isText(id)) return MISMATCH;
      out.id = id;
    } else if ("id" in input) out.id = undefined;
    out.name = name;
    out.rule = rule;
    out.category = category;
    out.authority = authority;
    if (scope === undefined) out.scope = [];
    else {
      const parsed = parseScope(scope);
      if (parsed === MISMATCH) return MISMATCH;
      out.scope = parsed;
    }
    if (source !== undefined) {
      if (!isText(source)) return MISMATCH;
      out.source = source;
    } else if ("source" in input) out.source = undefined;
    if (conditions !== undefined) {
      const parsed = fastConditions(conditions);
      if (parsed === MISMATCH) return MISMATCH;
      out.conditions = parsed;
    } else if ("conditions" in input) out.conditions = undefined;
    if (priority === undefined) out.priority = 50;
    else if (
      !Number.isSafeInteger(priority) ||
      (priority as number) < 0 ||
      (priority as number) > 100
    )
      return MISMATCH;
    else out.priority = priority;
    if (createdAt !== undefined) {
      if (!isDateInput(createdAt)) return MISMATCH;
      out.createdAt = toDate(createdAt);
    } else if ("createdAt" in input) out.createdAt = undefined;
    return out;
  };
  return Object.assign(parse, { keys: RULE_KEYS });
}

/** Parsed input of the rule formats. */
export type RuleSet = z.output<typeof RuleSetSchema>;
/** What callers may pass to the rule formats. */
export type RuleSetInput = z.input<typeof RuleSetSchema>;
