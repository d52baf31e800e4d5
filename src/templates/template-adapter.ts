import { defineAdapter, type FormatAdapter, type FormatType } from "../formats/adapter.js";
import { escapeMarkdownInline, inlineText, titleCase } from "../formats/escape.js";
import { ruleItems, ruleMetadata } from "../formats/rules/rule-items.js";
import { NoOptionsSchema } from "../model/no-options.js";
import { type MemoryRule, type RuleSet, RuleSetSchema } from "../model/rule.js";
import { DOCUMENT_VARIABLES, RULE_VARIABLES } from "./defaults.js";
import { assertKnownVariables, type ContextTemplate, renderTemplate } from "./template.js";

const DOCUMENT_KEYS = Object.keys(DOCUMENT_VARIABLES);
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
): FormatAdapter<RuleSet, Record<string, never>, MemoryRule> {
  assertKnownVariables(template.headerTemplate, DOCUMENT_KEYS, "template.headerTemplate");
  assertKnownVariables(template.ruleTemplate, RULE_KEYS, "template.ruleTemplate");
  assertKnownVariables(template.footerTemplate, DOCUMENT_KEYS, "template.footerTemplate");
  const formatType = template.formatType ?? defaultFormatType(template.toolName);
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

  return defineAdapter<RuleSet, Record<string, never>, MemoryRule>({
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
    options: NoOptionsSchema,
    items: (input, { report }) => ruleItems(input, report),
    renderItem: (rule, { position, now }) =>
      renderRule(rule, position, documentValues({ rules: [] }, now, 0, 0)),
    render({ input, included, skippedCount, footer = true }, { now }) {
      const document = documentValues(input, now, included.length, skippedCount);
      let content = renderTemplate(template.headerTemplate, document, "template.headerTemplate");
      included.forEach((rule, index) => {
        content += renderRule(rule, index + 1, document);
      });
      if (footer) {
        content += renderTemplate(template.footerTemplate, document, "template.footerTemplate");
      }
      return { content, metadata: { ...ruleMetadata(input, included), template: template.name } };
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
