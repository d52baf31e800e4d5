import type * as z from "zod/mini";
import {
  type FastParse,
  fastArray,
  fastEnum,
  fastObject,
  fastString,
  MISMATCH,
  optional,
  required,
  withDefault,
} from "./fast-parse.js";
import { lazySchema } from "./lazy-schema.js";
import { DateInputSchema, fastDateInput } from "./rule.js";

const nonEmptyText = lazySchema((z) =>
  z.string().check(z.minLength(1, { error: "expected a non-empty string" })),
);
const textList = lazySchema((z) => z._default(z.array(nonEmptyText), []));

const STATUSES = ["active", "paused", "blocked", "completed", "idle"] as const;

// Fast parsers of the schemas below, key for key.
const fastNonEmptyText = fastString(1);
const fastTextList = withDefault(fastArray(fastNonEmptyText), () => []);
const fastTodo = fastObject({
  text: required(fastNonEmptyText),
  priority: withDefault<1 | 2 | 3>(
    (value) => (value === 1 || value === 2 || value === 3 ? value : MISMATCH),
    () => 2,
  ),
  addedDate: optional(fastDateInput),
});
const fastProject = fastObject({
  projectId: required(fastNonEmptyText),
  name: required(fastNonEmptyText),
  status: withDefault(fastEnum(STATUSES), () => "idle" as const),
  lastSessionSummary: optional(fastString()),
  lastSessionDate: optional(fastDateInput),
  activeTodos: withDefault(fastArray(fastTodo), () => []),
  recentFiles: fastTextList,
  languages: fastTextList,
  frameworks: fastTextList,
  blockers: fastTextList,
  notes: fastTextList,
  path: optional(fastNonEmptyText),
  lastUpdated: optional(fastDateInput),
});
const fastProjects = fastArray(fastProject);

/** {@link ProjectListSchema}'s fast parser: projects with unique ids. */
export const fastProjectList: FastParse<z.output<typeof ProjectContextSchema>[]> = (value) => {
  const projects = fastProjects(value);
  return projects !== MISMATCH && firstRepeat(projects) < 0 ? projects : MISMATCH;
};

/**
 * Where a project stands: `active` (being worked on), `paused` (on hold), `blocked` (waiting on
 * something), `completed` (finished) or `idle` (not recently touched).
 */
export const ProjectStatusSchema = lazySchema((z) => z.enum(STATUSES));
/** Where a project stands. */
export type ProjectStatus = z.output<typeof ProjectStatusSchema>;

/**
 * One TODO of a project. `priority` is 1 (high), 2 (medium, the default) or 3 (low).
 *
 * @example
 * ```ts
 * TodoSchema.parse({ text: "Finish the spec", priority: 1 });
 * ```
 */
export const TodoSchema = lazySchema(
  (z) =>
    z.object({
      text: nonEmptyText,
      priority: z._default(
        z.union([z.literal(1), z.literal(2), z.literal(3)], {
          error: "expected 1 (high), 2 (medium) or 3 (low)",
        }),
        2,
      ),
      /** When it was added; newer TODOs come first among equal priority. */
      addedDate: z.optional(DateInputSchema),
    }),
  fastTodo,
);
/** A parsed TODO. */
export type Todo = z.output<typeof TodoSchema>;
/** What callers may pass as a TODO. */
export type TodoInput = z.input<typeof TodoSchema>;

/**
 * The state of one project, in the parts that compete for a PROJECT block's budget: identity
 * (P0, never truncated), last session (P1), TODOs (P2), recent files (P3, most recent first), tech
 * stack (P4), blockers and notes (P5).
 *
 * @example
 * ```ts
 * ProjectContextSchema.parse({ projectId: "sam", name: "SAM Terminal", status: "active",
 *   lastSessionSummary: "Implemented fact extraction.", languages: ["Python"] });
 * ```
 */
export const ProjectContextSchema = lazySchema(
  (z) =>
    z.object({
      projectId: nonEmptyText,
      name: nonEmptyText,
      status: z._default(ProjectStatusSchema, "idle"),
      /** What happened last time, in one or two sentences. */
      lastSessionSummary: z.optional(z.string()),
      lastSessionDate: z.optional(DateInputSchema),
      activeTodos: z._default(z.array(TodoSchema), []),
      /** Recently edited files, most recent first. */
      recentFiles: textList,
      languages: textList,
      frameworks: textList,
      blockers: textList,
      notes: textList,
      /** Project root; shown as the archive location of a completed project. */
      path: z.optional(nonEmptyText),
      /** When this context was last refreshed; the most recent wins active-project detection. */
      lastUpdated: z.optional(DateInputSchema),
    }),
  fastProject,
);
/** A parsed project context (defaults applied, dates as `Date`). */
export type ProjectContext = z.output<typeof ProjectContextSchema>;
/** What callers may pass as a project context. */
export type ProjectContextInput = z.input<typeof ProjectContextSchema>;

/** Index of the first project whose `projectId` an earlier project already has, or -1. */
function firstRepeat(projects: readonly { projectId: string }[]): number {
  const seen = new Set<string>();
  return projects.findIndex(({ projectId }) => seen.size === seen.add(projectId).size);
}

/**
 * Several projects, the first being the primary one. `projectId`s must be unique: results name
 * parts by `<projectId>:<part>`.
 *
 * @example
 * ```ts
 * ProjectListSchema.parse([samTerminal, rvcVoice]);
 * ```
 */
export const ProjectListSchema = lazySchema(
  (z) =>
    z.array(ProjectContextSchema).check(
      z.superRefine((projects, ctx) => {
        const index = firstRepeat(projects);
        if (index < 0) return;
        ctx.addIssue({
          code: "custom",
          input: projects[index]?.projectId,
          path: [index, "projectId"],
          message: "expected a projectId no earlier project has",
        });
      }),
    ),
  fastProjectList,
);
