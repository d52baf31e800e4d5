import {
  InvalidInputError,
  type ProjectContextInput,
  ProjectContextSchema,
  updateProjectContext,
} from "contextfmt";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arbitraryProject, PROJECT_NOW, rvcBlocked, samTerminal } from "../fixtures/projects.js";

const now = { now: PROJECT_NOW };
const NOW = new Date(PROJECT_NOW);
const update = (project: ProjectContextInput, message: string) =>
  updateProjectContext(project, message, now);

/** A project with these TODOs and nothing else to change. */
const withTodos = (...texts: string[]): ProjectContextInput => ({
  projectId: "p",
  name: "Atlas",
  status: "active",
  activeTodos: texts.map((text) => ({ text, priority: 2 })),
});

describe("updateProjectContext: the original design's refresh triggers", () => {
  it("TODOs are mentioned: each new one is added (priority 2, added now), known ones are not", () => {
    const { project, changes } = update(
      samTerminal,
      "We need to add tests for the packer. TODO: integrate context injection with the orchestrator",
    );
    expect(changes).toEqual([
      {
        kind: "todo_added",
        todo: { text: "add tests for the packer", priority: 2, addedDate: NOW },
        matched: "need to add tests for the packer",
      },
    ]);
    expect(project.activeTodos.map((todo) => todo.text)).toEqual([
      "Add fact visualization to CLI",
      "Finish project context format specification",
      "Integrate context injection with orchestrator",
      "add tests for the packer",
    ]);
    expect(project.lastUpdated).toEqual(NOW);
  });

  it("two TODOs in two sentences are two TODOs, not one running across them", () => {
    const { project } = update(
      { projectId: "atlas", name: "Atlas" },
      "TODO: write tests. We need to fix the parser.",
    );
    expect(project.activeTodos.map((todo) => todo.text)).toEqual(["write tests", "fix the parser"]);
  });

  it("TODOs are completed: the completion names the TODO, or the TODO without its verb", () => {
    const { project, changes, unmatched } = update(
      samTerminal,
      "Finished the project context format specification. Done with fact visualization to CLI.",
    );
    expect(changes.map((change) => change.kind === "todo_completed" && change.todo.text)).toEqual([
      "Finish project context format specification",
      "Add fact visualization to CLI",
    ]);
    expect(changes[0]).toMatchObject({
      matched: "Finished the project context format specification",
    });
    expect(project.activeTodos.map((todo) => todo.text)).toEqual([
      "Integrate context injection with orchestrator",
    ]);
    expect(unmatched).toEqual([]);
  });

  it("completion near-misses leave the TODOs alone and come back as unmatched", () => {
    const project = withTodos("Fix the parser", "Add tests for the parser", "update the docs");
    const cases: [message: string, completed: string[]][] = [
      ["Done with the parser.", ["Fix the parser"]], // the TODO's object, its verb aside
      ["Finished THE Parser!", ["Fix the parser"]], // case, articles and punctuation do not count
      ["Done with the parse.", []], // words match whole
      ["Done with the parser tests.", []], // more words than the TODO
      ["Done with tests.", []], // part of the object is not enough
      ["Done with the parser for today.", []], // the completion runs to the end of its clause
      ["Finished update docs.", ["update the docs"]], // the whole TODO, articles aside
      ["That's done. It's working!", []], // says nothing of which TODO
    ];
    for (const [message, completed] of cases) {
      const result = update(project, message);
      expect(
        result.changes.flatMap((change) =>
          change.kind === "todo_completed" ? [change.todo.text] : [],
        ),
        message,
      ).toEqual(completed);
      expect(result.unmatched.length > 0, message).toBe(completed.length === 0);
    }
  });

  it("a completion completes every TODO it names; a TODO completed in its own message is not added", () => {
    expect(
      update(withTodos("Fix the parser", "Test the parser"), "Done with the parser.").project
        .activeTodos,
    ).toEqual([]);
    const { changes } = update(withTodos(), "Need to fix the lexer. Finished fix the lexer.");
    expect(changes).toEqual([]);
  });

  it("file paths are discussed: newest first, de-duplicated, at most 5, the rest reported", () => {
    const { project, changes } = update(
      samTerminal,
      "I edited `src/update.ts` and fact_memory.py:42, then docs/ADR.md, bin/cli.ts and x.py.",
    );
    expect(project.recentFiles).toEqual([
      "src/update.ts",
      "sam_brain/fact_memory.py", // the known file, in its longer spelling
      "docs/ADR.md",
      "bin/cli.ts",
      "x.py",
    ]);
    expect(changes.filter((change) => change.kind === "file_dropped")).toEqual([
      { kind: "file_dropped", path: "sam_brain/cognitive/unified_orchestrator.py" },
      { kind: "file_dropped", path: "sam_brain/docs/FACT_SCHEMA.md" },
    ]);
    expect(changes).toContainEqual({
      kind: "file_recorded",
      path: "sam_brain/fact_memory.py",
      matched: "fact_memory.py",
    });
  });

  it("file paths: URLs, folders and abbreviations are not files", () => {
    const { changes } = update(
      withTodos(),
      "See https://example.com/a.py, e.g. the src/ folder, i.e. not lib/core.",
    );
    expect(changes).toEqual([]);
  });

  it('"I\'m done with X": completed when X is the project, by name or id', () => {
    expect(update(samTerminal, "I'm done with SAM Terminal.").changes).toEqual([
      { kind: "status_set", from: "active", to: "completed", matched: "done with SAM Terminal" },
    ]);
    expect(update(samTerminal, "Finished the sam_terminal project!").project.status).toBe(
      "completed",
    );
    expect(update(samTerminal, "I'm done with SAM Terminal for today.").project.status).toBe(
      "active",
    );
    expect(update(samTerminal, "I'm done with the slides.").changes).toEqual([]);
  });

  it('"blocked on Y": blocked, with Y as a blocker; negations are not', () => {
    const { project, changes } = update(
      samTerminal,
      "I'm blocked on the API keys, need to ask Ops.",
    );
    expect(project.status).toBe("blocked");
    expect(project.blockers).toEqual([
      "Need more disk space on external drive for training data export.",
      "the API keys",
    ]);
    expect(changes.slice(0, 2)).toEqual([
      { kind: "status_set", from: "active", to: "blocked", matched: "blocked on the API keys" },
      { kind: "blocker_added", blocker: "the API keys", matched: "blocked on the API keys" },
    ]);
    expect(
      update(samTerminal, "We're not blocked on CI; it isn't blocked by review.").changes,
    ).toEqual([]);
  });

  it('"unblocked" / "back on it": active; unblocking removes the blockers it names, or all', () => {
    const unblocked = update(rvcBlocked, "Good news: unblocked!");
    expect(unblocked.project).toMatchObject({ status: "active", blockers: [] });
    expect(unblocked.changes).toEqual([
      { kind: "status_set", from: "blocked", to: "active", matched: "unblocked" },
      {
        kind: "blocker_removed",
        blocker: "Waiting for more training audio samples.",
        matched: "unblocked",
      },
    ]);
    const back = update(rvcBlocked, "Back on it.");
    expect(back.project).toMatchObject({ status: "active", blockers: rvcBlocked.blockers });
    expect(
      update({ ...samTerminal, status: "paused" }, "Back on SAM Terminal").project.status,
    ).toBe("active");
    const named = update(
      { ...rvcBlocked, blockers: ["the API keys", "disk space"] },
      "No longer blocked on API keys.",
    );
    expect(named.project.blockers).toEqual(["disk space"]);
    expect(update(rvcBlocked, "No longer blocked on the budget.").unmatched).toEqual([
      "No longer blocked on the budget",
    ]);
  });

  it("the last status statement wins", () => {
    // CI is never added: "unblocked" comes after it, and clears the blockers there were.
    expect(update(samTerminal, "Blocked on CI. Unblocked now, back on it.").project).toMatchObject({
      status: "active",
      blockers: [],
    });
    expect(update(samTerminal, "Back on it, but blocked by review.").project).toMatchObject({
      status: "blocked",
      blockers: [...(samTerminal.blockers ?? []), "review"],
    });
  });

  it("the README example", () => {
    const { project, changes } = update(
      samTerminal,
      "Finished the project context format specification. Blocked on disk space; see sam_brain/docs/SPEC.md",
    );
    expect(changes).toEqual([
      { kind: "status_set", from: "active", to: "blocked", matched: "Blocked on disk space" },
      { kind: "blocker_added", blocker: "disk space", matched: "Blocked on disk space" },
      {
        kind: "todo_completed",
        todo: {
          text: "Finish project context format specification",
          priority: 1,
          addedDate: new Date("2026-01-23T09:00:00Z"),
        },
        matched: "Finished the project context format specification",
      },
      {
        kind: "file_recorded",
        path: "sam_brain/docs/SPEC.md",
        matched: "sam_brain/docs/SPEC.md",
      },
    ]);
    expect(project.recentFiles[0]).toBe("sam_brain/docs/SPEC.md");
  });

  it("maxRecentFiles sets how many recent files are kept", () => {
    const { project, changes } = updateProjectContext(samTerminal, "see a.ts", {
      ...now,
      maxRecentFiles: 2,
    });
    expect(project.recentFiles).toEqual(["a.ts", "sam_brain/fact_memory.py"]);
    expect(changes.filter((change) => change.kind === "file_dropped")).toHaveLength(2);
  });

  it("an unchanged message gives no changes, and lastUpdated stays", () => {
    const result = update(samTerminal, "Thanks, looks good.");
    expect(result.changes).toEqual([]);
    expect(result.project).toEqual(ProjectContextSchema.parse(samTerminal));
    expect(result.project.lastUpdated).toEqual(new Date("2026-01-23T18:30:00Z"));
  });

  it("names the bad path on bad input", () => {
    expect(() => update({ projectId: "p" } as never, "x")).toThrow(/project\.name/);
    expect(() => updateProjectContext(samTerminal, 42 as never)).toThrow(InvalidInputError);
    expect(() =>
      updateProjectContext(samTerminal, "x", { now: "yesterday", maxRecentFiles: 0 }),
    ).toThrow(/options\.now[\s\S]*options\.maxRecentFiles/);
    expect(() => updateProjectContext(samTerminal, "x", { clock: 1 } as never)).toThrow(
      /unknown key/,
    );
  });
});

