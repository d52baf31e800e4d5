import type * as z from "zod/mini";
import { inlineText } from "../formats/escape.js";
import { userBlockAdapter } from "../formats/project/combined.js";
import type { FormattedContext } from "../manager/formatted-context.js";
import { CounterOption, NowOption } from "../manager/options.js";
import { runPipeline } from "../manager/pipeline.js";
import { summaryIssues } from "../manager/report.js";
import * as d from "../model/declare.js";
import { parseWith } from "../model/parse.js";
import type { ProjectContext, ProjectContextInput } from "../model/project.js";
import { type UserFact, type UserFactsInput, UserFactsSchema } from "../model/user.js";
import { optionsArgument } from "../problems/arguments.js";
import type { Issue } from "../problems/issue.js";
import { repeatsFact, withoutSentences, workingOnSearch } from "../project/overlap.js";
import { defaultCounter } from "../tokens/heuristic.js";
import { budgetOption } from "./budget-option.js";
import {
  DEFAULT_PROJECT_TOKENS,
  fitProjects,
  type ProjectContextResult,
  ProjectMarkupOption,
  parseProjects,
} from "./project-context.js";

const budget = d.int(d.gte(0, { error: "expected an integer >= 0" }));

/** Options of {@link buildCombinedContext} (the `user` and `projects` besides). */
export const CombinedOptionsSchema = d.strictObject({
  user: d.optional(d.nullable(UserFactsSchema)),
  now: NowOption,
  counter: CounterOption,
  /** The whole text: USER block, blank line, PROJECT block(s); default 500. */
  budget: d.optional(budget),
  /** The PROJECT block(s) alone; default 175. */
  projectBudget: d.optional(budget),
  /** The USER block alone; default 300. */
  userBudget: d.optional(budget),
  /** @deprecated The old name of `budget`. */
  maxTokens: d.optional(budget),
  /** @deprecated The old name of `projectBudget`. */
  projectMaxTokens: d.optional(budget),
  /** @deprecated The old name of `userBudget`. */
  userMaxTokens: d.optional(budget),
  /** Facts with a lower confidence are left out. */
  minConfidence: d._default(
    d.number(
      d.gte(0, { error: "expected a number >= 0" }),
      d.lte(1, { error: "expected a number <= 1" }),
    ),
    0.5,
  ),
  /** `markdown`: a `### User: …` heading and `### Project: …` headings instead of XML blocks. */
  markup: ProjectMarkupOption,
});

/** Input of {@link buildCombinedContext}. */
export type CombinedContextInput = Omit<z.input<typeof CombinedOptionsSchema>, "user"> & {
  readonly user?: UserFactsInput | null;
  readonly projects?: ProjectContextInput | readonly ProjectContextInput[] | null;
};

/** Project notes that repeat a user preference or constraint go: the USER block says them. */
function withoutRepeatedNotes(
  projects: readonly ProjectContext[],
  repeats: (note: string) => boolean,
  issues: Issue[],
): ProjectContext[] {
  return projects.map((project, index) => {
    const notes = project.notes.filter((note, noteIndex) => {
      if (!repeats(note)) return true;
      issues.push({
        code: "duplicate_removed",
        severity: "info",
        path: `projects[${index}].notes[${noteIndex}]`,
        message: "repeats a user preference or constraint; the USER block says it",
      });
      return false;
    });
    return { ...project, notes };
  });
}

/** Why a fact is left out before fitting, as an issue code and message; `undefined` to keep it. */
function leftOutFact(
  fact: UserFact,
  text: string,
  hasProjects: boolean,
  minConfidence: number,
): [string, string] | undefined {
  if (fact.confidence < minConfidence) {
    return ["item_skipped", `confidence ${fact.confidence} is under ${minConfidence}`];
  }
  if (hasProjects && fact.category === "task") {
    return ["duplicate_removed", "a current-task fact; the PROJECT block's TODOs take precedence"];
  }
  return text === "" ? ["duplicate_removed", "says what the PROJECT block says"] : undefined;
}

/**
 * `<USER id="…">` with the user's facts, a blank line, then the PROJECT block(s): about 400–500
 * tokens in all (`budget`, default 500; the PROJECT blocks get up to `projectBudget`, 175, the
 * USER block up to `userBudget`, 300). Overlaps are resolved as the original design says: tech skills and the project's stack
 * both stay; the current task is the PROJECT's (user facts saying "working on <project>" and
 * `task` facts are dropped); preferences and constraints are the USER's (project notes repeating
 * them are dropped). Facts under `minConfidence` (0.5) are left out; every removal is reported.
 * When the USER block is short of room the least confident facts are left out first.
 * `markup: "markdown"` writes a `### User: david` heading with the facts as `- ` entries, a blank
 * line, then `formatProjectContext`'s markdown project headings: no `<`/`>` markup of its own.
 *
 * @example
 * ```ts
 * buildCombinedContext({ user: { userId: "david", facts: ["Expert in Python"] },
 *   projects: [project], now: "2026-01-25T10:00:00Z" }).content;
 * // '<USER id="david">\n- Expert in Python\n</USER>\n\n<PROJECT name="SAM Terminal" …'
 * ```
 */
