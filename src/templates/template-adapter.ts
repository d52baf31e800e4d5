import type * as z from "zod/mini";
import { defineAdapter, type FormatAdapter, type FormatType } from "../formats/adapter.js";
import { escapeMarkdownInline, escapeTags, inlineField, titleCase } from "../formats/escape.js";
import { ruleItems, ruleMetadata, rulesInAdditionOrder } from "../formats/rules/rule-items.js";
import {
  CACHE_STABLE_LAYOUT,
  type CacheStableOptions,
  CacheStableOptionsSchema,
} from "../formats/stable.js";
import { countGenericStructure } from "../formats/structure.js";
import { type MemoryRule, type RuleSet, type RuleSetInput, RuleSetSchema } from "../model/rule.js";
import { badArgument, optionsArgument, stringArgument } from "../problems/arguments.js";
import { DOCUMENT_VARIABLES, RULE_VARIABLES } from "./defaults.js";
import { assertKnownVariables, type ContextTemplate, fillTemplate } from "./template.js";

const DOCUMENT_KEYS = Object.keys(DOCUMENT_VARIABLES);

/** Variables that change from call to call: before the last rule, they break a cached prefix. */
const VOLATILE_VARIABLES = ["timestamp", "rules_count", "rules_skipped"] as const;
const RULE_KEYS = [...DOCUMENT_KEYS, ...Object.keys(RULE_VARIABLES)];

/** Variables whose values are the input's own text; the others the library writes. */
const TEXT_FIELDS: ReadonlySet<string> = new Set([
  "project_name",
  "project_id",
  "rule_name",
  "rule_text",
  "scope",
  "source",
  "condition",
]);

/** Values for counting a template's own structure lines: text fields empty, the rest typical. */
function neutralValues(toolName: string): Record<string, string> {
  return {
    project_name: "",
    project_id: "",
    timestamp: "2000-01-01T00:00:00.000Z",
    tool_name: toolName,
    rules_count: "1",
    rules_skipped: "0",
    number: "1",
    rule_name: "",
    rule_text: "",
    category: "Behavior",
    scope: "",
    authority: "default",
    source: "",
    condition: "",
    priority: "50",
  };
}

/** Throws `InvalidInputError` naming the first field of `template` that is not as documented. */
function checkTemplate(template: ContextTemplate): void {
  if (typeof template !== "object" || template === null) {
    badArgument("template", "a ContextTemplate", template);
  }
  for (const key of [
    "name",
    "toolName",
    "headerTemplate",
    "ruleTemplate",
    "footerTemplate",
  ] as const) {
    stringArgument(template[key], `template.${key}`);
  }
  const { formatType } = template;
  if (
    formatType !== undefined &&
    formatType !== "markdown" &&
    formatType !== "plain" &&
    formatType !== "system_instruction"
  ) {
    badArgument("template.formatType", '"markdown" | "plain" | "system_instruction"', formatType);
  }
}

function defaultFormatType(toolName: string): FormatType {
  if (toolName === "claude") return "markdown";
  if (toolName === "gemini") return "system_instruction";
  return "plain";
}

/**
 * A template's format: takes a rule set (`RuleSetInput`), has no options of its own, and is
 * registered under `Id` (the template's name unless `options.id` says otherwise).
 */
export type TemplateAdapter<Id extends string = string> = FormatAdapter<
  RuleSet,
  CacheStableOptions,
  MemoryRule
> & {
  readonly id: Id;
  readonly input: z.core.$ZodType<RuleSet, RuleSetInput>;
  readonly options: z.core.$ZodType<CacheStableOptions, CacheStableOptions>;
};

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
export function defineTemplateAdapter<
  const Name extends string = string,
  const Id extends string = Name,
>(
  template: ContextTemplate & { readonly name: Name },
  options: { id?: Id } = {},
): TemplateAdapter<Id> {
  checkTemplate(template);
  const { id = template.name } = optionsArgument(options);
  stringArgument(id, "options.id");
  assertKnownVariables(template.headerTemplate, DOCUMENT_KEYS, "template.headerTemplate");
  assertKnownVariables(template.ruleTemplate, RULE_KEYS, "template.ruleTemplate");
  assertKnownVariables(template.footerTemplate, DOCUMENT_KEYS, "template.footerTemplate");
  const formatType = template.formatType ?? defaultFormatType(template.toolName);
  const volatile = VOLATILE_VARIABLES.filter((name) =>
    [template.headerTemplate, template.ruleTemplate].some((text) => text.includes(`{${name}}`)),
  );
  const nameText = (name: string) =>
    formatType === "markdown"
      ? escapeTags(escapeMarkdownInline(inlineField(name)))
      : inlineField(name);
  const fill = (part: string, values: Record<string, string>, path: string) =>
    fillTemplate(part, values, TEXT_FIELDS, path);
  // The template's own structure lines (text fields empty): the validator's upper bound, since a
  // field's text may never add one (a field that starts a line and would read as one is escaped).
  const neutral = neutralValues(template.toolName);
  const ownLines = {
    document:
      countGenericStructure(fill(template.headerTemplate, neutral, "template.headerTemplate")) +
      countGenericStructure(fill(template.footerTemplate, neutral, "template.footerTemplate")),
    rule: countGenericStructure(fill(template.ruleTemplate, neutral, "template.ruleTemplate")),
  };

  const documentValues = (input: RuleSet, now: Date, included: number, skipped: number) => ({
    project_name: inlineField(input.project?.name ?? "Project"),
    project_id: inlineField(input.project?.id ?? "default"),
    timestamp: now.toISOString(),
    tool_name: template.toolName,
    rules_count: String(included),
    rules_skipped: String(skipped),
  });

  // Rule blocks must end with a line break, so entries never run together and count additively.
  const renderRule = (rule: MemoryRule, position: number, document: Record<string, string>) => {
    const text = fill(
      template.ruleTemplate,
      {
        ...document,
        number: String(position),
        rule_name: nameText(rule.name),
        rule_text: inlineField(rule.rule),
        category: titleCase(rule.category),
        scope: rule.scope.length > 0 ? rule.scope.map(inlineField).join(", ") : "any",
        authority: rule.authority,
        source: inlineField(rule.source ?? ""),
        condition: inlineField(rule.conditions?.condition ?? ""),
        priority: String(rule.priority),
      },
      "template.ruleTemplate",
    );
    return text.endsWith("\n") ? text : `${text}\n`;
  };

  return defineAdapter<
    RuleSet,
    CacheStableOptions,
    MemoryRule,
    Id,
    TemplateAdapter["input"],
    TemplateAdapter["options"]
  >({
    id: id as Id,
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
      let content = fill(template.headerTemplate, document, "template.headerTemplate");
      const placed = options.cacheStable ? rulesInAdditionOrder(input, included) : included;
      placed.forEach((rule, index) => {
        content += renderRule(rule, index + 1, document);
      });
      if (footer) content += fill(template.footerTemplate, document, "template.footerTemplate");
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
      const most = ownLines.document + ownLines.rule * ctx.itemsIncluded;
      const found = countGenericStructure(content);
      if (found > most) {
        ctx.report({
          code: "invalid_structure",
          severity: "error",
          message: `${found} lines read as structure; the template writes at most ${most} for ${ctx.itemsIncluded} rule(s)`,
        });
      }
    },
  });
}
