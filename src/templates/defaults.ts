import {
  arrayArgument,
  badArgument,
  optionsArgument,
  stringArgument,
} from "../problems/arguments.js";
import type { ContextTemplate } from "./template.js";

/** Variables available in header and footer templates. */
export const DOCUMENT_VARIABLES: Readonly<Record<string, string>> = {
  project_name: "Current project name (input `project.name`, else `Project`)",
  project_id: "Project identifier (input `project.id`, else `default`)",
  timestamp: "ISO 8601 timestamp of the `now` option",
  tool_name: "Target tool name",
  rules_count: "Total rules included",
  rules_skipped: "Rules left out over budget",
};

/** Variables available in rule templates, besides the document ones. */
export const RULE_VARIABLES: Readonly<Record<string, string>> = {
  number: "1-based position of the rule among included rules",
  rule_name: "Rule name",
  rule_text: "Rule content",
  category: "Category in Title Case",
  scope: "Comma-separated scopes (`any` when none)",
  authority: "Authority level (`absolute` or `default`)",
  source: "Where the rule came from (empty when unknown)",
  condition: "When the rule applies (empty when always)",
  priority: "Priority 0–100",
};

const variables = { ...DOCUMENT_VARIABLES, ...RULE_VARIABLES };

/** The original design's Claude Code template. */
export const CLAUDE_DEFAULT_TEMPLATE: ContextTemplate = Object.freeze({
  name: "claude_default",
  toolName: "claude",
  formatType: "markdown",
  headerTemplate:
    "# {project_name} Memory Rules\n\n**Generated:** {timestamp}\n**Project:** {project_id}\n\n",
  ruleTemplate: "- **{rule_name}**: {rule_text}\n  - Scope: {scope}\n  - Authority: {authority}\n",
  footerTemplate: "\n---\n*{rules_count} rules loaded from memory system.*\n",
  variables,
});

/** A plain-text Codex template in the style of the `codex` adapter. */
export const CODEX_DEFAULT_TEMPLATE: ContextTemplate = Object.freeze({
  name: "codex_default",
  toolName: "codex",
  formatType: "plain",
  headerTemplate: "PROJECT CONTEXT RULES: {project_name}\nGenerated: {timestamp}\n\n",
  ruleTemplate: "[{number}] {rule_name} ({category}, {authority})\n{rule_text}\nScope: {scope}\n\n",
  footerTemplate: "--- {rules_count} rules loaded, {rules_skipped} omitted ---\n",
  variables,
});

/** A Gemini system-instruction template in the style of the `gemini` adapter. */
export const GEMINI_DEFAULT_TEMPLATE: ContextTemplate = Object.freeze({
  name: "gemini_default",
  toolName: "gemini",
  formatType: "system_instruction",
  headerTemplate:
    "You are an AI assistant working on {project_name}. Follow these rules ({rules_count}):\n\n",
  ruleTemplate: "{number}. {rule_name} ({authority}): {rule_text}\n   [Scope: {scope}]\n\n",
  footerTemplate: "",
  variables,
});

/** The built-in templates, one per tool. */
export const defaultTemplates: readonly ContextTemplate[] = [
  CLAUDE_DEFAULT_TEMPLATE,
  CODEX_DEFAULT_TEMPLATE,
  GEMINI_DEFAULT_TEMPLATE,
];

/**
 * Picks the template for a tool: a project's own template first, then a custom one for the tool,
 * then the built-in default. Returns `undefined` when nothing matches the tool.
 *
 * @example
 * ```ts
 * const template = selectTemplate("claude", { projectId: "atlas", templates: myTemplates });
 * ```
 */
export function selectTemplate(
  toolName: string,
  options: { projectId?: string; templates?: readonly ContextTemplate[] } = {},
): ContextTemplate | undefined {
  stringArgument(toolName, "toolName");
  const { projectId, templates = [] } = optionsArgument(options);
  if (projectId !== undefined) stringArgument(projectId, "options.projectId");
  arrayArgument(templates, "options.templates").forEach((template, index) => {
    if (typeof template !== "object" || template === null) {
      badArgument(`options.templates[${index}]`, "a ContextTemplate", template);
    }
  });
  const forTool = templates.filter((template) => template.toolName === toolName);
  return (
    (projectId === undefined
      ? undefined
      : forTool.find((template) => template.projectId === projectId)) ??
    forTool.find((template) => template.projectId === undefined) ??
    defaultTemplates.find((template) => template.toolName === toolName)
  );
}
