import { FormatManager, type RuleSetInput } from "contextfmt";
import { isSafeBoundary } from "contextfmt/adapters";
import { createFixedCounter, fixedCounter, hostileValues, makeRules } from "contextfmt/testing";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

describe("fixedCounter: a rule whose counts never change", () => {
  it.each([
    ["", 0],
    ["   \t  ", 0],
    ["a", 1],
    ["abcd", 1],
    ["abcde", 2],
    ["Always make atomic commits.\n", 9],
    ["x=1; y=22\n", 8],
    ["foo_bar", 3],
    ["hello\r\nworld", 6],
    ["é", 1],
    ["e\u0301t\u00e9", 1],
    ["字字字字字", 2],
    ["🧪", 1],
    ["👩‍💻", 3],
    ["\uD800", 1],
    ["- **atomic_commits**: Always make atomic commits\n", 19],
  ])("%j is %i tokens", (text, tokens) => {
    expect(fixedCounter.count(text)).toBe(tokens);
  });

  it("is frozen, named by its rule, and line-additive", () => {
    expect(Object.isFrozen(fixedCounter)).toBe(true);
    expect(fixedCounter.name).toBe("fixed-v1");
    expect(fixedCounter.lineAdditive).toBe(true);
    expect(createFixedCounter({ lettersPerToken: 3 }).name).toBe("fixed-v1/3");
    expect(createFixedCounter({ lettersPerToken: 3 }).count("Always make atomic commits.\n")).toBe(
      11,
    );
  });

  it("adds up across every safe line boundary (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), fc.string({ unit: "grapheme" }), (a, b) => {
        const left = `${a}\n`;
        fc.pre(isSafeBoundary(left + b, left.length));
        expect(fixedCounter.count(left + b)).toBe(fixedCounter.count(left) + fixedCounter.count(b));
      }),
      { numRuns: 500 },
    );
    for (const value of hostileValues()) {
      const cut = value.indexOf("\n") + 1;
      if (cut > 0 && isSafeBoundary(value, cut)) {
        expect(fixedCounter.count(value)).toBe(
          fixedCounter.count(value.slice(0, cut)) + fixedCounter.count(value.slice(cut)),
        );
      }
    }
  });

  it("pins a formatted result: the same numbers in every version", () => {
    const input: RuleSetInput = { rules: makeRules(12, { seed: 5 }) };
    const result = new FormatManager().format("claude", input, {
      counter: fixedCounter,
      budget: 250,
    });
    expect(result.tokenCount).toBe(fixedCounter.count(result.content));
    expect({
      tokenCount: result.tokenCount,
      included: result.rulesIncluded,
      skipped: result.rulesSkipped,
      frame: result.report.frameTokens,
    }).toMatchInlineSnapshot(`
      {
        "frame": 80,
        "included": 4,
        "skipped": 8,
        "tokenCount": 247,
      }
    `);
  });

  it("rejects a ratio that is not a whole number >= 1", () => {
    expect(() => createFixedCounter({ lettersPerToken: 0 })).toThrow(
      "options.lettersPerToken: expected a whole number >= 1, received 0",
    );
    expect(() => createFixedCounter(null as never)).toThrow(/^options: expected an object/);
  });
});
