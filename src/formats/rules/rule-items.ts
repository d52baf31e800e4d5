import { parseWith } from "../../model/parse.js";
import { type MemoryRule, type RuleSet, RuleSetSchema } from "../../model/rule.js";
import type { Issue } from "../../problems/issue.js";
import type { AdapterItem, Rendered, ValidationContext } from "../adapter.js";
import { hasUnsendable } from "../escape.js";
import { reportSanitized } from "../report-sanitized.js";
import { inAdditionOrder, placesIn } from "../stable.js";
import { countLines } from "../structure.js";

/** Whether any text field of the rule holds NUL or a lone surrogate (most rules have none). */
function hasUnsendableField(rule: MemoryRule): boolean {
  if (hasUnsendable(rule.name) || hasUnsendable(rule.rule)) return true;
  if (rule.source !== undefined && hasUnsendable(rule.source)) return true;
  const condition = rule.conditions?.condition;
  if (condition !== undefined && hasUnsendable(condition)) return true;
  return rule.scope.some(hasUnsendable);
}

/** Reports each text field that holds NUL or a lone surrogate (rendered as U+FFFD). */
function reportUnsendable(rule: MemoryRule, index: number, report: (issue: Issue) => void): void {
  // One quick test per field; the paths are built only for a rule that has such a field.
  if (!hasUnsendableField(rule)) return;
  const path = `rules[${index}]`;
  reportSanitized(report, `${path}.name`, rule.name);
  reportSanitized(report, `${path}.rule`, rule.rule);
  reportSanitized(report, `${path}.source`, rule.source);
  reportSanitized(report, `${path}.conditions.condition`, rule.conditions?.condition);
  for (const [at, scope] of rule.scope.entries()) {
    reportSanitized(report, `${path}.scope[${at}]`, scope);
  }
}

/** How a format's rules become items. */
export interface RuleItemsOptions {
  /**
   * Whether a rule also renders under a heading of its category (`absolute/behavior`, after its
   * section `absolute`), as Claude Code's layout does.
   */
  readonly categoryGroups?: boolean;
  /**
   * Whether the rule has lines the format can leave out to shorten it (Scope, Source,
   * Condition): such a rule has a second, shorter form, the rule alone.
   */
  readonly hasDetails?: (rule: MemoryRule) => boolean;
}

/**
 * What makes two rules the same rule: the same `id`, or with no id the same name, text, scope
 * and condition. Of the same rule given twice only the more important is kept. An id is its own
 * key (no new string per rule); the key of a rule without one starts with NUL and `[`, which no
 * id's key does: an id that starts with NUL gets a second one.
 */
function ruleKey(rule: MemoryRule): string {
  const { id } = rule;
  if (id !== undefined) return id.charCodeAt(0) === 0 ? `\0${id}` : id;
  return `\0${JSON.stringify([rule.name, rule.rule, rule.scope, rule.conditions?.condition ?? null])}`;
}

/** Scope or Condition: the lines every rule format writes under a rule. */
export function hasScopeOrCondition(rule: MemoryRule): boolean {
  return rule.scope.length > 0 || Boolean(rule.conditions?.condition);
}

/**
 * The groups of each rule, one array per section and category shared by all its rules: a list
 * of 10,000 rules has a handful of distinct group lists, so none is built per rule.
 */
function groupsOfRules(categoryGroups: boolean): (rule: MemoryRule) => readonly string[] {
  const bySection = new Map<string, Map<string, readonly string[]>>();
  const sectionOnly = new Map<string, readonly string[]>();
  return (rule) => {
    // The section a rule renders under is its authority: `absolute` or `default`.
    const section = rule.authority;
    if (!categoryGroups) {
      const known = sectionOnly.get(section);
      if (known) return known;
      const groups = [section];
      sectionOnly.set(section, groups);
      return groups;
    }
    let byCategory = bySection.get(section);
    if (!byCategory) {
      byCategory = new Map();
      bySection.set(section, byCategory);
    }
    const known = byCategory.get(rule.category);
    if (known) return known;
    const groups = [section, `${section}/${rule.category}`];
    byCategory.set(rule.category, groups);
    return groups;
  };
}

/**
 * The items of a rule set: absolute rules are required; priority and recency order the rest.
 * `groups` lists the rule's section, plus its category heading with `categoryGroups`. A rule
 * with details (`hasDetails`) has two forms: in full, and without its detail lines.
 */
export function ruleItems(
  input: RuleSet,
  report: (issue: Issue) => void,
  options: RuleItemsOptions = {},
): AdapterItem<MemoryRule>[] {
  const { hasDetails } = options;
  const groupsOf = groupsOfRules(options.categoryGroups === true);
  const { rules } = input;
  const items = new Array<AdapterItem<MemoryRule>>(rules.length);
  for (let index = 0; index < rules.length; index += 1) {
    const rule = rules[index] as MemoryRule;
    reportUnsendable(rule, index, report);
    const time = rule.createdAt?.getTime();
    // One object literal of one shape for every rule (no spreads): cheap to build and to read.
    items[index] = {
      id: rule.id ?? rule.name,
      path: `rules[${index}]`,
      value: rule,
      required: rule.authority === "absolute",
      priority: rule.priority,
      time: time !== undefined && !Number.isNaN(time) ? time : undefined,
      groups: groupsOf(rule),
      key: ruleKey(rule),
      forms: hasDetails?.(rule) ? 2 : 1,
    };
  }
  return items;
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

function countAbsolute(rules: readonly MemoryRule[]): number {
  let count = 0;
  for (const rule of rules) if (rule.authority === "absolute") count += 1;
  return count;
}

/** Metadata every rule format reports: input counts per authority and included counts. */
export function ruleMetadata(
  input: RuleSet,
  included: readonly MemoryRule[],
): NonNullable<Rendered["metadata"]> {
  const absoluteIncluded = countAbsolute(included);
  const absoluteRules = countAbsolute(input.rules);
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
  // The run's first line feed kept by slicing: adding one back would copy the whole text again
  // when it is next read.
  return end === content.length ? content : content.slice(0, end + 1);
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

/**
 * A rule format's input as the structure oracle counts it: the rules, and the detail lines under
 * them (Scope and Condition, and Source where the format writes it, `withSource`).
 */
export function ruleLines(
  input: unknown,
  withSource: boolean,
): { readonly rules: readonly MemoryRule[]; readonly fields: number } {
  const { rules } = parseWith(RuleSetSchema, input);
  let fields = 0;
  for (const rule of rules) {
    if (rule.scope.length > 0) fields += 1;
    if (rule.conditions?.condition) fields += 1;
    if (withSource && rule.source) fields += 1;
  }
  return { rules, fields };
}
