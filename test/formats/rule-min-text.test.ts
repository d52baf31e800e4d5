import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ruleMinText, ruleText } from "../../src/formats/rules/rule-items.js";
import type { MemoryRule } from "../../src/model/rule.js";

const rule = (text: string): MemoryRule => ({
  name: "r",
  rule: text,
  category: "behavior",
  authority: "default",
  scope: [],
  priority: 50,
});

// Words, and everything escaping or folding changes: line breaks, runs of spaces and tabs,
// tag-like and plain "<", NUL, lone and paired surrogates, Unicode spaces.
const piece = fc.constantFrom(
  "keep",
  " ",
  "  ",
  "\t",
  "\n",
  " \n ",
  "<tag",
  "</x>",
  "a<b",
  "< ",
  "<",
  "\0",
  "\uD800",
  "🧪",
  "\u00A0",
  "\u2028",
  ".",
);

describe("ruleMinText", () => {
  it("is always a start of the rule text as the formats write it (property)", () => {
    fc.assert(
      fc.property(
        fc.array(piece, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 0, max: 80 }),
        (pieces, chars) => {
          const r = rule(pieces.join(""));
          const full = ruleText(r);
          const start = ruleMinText(r, undefined, chars);
          expect(full.startsWith(start), JSON.stringify({ full, start })).toBe(true);
          expect(start.length <= chars || start === full).toBe(true);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("cuts a long plain rule before a space, and gives all of it without a length", () => {
    const r = rule("Always run the whole test suite before pushing to main.");
    expect(ruleMinText(r, undefined, 20)).toBe("Always run the whole");
    expect(ruleMinText(r, undefined, 19)).toBe("Always run the");
    expect(ruleMinText(r)).toBe(ruleText(r));
  });
});
