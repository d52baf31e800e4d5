import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildCorpus, errorStats, exactCount } from "../../bench/token-accuracy.js";
import { InvalidInputError } from "../../src/problems/errors.js";
import { splitLineUnits } from "../../src/tokens/counter.js";
import {
  createHeuristicCounter,
  defaultCounter,
  estimateTokens,
} from "../../src/tokens/heuristic.js";

/** Everything the scanner treats differently: letters of each case and script, digits, … */
const unit = fc.constantFrom(
  "a",
  "Z",
  "é",
  "É",
  "ж",
  "Ж",
  "中",
  "한",
  "न",
  "ि",
  "7",
  "٣",
  ".",
  ",",
  "-",
  "'",
  '"',
  "<",
  ">",
  "(",
  "`",
  "_",
  "&",
  "—",
  "🧪",
  "👍🏾",
  " ",
  "\t",
  "\u00a0",
  "\n",
  "\r",
  "/",
  "ł",
  "ı",
  "ü",
  "ơ",
  "і",
  "ア",
  "ال",
  "ա",
  "’",
);
const text = fc.string({ unit, maxLength: 40 });
/** What may start the right side of a safe boundary: neither whitespace nor "/". */
const head = fc.constantFrom("a", "Z", "é", "中", "7", ".", "-", "'", "<", "(", "`", "🧪", "—");

describe("heuristic counter: line additivity", () => {
  const counters = [defaultCounter, createHeuristicCounter({ safety: 0.07 })];

  it("count(a + b) = count(a) + count(b) at a safe boundary (property)", () => {
    fc.assert(
      fc.property(text, head, text, (a, first, b) => {
        const left = `${a}\n`;
        const right = first + b;
        for (const counter of counters) {
          expect(counter.count(left + right)).toBe(counter.count(left) + counter.count(right));
        }
      }),
      { numRuns: 500 },
    );
  });

  it("counts a text as the sum of its line units (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(head, text), { maxLength: 6 }), (parts) => {
        const whole = parts.map(([first, rest]) => `${first}${rest}\n`).join("");
        for (const counter of counters) {
          const units = splitLineUnits(whole).map((piece) => counter.count(piece));
          expect(counter.count(whole)).toBe(units.reduce((sum, tokens) => sum + tokens, 0));
        }
      }),
      { numRuns: 300 },
    );
  });

  it("declares itself line-additive", () => {
    expect(defaultCounter.lineAdditive).toBe(true);
    expect(createHeuristicCounter({ safety: 0.1 }).lineAdditive).toBe(true);
  });
});

describe("heuristic counter: basics", () => {
  it("is deterministic, and separately created counters agree (property)", () => {
    const other = createHeuristicCounter();
    fc.assert(
      fc.property(text, (value) => {
        const first = defaultCounter.count(value);
        expect(defaultCounter.count(value)).toBe(first);
        expect(other.count(value)).toBe(first);
        expect(estimateTokens(value)).toBe(first);
      }),
    );
  });

  it("counts nothing as 0 and any other text as at least 1 token", () => {
    expect(defaultCounter.count("")).toBe(0);
    expect(estimateTokens("")).toBe(0);
    for (const value of ["a", " ", "\n", "/", "🧪", "\u00a0", "\uD800", "\0"]) {
      expect(defaultCounter.count(value)).toBeGreaterThanOrEqual(1);
    }
  });

  it("is named heuristic-o200k, with the margin in the name of a counter that has one", () => {
    expect(defaultCounter.name).toBe("heuristic-o200k");
    expect(createHeuristicCounter().name).toBe("heuristic-o200k");
    expect(createHeuristicCounter({ safety: 0 }).name).toBe("heuristic-o200k");
    expect(createHeuristicCounter({ safety: 0.05 }).name).toBe("heuristic-o200k+0.05");
  });

  it("gives the counts its documentation shows", () => {
    expect(defaultCounter.count("Always run the tests before committing.\n")).toBe(7);
    expect(estimateTokens("const answer = 42;\n")).toBe(6);
  });

  it("splits numbers into groups of up to three digits, one token each", () => {
    expect(defaultCounter.count("1234567")).toBe(3);
    expect(defaultCounter.count("123")).toBe(1);
  });
});

describe("heuristic counter: safety margin", () => {
  const safety = fc.double({ min: 0, max: 2, noNaN: true });

  it("never lowers a count; counts each line unit as ceil(plain × (1 + safety)) (property)", () => {
    fc.assert(
      fc.property(text, safety, (value, margin) => {
        const safe = createHeuristicCounter({ safety: margin });
        let total = 0;
        for (const piece of splitLineUnits(value)) {
          const plain = defaultCounter.count(piece);
          const padded = safe.count(piece);
          expect(padded).toBeGreaterThanOrEqual(plain);
          expect(padded).toBeGreaterThanOrEqual(plain * (1 + margin) - 1e-9);
          expect(padded - plain).toBe(Math.ceil(plain * margin));
          total += padded;
        }
        expect(safe.count(value)).toBe(total);
        expect(safe.count(value)).toBeGreaterThanOrEqual(
          defaultCounter.count(value) * (1 + margin) - 1e-9,
        );
      }),
    );
  });

  it("adds at least the asked fraction to a real text", () => {
    const prose = "Format the rules.\nKeep them short.\nNever exceed the budget.\n";
    const plain = defaultCounter.count(prose);
    expect(createHeuristicCounter({ safety: 0.1 }).count(prose)).toBeGreaterThanOrEqual(
      plain * 1.1,
    );
    expect(createHeuristicCounter({ safety: 0 }).count(prose)).toBe(plain);
  });

  it("rejects a margin that is negative, not finite or not a number, naming the option", () => {
    for (const bad of [-0.01, Number.NaN, Number.POSITIVE_INFINITY, "0.1", null]) {
      expect(() => createHeuristicCounter({ safety: bad as number })).toThrow(InvalidInputError);
      expect(() => createHeuristicCounter({ safety: bad as number })).toThrow(
        /^options\.safety: expected a finite number >= 0, received /,
      );
    }
  });
});

describe("heuristic counter: accuracy against o200k_base", () => {
  it("is within 5 % on average on a small sample of real text from node_modules", () => {
    const { chunks } = buildCorpus({
      roots: [fileURLToPath(new URL("../../node_modules", import.meta.url))],
      chunksPerKind: 10,
    });
    expect(chunks.length).toBeGreaterThanOrEqual(30);
    const samples = chunks.map((chunk) => ({ text: chunk.text, exact: exactCount(chunk.text) }));
    const stats = errorStats(defaultCounter, samples);
    expect(stats.mae).toBeLessThanOrEqual(5);
    expect(Math.abs(stats.bias)).toBeLessThanOrEqual(4);
  });
});
