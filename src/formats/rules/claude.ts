import { NoOptionsSchema } from "../../model/no-options.js";
import { type MemoryRule, type RuleSet, RuleSetSchema } from "../../model/rule.js";
import { defineAdapter } from "../adapter.js";
import { escapeMarkdownInline, escapeTags, inlineField, inlineText, titleCase } from "../escape.js";
import { checkStructure } from "../structure.js";
import {
  endWithOneNewline,
  expectStart,
  hasScopeOrCondition,
  metaCount,
  ruleItems,
  ruleMetadata,
  ruleText,
  splitBySection,
} from "./rule-items.js";

const HEADER = "# Project Memory Rules\n\n**Auto-generated context from memory system**\n\n";

const SECTIONS = {
  absolute:
    "## CRITICAL RULES (Always Follow)\nThese rules are non-negotiable and must always be followed.\n\n",
  default:
    "## DEFAULT GUIDELINES (Unless Overridden)\nThese are recommended practices unless explicitly overridden by the user or PRD.\n\n",
} as const;

function categoryHeading(category: string): string {
  return `### ${titleCase(category)}\n`;
}

/** `- **name**: text`: the line every form of a rule starts with. */
function entryLine(rule: MemoryRule): string {
  const name = escapeTags(escapeMarkdownInline(inlineText(rule.name)));
  return `- **${name}**: ${inlineField(rule.rule)}\n`;
}

/**
 * `- **name**: text` with Scope / Source / Condition sub-bullets and a blank line after; the
 * shorter form (`form` 1) is the entry without its sub-bullets.
 */
function renderRule(rule: MemoryRule, form: number): string {
  let text = entryLine(rule);
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

/**
 * Claude Code: markdown for `CLAUDE.md`, `.claude/` context files or a system prompt. Absolute rules
 * under `## CRITICAL RULES (Always Follow)`, default ones under `## DEFAULT GUIDELINES (Unless
 * Overridden)`, each grouped by `### Category`, and a footer counting the rules left out. Short of
 * budget, a default rule loses its Scope / Source / Condition lines before it is left out.
 *
 * @example
 * ```ts
 * new FormatManager().format("claude", { rules }).content; // "# Project Memory Rules\n\n…"
 * ```
 */
export const claudeAdapter = defineAdapter<RuleSet, Record<string, never>, MemoryRule>({
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
  options: NoOptionsSchema,
  items: (input, { report }) =>
    ruleItems(input, report, {
      extraGroups: (rule) => [`${rule.authority}/${rule.category}`],
      hasDetails: (rule) => hasScopeOrCondition(rule) || Boolean(rule.source),
    }),
  minText: ruleText,
  renderItem: (rule, { form }) => renderRule(rule, form),
  renderGroup(key) {
    if (key === "absolute" || key === "default") return SECTIONS[key];
    return categoryHeading(key.slice(key.indexOf("/") + 1));
  },
  render({ input, included, skippedCount, item, footer = true }) {
    const sections = splitBySection(included);
    let content =
      HEADER +
      renderSection("absolute", sections.absolute, item) +
      renderSection("default", sections.default, item);
    if (skippedCount > 0 && footer) {
      content += `---\n*${skippedCount} additional rules skipped due to token budget constraints.*\n`;
    }
    return { content: endWithOneNewline(content), metadata: ruleMetadata(input, included) };
  },
  validate(content, ctx) {
    expectStart(content, "# Project Memory Rules", ctx);
    checkStructure(
      "claude",
      content,
      {
        title: 1,
        "critical-section": metaCount(ctx, "absoluteIncluded") > 0 ? 1 : 0,
        "default-section": metaCount(ctx, "defaultIncluded") > 0 ? 1 : 0,
        entry: ctx.itemsIncluded,
        footer: ctx.itemsSkipped > 0 && ctx.footer !== false ? 1 : 0,
      },
      ctx,
    );
  },
});
