import { FormatManager, MemorySchema } from "contextfmt";
import { describe, expect, it } from "vitest";
import { TEST_NONCE } from "../fixtures/memories.js";

// Unchecked input (the id typed `string`), as from a file: the schema checks it when it runs.
const format = (input: unknown) =>
  new FormatManager().format<string>("xml-memory", input, { nonce: TEST_NONCE });

describe("Memory model", () => {
  it("applies the original defaults: factual, confidence 0.8", () => {
    expect(MemorySchema.parse({ id: "m", content: "x" })).toEqual({
      id: "m",
      content: "x",
      category: "factual",
      confidence: 0.8,
    });
  });

  it.each([
    [{ id: "" }, "memories[0].id: expected a string of length >= 1"],
    [{ content: "  \n" }, "memories[0].content: expected non-blank text"],
    [
      { category: "semantic" },
      'memories[0].category: expected "procedural" | "factual" | "preference" | "behavioral" | "episodic", received "semantic"',
    ],
    [{ score: Number.NaN }, "memories[0].score: expected number, received NaN"],
    [{ createdAt: "yesterday" }, "memories[0].createdAt: expected an ISO 8601 date-time"],
  ])("names the path and what was expected: %j", (patch, message) => {
    expect(() => format({ memories: [{ id: "m", content: "x", ...patch }] })).toThrow(message);
  });
});
