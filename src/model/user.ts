import type * as z from "zod/mini";
import * as d from "./declare.js";

const nonEmptyText = d.string(d.minLength(1, { error: "expected a non-empty string" }));

/**
 * One fact about the user. `category` drives the overlap rules with PROJECT blocks: `preference`
 * and `constraint` facts win over project notes that repeat them.
 */
export const UserFactSchema = d.object({
  text: nonEmptyText,
  /** 0–1; facts under the combined context's `minConfidence` (default 0.5) are left out. */
  confidence: d._default(
    d.number(
      d.gte(0, { error: "expected a number >= 0" }),
      d.lte(1, { error: "expected a number <= 1" }),
    ),
    1,
  ),
  category: d._default(d.enum(["skill", "preference", "constraint", "task", "other"]), "other"),
});
/** A parsed user fact. */
export type UserFact = z.output<typeof UserFactSchema>;

/** What callers may pass as one user fact: the input of {@link UserFactSchema}, field by field. */
export interface UserFactInput {
  /** The fact, as a sentence. Non-empty. */
  text: string;
  /** 0–1, default 1; facts under the combined context's `minConfidence` (default 0.5) are left out. */
  confidence?: number | undefined;
  /** What kind of fact; `preference` and `constraint` win over project notes that repeat them. Default `other`. */
  category?: "skill" | "preference" | "constraint" | "task" | "other" | undefined;
}

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
export const UserFactsSchema = d.object({
  userId: nonEmptyText,
  facts: d._default(
    d.array(
      d.union([
        UserFactSchema,
        d.pipe(
          nonEmptyText,
          d.transform((text: string): UserFact => ({ text, confidence: 1, category: "other" })),
        ),
      ]),
    ),
    [],
  ),
});
/** Parsed user facts. */
export type UserFacts = z.output<typeof UserFactsSchema>;

/** What callers may pass as user facts: the input of {@link UserFactsSchema}, field by field. */
export interface UserFactsInput {
  /** Who the user is (an id of your own). Non-empty. */
  userId: string;
  /** The facts, each a {@link UserFactInput} or a plain string (confidence 1, category `other`); default none. */
  facts?: (UserFactInput | string)[] | undefined;
}
