import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { FormatManager, InvalidInputError } from "contextfmt";
import { makeRules } from "contextfmt/testing";
import { createTiktokenCounter, type TiktokenEncoding } from "contextfmt/tiktoken";
import fc from "fast-check";
import { Tiktoken } from "js-tiktoken/lite";
import cl100kBase from "js-tiktoken/ranks/cl100k_base";
import o200kBase from "js-tiktoken/ranks/o200k_base";
import { describe, expect, it } from "vitest";
import { buildRankTable } from "../../src/tiktoken/rank-table.js";
import { LONG_RUN_SHAPES } from "../fixtures/long-runs.js";
import { SEED_NOW } from "../fixtures/rules.js";

const o200k = createTiktokenCounter();
const cl100k = createTiktokenCounter({ encoding: "cl100k_base" });
const ENCODINGS: readonly TiktokenEncoding[] = ["o200k_base", "cl100k_base"];
const RANK_FILES = { o200k_base: o200kBase, cl100k_base: cl100kBase };

// js-tiktoken is the reference: every count must equal its `encode(text, [], []).length`.
const reference = new Map(
  ENCODINGS.map((encoding) => [encoding, new Tiktoken(RANK_FILES[encoding])] as const),
);
const uncached = new Map(
  ENCODINGS.map((encoding) => [encoding, createTiktokenCounter({ encoding, cacheSize: 0 })]),
);

function expectSameAsJsTiktoken(text: string): void {
  for (const encoding of ENCODINGS) {
    const expected = reference.get(encoding)?.encode(text, [], []).length;
    expect(
      uncached.get(encoding)?.count(text),
      `${encoding}: ${JSON.stringify(text.slice(0, 60))}`,
    ).toBe(expected);
  }
}

// Pieces of the text the library counts: prose, code, markup, every script and shape the
// pre-tokenizer treats apart, and text that looks like special tokens.
const FRAGMENTS = [
  "hello",
  " World",
  "don't",
  "I'M",
  "'s",
  "'LL",
  " naïve",
  "Straße",
  "ÜNÏCÖDÉ",
  "Привет",
  " مرحبا",
  "שלום",
  "नमस्ते",
  "ไทย",
  "字",
  "漢字仮名交じり文",
  "한국어",
  "🧪",
  "👍🏽",
  "👨‍👩‍👧",
  "🇺🇸",
  "e\u0301",
  "\u0301",
  "\u200b",
  "\ud800",
  "\udfff",
  "<|endoftext|>",
  "<|endofprompt|>",
  "<|fim_prefix|>",
  " ",
  "  ",
  "    ",
  "\t",
  "\n",
  "\n\n",
  "\r\n",
  "\u00a0",
  "\u3000",
  "1",
  "23",
  "4567",
  "3.14159",
  ".",
  ",",
  "!",
  "...",
  "—",
  "«»",
  "/",
  "//",
  "/*",
  "*/",
  "{",
  "}",
  "=>",
  "`",
  "#",
  "## ",
  "- ",
  "**",
  "const x = 1;",
  "function f(a, b) {",
  "</system-reminder>",
  '<PROJECT name="Atlas">',
  "=== CRITICAL RULES ===",
  "[2] name (Behavior)",
  "QUFBQUFB",
  "aGVsbG8gd29ybGQ=",
  "0xDEADBEEF",
];

const realisticText = fc
  .array(
    fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...FRAGMENTS) },
      { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 12 }) },
      { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 12 }) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.constantFrom(" ", "\n", "\t", "a", "字", "9", "!", "🧪"), fc.nat(60))
          .map(([unit, times]) => unit.repeat(times)),
      },
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(""));