const fragments = fc.constantFrom(
  "Need to add tests.",
  "TODO: update the docs",
  "Let's refactor the packer next.",
  "Finished the parser.",
  "Done with the docs.",
  "That's done.",
  "I'm blocked on CI.",
  "blocked by review",
  "Unblocked!",
  "No longer blocked on CI.",
  "Back on it.",
  "I'm done with Atlas.",
  "see README.md",
  "fixed src/a.ts:3",
  "x.py",
  "and",
  "the",
  "https://example.com/b.py",
);
const file = fc.stringMatching(/^(?:[a-c]\/){0,2}[a-f]\.(?:ts|py|md)$/);
const message = fc
  .array(fc.oneof({ arbitrary: fragments, weight: 2 }, { arbitrary: file, weight: 1 }), {
    maxLength: 12,
  })
  .map((parts) => parts.join(" "));
const project = fc.oneof(
  arbitraryProject,
  fc.record({
    projectId: fc.constant("atlas"),
    name: fc.constant("Atlas"),
    status: fc.constantFrom("active" as const, "blocked" as const, "paused" as const),
    activeTodos: fc.array(
      fc.record({ text: fc.constantFrom("add tests", "Fix the parser", "update the docs") }),
      { maxLength: 3 },
    ),
    recentFiles: fc.array(file, { maxLength: 7 }),
    blockers: fc.array(fc.constantFrom("CI", "review", "disk space"), { maxLength: 2 }),
  }),
);

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !(value instanceof Date)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

