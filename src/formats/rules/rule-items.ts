import type { MemoryRule, RuleSet } from "../../model/rule.js";
import type { Issue } from "../../problems/issue.js";
import type { AdapterItem, Rendered, ValidationContext } from "../adapter.js";
import { inlineField } from "../escape.js";
import { reportSanitized } from "../report-sanitized.js";
import { inAdditionOrder, placesIn } from "../stable.js";
import { countLines } from "../structure.js";

/** Reports each text field that holds NUL or a lone surrogate (rendered as U+FFFD). */
function reportUnsendable(rule: MemoryRule, path: string, report: (issue: Issue) => void): void {
  reportSanitized(report, `${path}.name`, rule.name);
  reportSanitized(report, `${path}.rule`, rule.rule);
  reportSanitized(report, `${path}.source`, rule.source);
  reportSanitized(report, `${path}.conditions.condition`, rule.conditions?.condition);
  for (const [index, scope] of rule.scope.entries()) {
    reportSanitized(report, `${path}.scope[${index}]`, scope);
  }
}

/** How a format's rules become items. */
export interface RuleItemsOptions {
  /** Groups besides the rule's section (e.g. its category heading). */
  readonly extraGroups?: (rule: MemoryRule) => readonly string[];
  /**
   * Whether the rule has lines the format can leave out to shorten it (Scope, Source,
   * Condition): such a rule has a second, shorter form, the rule alone.
   */
  readonly hasDetails?: (rule: MemoryRule) => boolean;
}

/**
 * What makes two rules the same rule: the same `id`, or with no id the same name, text, scope
 * and condition. Of the same rule given twice only the more important is kept.
 */
function ruleKey(rule: MemoryRule): string {
  if (rule.id !== undefined) return `id:${rule.id}`;
  return JSON.stringify([rule.name, rule.rule, rule.scope, rule.conditions?.condition ?? null]);
}

/** Scope or Condition: the lines every rule format writes under a rule. */
export function hasScopeOrCondition(rule: MemoryRule): boolean {
  return rule.scope.length > 0 || Boolean(rule.conditions?.condition);
}

/**
 * The items of a rule set: absolute rules are required; priority and recency order the rest.
 * `groups` lists the rule's section, plus `extraGroups` (e.g. its category heading). A rule with
 * details (`hasDetails`) has two forms: in full, and without its detail lines.
 */
export function ruleItems(
  input: RuleSet,
  report: (issue: Issue) => void,
  options: RuleItemsOptions = {},
): AdapterItem<MemoryRule>[] {
  const { extraGroups, hasDetails } = options;
  return input.rules.map((rule, index) => {
    reportUnsendable(rule, `rules[${index}]`, report);
    const time = rule.createdAt?.getTime();
    return {
      id: rule.id ?? rule.name,
      path: `rules[${index}]`,
      value: rule,
      required: rule.authority === "absolute",
      priority: rule.priority,
      ...(time !== undefined && !Number.isNaN(time) ? { time } : {}),
      // The section a rule renders under is its authority: `absolute` or `default`.
      groups: [rule.authority, ...(extraGroups?.(rule) ?? [])],
      key: ruleKey(rule),
      ...(hasDetails?.(rule) ? { forms: 2 } : {}),
    };
  });
}

/**
 * The rule text as every rule format writes it, in each of a rule's forms (tags escaped, as
 * each writes them; codex may put a backslash before it, which leaves it whole).
 */
export function ruleText(rule: MemoryRule): string {
  return inlineField(rule.rule);
}

/** Splits the included rules by section, keeping their order. */
export function splitBySection(rules: readonly MemoryRule[]): {
  absolute: MemoryRule[];
  default: MemoryRule[];
} {
  const absolute: MemoryRule[] = [];
  const fallback: MemoryRule[] = [];
  for (const rule of rules) (rule.authority === "absolute" ? absolute : fallback).push(rule);
  return { absolute, default: fallback };
}

/** Metadata every rule format reports: input counts per authority and included counts. */
export function ruleMetadata(
  input: RuleSet,
  included: readonly MemoryRule[],
): NonNullable<Rendered["metadata"]> {
  const absoluteIncluded = included.filter((rule) => rule.authority === "absolute").length;
  const absoluteRules = input.rules.filter((rule) => rule.authority === "absolute").length;
  return {
    absoluteRules,
    defaultRules: input.rules.length - absoluteRules,
    absoluteIncluded,
    defaultIncluded: included.length - absoluteIncluded,
  };
}

/** Drops the run of blank lines a last entry leaves, so content ends with exactly one `\n`. */
export function endWithOneNewline(content: string): string {
  let end = content.length;
  while (end > 0 && content.charCodeAt(end - 1) === 10) end -= 1;
  return end === content.length ? content : `${content.slice(0, end)}\n`;
}

/** Reports `invalid_structure` unless the content starts with the format's fixed opening. */
export function expectStart(content: string, opening: string, ctx: ValidationContext): void {
  if (content.startsWith(opening)) return;
  ctx.report({
    code: "invalid_structure",
    severity: "error",
    message: `content must start with ${JSON.stringify(opening)}`,
  });
}

/** Reads a number from adapter metadata (0 when absent). */
export function metaCount(ctx: ValidationContext, key: string): number {
  const value = ctx.metadata[key];
  return typeof value === "number" ? value : 0;
}

/**
 * Renders the included rules section by section (absolute, then default), each under its heading
 * and numbered across both sections, as the plain-text formats do.
 */
export function renderNumberedSections(
  included: readonly MemoryRule[],
  headings: Readonly<Record<"absolute" | "default", string>>,
  renderRule: (rule: MemoryRule, position: number) => string,
): string {
  const sections = splitBySection(included);
  let text = "";
  let position = 0;
  for (const key of ["absolute", "default"] as const) {
    if (sections[key].length === 0) continue;
    text += headings[key];
    for (const rule of sections[key]) {
      position += 1;
      text += renderRule(rule, position);
    }
  }
  return text;
}

/**
 * The included rules in the order they were added (the cache-stable layouts): undated rules
 * first in input order, then by `createdAt`, equal times by id (or name).
 */
export function rulesInAdditionOrder(
  input: RuleSet,
  included: readonly MemoryRule[],
): MemoryRule[] {
  const place = placesIn(input.rules);
  return inAdditionOrder(included, (rule) => {
    const time = rule.createdAt?.getTime();
    return {
      time: time !== undefined && !Number.isNaN(time) ? time : undefined,
      id: rule.id ?? rule.name,
      index: place(rule),
    };
  });
}

/**
 * Checks a cache-stable layout's labels: as many entries carrying the absolute label (`labelled`,
 * a pattern anchored at the line start) as absolute rules were included.
 */
export function expectLabelledEntries(
  content: string,
  labelled: RegExp,
  ctx: ValidationContext,
): void {
  const want = metaCount(ctx, "absoluteIncluded");
  const found = countLines(content, labelled);
  if (found === want) return;
  ctx.report({
    code: "invalid_structure",
    severity: "error",
    message: `expected ${want} absolute rule labels, found ${found}`,
  });
}
