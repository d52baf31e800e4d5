import { defineAdapter, type FormatAdapter, type FormatType } from "../formats/adapter.js";
import { escapeMarkdownInline, inlineText, titleCase } from "../formats/escape.js";
import { ruleItems, ruleMetadata, rulesInAdditionOrder } from "../formats/rules/rule-items.js";
import {
  CACHE_STABLE_LAYOUT,
  type CacheStableOptions,
  CacheStableOptionsSchema,
} from "../formats/stable.js";
import { type MemoryRule, type RuleSet, RuleSetSchema } from "../model/rule.js";
import { DOCUMENT_VARIABLES, RULE_VARIABLES } from "./defaults.js";
import { assertKnownVariables, type ContextTemplate, renderTemplate } from "./template.js";

const DOCUMENT_KEYS = Object.keys(DOCUMENT_VARIABLES);

/** Variables that change from call to call: before the last rule, they break a cached prefix. */
const VOLATILE_VARIABLES = ["timestamp", "rules_count", "rules_skipped"] as const;
const RULE_KEYS = [...DOCUMENT_KEYS, ...Object.keys(RULE_VARIABLES)];

function defaultFormatType(toolName: string): FormatType {
  if (toolName === "claude") return "markdown";
  if (toolName === "gemini") return "system_instruction";
  return "plain";
}

/**
 * Turns a {@link ContextTemplate} into a format adapter for rule sets, so a custom or per-project
 * template is registered and run like any built-in format (budget, counting, checks included).
 * Templates are checked up front: an unknown `{variable}` throws `InvalidInputError` naming it.
 * With `cacheStable: true` the rules are placed in the order they were added; a `{timestamp}`,
 * `{rules_count}` or `{rules_skipped}` in the header or rule template is reported
 * (`cache_unstable`): it changes the text before the newest rule on every call.
 *
 * @example
 * ```ts
 * const manager = new FormatManager().register(defineTemplateAdapter(CLAUDE_DEFAULT_TEMPLATE));
 * manager.format("claude_default", { rules, project: { name: "Atlas", id: "atlas" } });
 * ```
 */
export function defineTemplateAdapter(
  template: ContextTemplate,
  { id = template.name }: { id?: string } = {},
): FormatAdapter<RuleSet, CacheStableOptions, MemoryRule> {
  assertKnownVariables(template.headerTemplate, DOCUMENT_KEYS, "template.headerTemplate");
  assertKnownVariables(template.ruleTemplate, RULE_KEYS, "template.ruleTemplate");
  assertKnownVariables(template.footerTemplate, DOCUMENT_KEYS, "template.footerTemplate");
  const formatType = template.formatType ?? defaultFormatType(template.toolName);
  const volatile = VOLATILE_VARIABLES.filter((name) =>
    [template.headerTemplate, template.ruleTemplate].some((text) => text.includes(`{${name}}`)),
  );
  const nameText = (name: string) =>
    formatType === "markdown" ? escapeMarkdownInline(inlineText(name)) : inlineText(name);

  const documentValues = (input: RuleSet, now: Date, included: number, skipped: number) => ({
    project_name: inlineText(input.project?.name ?? "Project"),
    project_id: inlineText(input.project?.id ?? "default"),
    timestamp: now.toISOString(),
    tool_name: template.toolName,
    rules_count: String(included),
    rules_skipped: String(skipped),
  });

  // Rule blocks must end with a line break, so entries never run together and count additively.
  const renderRule = (rule: MemoryRule, position: number, document: Record<string, string>) => {
    const text = renderTemplate(
      template.ruleTemplate,
      {
        ...document,
        number: String(position),
        rule_name: nameText(rule.name),
        rule_text: inlineText(rule.rule),
        category: titleCase(rule.category),
        scope: rule.scope.length > 0 ? rule.scope.map(inlineText).join(", ") : "any",
        authority: rule.authority,
        source: inlineText(rule.source ?? ""),
        condition: inlineText(rule.conditions?.condition ?? ""),
        priority: String(rule.priority),
      },
      "template.ruleTemplate",
    );
    return text.endsWith("\n") ? text : `${text}\n`;
  };

  return defineAdapter<RuleSet, CacheStableOptions, MemoryRule>({
    id,
    formatType,
    capabilities: {
      toolName: template.toolName,
      formatType,
      maxContextTokens: 100_000,
      supportsSections: false,
      supportsMarkdown: formatType === "markdown",
      supportsPriorities: true,
      injectionMethod: "file",
    },
    input: RuleSetSchema,
    options: CacheStableOptionsSchema,
    items(input, { report, options }) {
      if (options.cacheStable && volatile.length > 0 && input.rules.length > 0) {
        report({
          code: "cache_unstable",
          severity: "warning",
          path: "template",
          message: `${volatile.map((name) => `{${name}}`).join(", ")} before the last rule changes from call to call: the text after it cannot be cached; move it to the footer`,
        });
      }
      return ruleItems(input, report);
    },
    renderItem: (rule, { position, now }) =>
      renderRule(rule, position, documentValues({ rules: [] }, now, 0, 0)),
    render({ input, included, skippedCount, footer = true }, { now, options }) {
      const document = documentValues(input, now, included.length, skippedCount);
      let content = renderTemplate(template.headerTemplate, document, "template.headerTemplate");
      const placed = options.cacheStable ? rulesInAdditionOrder(input, included) : included;
      placed.forEach((rule, index) => {
        content += renderRule(rule, index + 1, document);
      });
      if (footer) {
        content += renderTemplate(template.footerTemplate, document, "template.footerTemplate");
      }
      const metadata = { ...ruleMetadata(input, included), template: template.name };
      if (!options.cacheStable) return { content, metadata };
      return { content, metadata: { ...metadata, layout: CACHE_STABLE_LAYOUT } };
    },
    validate(content, ctx) {
      if (ctx.itemsIncluded > 0 && content.trim() === "") {
        ctx.report({
          code: "empty_output",
          severity: "error",
          message: "template produced no text",
        });
      }
    },
  });
}
