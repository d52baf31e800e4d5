import * as z from "zod/mini";
import { truncateByPriority } from "../../budget/truncate.js";
import { CommonOptionsSchema } from "../../manager/options.js";
import { parseWith } from "../../model/parse.js";
import {
  type ProjectContext,
  type ProjectContextInput,
  ProjectContextSchema,
  ProjectListSchema,
} from "../../model/project.js";
import type { Issue } from "../../problems/issue.js";
import type { TokenCounter } from "../../tokens/counter.js";
import { defaultCounter } from "../../tokens/heuristic.js";
import {
  noProjectText,
  type ProjectComponent,
  type ProjectMarkup,
  projectComponents,
} from "./components.js";

/** The default budget of PROJECT blocks: the middle of the original design's 150–200 tokens. */
export const DEFAULT_PROJECT_TOKENS = 175;

/** The `markup` option of the project functions: `xml` (the default) or `markdown`. */
export const ProjectMarkupOption = z._default(z.enum(["xml", "markdown"]), "xml");

const ProjectOptionsSchema = z.strictObject({
  maxTokens: z._default(
    z.int().check(z.gte(0, { error: "expected an integer >= 0" })),
    DEFAULT_PROJECT_TOKENS,
  ),
  now: CommonOptionsSchema.shape.now,
  counter: CommonOptionsSchema.shape.counter,
  minRoom: z.optional(z.int().check(z.gte(0, { error: "expected an integer >= 0" }))),
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
  /** Ids (`<projectId>:<part>`) of parts that were shortened. */
  readonly shrunk: readonly string[];
  /** Ids of parts left out. */
  readonly dropped: readonly string[];
  /** Everything shortened or left out, and `budget_exceeded` if the P0 parts alone are over. */
  readonly issues: readonly Issue[];
}

/** Parses `project | projects | null` into a list; errors name `projects[i].field`. */
export function parseProjects(
  input: ProjectContextInput | readonly ProjectContextInput[] | null | undefined,
): ProjectContext[] {
  if (input === null || input === undefined) return [];
  if (Array.isArray(input)) return parseWith(ProjectListSchema, input, "projects");
  return [parseWith(ProjectContextSchema, input, "project")];
}

/** The parsed options, with the defaults the core allows (the current time, the default counter). */
export function parseProjectOptions(options: ProjectContextOptions): {
  maxTokens: number;
  now: Date;
  counter: TokenCounter;
  minRoom?: number;
  markup: ProjectMarkup;
} {
  const parsed = parseWith(ProjectOptionsSchema, options, "options");
  return {
    maxTokens: parsed.maxTokens,
    markup: parsed.markup,
    now: parsed.now ?? new Date(),
    counter: parsed.counter ?? defaultCounter,
    ...(parsed.minRoom !== undefined ? { minRoom: parsed.minRoom } : {}),
  };
}

/** Every component of the blocks of `projects`: the first is primary when there are several. */
export function componentsOf(
  projects: readonly ProjectContext[],
  now: Date,
  report: (issue: Issue) => void,
  markup: ProjectMarkup = "xml",
): ProjectComponent[] {
  return projects.flatMap((project, index) =>
    projectComponents(project, {
      index,
      role: projects.length === 1 ? "only" : index === 0 ? "primary" : "secondary",
      now,
      path: projects.length === 1 ? "project" : `projects[${index}]`,
      report,
      markup,
    }),
  );
}

/**
 * Renders `<PROJECT name="…" status="…">` blocks within `maxTokens` (default 175): the project's
 * name and status (P0) always; then last session (P1), TODOs (P2), recent files (P3), tech stack
 * (P4) and blockers/notes (P5), each shrunk by its rule or left out, lowest priority first, when
 * the budget is short. Several projects give a full primary block and one-line secondary blocks;
 * none gives the "No active project detected" block. Names and texts are escaped: the content
 * always parses as XML and holds exactly one block per project.
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
  const { maxTokens, now, counter, minRoom, markup } = parseProjectOptions(options);
  return fitProjects(list, {
    maxTokens,
    now,
    counter,
    markup,
    ...(minRoom !== undefined ? { minRoom } : {}),
  });
}

/** {@link formatProjectContext} on parsed projects and options. */
export function fitProjects(
  projects: readonly ProjectContext[],
  options: {
    maxTokens: number;
    now: Date;
    counter: TokenCounter;
    minRoom?: number;
    markup?: ProjectMarkup;
  },
): ProjectContextResult {
  const { maxTokens, now, counter, markup = "xml" } = options;
  const issues: Issue[] = [];
  if (projects.length === 0) {
    const placeholder = noProjectText(markup);
    const tokenCount = counter.count(placeholder);
    if (tokenCount > maxTokens) {
      issues.push({
        code: "budget_exceeded",
        severity: "error",
        message: `the no-project block needs ${tokenCount} tokens; the budget is ${maxTokens}`,
      });
    }
    const base = {
      content: placeholder,
      tokenCount,
      counter: counter.name,
      budget: maxTokens,
    };
    return { ...base, shrunk: [], dropped: [], issues };
  }
  const components = componentsOf(projects, now, (issue) => issues.push(issue), markup);
  const result = truncateByPriority(components, {
    maxTokens,
    counter,
    ...(options.minRoom !== undefined ? { minRoom: options.minRoom } : {}),
  });
  return {
    content: result.content,
    tokenCount: result.tokenCount,
    counter: counter.name,
    budget: maxTokens,
    shrunk: result.shrunk,
    dropped: result.dropped,
    issues: [...issues, ...result.issues],
  };
}
