import { type MemoryRule, type RuleSet, RuleSetSchema } from "../../model/rule.js";
import { defineAdapter } from "../adapter.js";
import { escapeLineStart, inlineField, titleCase } from "../escape.js";
import { CACHE_STABLE_LAYOUT } from "../stable.js";
import { checkStructure, defineStructure, GENERIC_RULES, lineRule } from "../structure.js";
import {
  endWithOneNewline,
  expectLabelledEntries,
  expectStart,
  hasScopeOrCondition,
  metaCount,
  renderNumberedSections,
  ruleItems,
  ruleLines,
  ruleMetadata,
  rulesInAdditionOrder,
} from "./rule-items.js";
import { committedMetadata, type RulesOptions, RulesOptionsSchema } from "./rules-options.js";

const SECTIONS = {
  absolute: "=== CRITICAL RULES (ALWAYS FOLLOW) ===\n\n",
  default: "=== DEFAULT GUIDELINES ===\n\n",
} as const;

/** What the labels of the cache-stable layout mean: the two sections' headings, in one line. */
const STABLE_LEGEND =
  "Rules in the order they were added. CRITICAL: always follow. DEFAULT: guidelines to follow unless overridden.\n\n";

const LABELS = { absolute: "CRITICAL", default: "DEFAULT" } as const;

/** The `Generated:` stamp: ISO 8601 in UTC to the second, as in the original examples. */
function stamp(now: Date): string {
  return now.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** `name (Category)`, then the text on its own line: in every form of a rule's entry, after its number. */
function entryText(rule: MemoryRule, labelled = false): string {
  const label = labelled ? `${LABELS[rule.authority]} ` : "";
  // The text starts a line: anything that would read as structure there (this format's entries,
  // sections and fields, or a heading or tag of a format it is joined with) gets a backslash.
  return `${label}${inlineField(rule.name)} (${titleCase(rule.category)})\n${escapeLineStart(inlineField(rule.rule))}\n`;
}

/**
 * `[n] name (Category)`, the text on its own line, then Scope / Condition lines; the shorter form
 * (`form` 1) leaves those lines out.
 */
function renderRule(rule: MemoryRule, position: number, form: number, labelled = false): string {
  let text = `[${position}] ${entryText(rule, labelled)}`;
  if (form > 0) return `${text}\n`;
  if (rule.scope.length > 0) text += `Scope: ${rule.scope.map(inlineField).join(", ")}\n`;
  const condition = rule.conditions?.condition;
  if (condition) text += `Condition: ${inlineField(condition)}\n`;
  return `${text}\n`;
}

/** The lines of Codex's plain text; the cache-stable layout has no stamp and no sections. */
export const codexStructure = defineStructure({
  id: "codex",
  own: [
    lineRule("title", "heading", /^PROJECT CONTEXT RULES$/, "P", {
      label: '"PROJECT CONTEXT RULES" lines',
    }),
    lineRule("generated", "field", /^Generated: /, "G", { label: '"Generated:" lines' }),
    lineRule(
      "section",
      "section",
      /^=== (?:CRITICAL RULES \(ALWAYS FOLLOW\)|DEFAULT GUIDELINES) ===$/,
      "=",
      { label: '"=== … ===" section lines' },
    ),
    lineRule("entry", "entry", /^\[\d+\] /, "[", { label: "rule entries" }),
    lineRule("field", "field", /^(?:Scope|Condition): /, "CS"),
    lineRule("footer", "section", /^--- \d+ rules omitted due to context limits ---$/, "-", {
      label: "omitted-rules footers",
    }),
  ],
  foreign: GENERIC_RULES,
  allowed(input, { cacheStable }) {
    const { rules, fields } = ruleLines(input, false);
    return {
      title: 1,
      generated: cacheStable ? 0 : 1,
      section: cacheStable ? 0 : 2,
      footer: 1,
      entry: rules.length,
      field: fields,
    };
  },
});

/**
 * Codex CLI: plain text for `AGENTS.md`-style context. `PROJECT CONTEXT RULES`, a `Generated:`
 * stamp from the `now` option, `=== … ===` sections and numbered `[n] name (Category)` entries.
 * With `cacheStable: true`: no stamp, no sections, the rules numbered in the order they were
 * added, each entry `[n] CRITICAL name (Category)` or `[n] DEFAULT name (Category)`.
 * With `committed: true` (a file under version control): no `Generated:` stamp.
 *
 * @example
 * ```ts
 * new FormatManager().format("codex", { rules }, { now: "2025-10-04T20:00:00Z" }).content;
 * ```
 */
export const codexAdapter = defineAdapter<RuleSet, RulesOptions, MemoryRule>({
  id: "codex",
  formatType: "plain",
  capabilities: {
    toolName: "codex",
    formatType: "plain",
    maxContextTokens: 4096,
    supportsSections: true,
    supportsMarkdown: false,
    supportsPriorities: false,
    injectionMethod: "file",
  },
  input: RuleSetSchema,
  options: RulesOptionsSchema,
  items: (input, { report }) => ruleItems(input, report, { hasDetails: hasScopeOrCondition }),
  numbered: true,
  // What follows the number, from the bracket on: every form holds it, wherever it stands.
  minText: (rule, options) => `] ${entryText(rule, options.cacheStable)}`,
  renderItem: (rule, { position, form, options }) =>
    renderRule(rule, position, form, options.cacheStable),
  renderGroup: (key, { options }) =>
    !options.cacheStable && (key === "absolute" || key === "default") ? SECTIONS[key] : "",
  render({ input, included, skippedCount, item, footer = true }, { now, options }) {
    let content: string;
    if (options.cacheStable) {
      // No clock: the same rules give the same text at any time.
      content = `PROJECT CONTEXT RULES\n${STABLE_LEGEND}`;
      rulesInAdditionOrder(input, included).forEach((rule, index) => {
        content += item(rule, index + 1);
      });
    } else {
      // A committed file carries no clock: the same rules, the same bytes, on every run.
      const stamped = options.committed ? "" : `Generated: ${stamp(now)}\n`;
      content = `PROJECT CONTEXT RULES\n${stamped}\n`;
      content += renderNumberedSections(included, SECTIONS, item);
    }
    if (skippedCount > 0 && footer)
      content += `--- ${skippedCount} rules omitted due to context limits ---\n`;
    const metadata = ruleMetadata(input, included);
    return {
      content: endWithOneNewline(content),
      metadata: {
        ...metadata,
        ...(options.cacheStable ? { layout: CACHE_STABLE_LAYOUT } : {}),
        ...committedMetadata(options),
      },
    };
  },
  validate(content, ctx) {
    expectStart(content, "PROJECT CONTEXT RULES\n", ctx);
    // The cache-stable layout: no stamp, no sections, the absolute rules labelled CRITICAL.
    const stable = ctx.metadata.layout === CACHE_STABLE_LAYOUT;
    if (stable) expectLabelledEntries(content, /^\[\d+\] CRITICAL /, ctx);
    const sections = stable
      ? 0
      : (metaCount(ctx, "absoluteIncluded") > 0 ? 1 : 0) +
        (metaCount(ctx, "defaultIncluded") > 0 ? 1 : 0);
    checkStructure(
      codexStructure,
      content,
      {
        title: 1,
        generated: stable || ctx.metadata.committed === true ? 0 : 1,
        section: sections,
        entry: ctx.itemsIncluded,
        footer: ctx.itemsSkipped > 0 && ctx.footer !== false ? 1 : 0,
      },
      ctx,
    );
  },
});
