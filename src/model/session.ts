import type * as z from "zod/mini";
import {
  fastArray,
  fastEnum,
  fastNumber,
  fastObject,
  fastString,
  required,
  withDefault,
} from "./fast-parse.js";
import { lazySchema } from "./lazy-schema.js";
import { fastNonBlankText, nonBlankText } from "./memory.js";
import { DateInputSchema, fastDateInput } from "./rule.js";

/**
 * Why a candidate was selected for a session, which picks its section of the full context:
 * several embedding spaces agree (`high_relevance_cluster`), one does (`single_space_match`), or
 * it summarises the previous session (`recent_session`).
 */
const INJECTION_CATEGORIES = [
  "high_relevance_cluster",
  "single_space_match",
  "recent_session",
] as const;
export const InjectionCategorySchema = lazySchema((z) => z.enum(INJECTION_CATEGORIES));

// Fast parsers of the schemas below, key for key.
const fastCandidate = fastObject({
  id: required(fastString(1)),
  content: required(fastNonBlankText),
  relevance: required(fastNumber(0, 1)),
  category: required(fastEnum(INJECTION_CATEGORIES)),
  createdAt: required(fastDateInput),
});
const fastAlert = fastObject({
  space: required(fastNonBlankText),
  recentContext: required(fastNonBlankText),
  similarity: required(fastNumber(-1, 1)),
});
/** Why a candidate was selected. */
export type InjectionCategory = z.output<typeof InjectionCategorySchema>;

/**
 * A memory chosen for injection into a session (SessionStart or PreToolUse hook context).
 *
 * @example
 * ```ts
 * InjectionCandidateSchema.parse({ id: "c1", content: "Implemented HDBSCAN clustering",
 *   relevance: 0.82, category: "high_relevance_cluster", createdAt: "2025-10-04T18:00:00Z" });
 * ```
 */
export const InjectionCandidateSchema = lazySchema(
  (z) =>
    z.object({
      /** Stable id; reported in `included` / `skipped`. */
      id: z.string().check(z.minLength(1)),
      content: nonBlankText,
      /** 0–1; more relevant candidates are placed first and kept first under a budget. */
      relevance: z.number().check(z.gte(0), z.lte(1)),
      category: InjectionCategorySchema,
      /** When the memory was made; shown as "3 hours ago". */
      createdAt: DateInputSchema,
    }),
  fastCandidate,
);

/** A parsed injection candidate (`createdAt` a `Date`). */
export type InjectionCandidate = z.output<typeof InjectionCandidateSchema>;
/** What callers may pass as an injection candidate. */
export type InjectionCandidateInput = z.input<typeof InjectionCandidateSchema>;

/**
 * The current query is far from recent work in one embedding space: the user may have switched
 * tasks. Shown under "Note: Activity Shift Detected".
 *
 * @example
 * ```ts
 * DivergenceAlertSchema.parse({ space: "semantic", recentContext: "Refactoring the parser", similarity: 0.12 });
 * ```
 */
export const DivergenceAlertSchema = lazySchema(
  (z) =>
    z.object({
      /** The embedding space that diverged, e.g. `semantic`. */
      space: nonBlankText,
      /** What the recent work was about. */
      recentContext: nonBlankText,
      /** Similarity of the current query to that work, −1–1 (cosine). */
      similarity: z.number().check(z.gte(-1), z.lte(1)),
    }),
  fastAlert,
);

/** A parsed divergence alert. */
export type DivergenceAlert = z.output<typeof DivergenceAlertSchema>;
/** What callers may pass as a divergence alert. */
export type DivergenceAlertInput = z.input<typeof DivergenceAlertSchema>;

/** The input of the `session-full` format: candidates and divergence alerts. */
export const SessionContextSchema = lazySchema(
  (z) =>
    z.object({
      candidates: z.array(InjectionCandidateSchema),
      alerts: z._default(z.array(DivergenceAlertSchema), []),
    }),
  fastObject({
    candidates: required(fastArray(fastCandidate)),
    alerts: withDefault(fastArray(fastAlert), () => []),
  }),
);

/** Parsed input of the `session-full` format. */
export type SessionContext = z.output<typeof SessionContextSchema>;
/** What callers may pass to the `session-full` format. */
export type SessionContextInput = z.input<typeof SessionContextSchema>;

/** The input of the `session-brief` format: candidates only. */
export const SessionCandidatesSchema = lazySchema(
  (z) => z.object({ candidates: z.array(InjectionCandidateSchema) }),
  fastObject({ candidates: required(fastArray(fastCandidate)) }),
);

/** Parsed input of the `session-brief` format. */
export type SessionCandidates = z.output<typeof SessionCandidatesSchema>;
/** What callers may pass to the `session-brief` format. */
export type SessionCandidatesInput = z.input<typeof SessionCandidatesSchema>;
