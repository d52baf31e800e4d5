import type * as z from "zod/mini";
import * as d from "./declare.js";
import { nonBlankText } from "./memory.js";
import { DateInputSchema } from "./rule.js";

/**
 * Why a candidate was selected for a session, which picks its section of the full context:
 * several embedding spaces agree (`high_relevance_cluster`), one does (`single_space_match`), or
 * it summarises the previous session (`recent_session`).
 */
export const InjectionCategorySchema = d.enum([
  "high_relevance_cluster",
  "single_space_match",
  "recent_session",
]);
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
export const InjectionCandidateSchema = d.object({
  /** Stable id; reported in `included` / `skipped`. */
  id: d.string(d.minLength(1)),
  content: nonBlankText,
  /** 0–1; more relevant candidates are placed first and kept first under a budget. */
  relevance: d.number(d.gte(0), d.lte(1)),
  category: InjectionCategorySchema,
  /** When the memory was made; shown as "3 hours ago". */
  createdAt: DateInputSchema,
});

/** A parsed injection candidate (`createdAt` a `Date`). */
export type InjectionCandidate = z.output<typeof InjectionCandidateSchema>;

/**
 * What callers may pass as an injection candidate: the input of
 * {@link InjectionCandidateSchema}, field by field (a type test holds the two together).
 */
export interface InjectionCandidateInput {
  /** Stable id; reported in `included` / `skipped`. Non-empty. */
  id: string;
  /** The memory's text; not blank. */
  content: string;
  /** 0–1; more relevant candidates are placed first and kept first under a budget. */
  relevance: number;
  /** Why it was selected, which picks its section of the full context. */
  category: InjectionCategory;
  /** When the memory was made, shown as "3 hours ago": an ISO 8601 string, epoch milliseconds or a `Date`. */
  createdAt: Date | string | number;
}

/**
 * The current query is far from recent work in one embedding space: the user may have switched
 * tasks. Shown under "Note: Activity Shift Detected".
 *
 * @example
 * ```ts
 * DivergenceAlertSchema.parse({ space: "semantic", recentContext: "Refactoring the parser", similarity: 0.12 });
 * ```
 */
export const DivergenceAlertSchema = d.object({
  /** The embedding space that diverged, e.g. `semantic`. */
  space: nonBlankText,
  /** What the recent work was about. */
  recentContext: nonBlankText,
  /** Similarity of the current query to that work, −1–1 (cosine). */
  similarity: d.number(d.gte(-1), d.lte(1)),
});

/** A parsed divergence alert. */
export type DivergenceAlert = z.output<typeof DivergenceAlertSchema>;

/** What callers may pass as a divergence alert: the input of {@link DivergenceAlertSchema}, field by field. */
export interface DivergenceAlertInput {
  /** The embedding space that diverged, e.g. `semantic`; not blank. */
  space: string;
  /** What the recent work was about; not blank. */
  recentContext: string;
  /** Similarity of the current query to that work, −1–1 (cosine). */
  similarity: number;
}

/** The input of the `session-full` format: candidates and divergence alerts. */
export const SessionContextSchema = d.object({
  candidates: d.array(InjectionCandidateSchema),
  alerts: d._default(d.array(DivergenceAlertSchema), []),
});

/** Parsed input of the `session-full` format. */
export type SessionContext = z.output<typeof SessionContextSchema>;

/** What callers may pass to the `session-full` format: the input of {@link SessionContextSchema}, field by field. */
export interface SessionContextInput {
  /** The memories chosen for the session, each in the section of its category. */
  candidates: InjectionCandidateInput[];
  /** Shown under "Note: Activity Shift Detected"; default none. */
  alerts?: DivergenceAlertInput[] | undefined;
}

/** The input of the `session-brief` format: candidates only. */
export const SessionCandidatesSchema = d.object({
  candidates: d.array(InjectionCandidateSchema),
});

/** Parsed input of the `session-brief` format. */
export type SessionCandidates = z.output<typeof SessionCandidatesSchema>;

/** What callers may pass to the `session-brief` format: the input of {@link SessionCandidatesSchema}, field by field. */
export interface SessionCandidatesInput {
  /** The memories chosen for the moment, most relevant first in the "Related: …" line. */
  candidates: InjectionCandidateInput[];
}
