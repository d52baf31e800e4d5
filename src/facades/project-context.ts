import type * as z from "zod/mini";
import {
  DEFAULT_PROJECT_TOKENS,
  projectAdapter,
  projectMarkdownAdapter,
} from "../formats/project/adapter.js";
import type { ProjectMarkup } from "../formats/project/components.js";
import type { FormattedContext } from "../manager/formatted-context.js";
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
import type { TokenCounter } from "../tokens/counter.js";
import { budgetOption } from "./budget-option.js";

export { DEFAULT_PROJECT_TOKENS };

const nonNegativeInt = d.int(d.gte(0, { error: "expected an integer >= 0" }));

/** The `markup` option of the project functions: `xml` (the default) or `markdown`. */
export const ProjectMarkupOption = d._default(d.enum(["xml", "markdown"]), "xml");

export const ProjectOptionsSchema = d.strictObject({
  /** Tokens the blocks may take; default 175. */
  budget: d.optional(nonNegativeInt),
  /** @deprecated The old name of `budget`. */
  maxTokens: d.optional(nonNegativeInt),
  now: NowOption,
  counter: CounterOption,
  minRoom: d.optional(nonNegativeInt),
  /** `xml`: `<PROJECT>` blocks; `markdown`: `### Project: …` headings, for tools that escape XML. */
  markup: ProjectMarkupOption,
});

/** Options of {@link formatProjectContext}. */
export type ProjectContextOptions = z.input<typeof ProjectOptionsSchema>;

/**
 * What {@link formatProjectContext} and `buildCombinedContext` return: the engine's result, each
 * part of a block an item named `<projectId>:<part>` (`sam:todos`).
 */
export type ProjectContextResult = FormattedContext;

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
  readonly budget: number;
  readonly now?: Date | undefined;
  readonly counter?: TokenCounter | undefined;
  readonly minRoom?: number | undefined;
  readonly markup: ProjectMarkup;
}

/** Runs the `project` (or `project-markdown`) format on projects the caller parsed. */
export function fitProjects(
  projects: readonly ProjectContext[],
  fit: ProjectFit,
): FormattedContext {
  const adapter = fit.markup === "markdown" ? projectMarkdownAdapter : projectAdapter;
  return runParsedPipeline(
    adapter,
    { projects: [...projects] },
    fit.minRoom !== undefined ? { minRoom: fit.minRoom } : {},
    {
      budget: fit.budget,
      ...(fit.now !== undefined ? { now: fit.now } : {}),
      ...(fit.counter !== undefined ? { counter: fit.counter } : {}),
    },
  );
}

/**
 * Renders `<PROJECT name="…" status="…">` blocks within `budget` (default 175): the project's
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
 * const { content, shortened, skipped } = formatProjectContext(
 *   { projectId: "sam", name: "SAM Terminal", status: "active", lastSessionSummary: "Added decay." },
 *   { budget: 175, now: "2026-01-25T10:00:00Z" },
 * );
 * ```
 */
export function formatProjectContext(
  projects: ProjectContextInput | readonly ProjectContextInput[] | null | undefined,
  options: ProjectContextOptions = {},
): ProjectContextResult {
  const list = parseProjects(projects);
  const parsed = parseWith(ProjectOptionsSchema, options, "options");
  const budget = budgetOption(parsed, "budget", "maxTokens", DEFAULT_PROJECT_TOKENS);
  return fitProjects(list, { ...parsed, budget });
}
