import { type MemoryRule, type RuleSet, RuleSetSchema } from "../../model/rule.js";
import { defineAdapter } from "../adapter.js";
import { escapeMarkdownInline, escapeTags, inlineField, inlineText, titleCase } from "../escape.js";
import { CACHE_STABLE_LAYOUT } from "../stable.js";
import { checkStructure, defineStructure, GENERIC_RULES, lineRule } from "../structure.js";
import {
  endWithOneNewline,
  expectLabelledEntries,
  expectStart,
  hasScopeOrCondition,
  metaCount,
  ruleItems,
  ruleLines,
  ruleMetadata,
  rulesInAdditionOrder,
  splitBySection,
} from "./rule-items.js";
import { committedMetadata, type RulesOptions, RulesOptionsSchema } from "./rules-options.js";

const TITLE = "# Project Memory Rules\n\n";
/** The generator's line under the title; a committed file leaves it out (see `committed`). */
const GENERATOR = "**Auto-generated context from memory system**\n\n";

const SECTIONS = {
  absolute:
    "## CRITICAL RULES (Always Follow)\nThese rules are non-negotiable and must always be followed.\n\n",
  default:
    "## DEFAULT GUIDELINES (Unless Overridden)\nThese are recommended practices unless explicitly overridden by the user or PRD.\n\n",
} as const;

/** What the labels of the cache-stable layout mean: the two sections' intros, in one line. */
const STABLE_LEGEND =
  "Rules in the order they were added. CRITICAL rules are non-negotiable and must always be followed; DEFAULT guidelines are recommended practices unless explicitly overridden by the user or PRD.\n\n";

const LABELS = { absolute: "CRITICAL", default: "DEFAULT" } as const;

function categoryHeading(category: string): string {
  return `### ${titleCase(category)}\n`;
}

/** `- **name**: text` and its line feed: the first line of every form of a rule's entry. */
function entryLine(rule: MemoryRule, labelled = false): string {
  const name = escapeTags(escapeMarkdownInline(inlineText(rule.name)));
  const label = labelled ? ` (${LABELS[rule.authority]}, ${titleCase(rule.category)})` : "";
  return `- **${name}**${label}: ${inlineField(rule.rule)}\n`;
}

/**
 * `- **name**: text` with Scope / Source / Condition sub-bullets and a blank line after; the
 * shorter form (`form` 1) is the entry without its sub-bullets. `labelled` (the cache-stable
 * layout) writes the authority and category after the name, in place of the section headings.
 */
function renderRule(rule: MemoryRule, form: number, labelled = false): string {
  let text = entryLine(rule, labelled);
  if (form > 0) return `${text}\n`;
  if (rule.scope.length > 0) text += `  - Scope: ${rule.scope.map(inlineField).join(", ")}\n`;
  if (rule.source) text += `  - Source: ${inlineField(rule.source)}\n`;
  const condition = rule.conditions?.condition;
  if (condition) text += `  - Condition: ${inlineField(condition)}\n`;
  return `${text}\n`;
}

function renderSection(
  key: "absolute" | "default",
  rules: readonly MemoryRule[],
  item: (rule: MemoryRule, position: number) => string,
): string {
  if (rules.length === 0) return "";
  const byCategory = new Map<string, MemoryRule[]>();
  for (const rule of rules) {
    const list = byCategory.get(rule.category);
    if (list) list.push(rule);
    else byCategory.set(rule.category, [rule]);
  }
  let text = SECTIONS[key];
  for (const category of [...byCategory.keys()].sort()) {
    text += categoryHeading(category);
    for (const rule of byCategory.get(category) ?? []) text += item(rule, 0);
  }
  return text;
}

