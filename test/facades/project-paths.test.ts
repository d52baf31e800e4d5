/**
 * The project text is the same whichever way it is asked for: formatProjectContext, the
 * `project` / `project-markdown` formats (what `render --format …` runs) and the hook's
 * session-start context with a project file.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FormatManager, formatProjectContext, type ProjectContextInput } from "contextfmt";
import { parseHookInput } from "contextfmt/hooks";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hookContext } from "../../src/hooks/context.js";
import { contextfmt } from "../cli/run-bin.js";
import { hookInputs } from "../fixtures/hook-inputs.js";
import { arbitraryProjects, PROJECT_NOW, samTerminal } from "../fixtures/projects.js";

const manager = new FormatManager();
const now = PROJECT_NOW;

/** The hook's context when the project file is all it is given. */
async function hookText(
  tool: "claude" | "gemini",
  projects: readonly ProjectContextInput[],
  budget: number,
) {
  const hook = parseHookInput(tool, JSON.stringify(hookInputs[tool].SessionStart));
  const limit = tool === "claude" ? { chars: 10_000 } : {};
  return hookContext({
    hook,
    files: { project: { path: "project.json", data: { projects } } },
    budget,
    limit,
    now,
  }).content;
}

describe("one project text for every path", () => {
  it("formatProjectContext, the project formats and the hook agree at every budget (property)", async () => {
    await fc.assert(
      fc.asyncProperty(
        arbitraryProjects,
        fc.array(fc.integer({ min: 0, max: 600 }), { minLength: 6, maxLength: 6 }),
        async (projects, budgets) => {
          for (const budget of budgets) {
            for (const [markup, format, tool] of [
              ["xml", "project", "claude"],
              ["markdown", "project-markdown", "gemini"],
            ] as const) {
              const facade = formatProjectContext(projects, { budget: budget, now, markup });
              const rendered = manager.format(format, { projects }, { budget, now });
              expect(rendered.content).toBe(facade.content);
              expect(rendered.report).toEqual(facade.report);
              // The hook joins texts ending in one line break; a project text ends with one.
              expect(await hookText(tool, projects, budget)).toBe(facade.content);
            }
          }
        },
      ),
      // Each run is six budgets in both markups, three paths compared at each: 60 runs are 720
      // comparisons of each path, across every part's cut (the 200 before cost a minute here).
      { numRuns: 60 },
    );
  }, 120_000);

  it("agree when a list holds only blank space (found by the property: the hook trimmed it)", async () => {
    const projects: ProjectContextInput[] = [
      {
        projectId: "a",
        name: " ",
        status: "active",
        lastSessionSummary: "fix",
        lastSessionDate: 1700000000000,
        activeTodos: [],
        languages: [" "],
        frameworks: ["\t", "vitest"],
      },
    ];
    for (const budget of [0, 23, 200]) {
      const facade = formatProjectContext(projects, { budget: budget, now, markup: "markdown" });
      expect(await hookText("gemini", projects, budget)).toBe(facade.content);
      expect(facade.content).not.toMatch(/ \n/);
      if (budget === 200) expect(facade.content).toContain("\nStack: vitest\n");
    }
  });

  it("the built command line gives the same text as the library", () => {
    const dir = mkdtempSync(join(tmpdir(), "contextfmt-project-paths-"));
    const file = join(dir, "project.json");
    writeFileSync(file, JSON.stringify({ projects: [samTerminal] }));
    for (const budget of [30, 50, 90, 120, 175, 600]) {
      for (const [markup, format, tool] of [
        ["xml", "project", "claude"],
        ["markdown", "project-markdown", "gemini"],
      ] as const) {
        const expected = formatProjectContext(samTerminal, { budget: budget, now, markup });
        const args = ["--budget", String(budget), "--now", now];
        const render = contextfmt(["render", "--format", format, file, ...args]);
        expect(render.stdout).toBe(expected.content);
        const hook = contextfmt(
          ["hook", tool, "session-start", "--project", file, ...args],
          JSON.stringify(hookInputs[tool].SessionStart),
        );
        const output = JSON.parse(hook.stdout) as {
          hookSpecificOutput: { additionalContext: string };
        };
        expect(output.hookSpecificOutput.additionalContext).toBe(expected.content);
      }
    }
  }, 60_000);
});
