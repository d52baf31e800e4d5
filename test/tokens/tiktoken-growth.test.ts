import { createTiktokenCounter, type TiktokenEncoding } from "contextfmt/tiktoken";
import type { TokenCounter } from "../../src/tokens/counter.js";
import { defaultCounter } from "../../src/tokens/heuristic.js";
import { LONG_RUN_SHAPES, type LongRunShape } from "../fixtures/long-runs.js";
import { describeGrowth } from "../growth-suite.js";
import type { GrowthCase } from "../hostile/growth-cases.js";

// Linear work grows 10× from 10k to 100k characters, n log n about 12.5× (byte-pair merging of
// one long word), and quadratic work 100×. The bound leaves room for a noisy machine, never for a
// quadratic path.

/** A growth case counting each shape's text with `counter`. */
const counting = (
  counter: TokenCounter,
  shapes: readonly Pick<LongRunShape, "name" | "make">[],
  prefix = "",
): GrowthCase[] =>
  shapes.map((shape) => ({
    name: `${prefix}${shape.name}`,
    build: shape.make,
    run: (text) => counter.count(text as string),
  }));

const SHAPES: readonly Pick<LongRunShape, "name" | "make">[] = [
  ...LONG_RUN_SHAPES,
  {
    name: "many short lines, each its own line unit",
    make: (length) => "- rule 0123\n".repeat(Math.ceil(length / 12)).slice(0, length),
  },
];
const ENCODINGS: readonly TiktokenEncoding[] = ["o200k_base", "cl100k_base"];

describeGrowth(
  "exact counting grows linearly (10k vs 100k characters, time ratio)",
  // No cache: every count is the tokenizer's work.
  ENCODINGS.flatMap((encoding) =>
    counting(createTiktokenCounter({ encoding, cacheSize: 0 }), SHAPES, `${encoding}: `),
  ),
);

describeGrowth("exact counting with the cache", [
  {
    name: "ten times as many distinct line units cost about ten times as much",
    build: (size) => Array.from({ length: size / 10 }, (_, index) => `- rule ${index}\n`).join(""),
    run: (() => {
      const counter = createTiktokenCounter();
      return (text: unknown) => counter.count(text as string);
    })(),
  },
]);

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
  {
    // Words touching code punctuation, capitals and a joined name's parts, each a term, in one
    // Czech line: every word looks at the characters beside it and no further.
    name: "inline code, paths and joined names in one long Czech line",
    make: wordsOf(["`npm`", "./images/logo", "README", "#try-react-app", "příkaz", "@lord"], " "),
  },
  {
    // Every plain word read for Polish's and Czech's letter pairs, the line read again as
    // Polish at its end; slugs' words each looking a hyphen either side.
    name: "one long Polish line without Polish letters, with slugs",
    make: wordsOf(["Trzymaj", "pliki", "przy", "using-react-for-a-part", "zdrojovemu"], " "),
  },
];

describeGrowth(
  "estimated counting grows linearly in every language (10k vs 100k characters)",
  counting(defaultCounter, [...SHAPES, ...LANGUAGE_SHAPES]),
);
