import type * as z from "zod/mini";
import * as d from "./declare.js";
import { DateInputSchema } from "./rule.js";

const nonEmptyText = d.string(d.minLength(1, { error: "expected a non-empty string" }));
const textList = d._default(d.array(nonEmptyText), []);

/**
 * Where a project stands: `active` (being worked on), `paused` (on hold), `blocked` (waiting on
 * something), `completed` (finished) or `idle` (not recently touched).
 */
export const ProjectStatusSchema = d.enum(["active", "paused", "blocked", "completed", "idle"]);
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
export const TodoSchema = d.object({
  text: nonEmptyText,
  priority: d._default(
    d.union([d.literal(1), d.literal(2), d.literal(3)], {
      error: "expected 1 (high), 2 (medium) or 3 (low)",
    }),
    2,
  ),
  /** When it was added; newer TODOs come first among equal priority. */
  addedDate: d.optional(DateInputSchema),
});
/** A parsed TODO. */
export type Todo = z.output<typeof TodoSchema>;

/** What callers may pass as a TODO: the input of {@link TodoSchema}, field by field. */
export interface TodoInput {
  /** What is to be done. Non-empty. */
  text: string;
  /** 1 (high), 2 (medium, the default) or 3 (low); high ones are listed first. */
  priority?: 1 | 2 | 3 | undefined;
  /** When it was added, newer first among equal priority: an ISO 8601 string, epoch milliseconds or a `Date`. */
  addedDate?: Date | string | number | undefined;
}

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
export const ProjectContextSchema = d.object({
  projectId: nonEmptyText,
  name: nonEmptyText,
  status: d._default(ProjectStatusSchema, "idle"),
  /** What happened last time, in one or two sentences. */
  lastSessionSummary: d.optional(d.string()),
  lastSessionDate: d.optional(DateInputSchema),
  activeTodos: d._default(d.array(TodoSchema), []),
  /** Recently edited files, most recent first. */
  recentFiles: textList,
  languages: textList,
  frameworks: textList,
  blockers: textList,
  notes: textList,
  /** Project root; shown as the archive location of a completed project. */
  path: d.optional(nonEmptyText),
  /** When this context was last refreshed; the most recent wins active-project detection. */
  lastUpdated: d.optional(DateInputSchema),
});
/** A parsed project context (defaults applied, dates as `Date`). */
export type ProjectContext = z.output<typeof ProjectContextSchema>;

/**
 * What callers may pass as a project context: the input of {@link ProjectContextSchema}, field by
 * field (a type test holds the two together). Each part's priority (P0–P5) says which gives way
 * first under a budget.
 *
 * @example
 * ```ts
 * const atlas: ProjectContextInput = { projectId: "atlas", name: "Atlas", status: "active",
 *   activeTodos: [{ text: "Test idempotency keys", priority: 1 }], languages: ["Python"] };
 * ```
 */
export interface ProjectContextInput {
  /** Stable id, unique among the projects of one call; parts are named `<projectId>:<part>`. Non-empty. */
  projectId: string;
  /** The name shown in the PROJECT block (P0, never truncated). Non-empty. */
  name: string;
  /** Where the project stands (P0); default `idle`. */
  status?: ProjectStatus | undefined;
  /** What happened last time, in one or two sentences (P1). */
  lastSessionSummary?: string | undefined;
  /** When the last session was, shown beside its summary: an ISO 8601 string, epoch milliseconds or a `Date`. */
  lastSessionDate?: Date | string | number | undefined;
  /** Open TODOs (P2), by priority, then newest first; default none. */
  activeTodos?: TodoInput[] | undefined;
  /** Recently edited files, most recent first (P3); default none. */
  recentFiles?: string[] | undefined;
  /** Languages of the tech stack (P4); default none. */
  languages?: string[] | undefined;
  /** Frameworks of the tech stack (P4); default none. */
  frameworks?: string[] | undefined;
  /** What the project waits on (P5); default none. */
  blockers?: string[] | undefined;
  /** Anything else worth knowing (P5); default none. */
  notes?: string[] | undefined;
  /** Project root; shown as the archive location of a completed project. Non-empty. */
  path?: string | undefined;
  /** When this context was last refreshed; the most recent wins active-project detection. */
  lastUpdated?: Date | string | number | undefined;
}

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
export const ProjectListSchema = d.array(
  ProjectContextSchema,
  d.superRefine((projects: ProjectContext[], ctx) => {
    const index = firstRepeat(projects);
    if (index < 0) return;
    ctx.addIssue({
      code: "custom",
      input: projects[index]?.projectId,
      path: [index, "projectId"],
      message: "expected a projectId no earlier project has",
    });
  }),
);
