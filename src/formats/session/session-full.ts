import { hasMoreWords, summarize } from "../../budget/summarize.js";
import { formatTimeAgo } from "../../budget/time-ago.js";
import { parseWith } from "../../model/parse.js";
import {
  type DivergenceAlert,
  type DivergenceAlertInput,
  DivergenceAlertSchema,
  type InjectionCandidate,
  type SessionContext,
  SessionContextSchema,
} from "../../model/session.js";
import { defineAdapter } from "../adapter.js";
import { escapeLineStart, inlineField } from "../escape.js";
import { reportSanitized } from "../report-sanitized.js";
import {
  CACHE_STABLE_LAYOUT,
  type CacheStableOptions,
  CacheStableOptionsSchema,
  inAdditionOrder,
  placesIn,
  utcMinute,
} from "../stable.js";
import { checkStructure, defineStructure, GENERIC_RULES, lineRule } from "../structure.js";

/** Words kept of a candidate in the full context; twice as many for the previous session. */
export const SUMMARY_MAX_WORDS = 50;

/** Words kept of a candidate in its shorter form (twice as many for the previous session). */
export const SHORT_SUMMARY_WORDS = 20;

const HEADER = "## Relevant Context\n\n";

/** The sections of the full context, in order, with their headings. */
const SECTIONS = {
  high_relevance_cluster: "### Recent Related Work\n",
  single_space_match: "### Potentially Related\n",
  alert: "### Note: Activity Shift Detected\n",
  recent_session: "### Previous Session\n",
} as const;
type SectionKey = keyof typeof SECTIONS;
const SECTION_ORDER = Object.keys(SECTIONS) as SectionKey[];

/** One entry of the full context: a candidate or a divergence alert. */
export type SessionEntry =
  | { readonly kind: "candidate"; readonly candidate: InjectionCandidate }
  | { readonly kind: "alert"; readonly alert: DivergenceAlert };

const sectionOf = (entry: SessionEntry): SectionKey =>
  entry.kind === "alert" ? "alert" : entry.candidate.category;

/**
 * The cache-stable layout: the candidates in the order they were made, then the alerts (which
 * change from call to call) under their heading at the end.
 */
function renderStable(
  input: SessionContext,
  included: readonly SessionEntry[],
  item: (entry: SessionEntry, position: number) => string,
): string {
  const place = placesIn(input.candidates);
  const candidates = inAdditionOrder(
    included.filter((entry) => entry.kind === "candidate"),
    (entry) => ({
      time: entry.candidate.createdAt.getTime(),
      id: entry.candidate.id,
      index: place(entry.candidate),
    }),
  );
  let content = HEADER;
  for (const entry of candidates) content += item(entry, 0);
  const alerts = included.filter((entry) => entry.kind === "alert");
  if (alerts.length > 0) {
    content += `${candidates.length > 0 ? "\n" : ""}${SECTIONS.alert}`;
    for (const entry of alerts) content += item(entry, 0);
  }
  return content.trimEnd();
}

/** Alerts rank above every candidate (relevance is at most 1), so they are kept first. */
const ALERT_PRIORITY = 2;

/**
 * One line warning that the current query is far from recent work in an embedding space.
 *
 * @example
 * ```ts
 * formatDivergenceAlert({ space: "semantic", recentContext: "Refactoring the parser", similarity: 0.12 });
 * // 'Your current query has low similarity to recent work in semantic. Recent context: "Refactoring the parser" (similarity: 0.12)'
 * ```
 */
export function formatDivergenceAlert(alert: DivergenceAlertInput): string {
  const { space, recentContext, similarity } = parseWith(DivergenceAlertSchema, alert, "alert");
  const context = inlineField(summarize(recentContext, 20));
  return `Your current query has low similarity to recent work in ${inlineField(space)}. Recent context: "${context}" (similarity: ${similarity.toFixed(2)})`;
}

/** Words a candidate keeps in `form` (0: the full context's 50, 1: the shorter 20), doubled for the previous session. */
function wordsOf(candidate: InjectionCandidate, form: number): number {
  const words = form > 0 ? SHORT_SUMMARY_WORDS : SUMMARY_MAX_WORDS;
  return candidate.category === "recent_session" ? words * 2 : words;
}

/** The label of a candidate's section, on its entry in the cache-stable layout. */
const LABELS = {
  high_relevance_cluster: "Recent related work",
  single_space_match: "Potentially related",
  recent_session: "Previous session",
} as const;

/**
 * `- Label (2026-03-02 09:00 UTC): summary`: the cache-stable entry, with the time the candidate
 * was made instead of how long ago, so it reads the same whenever it is rendered.
 */
function renderStableEntry(candidate: InjectionCandidate, form: number): string {
  const summary = inlineField(summarize(candidate.content, wordsOf(candidate, form)));
  return `- ${LABELS[candidate.category]} (${utcMinute(candidate.createdAt)}): ${summary}\n`;
}

function renderEntry(entry: SessionEntry, now: Date, form: number, stable = false): string {
  if (entry.kind === "alert") return `${formatDivergenceAlert(entry.alert)}\n`;
  if (stable) return renderStableEntry(entry.candidate, form);
  const { candidate } = entry;
  const summary = inlineField(summarize(candidate.content, wordsOf(candidate, form)));
  // The previous session's summary starts a line: nothing it starts with may read as structure.
  if (candidate.category === "recent_session") return `${escapeLineStart(summary)}\n`;
  const timeAgo = formatTimeAgo(candidate.createdAt, now);
  return candidate.category === "high_relevance_cluster"
    ? `- **${timeAgo}**: ${summary}\n`
    : `- ${summary} (${timeAgo})\n`;
}

/**
 * The lines of the full session context. The cache-stable layout has one section heading, the
 * alerts', and lists the previous sessions among its entries.
 */
