import type * as z from "zod/mini";
import {
  type FastParse,
  fastArray,
  fastEnum,
  fastNumber,
  fastObject,
  fastString,
  MISMATCH,
  optional,
  required,
  withDefault,
} from "./fast-parse.js";
import { lazySchema } from "./lazy-schema.js";
import { DateInputSchema, fastDateInput } from "./rule.js";

/**
 * Memory categories in the order they are injected: procedural first, because it holds what the
 * model must do; then what it knows (factual), what the user likes (preference), how the user
 * works (behavioral) and what happened (episodic).
 */
export const MEMORY_CATEGORIES = [
  "procedural",
  "factual",
  "preference",
  "behavioral",
  "episodic",
] as const;

/** What kind of knowledge a memory holds; it picks the `<{category}_memories>` block. */
export const MemoryCategorySchema = lazySchema((z) => z.enum(MEMORY_CATEGORIES));
/** What kind of knowledge a memory holds. */
export type MemoryCategory = z.output<typeof MemoryCategorySchema>;

/** Text with at least one character that is not whitespace. */
export const nonBlankText = lazySchema((z) =>
  z.string().check(z.refine(isNonBlank, { error: "expected non-blank text" })),
);

function isNonBlank(text: string): boolean {
  return text.trim() !== "";
}

/** {@link nonBlankText}'s fast parser. */
export const fastNonBlankText: FastParse<string> = (value) =>
  typeof value === "string" && isNonBlank(value) ? value : MISMATCH;

// {@link MemorySchema}'s fast parser, key for key.
const fastMemory = fastObject({
  id: required(fastString(1)),
  content: required(fastNonBlankText),
  category: withDefault(fastEnum(MEMORY_CATEGORIES), () => "factual" as const),
  confidence: withDefault(fastNumber(0, 1), () => 0.8),
  score: optional(fastNumber()),
  createdAt: optional(fastDateInput),
});

/**
 * A memory: one piece of what the agent knows about the user or the work, ranked by `score`.
 *
 * @example
 * ```ts
 * MemorySchema.parse({ id: "m1", content: "The user's name is Ada", category: "factual", score: 0.91 });
 * // → { id: "m1", content: "The user's name is Ada", category: "factual", confidence: 0.8, score: 0.91 }
 * ```
 */
export const MemorySchema = lazySchema(
  (z) =>
    z.object({
      /** Stable id; written as the `id` attribute and reported in `memoryIds` / `skipped`. */
      id: z.string().check(z.minLength(1)),
      content: nonBlankText,
      /** Default `factual`, as in the original design. */
      category: z._default(MemoryCategorySchema, "factual"),
      /** How sure the memory system is of it, 0–1; default 0.8. */
      confidence: z._default(z.number().check(z.gte(0), z.lte(1)), 0.8),
      /** Ranking score (higher is injected first); memories without one rank after those with one. */
      score: z.optional(z.number()),
      /** Breaks ties between equal scores: more recent first. */
      createdAt: z.optional(DateInputSchema),
    }),
  fastMemory,
);

/** A parsed memory (defaults applied, `createdAt` a `Date`). */
export type Memory = z.output<typeof MemorySchema>;
/** What callers may pass as a memory. */
export type MemoryInput = z.input<typeof MemorySchema>;

/**
 * The input of the `xml-memory` format: an optional directive (injected first, always) and the
 * memories that compete for the budget.
 */
export const MemorySetSchema = lazySchema(
  (z) =>
    z.object({
      /** Instructions injected before any memory; a blank directive counts as none. */
      directive: z.optional(z.string()),
      memories: z.array(MemorySchema),
    }),
  fastObject({ directive: optional(fastString()), memories: required(fastArray(fastMemory)) }),
);

/** Parsed input of the `xml-memory` format. */
export type MemorySet = z.output<typeof MemorySetSchema>;
/** What callers may pass to the `xml-memory` format. */
export type MemorySetInput = z.input<typeof MemorySetSchema>;
