import { charRatioCounter, wordPunctuationCounter } from "contextfmt";
import { isSafeBoundary, splitLineUnits } from "contextfmt/adapters";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

describe("line units", () => {
  it("split after a line feed only where the next character is neither whitespace nor '/'", () => {
    expect(splitLineUnits("a\nb\n\nc\n  d\n/e\nf")).toEqual(["a\n", "b\n\n", "c\n  d\n/e\n", "f"]);
    expect(splitLineUnits("")).toEqual([]);
    expect(isSafeBoundary("a\nb", 2)).toBe(true);
    expect(isSafeBoundary("a\n\u00a0b", 2)).toBe(false);
    expect(isSafeBoundary("ab", 1)).toBe(false);
  });

  it("join back to the text, and units of a + b are units of a then of b at a safe boundary (property)", () => {
    const text = fc.string({ unit: fc.constantFrom("a", " ", "\n", "/", "-", "\t", "é") });
    fc.assert(
      fc.property(text, text, (a, b) => {
        expect(splitLineUnits(a).join("")).toBe(a);
        const left = `${a}\n`;
        const right = `x${b}`;
        expect(splitLineUnits(left + right)).toEqual([
          ...splitLineUnits(left),
          ...splitLineUnits(right),
        ]);
      }),
    );
  });
});

describe("the original designs' heuristics", () => {
  it("wordPunctuationCounter: floor(1.3 × words + 0.5 × punctuation)", () => {
    expect(wordPunctuationCounter.count("Hello, world!")).toBe(3);
    expect(wordPunctuationCounter.count("  a b\tc\n")).toBe(3);
    expect(wordPunctuationCounter.count("")).toBe(0);
  });

  it("charRatioCounter: chars/3 with '/' or '.', else chars/4", () => {
    expect(charRatioCounter.count("src/index.ts")).toBe(4);
    expect(charRatioCounter.count("hello world!")).toBe(3);
  });
});