export function buildCombinedContext(input: CombinedContextInput = {}): ProjectContextResult {
  const { projects: rawProjects, ...rest } = optionsArgument(input, "input");
  const options = parseWith(CombinedOptionsSchema, rest);
  const budget = budgetOption(options, "budget", "maxTokens", 500);
  const projectBudget = budgetOption(
    options,
    "projectBudget",
    "projectMaxTokens",
    DEFAULT_PROJECT_TOKENS,
  );
  const userBudget = budgetOption(options, "userBudget", "userMaxTokens", 300);
  const projects = parseProjects(rawProjects);
  const now = options.now ?? new Date();
  const counter = options.counter ?? defaultCounter;
  const issues: Issue[] = [];
  const facts = options.user?.facts ?? [];

  const projectPart = fitProjects(withoutRepeatedNotes(projects, repeatsFact(facts), issues), {
    budget: Math.min(projectBudget, budget),
    now,
    counter,
    markup: options.markup,
  });
  const user = options.user;
  if (!user) return { ...projectPart, budget, issues: [...issues, ...projectPart.issues] };

  // "Working on <project>" is searched for all names at once, built once for every fact.
  const names = projects.map((project) => project.name);
  const workingOn = names.length === 0 ? undefined : workingOnSearch(names);
  const kept: { path: string; text: string; confidence: number }[] = [];
  for (let index = 0; index < facts.length; index += 1) {
    const fact = facts[index] as UserFact;
    const path = `user.facts[${index}]`;
    const inline = inlineText(fact.text);
    const text = workingOn ? withoutSentences(inline, workingOn) : inline;
    const reason = leftOutFact(fact, text, projects.length > 0, options.minConfidence);
    if (reason) issues.push({ code: reason[0], severity: "info", path, message: reason[1] });
    else kept.push({ path, text, confidence: fact.confidence });
  }
  if (kept.length === 0) {
    return { ...projectPart, budget, issues: [...issues, ...projectPart.issues] };
  }

  const tail = projectPart.content;
  const userPart = runPipeline(
    userBlockAdapter(options.markup),
    { userId: user.userId, facts: kept, projects: tail },
    {
      // The USER block gets up to userBudget of its own, within the whole budget.
      budget: Math.min(budget, userBudget + counter.count(`\n${tail}`)),
      now,
      counter,
    },
  );
  return joinParts(userPart, projectPart, budget, issues);
}

/**
 * The combined result: the USER pipeline's text (which ends with the project text), the facts and
 * the project's parts in the lists and the report, one summary of what gave way over both, and
 * the checks of the whole text against the whole budget.
 */
function joinParts(
  userPart: FormattedContext,
  projectPart: FormattedContext,
  budget: number,
  issues: Issue[],
): FormattedContext {
  const skipped = [...userPart.skipped, ...projectPart.skipped];
  const shortened = [...userPart.shortened, ...projectPart.shortened];
  // The parts' summaries and budget checks stand for what the lines below say of the whole.
  const own = new Set(["item_skipped", "item_shortened", "budget_exceeded"]);
  for (const part of [projectPart, userPart]) {
    for (const issue of part.issues) if (!own.has(issue.code)) issues.push(issue);
  }
  issues.push(...summaryIssues(skipped, shortened));
  if (projectPart.issues.some((issue) => issue.code === "budget_exceeded")) {
    issues.push(...projectPart.issues.filter((issue) => issue.code === "budget_exceeded"));
  }
  if (userPart.tokenCount > budget) {
    issues.push({
      code: "budget_exceeded",
      severity: "error",
      message: `the combined context is ${userPart.tokenCount} tokens; the budget is ${budget}`,
    });
  }
  const { report } = userPart;
  let items: FormattedContext["report"]["items"] | undefined;
  let frameTokens: number | undefined;
  return {
    ...userPart,
    budget,
    rulesIncluded: userPart.rulesIncluded + projectPart.rulesIncluded,
    rulesSkipped: skipped.length,
    included: [...userPart.included, ...projectPart.included],
    shortened,
    skipped,
    report: {
      get items() {
        items ??= [...report.items, ...projectPart.report.items];
        return items;
      },
      get sections() {
        return report.sections;
      },
      // The USER pipeline counted the project text as its frame; its items are the project's.
      get frameTokens() {
        frameTokens ??=
          report.frameTokens -
          projectPart.report.items.reduce(
            (sum, item) => sum + (item.status === "skipped" ? 0 : item.tokens),
            0,
          );
        return frameTokens;
      },
    },
    issues,
  };
}
