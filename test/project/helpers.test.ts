import { detectActiveProject, detectCompletions, extractTodos, summarizeSession } from "contextfmt";
import { describe, expect, it } from "vitest";
import { PROJECT_NOW, rvcBlocked, samTerminal, slamRushCompleted } from "../fixtures/projects.js";

describe("extractTodos", () => {
  it("finds each of the original patterns and returns what they captured, in order", () => {
    const text = [
      "We need to add tests for the parser, then ship.",
      "TODO: update the README",
      "Next step is: wire the CLI.",
      "Let's refactor the packer next",
      "You should also bump the version",
    ].join("\n");
    expect(extractTodos(text)).toEqual([
      "add tests for the parser",
      "update the README",
      "wire the CLI",
      "refactor the packer",
      "also bump the version",
    ]);
  });

  it("a TODO ends at its sentence: it does not run into the next one", () => {
    expect(extractTodos("TODO: write tests. We need to fix the parser.")).toEqual([
      "write tests",
      "fix the parser",
    ]);
    expect(extractTodos("TODO: bump v1.2 and retag! Then rest.")).toEqual(["bump v1.2 and retag"]);
  });

  it("returns each TODO once and none from text without any", () => {
    expect(extractTodos("TODO: x\nTODO: X")).toEqual(["x"]);
    expect(extractTodos("The context is fine. Nothing left.")).toEqual([]);
  });
});

describe("detectCompletions", () => {
  it("returns what was completed, or the whole phrase for 'that's done'", () => {
    expect(
      detectCompletions("Finished the parser.\nDone with the docs\nOK, that's done. It's working!"),
    ).toEqual(["the parser", "the docs", "that's done", "It's working"]);
    expect(detectCompletions("Finished the parser. It's working now.")).toEqual([
      "the parser",
      "It's working",
    ]);
    expect(detectCompletions("Nothing yet.")).toEqual([]);
  });
});

describe("detectActiveProject", () => {
  const projects = [samTerminal, rvcBlocked, slamRushCompleted];
  const now = { now: PROJECT_NOW };

  it("1: an explicit mention wins, by name or id, whole words only", () => {
    expect(detectActiveProject("Back to rvc voice training today", projects, now)).toMatchObject({
      project: { projectId: "rvc_voice" },
      reason: "mention",
    });
    expect(detectActiveProject("see sam_terminal", projects, now)?.project.name).toBe(
      "SAM Terminal",
    );
    expect(detectActiveProject("SAM Terminals are great", projects, now)?.reason).not.toBe(
      "mention",
    );
  });

  it("2: a file path under a project's root or among its recent files", () => {
    expect(
      detectActiveProject("Look at /Users/david/Projects/RVC/train.py", projects, now),
    ).toMatchObject({
      project: { projectId: "rvc_voice" },
      reason: "path",
    });
    expect(detectActiveProject("fact_memory.py throws", projects, now)).toMatchObject({
      project: { projectId: "sam_terminal" },
      reason: "path",
    });
  });

  it("3: else the most recently updated within recentDays, completed ones aside; 4: else an active one", () => {
    expect(detectActiveProject("hello", projects, now)).toMatchObject({
      project: { projectId: "sam_terminal" },
      reason: "recent",
    });
    expect(detectActiveProject("hello", projects, { now: "2026-03-01T00:00:00Z" })).toMatchObject({
      project: { projectId: "sam_terminal" },
      reason: "active",
    });
    expect(
      detectActiveProject("hello", [rvcBlocked, slamRushCompleted], { now: "2026-03-01" }),
    ).toBeUndefined();
  });

  it("names the bad project on bad input", () => {
    expect(() => detectActiveProject("x", [{ projectId: "p" }] as never)).toThrow(
      /projects\[0\]\.name/,
    );
  });
});

describe("summarizeSession", () => {
  const messages = [
    { role: "user", content: "Can you add decay to the facts?" },
    {
      role: "assistant",
      content:
        "I implemented fact extraction and added a decay algorithm. I also fixed the persistence bug, then we decided to keep SQLite.",
    },
  ];

  it("says what was built, fixed and decided, rule-based", () => {
    expect(summarizeSession(messages)).toBe(
      "Implemented fact extraction, added a decay algorithm, fixed the persistence bug, decided to keep SQLite.",
    );
    expect(summarizeSession([{ role: "user", content: "hi" }])).toBe("");
  });

  it("uses the caller's summarizer, sync or async, and falls back when it returns nothing", async () => {
    expect(summarizeSession(messages, { summarizer: () => " Worked on decay. " })).toBe(
      "Worked on decay.",
    );
    await expect(
      summarizeSession(messages, { summarizer: async () => "LLM summary" }),
    ).resolves.toBe("LLM summary");
    expect(summarizeSession(messages, { summarizer: () => "" })).toMatch(
      /^Implemented fact extraction/,
    );
  });
});
