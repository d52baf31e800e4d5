import { ProjectContextSchema, UserFactsSchema } from "contextfmt";
import { parseWith } from "contextfmt/adapters";
import { describe, expect, it } from "vitest";

describe("ProjectContextSchema", () => {
  it("fills defaults: idle, empty lists, medium TODO priority, dates as Date", () => {
    const project = parseWith(ProjectContextSchema, {
      projectId: "p",
      name: "P",
      activeTodos: [{ text: "t", addedDate: "2026-01-02" }],
      lastUpdated: 1_767_225_600_000,
    });
    expect(project).toEqual({
      projectId: "p",
      name: "P",
      status: "idle",
      activeTodos: [{ text: "t", priority: 2, addedDate: new Date("2026-01-02") }],
      recentFiles: [],
      languages: [],
      frameworks: [],
      blockers: [],
      notes: [],
      lastUpdated: new Date(1_767_225_600_000),
    });
  });

  it("names every bad path", () => {
    expect(() =>
      parseWith(
        ProjectContextSchema,
        { projectId: "p", status: "archived", lastSessionDate: "Jan 23", recentFiles: [""] },
        "project",
      ),
    ).toThrow(
      [
        "project.name: expected string, received nothing",
        'project.status: expected "active" | "paused" | "blocked" | "completed" | "idle", received "archived"',
        'project.lastSessionDate: expected an ISO 8601 date-time, epoch milliseconds or a Date, received "Jan 23"',
        'project.recentFiles[0]: expected a string of length >= 1, received ""',
      ].join("\n"),
    );
  });
});

describe("UserFactsSchema", () => {
  it("takes facts as strings or objects", () => {
    expect(
      parseWith(UserFactsSchema, {
        userId: "u",
        facts: ["Likes tea", { text: "8GB RAM", category: "constraint" }],
      }),
    ).toEqual({
      userId: "u",
      facts: [
        { text: "Likes tea", confidence: 1, category: "other" },
        { text: "8GB RAM", confidence: 1, category: "constraint" },
      ],
    });
  });

  it("rejects a confidence outside 0–1 with the path", () => {
    expect(() =>
      parseWith(UserFactsSchema, { userId: "u", facts: [{ text: "x", confidence: 2 }] }, "user"),
    ).toThrow(/user\.facts\[0\]/);
  });
});
