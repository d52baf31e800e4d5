import { type MemoryRule, type RuleSet, RuleSetSchema } from "../../model/rule.js";
import { defineAdapter } from "../adapter.js";
import { inlineField } from "../escape.js";
import { CACHE_STABLE_LAYOUT } from "../stable.js";
import { checkStructure, DIGITS, defineStructure, GENERIC_RULES, lineRule } from "../structure.js";
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

const HEADER =
  "You are an AI assistant with the following context-specific rules and guidelines.\n\n";

const SECTIONS = {
  absolute: "MANDATORY RULES:\nYou MUST follow these rules without exception:\n\n",
  default: "RECOMMENDED GUIDELINES:\nFollow these guidelines unless explicitly overridden:\n\n",
} as const;

/** What the labels of the cache-stable layout mean: the two sections' intros, in one line. */
const STABLE_LEGEND =
  "Rules in the order they were added. You MUST follow MANDATORY rules without exception; follow RECOMMENDED guidelines unless explicitly overridden.\n\n";

const LABELS = { absolute: "[MANDATORY]", default: "[RECOMMENDED]" } as const;

/** `name: text` and its line feed, after the number: in every form of a rule's entry. */
function entryText(rule: MemoryRule, labelled = false): string {
  const label = labelled ? `${LABELS[rule.authority]} ` : "";
  return `${label}${inlineField(rule.name)}: ${inlineField(rule.rule)}\n`;
}

/**
 * `n. name: text` with `[Scope: …]` / `[Condition: …]` lines indented under it; the shorter form
 * (`form` 1) leaves those lines out.
 */
function renderRule(rule: MemoryRule, position: number, form: number, labelled = false): string {
  let text = `${position}. ${entryText(rule, labelled)}`;
  if (form > 0) return `${text}\n`;
  if (rule.scope.length > 0) text += `   [Scope: ${rule.scope.map(inlineField).join(", ")}]\n`;
  const condition = rule.conditions?.condition;
  if (condition) text += `   [Condition: ${inlineField(condition)}]\n`;
  return `${text}\n`;
}

/** The lines of Gemini's system instruction; the cache-stable layout has no sections. */
export const geminiStructure = defineStructure({
  id: "gemini",
  own: [
    lineRule("mandatory-section", "section", /^MANDATORY RULES:$/, "M", {
      label: '"MANDATORY RULES:" lines',
    }),
    lineRule("recommended-section", "section", /^RECOMMENDED GUIDELINES:$/, "R", {
      label: '"RECOMMENDED GUIDELINES:" lines',
    }),
    lineRule("entry", "entry", /^\d+\. /, DIGITS, { label: "rule entries" }),
    lineRule("field", "field", /^\[(?:Scope|Condition): /, "[", { indent: "   " }),
  ],
  foreign: GENERIC_RULES,
  allowed(input, { cacheStable }) {
    const { rules, fields } = ruleLines(input, false);
    const sections = cacheStable ? 0 : 1;
    return {
      "mandatory-section": sections,
      "recommended-section": sections,
      entry: rules.length,
      field: fields,
    };
  },
});

/**
 * Gemini: a system instruction (`systemInstruction` / `GEMINI.md`). Starts `You are …`, then
 * `MANDATORY RULES:` and `RECOMMENDED GUIDELINES:` with rules numbered across both. With
 * `cacheStable: true`: one list numbered in the order the rules were added, each entry
 * `n. [MANDATORY] name: text` or `n. [RECOMMENDED] name: text`. `committed: true` changes nothing:
 * the text has no timestamp and its first line is an instruction, not a generator's note.
 *
 * @example
 * ```ts
 * new FormatManager().format("gemini", { rules }).content.startsWith("You are"); // true
 * ```
 */
export const geminiAdapter = defineAdapter<RuleSet, RulesOptions, MemoryRule>({
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
  options: RulesOptionsSchema,
  items: (input, { report }) => ruleItems(input, report, { hasDetails: hasScopeOrCondition }),
  numbered: true,
  // What follows the number, from the dot on: every form holds it, wherever it stands.
  minText: (rule, options) => `. ${entryText(rule, options.cacheStable)}`,
  renderItem: (rule, { position, form, options }) =>
    renderRule(rule, position, form, options.cacheStable),
  renderGroup: (key, { options }) =>
    !options.cacheStable && (key === "absolute" || key === "default") ? SECTIONS[key] : "",
  render({ input, included, item }, { options }) {
    let content = HEADER;
    if (options.cacheStable) {
      content += STABLE_LEGEND;
      rulesInAdditionOrder(input, included).forEach((rule, index) => {
        content += item(rule, index + 1);
      });
    } else {
      content += renderNumberedSections(included, SECTIONS, item);
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
    expectStart(content, "You are", ctx);
    // The cache-stable layout: no sections, the absolute rules labelled [MANDATORY].
    const stable = ctx.metadata.layout === CACHE_STABLE_LAYOUT;
    if (stable) expectLabelledEntries(content, /^\d+\. \[MANDATORY\] /, ctx);
    checkStructure(
      geminiStructure,
      content,
      {
        "mandatory-section": !stable && metaCount(ctx, "absoluteIncluded") > 0 ? 1 : 0,
        "recommended-section": !stable && metaCount(ctx, "defaultIncluded") > 0 ? 1 : 0,
        entry: ctx.itemsIncluded,
      },
      ctx,
    );
  },
});
