/**
 * The truncation properties every markup of the project context keeps (XML `<PROJECT>` blocks and
 * markdown sections): one block per kept project, the budget held unless P0 alone is over, P0
 * always shown, and a smaller budget never giving more tokens. Each markup's test file runs them
 * with its own way of reading blocks.
 */
import {
  formatProjectContext,
  type ProjectContextInput,
  type ProjectMarkup,
  type TokenCounter,
} from "contextfmt";
import fc from "fast-check";
import { expect, it } from "vitest";
import { arbitraryProject, arbitraryProjects, PROJECT_NOW } from "../fixtures/projects.js";

export interface MarkupSpec {
  readonly markup: ProjectMarkup;
  /** The counters the budget property runs with. */
  readonly counters: readonly TokenCounter[];
  /** How many project blocks `content` holds. */
  blocks(content: string): number;
  /** Blocks shown for no project at all (the XML placeholder is a block). */
  readonly blocksWithoutProjects: number;
  /** Asserts that the first block of `content` shows `project`'s name and status (P0). */
  expectP0(content: string, project: ProjectContextInput): void;
  readonly runs: { readonly budget: number; readonly monotone: number };
  /** Says what else the budget property checks, e.g. that the output parses as XML. */
  readonly budgetTitle: string;
}

export function truncationProperties(spec: MarkupSpec): void {
  const options = { now: PROJECT_NOW, markup: spec.markup } as const;

  it(spec.budgetTitle, () => {
    fc.assert(
      fc.property(arbitraryProjects, fc.integer({ min: 0, max: 400 }), (projects, budget) => {
        for (const counter of spec.counters) {
          const result = formatProjectContext(projects, { ...options, budget, counter });
          const kept =
            projects.length === 0
              ? spec.blocksWithoutProjects
              : 1 +
                projects
                  .slice(1)
                  .filter(
                    (p) => !result.skipped.map((item) => item.id).includes(`${p.projectId}:block`),
                  ).length;
          expect(spec.blocks(result.content)).toBe(kept);
          expect(result.tokenCount).toBe(counter.count(result.content));
          if (result.tokenCount > budget) {
            expect(result.issues.map((issue) => issue.code)).toContain("budget_exceeded");
          }
        }
      }),
      { numRuns: spec.runs.budget },
    );
  });

  it("P0 survives every budget, and a smaller budget never yields more tokens (property)", () => {
    fc.assert(
      fc.property(
        arbitraryProject,
        fc.integer({ min: 0, max: 300 }),
        fc.integer({ min: 0, max: 300 }),
        (project, a, b) => {
          const [small, large] = a <= b ? [a, b] : [b, a];
          const smaller = formatProjectContext(project, { ...options, budget: small });
          const larger = formatProjectContext(project, { ...options, budget: large });
          expect(smaller.tokenCount).toBeLessThanOrEqual(larger.tokenCount);
          spec.expectP0(smaller.content, project);
          expect(smaller.skipped.map((item) => item.id)).not.toContain(`${project.projectId}:name`);
          expect(smaller.shortened).not.toContain(`${project.projectId}:name`);
        },
      ),
      { numRuns: spec.runs.monotone },
    );
  });
}
