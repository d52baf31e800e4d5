import {
  buildCombinedContext,
  formatProjectContext,
  type ProjectContext,
  type ProjectContextResult,
  type ProjectStatus,
  summarizeSession,
  type Todo,
} from "contextfmt";
import { expectTypeOf, it } from "vitest";

it("pins the project types", () => {
  expectTypeOf<ProjectStatus>().toEqualTypeOf<
    "active" | "paused" | "blocked" | "completed" | "idle"
  >();
  expectTypeOf<Todo["priority"]>().toEqualTypeOf<1 | 2 | 3>();
  expectTypeOf<ProjectContext["lastSessionDate"]>().toEqualTypeOf<Date | undefined>();
  expectTypeOf<null>().toExtend<Parameters<typeof formatProjectContext>[0]>();
  expectTypeOf(
    formatProjectContext({ projectId: "p", name: "P" }),
  ).toEqualTypeOf<ProjectContextResult>();
  expectTypeOf(buildCombinedContext({ projects: [] })).toEqualTypeOf<ProjectContextResult>();
  expectTypeOf(summarizeSession([])).toEqualTypeOf<string>();
  expectTypeOf(summarizeSession([], { summarizer: () => "x" })).toEqualTypeOf<string>();
  expectTypeOf(summarizeSession([], { summarizer: async () => "x" })).toEqualTypeOf<
    Promise<string>
  >();
});