describe("createTiktokenCounter", () => {
  it("counts exactly, with o200k_base by default", () => {
    expect(o200k.name).toBe("tiktoken-o200k_base");
    expect(o200k.count("hello world")).toBe(2);
    expect(cl100k.count("hello world")).toBe(2);
    expect(o200k.count("")).toBe(0);
  });

  it("counts special-token text as ordinary text instead of throwing", () => {
    expect(o200k.count("<|endoftext|>")).toBeGreaterThan(1);
    expectSameAsJsTiktoken("a<|endoftext|>b <|endofprompt|>\n<|fim_prefix|>");
  });

  it("gives js-tiktoken's count on any mix of scripts, specials, whitespace, digits and emoji (property, both encodings)", () => {
    fc.assert(fc.property(realisticText, expectSameAsJsTiktoken), { numRuns: 400 });
  });

  it("gives js-tiktoken's count on the repository's own docs, sources and goldens", () => {
    const root = new URL("../../", import.meta.url).pathname;
    const files = [
      "README.md",
      ...listFiles(join(root, "src")).map((path) => path.slice(root.length)),
      ...listFiles(join(root, "test/golden")).map((path) => path.slice(root.length)),
    ];
    const text = files.map((file) => readFileSync(join(root, file), "utf8")).join("\n");
    expect(text.length).toBeGreaterThan(200_000);
    // Thirty 8k slices spread evenly over it (about 240k characters), whatever its size: the
    // README, code, every format's goldens. The whole of it is 1.1 MB and grows with the
    // repository; through the two tokenizers it took 20 s on a busy machine.
    const stride = Math.floor(text.length / 30);
    for (let start = 0; start < text.length; start += stride) {
      expectSameAsJsTiktoken(text.slice(start, start + 8_000));
    }
  }, 60_000);

  it("gives js-tiktoken's count through the cache, which never changes a count (property)", () => {
    const counter = createTiktokenCounter({ cacheSize: 3, maxCachedLength: 20 });
    fc.assert(
      fc.property(fc.array(realisticText, { maxLength: 8 }), (texts) => {
        for (const text of [...texts, ...texts]) {
          expect(counter.count(text)).toBe(
            reference.get("o200k_base")?.encode(text, [], []).length,
          );
        }
      }),
      { numRuns: 100 },
    );
  });

  it("keeps no prompt alive through the cached count of a line cut from it", () => {
    // In a separate process with the garbage collector exposed, against the built entry: thirty
    // 2 MB prompts, each with a header line of its own, as Codex's "Generated:" line is.
    const script = `
      import { createTiktokenCounter } from "contextfmt/tiktoken";
      const counter = createTiktokenCounter();
      counter.count("warm");
      globalThis.gc();
      const before = process.memoryUsage().heapUsed;
      const countHeader = (call) => {
        const prompt = "RULES\\nGenerated: call " + call + "\\n\\n" + "x".repeat(2_000_000) + "\\n";
        counter.count(prompt.slice(0, prompt.indexOf("\\n\\n") + 2));
      };
      for (let call = 0; call < 30; call += 1) countHeader(call);
      globalThis.gc();
      console.log(process.memoryUsage().heapUsed - before);
    `;
    const result = spawnSync(
      process.execPath,
      ["--expose-gc", "--input-type=module", "--eval", script],
      { cwd: new URL("../../", import.meta.url).pathname, encoding: "utf8" },
    );
    expect(result.stderr).toBe("");
    // Kept alive, the prompts would be 60 MB; V8 keeps the last regular-expression input (one).
    expect(Number(result.stdout)).toBeLessThan(10_000_000);
  });

  describe("on the long runs js-tiktoken is quadratic on, at lengths it still finishes", () => {
    for (const shape of LONG_RUN_SHAPES) {
      it(`${shape.name}: the same count as js-tiktoken`, () => {
        expectSameAsJsTiktoken(shape.make(shape.checkedLength));
      });
    }
  });

  it("every single byte is a token in both encodings (the merge counts the parts it leaves)", () => {
    for (const encoding of ENCODINGS) {
      const { rankOf, longestToken } = buildRankTable(RANK_FILES[encoding].bpe_ranks);
      for (let byte = 0; byte < 256; byte += 1) {
        expect(rankOf(String.fromCharCode(byte), 0, 1), `${encoding} byte ${byte}`).not.toBe(-1);
      }
      expect(longestToken).toBeGreaterThan(1);
    }
  });

  it("the rank table finds every token of the rank file at its rank, at any place in a byte string, and nothing else", () => {
    for (const encoding of ENCODINGS) {
      const table = buildRankTable(RANK_FILES[encoding].bpe_ranks);
      let longest = 0;
      let checked = 0;
      for (const line of RANK_FILES[encoding].bpe_ranks.split("\n")) {
        const [, first, ...tokens] = line.split(" ");
        tokens.forEach((base64, offset) => {
          const bytes = atob(base64);
          longest = Math.max(longest, bytes.length);
          const rank = table.rankOf(`\u00ff${bytes}\u00fe`, 1, bytes.length + 1);
          if (rank !== Number(first) + offset)
            expect(rank, `${encoding} ${base64}`).toBe(Number(first) + offset);
          checked += 1;
        });
      }
      expect(checked).toBeGreaterThan(100_000);
      expect(table.longestToken).toBe(longest);
      // Spans that are no token: too long, empty, and bytes no token holds in a row.
      expect(table.rankOf("a".repeat(longest + 1), 0, longest + 1)).toBe(-1);
      expect(table.rankOf("ab", 1, 1)).toBe(-1);
      expect(table.rankOf("\u00ff\u00ff\u00ff\u00ff", 0, 4)).toBe(-1);
    }
  });

  it("rejects an unknown encoding and bad options with an InvalidInputError naming them", () => {
    expect(() => createTiktokenCounter({ encoding: "p50k_base" as never })).toThrow(
      'encoding: expected "o200k_base" | "cl100k_base", received "p50k_base"',
    );
    const bad: [unknown, string][] = [
      [{ cacheSize: -1 }, "cacheSize: expected a whole number >= 0, received -1"],
      [{ cacheSize: Number.NaN }, "cacheSize: expected a whole number >= 0, received NaN"],
      [{ cacheSize: "10" }, 'cacheSize: expected a whole number >= 0, received "10"'],
      [{ maxCachedLength: 1.5 }, "maxCachedLength: expected a whole number >= 0, received 1.5"],
      [null, "options: expected an object, received null"],
      [10n, "options: expected an object, received 10n"],
      [{ cacheSize: 10n }, "cacheSize: expected a whole number >= 0, received 10n"],
      [{ encoding: 10n }, 'encoding: expected "o200k_base" | "cl100k_base", received 10n'],
      [
        { encoding: "__proto__" },
        'encoding: expected "o200k_base" | "cl100k_base", received "__proto__"',
      ],
    ];
    for (const [options, message] of bad) {
      expect(() => createTiktokenCounter(options as never)).toThrow(message);
      expect(() => createTiktokenCounter(options as never)).toThrow(InvalidInputError);
    }
    expect(() => o200k.count(42 as never)).toThrow("text: expected a string, received 42");
    expect(() => o200k.count(undefined as never)).toThrow(InvalidInputError);
    expect(() => o200k.count(10n as never)).toThrow("text: expected a string, received 10n");
  });

  it("is line-additive, as it declares (property, both encodings)", () => {
    const piece = fc.string({
      unit: fc.constantFrom(
        "a",
        "b",
        "Z",
        " ",
        "\n",
        "/",
        "-",
        "'s",
        "1",
        "23",
        "é",
        "字",
        "🧪",
        "*",
        "</",
        "\t",
      ),
    });
    const start = fc.constantFrom("a", "Z", "1", "-", "*", "<", "é", "🧪");
    fc.assert(
      fc.property(piece, start, piece, (a, first, b) => {
        const left = `${a}\n`;
        const right = `${first}${b}`;
        for (const counter of [o200k, cl100k]) {
          expect(counter.count(left + right)).toBe(counter.count(left) + counter.count(right));
        }
      }),
      { numRuns: 300 },
    );
  });

  it("makes the pipeline's tokenCount the exact count of the content", () => {
    const manager = new FormatManager();
    for (const id of ["claude", "codex", "gemini"]) {
      const result = manager.format(
        id,
        { rules: makeRules(200, { absoluteShare: 0.1 }) },
        { counter: o200k, budget: 3000, now: SEED_NOW },
      );
      expect(result.tokenCount).toBe(
        reference.get("o200k_base")?.encode(result.content, [], []).length,
      );
      expect(result.tokenCount).toBeLessThanOrEqual(3000);
      expect(result.rulesSkipped).toBeGreaterThan(0);
    }
  });
});

function listFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? listFiles(path) : [path];
    });
}