/** The lines of Claude Code's markdown; the cache-stable layout has no sections or categories. */
export const claudeStructure = defineStructure({
  id: "claude",
  own: [
    lineRule("title", "heading", /^# Project Memory Rules$/, "#", {
      label: '"# Project Memory Rules" headings',
    }),
    lineRule("critical-section", "section", /^## CRITICAL RULES \(Always Follow\)$/, "#", {
      label: '"## CRITICAL RULES" headings',
    }),
    lineRule("default-section", "section", /^## DEFAULT GUIDELINES \(Unless Overridden\)$/, "#", {
      label: '"## DEFAULT" headings',
    }),
    lineRule("category", "heading", /^### \S/, "#", { label: "category headings" }),
    lineRule("entry", "entry", /^- \*\*/, "-", { label: "rule entries" }),
    lineRule("field", "field", /^- (?:Scope|Source|Condition): /, "-", { indent: "  " }),
    lineRule("footer", "section", /^---$/, "-", { label: "skipped-rules footers" }),
  ],
  foreign: GENERIC_RULES,
  allowed(input, { cacheStable }) {
    const { rules, fields } = ruleLines(input, true);
    const sections = cacheStable ? 0 : 1;
    const categories = new Set(rules.map((rule) => `${rule.authority}/${rule.category}`)).size;
    return {
      title: 1,
      "critical-section": sections,
      "default-section": sections,
      category: cacheStable ? 0 : categories,
      footer: 1,
      entry: rules.length,
      field: fields,
    };
  },
});

/**
 * Claude Code: markdown for `CLAUDE.md`, `.claude/` context files or a system prompt. Absolute rules
 * under `## CRITICAL RULES (Always Follow)`, default ones under `## DEFAULT GUIDELINES (Unless
 * Overridden)`, each grouped by `### Category`, and a footer counting the rules left out. Short of
 * budget, a default rule loses its Scope / Source / Condition lines before it is left out.
 * With `cacheStable: true`: one list in the order the rules were added, each entry labelled
 * `(CRITICAL, Behavior)` or `(DEFAULT, Preference)` after a line saying what the labels mean.
 * With `committed: true` (a file under version control): no "Auto-generated…" line.
 *
 * @example
 * ```ts
 * new FormatManager().format("claude", { rules }).content; // "# Project Memory Rules\n\n…"
 * ```
 */
export const claudeAdapter = defineAdapter<RuleSet, RulesOptions, MemoryRule>({
  id: "claude",
  formatType: "markdown",
  capabilities: {
    toolName: "claude",
    formatType: "markdown",
    maxContextTokens: 100_000,
    supportsSections: true,
    supportsMarkdown: true,
    supportsPriorities: true,
    injectionMethod: "file",
  },
  input: RuleSetSchema,
  options: RulesOptionsSchema,
  items: (input, { report }) =>
    ruleItems(input, report, {
      categoryGroups: true,
      hasDetails: (rule) => hasScopeOrCondition(rule) || Boolean(rule.source),
    }),
  minText: (rule, options) => entryLine(rule, options.cacheStable),
  // Entries are not numbered, so every rule has one text per form whatever its position.
  renderItem: (rule, { form, options }) => renderRule(rule, form, options.cacheStable),
  renderGroup(key, { options }) {
    if (options.cacheStable) return "";
    if (key === "absolute" || key === "default") return SECTIONS[key];
    return categoryHeading(key.slice(key.indexOf("/") + 1));
  },
  render({ input, included, skippedCount, item, footer = true }, { options }) {
    const header = options.committed ? TITLE : TITLE + GENERATOR;
    let content: string;
    if (options.cacheStable) {
      content = header + STABLE_LEGEND;
      for (const rule of rulesInAdditionOrder(input, included)) content += item(rule, 0);
    } else {
      const sections = splitBySection(included);
      content =
        header +
        renderSection("absolute", sections.absolute, item) +
        renderSection("default", sections.default, item);
    }
    if (skippedCount > 0 && footer) {
      content += `---\n*${skippedCount} additional rules skipped due to token budget constraints.*\n`;
    }
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
    expectStart(content, "# Project Memory Rules", ctx);
    const stable = ctx.metadata.layout === CACHE_STABLE_LAYOUT;
    // The cache-stable layout has one heading and no sections: every rule an entry, the
    // absolute ones labelled CRITICAL.
    if (stable) expectLabelledEntries(content, /^- \*\*(?:[^*\\]|\\.)*\*\* \(CRITICAL, /, ctx);
    checkStructure(
      claudeStructure,
      content,
      {
        title: 1,
        "critical-section": !stable && metaCount(ctx, "absoluteIncluded") > 0 ? 1 : 0,
        "default-section": !stable && metaCount(ctx, "defaultIncluded") > 0 ? 1 : 0,
        ...(stable ? { category: 0 } : {}),
        entry: ctx.itemsIncluded,
        footer: ctx.itemsSkipped > 0 && ctx.footer !== false ? 1 : 0,
      },
      ctx,
    );
  },
});