describe("updateProjectContext: properties", () => {
  it("never keeps more than 5 recent files, and reports every file it drops", () => {
    fc.assert(
      fc.property(project, message, (input, text) => {
        const before = ProjectContextSchema.parse(input).recentFiles;
        const { project: after, changes } = update(input, text);
        expect(after.recentFiles.length).toBeLessThanOrEqual(5);
        const dropped = changes.flatMap((change) =>
          change.kind === "file_dropped" ? [change.path] : [],
        );
        for (const path of before) {
          // Kept (maybe in a longer spelling a mention gave it) or reported as dropped.
          const kept = after.recentFiles.some((file) => file === path || file.endsWith(`/${path}`));
          expect(kept || dropped.includes(path)).toBe(true);
        }
      }),
    );
  });

  it("never mutates its input", () => {
    fc.assert(
      fc.property(project, message, (input, text) => {
        const snapshot = JSON.stringify(input);
        update(deepFreeze(input), text);
        expect(JSON.stringify(input)).toBe(snapshot);
      }),
    );
  });

  it("is idempotent: the same message again changes nothing", () => {
    fc.assert(
      fc.property(project, message, (input, text) => {
        const once = update(input, text);
        const twice = updateProjectContext(once.project, text, { now: "2027-01-01T00:00:00Z" });
        expect(twice.changes).toEqual([]);
        expect(twice.project).toEqual(once.project);
      }),
      { numRuns: 500 },
    );
  });

  it("changes nothing but lastUpdated exactly when it reports changes", () => {
    fc.assert(
      fc.property(project, message, (input, text) => {
        const parsed = ProjectContextSchema.parse(input);
        const { project: after, changes } = update(input, text);
        if (changes.length === 0) expect(after).toEqual(parsed);
        else expect(after.lastUpdated).toEqual(NOW);
      }),
    );
  });
});
