import type * as z from "zod/mini";
import {
  type FastParse,
  fastArray,
  fastEnum,
  fastNumber,
  fastObject,
  fastString,
  MISMATCH,
  required,
  withDefault,
} from "./fast-parse.js";
import { lazySchema } from "./lazy-schema.js";

const CATEGORIES = ["skill", "preference", "constraint", "task", "other"] as const;

// Fast parsers of the schemas below, key for key.
const fastNonEmptyText = fastString(1);
const fastFact = fastObject({
  text: required(fastNonEmptyText),
  confidence: withDefault(fastNumber(0, 1), () => 1),
  category: withDefault(fastEnum(CATEGORIES), () => "other" as const),
});
/** A fact object, or a plain string made one (zod's union tries the object first). */
const fastFactOrText: FastParse<z.output<typeof UserFactSchema>> = (value) => {
  if (typeof value !== "string") return fastFact(value);
  return fastNonEmptyText(value) === MISMATCH
    ? MISMATCH
    : { text: value, confidence: 1, category: "other" };
};
/** {@link UserFactsSchema}'s fast parser. */
export const fastUserFacts = fastObject({
  userId: required(fastNonEmptyText),
  facts: withDefault(fastArray(fastFactOrText), () => []),
});

const nonEmptyText = lazySchema((z) =>
  z.string().check(z.minLength(1, { error: "expected a non-empty string" })),
);

/**
 * One fact about the user. `category` drives the overlap rules with PROJECT blocks: `preference`
 * and `constraint` facts win over project notes that repeat them.
 */
export const UserFactSchema = lazySchema(
  (z) =>
    z.object({
      text: nonEmptyText,
      /** 0–1; facts under the combined context's `minConfidence` (default 0.5) are left out. */
      confidence: z._default(
        z
          .number()
          .check(
            z.gte(0, { error: "expected a number >= 0" }),
            z.lte(1, { error: "expected a number <= 1" }),
          ),
        1,
      ),
      category: z._default(z.enum(CATEGORIES), "other"),
    }),
  fastFact,
);
/** A parsed user fact. */
export type UserFact = z.output<typeof UserFactSchema>;

/**
 * Who the user is: facts that hold across projects (skills, preferences, hardware limits). A fact
 * may be given as a plain string.
 *
 * @example
 * ```ts
 * UserFactsSchema.parse({ userId: "david", facts: ["Expert in Python and Rust",
 *   { text: "Prefers concise responses", category: "preference" }] });
 * ```
 */
export const UserFactsSchema = lazySchema(
  (z) =>
    z.object({
      userId: nonEmptyText,
      facts: z._default(
        z.array(
          z.union([
            UserFactSchema,
            z.pipe(
              nonEmptyText,
              z.transform((text: string): UserFact => ({ text, confidence: 1, category: "other" })),
            ),
          ]),
        ),
        [],
      ),
    }),
  fastUserFacts,
);
/** Parsed user facts. */
export type UserFacts = z.output<typeof UserFactsSchema>;
/** What callers may pass as user facts. */
export type UserFactsInput = z.input<typeof UserFactsSchema>;
