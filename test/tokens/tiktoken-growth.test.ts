import { createTiktokenCounter, type TiktokenEncoding } from "contextfmt/tiktoken";
import { describe, expect, it } from "vitest";
import type { TokenCounter } from "../../src/tokens/counter.js";
import { defaultCounter } from "../../src/tokens/heuristic.js";
import { LONG_RUN_SHAPES, type LongRunShape } from "../fixtures/long-runs.js";

// Linear work grows 10× from 10k to 100k characters, n log n about 12.5×, and quadratic work
// 100×. The bound leaves room for a noisy machine, never for a quadratic path.
const MAX_RATIO = 15;
const SMALL = 10_000;
const LARGE = 100_000;

function elapsed(run: () => void): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? 0;
}

/**
 * Time of one count of `large` over one count of `small`. Both sides do the same total work per
 * round (ten small counts against one large), interleaved, so a burst of load hits both alike;
 * a ratio over the bound is measured again (up to five times: byte-pair merging of one long word
 * is n log n, about 12.5×, close enough to the bound for a burst of load to push one measure
 * over it), as a quadratic path would stay far over it every time.
 */
function growthRatio(counter: TokenCounter, small: string, large: string): number {
  counter.count(small);
  counter.count(large);
  let best = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < 5 && best > MAX_RATIO; attempt += 1) {
    const smallTimes: number[] = [];
    const largeTimes: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      smallTimes.push(
        elapsed(() => {
          for (let repeat = 0; repeat < LARGE / SMALL; repeat += 1) counter.count(small);
        }) /
          (LARGE / SMALL),
      );
      largeTimes.push(elapsed(() => counter.count(large)));
    }
    best = Math.min(best, median(largeTimes) / median(smallTimes));
  }
  return best;
}

const SHAPES: readonly Pick<LongRunShape, "name" | "make">[] = [
  ...LONG_RUN_SHAPES,
  {
    name: "many short lines, each its own line unit",
    make: (length) => "- rule 0123\n".repeat(Math.ceil(length / 12)).slice(0, length),
  },
];
const ENCODINGS: readonly TiktokenEncoding[] = ["o200k_base", "cl100k_base"];

describe("exact counting grows linearly (10k vs 100k characters, time ratio)", () => {
  for (const encoding of ENCODINGS) {
    // No cache: every count is the tokenizer's work.
    const counter = createTiktokenCounter({ encoding, cacheSize: 0 });
    for (const shape of SHAPES) {
      // The ratio is what is asserted; the time limit only ends a run that hangs.
      it(`${encoding}: ${shape.name}`, () => {
        const ratio = growthRatio(counter, shape.make(SMALL), shape.make(LARGE));
        expect(ratio).toBeLessThanOrEqual(MAX_RATIO);
      }, 60_000);
    }
  }

  it("with the cache: ten times as many distinct line units cost about ten times as much", () => {
    const lines = (count: number) =>
      Array.from({ length: count }, (_, index) => `- rule ${index}\n`).join("");
    const ratio = growthRatio(createTiktokenCounter(), lines(SMALL / 10), lines(LARGE / 10));
    expect(ratio).toBeLessThanOrEqual(MAX_RATIO);
  }, 60_000);
});

/** Text whose words are drawn in turn from `words`, `length` characters of it. */
const wordsOf = (words: readonly string[], separator: string) => (length: number) => {
  let text = "";
  for (let i = 0; text.length < length; i += 1) text += words[i % words.length] + separator;
  return text.slice(0, length);
};

/** Shapes that make the default counter read a line twice, or price its words at the line's end. */
const LANGUAGE_SHAPES: readonly Pick<LongRunShape, "name" | "make">[] = [
  {
    name: "one long Polish line (read again as Polish)",
    make: wordsOf(["zażółć", "gęślą", "jaźń"], " "),
  },
  { name: "many short Polish lines", make: wordsOf(["- błąd\n"], "") },
  {
    name: "a Polish name in one long English line",
    make: (n) => `Błażejewicz ${wordsOf(["the", "rules"], " ")(n - 12)}`,
  },
  { name: "Arabic words with the article", make: wordsOf(["الكتاب", "المدرسة"], " ") },
  { name: "one long Cyrillic word with a Ukrainian letter", make: (n) => `і ${"ж".repeat(n - 2)}` },
  { name: "Han and kana without spaces", make: wordsOf(["設定", "ファイル", "を"], "") },
  {
    // Each word looked up among the common words of Dutch, Indonesian, Italian, and near misses.
    name: "common words of languages without letters of their own, in one line",
    make: wordsOf(["het", "yang", "della", "hat", "yank", "dello"], " "),
  },
  {
    // Each plain word read for the letter pairs of English terms, in a Turkish line.
    name: "English terms in one long Turkish line",
    make: wordsOf(["kullanılmış", "Parameterized", "queries", "throughput", "veri"], " "),
  },
  {
    // A link's words are English up to the next whitespace: links, their paths and words
    // between them, in one line.
    name: "links in one long Polish line",
    make: wordsOf(["błąd", "https://github.com/przykład/ścieżka", "zmianą", "workflow"], " "),
  },
];

describe("estimated counting grows linearly in every language (10k vs 100k characters)", () => {
  for (const shape of [...SHAPES, ...LANGUAGE_SHAPES]) {
    it(shape.name, () => {
      const ratio = growthRatio(defaultCounter, shape.make(SMALL), shape.make(LARGE));
      expect(ratio).toBeLessThanOrEqual(MAX_RATIO);
    }, 60_000);
  }
});
