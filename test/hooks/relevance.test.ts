import { rankForPrompt, wordOverlap } from "contextfmt/hooks";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

describe("wordOverlap", () => {
  it("counts shared distinct words, case-insensitively, over the geometric mean of both counts", () => {
    // prompt: add, retry, logic, to, the, payment, client (7); text: the, payment, client, retries, twice (5)
    expect(
      wordOverlap("Add retry logic to the payment client", "The payment CLIENT retries twice"),
    ).toBeCloseTo(3 / Math.sqrt(7 * 5));
    expect(wordOverlap("", "anything")).toBe(0);
    expect(wordOverlap("a b c", "x")).toBe(0); // one-letter words do not count
  });

  it("is symmetric and within 0–1; identical word sets give 1", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const overlap = wordOverlap(a, b);
        expect(overlap).toBeGreaterThanOrEqual(0);
        expect(overlap).toBeLessThanOrEqual(1 + 1e-12);
        expect(overlap).toBeCloseTo(wordOverlap(b, a), 12);
      }),
    );
    expect(wordOverlap("payment client", "client PAYMENT client")).toBe(1);
  });
});

describe("rankForPrompt", () => {
  const options = {
    text: (item: { text: string }) => item.text,
    score: (item: { score?: number | undefined }) => item.score,
  };

  it("scored items first by score; the rest by overlap with the prompt; ties in input order", () => {
    const items = [
      { id: "unrelated", text: "The office plants need water on Fridays" },
      { id: "low", text: "x", score: 0.2 },
      { id: "payments", text: "The payment client must retry idempotent calls" },
      { id: "high", text: "y", score: 0.9 },
      { id: "tie-a", text: "nothing shared" },
      { id: "tie-b", text: "nothing in common" },
    ];
    const ranked = rankForPrompt(items, "Add retry logic to the payment client", options);
    expect(ranked.map((item) => item.id)).toEqual([
      "high",
      "low",
      "payments",
      "unrelated",
      "tie-a",
      "tie-b",
    ]);
  });

  it("keeps every item exactly once", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            text: fc.string(),
            score: fc.option(fc.double({ noNaN: true }), { nil: undefined }),
          }),
        ),
        fc.string(),
        (items, prompt) => {
          const ranked = rankForPrompt(items, prompt, options);
          expect(ranked).toHaveLength(items.length);
          expect(new Set(ranked)).toEqual(new Set(items));
        },
      ),
    );
  });
});
