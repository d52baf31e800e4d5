import type * as z from "zod/mini";
import * as d from "./declare.js";
import { DateInputSchema } from "./rule.js";

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
export const MemoryCategorySchema = d.enum(MEMORY_CATEGORIES);
/** What kind of knowledge a memory holds. */
export type MemoryCategory = z.output<typeof MemoryCategorySchema>;

/** Text with at least one character that is not whitespace. */
export const nonBlankText = d.string(
  d.refine((text: string) => text.trim() !== "", { error: "expected non-blank text" }),
);

/**
 * A memory: one piece of what the agent knows about the user or the work, ranked by `score`.
 *
 * @example
 * ```ts
 * MemorySchema.parse({ id: "m1", content: "The user's name is Ada", category: "factual", score: 0.91 });
 * // → { id: "m1", content: "The user's name is Ada", category: "factual", confidence: 0.8, score: 0.91 }
 * ```
 */
export const MemorySchema = d.object({
  /** Stable id; written as the `id` attribute and reported in `memoryIds` / `skipped`. */
  id: d.string(d.minLength(1)),
  content: nonBlankText,
  /** Default `factual`, as in the original design. */
  category: d._default(MemoryCategorySchema, "factual"),
  /** How sure the memory system is of it, 0–1; default 0.8. */
  confidence: d._default(d.number(d.gte(0), d.lte(1)), 0.8),
  /** Ranking score (higher is injected first); memories without one rank after those with one. */
  score: d.optional(d.number()),
  /** Breaks ties between equal scores: more recent first. */
  createdAt: d.optional(DateInputSchema),
  /**
   * Always injected: a hook gives it whatever the prompt, and the budget never leaves it out (a
   * required item, as an absolute rule is).
   */
  pinned: d.optional(d.boolean()),
});

/** A parsed memory (defaults applied, `createdAt` a `Date`). */
export type Memory = z.output<typeof MemorySchema>;

/**
 * What callers may pass as a memory: the input of {@link MemorySchema}, field by field (a type
 * test holds the two together).
 *
 * @example
 * ```ts
 * const memory: MemoryInput = { id: "m1", content: "The user's name is Ada", score: 0.91 };
 * ```
 */
export interface MemoryInput {
  /** Stable id; written as the `id` attribute and reported in `memoryIds` / `skipped`. Non-empty. */
  id: string;
  /** What the agent should know, as text; not blank. */
  content: string;
  /** Which `<{category}_memories>` block it goes in; default `factual`. */
  category?: MemoryCategory | undefined;
  /** How sure the memory system is of it, 0–1; default 0.8. */
  confidence?: number | undefined;
  /** Ranking score (higher is injected first); memories without one rank after those with one. */
  score?: number | undefined;
  /** Breaks ties between equal scores, more recent first: an ISO 8601 string, epoch milliseconds or a `Date`. */
  createdAt?: Date | string | number | undefined;
  /**
   * Always injected: a hook gives it whatever the prompt, and the budget never leaves it out (a
   * required item, as an absolute rule is).
   */
  pinned?: boolean | undefined;
}

/**
 * The input of the `xml-memory` format: an optional directive (injected first, always) and the
 * memories that compete for the budget.
 */
export const MemorySetSchema = d.object({
  /** Instructions injected before any memory; a blank directive counts as none. */
  directive: d.optional(d.string()),
  memories: d.array(MemorySchema),
});

/** Parsed input of the `xml-memory` format. */
export type MemorySet = z.output<typeof MemorySetSchema>;

/** What callers may pass to the `xml-memory` format: the input of {@link MemorySetSchema}, field by field. */
export interface MemorySetInput {
  /** Instructions injected before any memory, always; a blank directive counts as none. */
  directive?: string | undefined;
  /** The memories that compete for the budget. */
  memories: MemoryInput[];
}