export const sessionFullStructure = defineStructure({
  id: "session-full",
  own: [
    lineRule("title", "heading", /^## Relevant Context$/, "#", { label: '"## " headings' }),
    lineRule(
      "section",
      "heading",
      /^### (?:Recent Related Work|Potentially Related|Note: Activity Shift Detected|Previous Session)$/,
      "#",
      { label: '"### " headings' },
    ),
    lineRule("entry", "entry", /^- /, "-", { label: "candidate entries" }),
  ],
  foreign: GENERIC_RULES,
  allowed(input, { cacheStable }) {
    const { candidates, alerts } = parseWith(SessionContextSchema, input);
    if (cacheStable) {
      return { title: 1, section: alerts.length > 0 ? 1 : 0, entry: candidates.length };
    }
    let entries = 0;
    for (const candidate of candidates) if (candidate.category !== "recent_session") entries += 1;
    return { title: 1, section: SECTION_ORDER.length, entry: entries };
  },
});

/**
 * Session context for a SessionStart hook (the original design's full context): markdown under
 * `## Relevant Context` with the sections `### Recent Related Work` (`- **2 hours ago**: …`),
 * `### Potentially Related` (`- … (3 days ago)`), `### Note: Activity Shift Detected` (one line
 * per divergence alert) and `### Previous Session`, each present only when it has entries.
 * Candidates are summarised (50 words, 100 for the previous session), most relevant first; alerts
 * are kept before any candidate. Empty input gives empty content. "Time ago" is taken from `now`.
 * With `cacheStable: true`: one list of candidates in the order they were made, each labelled
 * with its section and the UTC minute it was made (`- Recent related work (2026-03-02 09:00
 * UTC): …`), then the divergence alerts, which change from call to call, at the end.
 *
 * @example
 * ```ts
 * new FormatManager().format("session-full", { candidates, alerts }, { now: "2025-10-04T20:00:00Z" }).content;
 * ```
 */
export const sessionFullAdapter = defineAdapter<SessionContext, CacheStableOptions, SessionEntry>({
  id: "session-full",
  formatType: "markdown",
  capabilities: {
    toolName: "any",
    formatType: "markdown",
    // Under Claude Code's 10,000-character inline limit and Codex's ~2,500-token one.
    maxContextTokens: 2_000,
    supportsSections: true,
    supportsMarkdown: true,
    supportsPriorities: true,
    injectionMethod: "hook",
  },
  input: SessionContextSchema,
  options: CacheStableOptionsSchema,
  items(input, { report, options }) {
    const alerts = input.alerts.map((alert, index) => {
      const path = `alerts[${index}]`;
      reportSanitized(report, `${path}.space`, alert.space);
      reportSanitized(report, `${path}.recentContext`, alert.recentContext);
      return {
        id: path,
        path,
        value: { kind: "alert", alert } as const,
        required: false,
        priority: ALERT_PRIORITY,
        groups: ["header", "alert"],
      };
    });
    const candidates = input.candidates.map((candidate, index) => {
      const path = `candidates[${index}]`;
      reportSanitized(report, `${path}.content`, candidate.content);
      return {
        id: candidate.id,
        path,
        value: { kind: "candidate", candidate } as const,
        required: false,
        priority: candidate.relevance,
        time: candidate.createdAt.getTime(),
        groups: ["header", options.cacheStable ? "list" : candidate.category],
        key: candidate.id,
        ...(hasMoreWords(candidate.content, wordsOf(candidate, 1)) ? { forms: 2 } : {}),
      };
    });
    return [...alerts, ...candidates];
  },
  renderItem: (entry, { now, form, options }) => renderEntry(entry, now, form, options.cacheStable),
  renderGroup: (key) => {
    if (key === "header") return HEADER;
    return key === "list" ? "" : `${SECTIONS[key as SectionKey]}\n`;
  },
  render({ input, included, item }, { options }) {
    const counts = Object.fromEntries(SECTION_ORDER.map((key) => [key, 0])) as Record<
      SectionKey,
      number
    >;
    for (const entry of included) counts[sectionOf(entry)] += 1;
    const metadata = {
      clusterMatches: counts.high_relevance_cluster,
      singleMatches: counts.single_space_match,
      alerts: counts.alert,
      previousSessions: counts.recent_session,
      sections: SECTION_ORDER.filter((key) => counts[key] > 0).length,
    };
    if (included.length === 0) return { content: "", metadata };
    if (options.cacheStable) {
      return {
        content: renderStable(input, included, item),
        metadata: { ...metadata, sections: counts.alert > 0 ? 1 : 0, layout: CACHE_STABLE_LAYOUT },
      };
    }
    let content = HEADER;
    for (const key of SECTION_ORDER) {
      if (counts[key] === 0) continue;
      content += SECTIONS[key];
      for (const entry of included) if (sectionOf(entry) === key) content += item(entry, 0);
      content += "\n";
    }
    return { content: content.trimEnd(), metadata };
  },
  validate(content, ctx) {
    const included = ctx.itemsIncluded > 0;
    // The cache-stable layout lists the previous session as an entry like the others.
    const stable = ctx.metadata.layout === CACHE_STABLE_LAYOUT;
    if (included && !content.startsWith(HEADER)) {
      ctx.report({
        code: "invalid_structure",
        severity: "error",
        message: `content must start with ${JSON.stringify(HEADER.trim())}`,
      });
    }
    const count = (key: string) => Number(ctx.metadata[key] ?? 0);
    checkStructure(
      sessionFullStructure,
      content,
      {
        title: included ? 1 : 0,
        section: count("sections"),
        entry:
          count("clusterMatches") +
          count("singleMatches") +
          (stable ? count("previousSessions") : 0),
      },
      ctx,
    );
  },
});
