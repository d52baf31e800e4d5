import { InvalidInputError, summarize } from "contextfmt";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hasMoreWords } from "../../src/budget/summarize.js";

describe("summarize", () => {
  it("cuts back to a sentence end that keeps more than half of the words kept", () => {
    expect(summarize("One two three four five. Six seven eight", 6)).toBe(
      "One two three four five.",
    );
    expect(summarize("Done! Then we went on and on and on", 6)).toBe(
      "Done! Then we went on and...",
    );
    expect(summarize("Use Node 20.11 for every build we ship", 4)).toBe("Use Node 20.11 for...");
  });

  it("folds whitespace when it cuts and keeps text within the limit unchanged", () => {
    expect(summarize("a\n\n b\tc d", 3)).toBe("a b c...");
    expect(summarize("  a\nb  ", 2)).toBe("  a\nb  ");
  });

  it("keeps short text as it is; cuts long text to a prefix of its first words (property)", () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 30 }), (text, maxWords) => {
        const words = text.split(/\s+/).filter(Boolean);
        const summary = summarize(text, maxWords);
        if (words.length <= maxWords) {
          expect(summary).toBe(text);
          return;
        }
        const kept = words.slice(0, maxWords).join(" ");
        expect(summary.split(" ").length).toBeLessThanOrEqual(maxWords);
        expect(kept.startsWith(summary.replace(/\.\.\.$/, ""))).toBe(true);
      }),
    );
  });

  it("hasMoreWords says whether summarize shortens the text, call after call (property)", () => {
    const text = fc.stringMatching(/^[ a\n\t\u00a0\u3000b.]{0,80}$/);
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 4 }), fc.nat(12), (texts, limit) => {
        const maxWords = limit + 1;
        // One after another, as the items of a call are, each after a long text: an answer does
        // not depend on the text asked about before.
        for (const text of texts) {
          expect(hasMoreWords("word ".repeat(20), maxWords)).toBe(maxWords < 20);
          expect(hasMoreWords(text, maxWords)).toBe(summarize(text, maxWords) !== text);
        }
      }),
    );
  });

  it("rejects a word limit below 1", () => {
    expect(() => summarize("a b", 0)).toThrow(InvalidInputError);
    expect(() => summarize("a b", 1.5)).toThrow(
      /^maxWords: expected a whole number >= 1, received 1\.5$/,
    );
  });
});
