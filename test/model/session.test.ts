import { formatFullContext } from "contextfmt";
import { describe, expect, it } from "vitest";
import { candidate, SESSION_NOW as now } from "../fixtures/session.js";

describe("session models", () => {
  it.each([
    [{ relevance: 1.5 }, "candidates[0].relevance: expected a number <= 1, received 1.5"],
    [
      { category: "cluster" },
      'candidates[0].category: expected "high_relevance_cluster" | "single_space_match" | "recent_session", received "cluster"',
    ],
    [{ createdAt: undefined }, "candidates[0].createdAt: expected an ISO 8601 date-time"],
    [{ content: "" }, "candidates[0].content: expected non-blank text"],
  ])("names the path and what was expected: %j", (patch, message) => {
    const bad = { ...candidate("x", "recent_session", 1, "c"), ...patch };
    expect(() => formatFullContext([bad as never], [], { now })).toThrow(message);
  });
});
