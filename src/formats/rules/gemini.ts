import { NoOptionsSchema } from "../../model/no-options.js";
import { type MemoryRule, type RuleSet, RuleSetSchema } from "../../model/rule.js";
import { defineAdapter } from "../adapter.js";
import { inlineField } from "../escape.js";
import { checkStructure } from "../structure.js";
import {
  endWithOneNewline,
  expectStart,
  hasScopeOrCondition,
  metaCount,
  renderNumberedSections,
  ruleItems,
  ruleMetadata,
  ruleText,
} from "./rule-items.js";

const HEADER =
  "You are an AI assistant with the following context-specific rules and guidelines.\n\n";

const SECTIONS = {
  absolute: "MANDATORY RULES:\nYou MUST follow these rules without exception:\n\n",
  default: "RECOMMENDED GUIDELINES:\nFollow these guidelines unless explicitly overridden:\n\n",
} as const;

/**
 * `n. name: text` with `[Scope: …]` / `[Condition: …]` lines indented under it; the shorter form
 * (`form` 1) leaves those lines out.
 */
function renderRule(rule: MemoryRule, position: number, form: number): string {
  let text = `${position}. ${inlineField(rule.name)}: ${inlineField(rule.rule)}\n`;
  if (form > 0) return `${text}\n`;
  if (rule.scope.length > 0) text += `   [Scope: ${rule.scope.map(inlineField).join(", ")}]\n`;
  const condition = rule.conditions?.condition;
  if (condition) text += `   [Condition: ${inlineField(condition)}]\n`;
  return `${text}\n`;
}

/**
 * Gemini: a system instruction (`systemInstruction` / `GEMINI.md`). Starts `You are …`, then
 * `MANDATORY RULES:` and `RECOMMENDED GUIDELINES:` with rules numbered across both.
 *
 * @example
 * ```ts
 * new FormatManager().format("gemini", { rules }).content.startsWith("You are"); // true
 * ```
 */
export const geminiAdapter = defineAdapter<RuleSet, Record<string, never>, MemoryRule>({
  id: "gemini",
  formatType: "system_instruction",
  capabilities: {
    toolName: "gemini",
    formatType: "system_instruction",
    maxContextTokens: 32_000,
    supportsSections: true,
    supportsMarkdown: false,
    supportsPriorities: true,
    injectionMethod: "api",
  },
  input: RuleSetSchema,
  options: NoOptionsSchema,
  items: (input, { report }) => ruleItems(input, report, { hasDetails: hasScopeOrCondition }),
  numbered: true,
  minText: ruleText,
  renderItem: (rule, { position, form }) => renderRule(rule, position, form),
  renderGroup: (key) => (key === "absolute" || key === "default" ? SECTIONS[key] : ""),
  render({ input, included, item }) {
    const content = HEADER + renderNumberedSections(included, SECTIONS, item);
    return { content: endWithOneNewline(content), metadata: ruleMetadata(input, included) };
  },
  validate(content, ctx) {
    expectStart(content, "You are", ctx);
    checkStructure(
      "gemini",
      content,
      {
        "mandatory-section": metaCount(ctx, "absoluteIncluded") > 0 ? 1 : 0,
        "recommended-section": metaCount(ctx, "defaultIncluded") > 0 ? 1 : 0,
        entry: ctx.itemsIncluded,
      },
      ctx,
    );
  },
});
