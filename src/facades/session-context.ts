import { BRIEF_MAX_TOKENS, sessionBriefAdapter } from "../formats/session/session-brief.js";
import { sessionFullAdapter } from "../formats/session/session-full.js";
import { runPipeline } from "../manager/pipeline.js";
import type { DivergenceAlertInput, InjectionCandidateInput } from "../model/session.js";
import { optionsArgument } from "../problems/arguments.js";
import type { TokenCounter } from "../tokens/counter.js";

/** Options of {@link formatFullContext}. */
export interface FullContextOptions {
  /** The clock "time ago" is measured from; default: the current time. */
  readonly now?: Date | string | number | undefined;
  /** Tokens the context may take; default: no limit (every candidate and alert is kept). */
  readonly budget?: number | undefined;
  readonly counter?: TokenCounter | undefined;
}

/**
 * The full session context as a string (`session-full` content), `""` when there are no
 * candidates and no alerts. Without a `budget` nothing is left out; with one, use
 * `FormatManager.format("session-full", …)` to learn what was.
 *
 * @example
 * ```ts
 * formatFullContext(
 *   [{ id: "c1", content: "Implemented HDBSCAN clustering", relevance: 0.9,
 *      category: "high_relevance_cluster", createdAt: "2025-10-04T18:00:00Z" }],
 *   [], { now: "2025-10-04T20:00:00Z" },
 * ); // "## Relevant Context\n\n### Recent Related Work\n- **2 hours ago**: Implemented HDBSCAN clustering"
 * ```
 */
export function formatFullContext(
  candidates: readonly InjectionCandidateInput[],
  alerts: readonly DivergenceAlertInput[] = [],
  options: FullContextOptions = {},
): string {
  const given = optionsArgument(options);
  const budget = given.budget ?? Number.MAX_SAFE_INTEGER;
  return runPipeline(sessionFullAdapter, { candidates, alerts }, { ...given, budget }).content;
}

/** Options of {@link formatBriefContext}. */
export interface BriefContextOptions {
  /** The counter the 200-token limit is measured with; default `defaultCounter`. */
  readonly counter?: TokenCounter | undefined;
  /** A tighter limit than 200 tokens. */
  readonly budget?: number | undefined;
  /** The most candidates shown; default 5. */
  readonly maxCandidates?: number | undefined;
}

/**
 * The brief session context as a string (`session-brief` content): `Related: …` with the five
 * most relevant candidates in at most 200 tokens by `counter`, `""` for no candidates. The rest
 * are left out, least relevant first; `FormatManager.format("session-brief", …)` lists them.
 *
 * @example
 * ```ts
 * formatBriefContext(candidates, { counter }); // "Related: HDBSCAN clustering implementation, BIRCH tree incremental clustering"
 * ```
 */
export function formatBriefContext(
  candidates: readonly InjectionCandidateInput[],
  options: BriefContextOptions = {},
): string {
  const given = optionsArgument(options);
  // A budget that is not a number is left for the options' check to name.
  const budget =
    typeof given.budget === "number"
      ? Math.min(given.budget, BRIEF_MAX_TOKENS)
      : (given.budget ?? BRIEF_MAX_TOKENS);
  return runPipeline(sessionBriefAdapter, { candidates }, { ...given, budget }).content;
}
