import { createTiktokenCounter } from "contextfmt/tiktoken";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { TokenCounter } from "../../src/tokens/counter.js";
import {
  createHeuristicCounter,
  defaultCounter,
  estimateUnit,
} from "../../src/tokens/heuristic.js";
import { spacedWords, textPieces } from "../../src/tokens/lower-bound.js";

/** Words, their neighbours and everything that can end or join them, in any script. */
const unit = fc.constantFrom(
  " ",
  "  ",
  " a",
  " the",
  " it's",
  " Tests",
  " aB",
  " ab1",
  " ab'",
  " abé",
  " abж",
  " ab中",
  "a",
  "z",
  "Z",
  "é",
  "ж",
  "中",
  "7",
  ".",
  ",",
  "-",
  "'",
  "**",
  "<",
  "/",
  "_",
  "\t",
  "\u00a0",
  "\n",
  "\r\n",
  "🧪",
  "\uD800",
  "_",
  "__",
  "**:",
  "\\*",
  "12",
  "1234",
  "a1b",
  "x'y",
  "''",
  "—",
  " (",
  ").",
  "=== ",
  "[3] ",
  "</",
  "/>",
  // Scripts and languages with costs of their own, and what decides a line's language.
  " zażółć",
  "ł",
  "ı",
  "ü",
  "ơ",
  "ế",
  " l'é",
  "’",
  " аб",
  "і",
  " الكتاب",
  "ال",
  " नमस्ते",
  "ア",
  "の",
  " 한국",
  "ա",
  "aա",
  "α",
);
const text = fc.string({ unit, maxLength: 60 });

const counters: readonly TokenCounter[] = [
  defaultCounter,
  createHeuristicCounter({ safety: 0.05 }),
  createTiktokenCounter({ cacheSize: 0 }),
  createTiktokenCounter({ encoding: "cl100k_base", cacheSize: 0 }),
];

describe("spacedWords", () => {
  it("counts a space, lower-case ASCII letters and an ASCII character after them", () => {
    expect(spacedWords("Always run the tests, then commit.")).toBe(5);
    expect(spacedWords(" it's")).toBe(1); // the letters end at the apostrophe
    expect(spacedWords(" its")).toBe(0); // runs to the end: it might go on
    expect(spacedWords(" it's.")).toBe(1);
    expect(spacedWords(" word")).toBe(0);
    expect(spacedWords(" word ")).toBe(1);
    expect(spacedWords(" abé ")).toBe(0);
    expect(spacedWords(" Word ")).toBe(0);
    expect(spacedWords("  a  b  ")).toBe(2);
    expect(spacedWords("")).toBe(0);
  });
});

describe("textPieces", () => {
  it("counts letter runs, digit runs and runs of two or more punctuation characters", () => {
    expect(textPieces("- **rule_7**: Keep it small.")).toBe(7);
    expect(textPieces("it's")).toBe(1);
    expect(textPieces("aé b")).toBe(2);
    expect(textPieces("a-b")).toBe(2);
    expect(textPieces("12345")).toBe(2);
    expect(textPieces("")).toBe(0);
  });
});

describe("lowerBound of the shipped counters", () => {
  it("is never above the count of the text, nor of any text that contains it (property)", () => {
    fc.assert(
      fc.property(text, text, text, (before, inner, after) => {
        for (const counter of counters) {
          const bound = counter.lowerBound?.(inner) ?? 0;
          expect(bound).toBeLessThanOrEqual(counter.count(inner));
          expect(bound).toBeLessThanOrEqual(counter.count(before + inner + after));
        }
      }),
      { numRuns: 1500 },
    );
  });

  it("with the room it is given, decides as without it, and stays a bound (property)", () => {
    fc.assert(
      fc.property(text, fc.integer({ min: -2, max: 40 }), (inner, enough) => {
        for (const counter of counters) {
          const full = counter.lowerBound?.(inner) ?? 0;
          const early = counter.lowerBound?.(inner, enough) ?? 0;
          expect(early > enough).toBe(full > enough);
          if (full <= enough) expect(early).toBe(full);
          expect(early).toBeLessThanOrEqual(full);
        }
      }),
      { numRuns: 1500 },
    );
    // It does stop: a long text past a small room is not read to its end.
    const long = `${" word".repeat(1000)}.`;
    const early = defaultCounter.lowerBound?.(long, 3) ?? 0;
    expect(early).toBeGreaterThan(3);
    expect(early).toBeLessThan(20);
    expect(spacedWords(long, 3)).toBe(4);
    expect(textPieces(long, 3)).toBe(4);
  });

  it("of the default counter: every run of letters with an ASCII one costs at least half a token, in a line of any language (property)", () => {
    // What its `textPieces` half rests on: no piece costs less than nothing, and each run that
    // `textPieces` counts holds a piece with an ASCII letter, which costs at least 0.5. The line
    // before the run sets its language (the run's letters point to none, so it keeps it).
    const context = fc.constantFrom(
      "",
      "zażółć gęślą ",
      "kırmızı ışık ",
      "été déjà ",
      "Fähre ähnlich ",
      "ơn được ",
      "і ",
      "の ",
    );
    const prefix = fc.constantFrom("", " ", "'", "’", ".", "(", "-", "/", "<", "@", "1", "\t");
    // Accented letters of no language the counter knows (ř, ž would make the line Czech).
    const letter = fc.constantFrom(
      "ŷ",
      "ǎ",
      "ж",
      "і",
      "中",
      "ア",
      "ا",
      "ل",
      "न",
      "한",
      "ա",
      "α",
      "'",
    );
    const ascii = fc.constantFrom("a", "b", "Z", "l");
    const run = fc
      .tuple(fc.array(letter, { maxLength: 4 }), ascii, fc.array(letter, { maxLength: 4 }))
      .map(([before, middle, after]) => [...before, middle, ...after].join(""));
    fc.assert(
      fc.property(context, prefix, run, (line, first, letters) => {
        const head = `${line}\n`;
        const whole = `${head}${first}${letters}`;
        const cost = estimateUnit(whole, 0, whole.length) - estimateUnit(head, 0, head.length);
        expect(cost).toBeGreaterThanOrEqual(first === "1" ? 1.5 : 0.5);
      }),
      { numRuns: 3000 },
    );
  });

  it("is close to the count on prose: at least 0.4 of it", () => {
    const prose =
      "When working on module 12, always keep the change small and covered by tests, and run the whole suite before you push the branch.\n";
    for (const counter of counters) {
      const bound = counter.lowerBound?.(prose) ?? 0;
      expect(bound).toBeGreaterThan(0.4 * counter.count(prose));
    }
  });
});
