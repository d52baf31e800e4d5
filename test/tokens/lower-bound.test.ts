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

describe("the default counter's bound from its cost table", () => {
  // A line in each language and script the counter prices apart (src/tokens/scripts.ts), to put
  // around ASCII text: the line's language changes what its words cost.
  const lines = [
    "",
    "Always run the tests.",
    "Zażółć gęślą jaźń, ąę.",
    "Kırmızı ışık yanıyor, dikkat et.",
    "Die Fähre ähnlich groß, Straße.",
    "L'équipe a déjà été très rapide, señor.",
    "Người được ơn giúp đỡ.",
    "Příliš žluťoučký kůň úpěl ďábelské ódy.",
    "Così può essere della città.",
    "Het is niet voor een bij aan heeft.",
    "Yang untuk dengan atau tidak itu dalam.",
    "Привет, мир и всё такое.",
    "Привіт, їжак і ґанок.",
    "中文的文字和句子。",
    "日本語のテキストです。",
    "한국어 문장입니다.",
    "مرحبا بالعالم الكتاب.",
    "नमस्ते दुनिया।",
    "Γειά σου κόσμε.",
    "שלום עולם.",
    "🧪 emoji ✓ and symbols → ok",
  ];
  const context = fc.constantFrom(...lines.flatMap((line) => [line, `${line} `, `${line}\n`]));
  // ASCII words, names, markup, numbers, spaces and line ends, as entries are made of.
  const word = fc.constantFrom(
    " a",
    " the",
    " tests",
    " Run",
    " HTTP",
    " reallylongwordthatgoeson",
    " x1",
    " 42",
    " 1234",
    "**",
    "- **",
    "**: ",
    "_",
    "rule_12",
    "[3] ",
    ". ",
    ", ",
    ".",
    "(Workflow)",
    "  ",
    "\t",
    "\n",
    "\n\n",
    "\n- ",
    "\n  - Scope: ",
    "/",
    "<",
    "&",
    // Words whose cost depends on the line's language: the bound must leave them be.
    " déjà",
    " été",
    " ışık",
    " kırmızı",
    " zażółć",
    " l'équipe",
    " it's",
    " Привет",
    " 中文",
  );
  // Lines of accented words alone: priced in English they cost more than the line's language
  // charges, which the bound must not assume.
  const accented = fc.constantFrom(
    " déjà",
    " été",
    " ışık",
    " kırmızı",
    " ơn",
    " được",
    " l'équipe",
  );
  const inner = fc
    .oneof(
      fc.array(word, { maxLength: 40 }),
      fc
        .tuple(fc.constantFrom("x", "- **a**:"), fc.array(accented, { minLength: 3, maxLength: 8 }))
        .map(([head, words]) => [head, ...words, "."]),
    )
    .map((parts) => parts.join(""));
  const counters = [defaultCounter, createHeuristicCounter({ safety: 0.05 })];

  it("is never above the count of a text that holds it, in a line of any language (property)", () => {
    fc.assert(
      fc.property(
        context,
        inner,
        context,
        fc.integer({ min: -1, max: 30 }),
        (before, text, after, enough) => {
          for (const counter of counters) {
            const whole = counter.count(before + text + after);
            expect(counter.lowerBound?.(text) ?? 0).toBeLessThanOrEqual(whole);
            expect(counter.lowerBound?.(text, enough) ?? 0).toBeLessThanOrEqual(whole);
          }
        },
      ),
      { numRuns: 4000 },
    );
  });

  it("holds for four spaced words and one more piece (a mix a bound of thirds and halves rounds up)", () => {
    // 4 × 0.959 + a short piece is just over 4 in English: a bound that added 0.9 per word and
    // 0.5 per piece and rounded up said 5.
    for (const text of [" the the the the x.", " abc abc abc abc _.", "x abc abc abc abc 1 "]) {
      for (const line of lines) {
        for (const counter of counters) {
          const bound = counter.lowerBound?.(text) ?? 0;
          expect(bound).toBeLessThanOrEqual(counter.count(text));
          expect(bound).toBeLessThanOrEqual(counter.count(`${line} ${text}`));
          expect(bound).toBeLessThanOrEqual(counter.count(`${text}${line}`));
        }
      }
    }
  });

  it("is within a token of the count on a rule's entry line", () => {
    const line = "- **tests_12**: Run the whole suite before you push the branch.\n";
    const bound = defaultCounter.lowerBound?.(line) ?? 0;
    expect(bound).toBeLessThanOrEqual(defaultCounter.count(line));
    expect(bound).toBeGreaterThanOrEqual(defaultCounter.count(line) - 1);
  });
});
