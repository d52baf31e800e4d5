import type * as z from "zod/mini";
import {
  DEFAULT_PROJECT_TOKENS,
  projectAdapter,
  projectMarkdownAdapter,
} from "../formats/project/adapter.js";
import type { ProjectMarkup } from "../formats/project/components.js";
import type { BudgetReport } from "../manager/formatted-context.js";
import { CounterOption, NowOption } from "../manager/options.js";
import { runParsedPipeline } from "../manager/pipeline.js";
import * as d from "../model/declare.js";
import { parseWith } from "../model/parse.js";
import {
  type ProjectContext,
  type ProjectContextInput,
  ProjectContextSchema,
  ProjectListSchema,
} from "../model/project.js";
import type { Issue } from "../problems/issue.js";
import type { TokenCounter } from "../tokens/counter.js";

export { DEFAULT_PROJECT_TOKENS };

const nonNegativeInt = d.int(d.gte(0, { error: "expected an integer >= 0" }));

/** The `markup` option of the project functions: `xml` (the default) or `markdown`. */
export const ProjectMarkupOption = d._default(d.enum(["xml", "markdown"]), "xml");

export const ProjectOptionsSchema = d.strictObject({
  maxTokens: d._default(nonNegativeInt, DEFAULT_PROJECT_TOKENS),
  now: NowOption,
  counter: CounterOption,
  minRoom: d.optional(nonNegativeInt),
  /** `xml`: `<PROJECT>` blocks; `markdown`: `### Project: …` headings, for tools that escape XML. */
  markup: ProjectMarkupOption,
});

/** Options of {@link formatProjectContext}. */
export type ProjectContextOptions = z.input<typeof ProjectOptionsSchema>;

/** What {@link formatProjectContext} and `buildCombinedContext` return. */
export interface ProjectContextResult {
  readonly content: string;
  /** `counter.count(content)`. */
  readonly tokenCount: number;
  /** Name of the counter used. */
  readonly counter: string;
  readonly budget: number;
  /** Ids (`<projectId>:<part>`) of parts that were shortened, in block order. */
  readonly shrunk: readonly string[];
  /** Ids of parts left out, in block order. */
  readonly dropped: readonly string[];
  /** Every part's status and tokens, the sections and the frame, as `FormattedContext.report`. */
  readonly report: BudgetReport;
  /** Everything shortened or left out, and `budget_exceeded` if the P0 parts alone are over. */
  readonly issues: readonly Issue[];
}

/** Parses `project | projects | null` into a list; errors name `project.field` or `projects[i].field`. */
export function parseProjects(
  input: ProjectContextInput | readonly ProjectContextInput[] | null | undefined,
): ProjectContext[] {
  if (input === null || input === undefined) return [];
  if (Array.isArray(input)) return parseWith(ProjectListSchema, input, "projects");
  return [parseWith(ProjectContextSchema, input, "project")];
}

/** What the project pipeline needs, parsed. */
export interface ProjectFit {
  readonly maxTokens: number;
  readonly now?: Date | undefined;
  readonly counter?: TokenCounter | undefined;
  readonly minRoom?: number | undefined;
  readonly markup: ProjectMarkup;
}

/**
 * The parts a report says were shortened or left out, with one issue per part as the project
 * functions report them: `item_truncated` for a shortened part, `item_skipped` for a left-out one.
 */
export function partsGivenWay(
  report: BudgetReport,
  budget: number,
): { shrunk: string[]; dropped: string[]; issues: Issue[] } {
  const shrunk: string[] = [];
  const dropped: string[] = [];
  const issues: Issue[] = [];
  for (const item of report.items) {
    if (item.status === "shortened") {
      shrunk.push(item.id);
      const steps = item.form ?? 1;
      issues.push({
        code: "item_truncated",
        severity: "warning",
        path: item.id,
        message: `shortened (${steps} step${steps > 1 ? "s" : ""}) to fit ${budget} tokens`,
      });
    } else if (item.status === "skipped") {
      dropped.push(item.id);
      issues.push({
        code: "item_skipped",
        severity: "warning",
        path: item.id,
        message: `left out: no room within ${budget} tokens`,
      });
    }
  }
  return { shrunk, dropped, issues };
}

/**
 * Runs the `project` (or `project-markdown`) format on parsed projects and gives its result the
 * shape of {@link ProjectContextResult}: per part, `item_truncated` for a shortened one and
 * `item_skipped` for one left out, in block order.
 */
export function fitProjects(
  projects: readonly ProjectContext[],
  fit: ProjectFit,
): ProjectContextResult {
  const adapter = fit.markup === "markdown" ? projectMarkdownAdapter : projectAdapter;
  // Everything here was parsed by the caller: the pipeline takes it as it is.
  const result = runParsedPipeline(
    adapter,
    { projects: [...projects] },
    fit.minRoom !== undefined ? { minRoom: fit.minRoom } : {},
    {
      budget: fit.maxTokens,
      ...(fit.now !== undefined ? { now: fit.now } : {}),
      ...(fit.counter !== undefined ? { counter: fit.counter } : {}),
    },
  );
  const { shrunk, dropped, issues: perPart } = partsGivenWay(result.report, fit.maxTokens);
  // The per-part issues stand for the pipeline's summaries of the same parts.
  const own = result.issues.filter(
    (issue) => issue.code !== "item_skipped" && issue.code !== "item_shortened",
  );
  const firstCheck = own.findIndex((issue) => issue.code === "budget_exceeded");
  const issues =
    firstCheck < 0
      ? [...own, ...perPart]
      : [...own.slice(0, firstCheck), ...perPart, ...own.slice(firstCheck)];
  return {
    content: result.content,
    tokenCount: result.tokenCount,
    counter: result.counter,
    budget: result.budget,
    shrunk,
    dropped,
    report: result.report,
    issues,
  };
}

/**
 * Renders `<PROJECT name="…" status="…">` blocks within `maxTokens` (default 175): the project's
 * name and status (P0) always; then last session (P1), TODOs (P2), recent files (P3), tech stack
 * (P4) and blockers/notes (P5). When the budget is short the parts give way lowest priority
 * first: each is shortened by its rule (first sentence, top TODO, two basenames, first language;
 * blockers and notes are left out at their turn) before any shortened part is left out. Several
 * projects give a full primary block and one-line secondary blocks; none gives the "No active
 * project detected" block. Names and texts are escaped: the content always parses as XML and
 * holds exactly one block per project. The text is the `project` format's, byte for byte, at the
 * same budget.
 *
 * `markup: "markdown"` writes the same parts, kept and shrunk alike, under a
 * `### Project: SAM Terminal (active)` heading per project (`(paused, secondary)` among several)
 * with no `<`/`>` markup, for tools that escape XML (Gemini CLI). Every field is folded onto a line
 * that starts with a fixed label, so no field can open a heading or a list item of its own.
 *
 * @example
 * ```ts
 * const { content, shrunk, dropped } = formatProjectContext(
 *   { projectId: "sam", name: "SAM Terminal", status: "active", lastSessionSummary: "Added decay." },
 *   { maxTokens: 175, now: "2026-01-25T10:00:00Z" },
 * );
 * ```
 */
export function formatProjectContext(
  projects: ProjectContextInput | readonly ProjectContextInput[] | null | undefined,
  options: ProjectContextOptions = {},
): ProjectContextResult {
  const list = parseProjects(projects);
  const parsed = parseWith(ProjectOptionsSchema, options, "options");
  return fitProjects(list, parsed);
}
