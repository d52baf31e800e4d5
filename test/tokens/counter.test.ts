import {
  charRatioCounter,
  isSafeBoundary,
  splitLineUnits,
  wordPunctuationCounter,
} from "contextfmt";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createCountingSession } from "../../src/tokens/counter.js";
import { LruCache } from "../../src/tokens/lru.js";

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

describe("counting session", () => {
  it("counts each distinct unit once for a line-additive counter", () => {
    const seen: string[] = [];
    const counter = {
      name: "len",
      lineAdditive: true,
      count: (text: string) => seen.push(text) && text.length,
    };
    const session = createCountingSession(counter);
    expect(session.count("one\ntwo\n")).toBe(8);
    expect(session.count("two\none\n")).toBe(8);
    expect(seen).toEqual(["one\n", "two\n"]);
  });

  it("counts whole texts for any other counter", () => {
    const seen: string[] = [];
    const session = createCountingSession({
      name: "len",
      count: (text) => seen.push(text) && text.length,
    });
    session.count("one\ntwo\n");
    session.count("one\ntwo\n");
    expect(seen).toEqual(["one\ntwo\n"]);
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

describe("LruCache", () => {
  it("evicts the least recently used entry past its capacity", () => {
    const cache = new LruCache<string, number>(2);
    cache.set("a", 1);
    cache.set("b", 2);
    cache.get("a");
    cache.set("c", 3);
    expect([cache.get("a"), cache.get("b"), cache.get("c"), cache.size]).toEqual([
      1,
      undefined,
      3,
      2,
    ]);
    expect(() => new LruCache(-1)).toThrow(RangeError);
  });
});
