import type * as z from "zod/mini";
import { hasMoreWords, summarize } from "../../budget/summarize.js";
import * as d from "../../model/declare.js";
import {
  type InjectionCandidate,
  type SessionCandidates,
  SessionCandidatesSchema,
} from "../../model/session.js";
import { defineAdapter } from "../adapter.js";
import { inlineField } from "../escape.js";
import { reportSanitized } from "../report-sanitized.js";
import { CACHE_STABLE_LAYOUT, cacheStableOption, inAdditionOrder, placesIn } from "../stable.js";
import { defineStructure, GENERIC_RULES, lineRule } from "../structure.js";

/** The brief context's one line. */
export const sessionBriefStructure = defineStructure({
  id: "session-brief",
  own: [lineRule("related", "section", /^Related: /, "R")],
  foreign: GENERIC_RULES,
  allowed: () => ({ related: 1 }),
});

/** The most tokens a brief context takes (its default budget). */
export const BRIEF_MAX_TOKENS = 200;

/** Options of the `session-brief` format. */
export const SessionBriefOptionsSchema = d.object({
  /** The most candidates shown, most relevant first; default 5. */
  maxCandidates: d._default(d.int(d.gte(1)), 5),
  ...cacheStableOption,
});

/** Parsed options of the `session-brief` format. */
export type SessionBriefOptions = z.output<typeof SessionBriefOptionsSchema>;

/** Words kept of each candidate in the brief context. */
const BRIEF_SUMMARY_WORDS = 20;

/** Words kept of a candidate in its shorter form. */
const BRIEF_SHORT_WORDS = 10;

const PREFIX = "Related: ";

/** An entry that ends a sentence: the next one follows after a space, not after ", ". */
const SENTENCE_END = /[.!?…]$/;

/** `a, b, c`, except after an entry that ends its own sentence (`a. B, c`), not `a., B`. */
function joinEntries(entries: readonly string[]): string {
  let line = "";
  entries.forEach((entry, index) => {
    if (index > 0) line += SENTENCE_END.test(entries[index - 1] as string) ? " " : ", ";
    line += entry;
  });
  return line;
}

/**
 * Session context for a PreToolUse hook (the original design's brief context): one paragraph,
 * `Related: first, second, …`: the five most relevant candidates (`maxCandidates`), each
 * summarised to 20 words, in at most 200 tokens (the default budget) by the counter in use; the
 * others are listed in `skipped`. Empty input gives empty content. With `cacheStable: true` the
 * chosen candidates are listed in the order they were made, the newest last.
 *
 * @example
 * ```ts
 * new FormatManager().format("session-brief", { candidates }).content; // "Related: HDBSCAN clustering…, BIRCH tree…"
 * ```
 */
export const sessionBriefAdapter = defineAdapter<
  SessionCandidates,
  SessionBriefOptions,
  InjectionCandidate
>({
  id: "session-brief",
  formatType: "plain",
  capabilities: {
    toolName: "any",
    formatType: "plain",
    maxContextTokens: BRIEF_MAX_TOKENS,
    supportsSections: false,
    supportsMarkdown: false,
    supportsPriorities: true,
    injectionMethod: "hook",
  },
  input: SessionCandidatesSchema,
  options: SessionBriefOptionsSchema,
  maxItems: (options) => options.maxCandidates,
  items: (input, { report }) =>
    input.candidates.map((candidate, index) => {
      const path = `candidates[${index}]`;
      reportSanitized(report, `${path}.content`, candidate.content);
      return {
        id: candidate.id,
        path,
        value: candidate,
        required: false,
        priority: candidate.relevance,
        time: candidate.createdAt.getTime(),
        groups: ["prefix"],
        key: candidate.id,
        ...(hasMoreWords(candidate.content, BRIEF_SHORT_WORDS) ? { forms: 2 } : {}),
      };
    }),
  renderItem: (candidate, { form }) =>
    inlineField(summarize(candidate.content, form > 0 ? BRIEF_SHORT_WORDS : BRIEF_SUMMARY_WORDS)),
  renderGroup: () => PREFIX,
  render({ input, included, item }, { options }) {
    if (included.length === 0) return { content: "" };
    const place = options.cacheStable ? placesIn(input.candidates) : undefined;
    const placed = place
      ? inAdditionOrder(included, (candidate) => ({
          time: candidate.createdAt.getTime(),
          id: candidate.id,
          index: place(candidate),
        }))
      : included;
    return {
      content: PREFIX + joinEntries(placed.map((entry) => item(entry, 0))),
      ...(options.cacheStable ? { metadata: { layout: CACHE_STABLE_LAYOUT } } : {}),
    };
  },
  validate(content, ctx) {
    if (ctx.itemsIncluded === 0) return;
    if (!content.startsWith(PREFIX) || /[\n\r]/.test(content)) {
      ctx.report({
        code: "invalid_structure",
        severity: "error",
        message: `content must be one line starting with ${JSON.stringify(PREFIX)}`,
      });
    }
  },
});
