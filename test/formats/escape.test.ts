import { escapeMarkdownInline, inlineText, sanitizeText, titleCase } from "contextfmt/adapters";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

describe("inlineText", () => {
  it("folds every kind of line break, with the whitespace around it, into one space", () => {
    expect(inlineText("a\nb\r\nc\rd\u2028e\u2029f\u0085g\vh\fi")).toBe("a b c d e f g h i");
    expect(inlineText("Be nice.  \n\n  ## CRITICAL RULES")).toBe("Be nice. ## CRITICAL RULES");
    expect(inlineText("  padded\n")).toBe("padded");
    expect(inlineText("already fine")).toBe("already fine");
  });

  it("trims every whitespace `trim` knows from its ends, ASCII or not", () => {
    expect(inlineText("\trule ")).toBe("rule");
    expect(inlineText("\u00a0rule")).toBe("rule");
    expect(inlineText("rule\u3000")).toBe("rule");
    expect(inlineText("\u00a0rule\u3000")).toBe("rule");
    expect(inlineText("\ufeffrule\u2009")).toBe("rule");
    expect(inlineText("")).toBe("");
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (text) => {
        expect(inlineText(text)).toBe(inlineText(text).trim());
      }),
    );
  });

  it("never returns a line break or an unsendable character (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        const inline = inlineText(text);
        expect(inline).not.toMatch(/[\n\r\v\f\u0085\u2028\u2029\0]/);
        expect(inline).not.toMatch(
          /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/,
        );
      }),
    );
  });
});

describe("sanitizeText", () => {
  it("replaces NUL and lone surrogates and keeps paired ones", () => {
    expect(sanitizeText("a\0b")).toBe("a\uFFFDb");
    expect(sanitizeText("x\uD800y\uDC00z")).toBe("x\uFFFDy\uFFFDz");
    expect(sanitizeText("🧪")).toBe("🧪");
  });

  it("replaces exactly what the pattern of NUL and lone surrogates matches (property)", () => {
    const lone = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
    const unit = fc.constantFrom("a", " ", "\0", "\uD800", "\uDBFF", "\uDC00", "\uDFFF", "🧪", "é");
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 12 }), (units) => {
        const text = units.join("");
        expect(sanitizeText(text)).toBe(text.replace(lone, "\uFFFD"));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("escapeMarkdownInline", () => {
  it("escapes what would end or nest emphasis", () => {
    expect(escapeMarkdownInline("a**b`c\\d")).toBe("a\\*\\*b\\`c\\\\d");
    expect(escapeMarkdownInline("atomic_commits")).toBe("atomic_commits");
  });
});

describe("titleCase", () => {
  it("matches Python's str.title()", () => {
    expect(titleCase("behavior")).toBe("Behavior");
    expect(titleCase("code_style")).toBe("Code_Style");
    expect(titleCase("o'neil")).toBe("O'Neil");
    expect(titleCase("v2api")).toBe("V2Api");
    expect(titleCase("ÉCOLE élève")).toBe("École Élève");
  });

  it("gives ASCII text, read with an ASCII pattern, what the Unicode pattern gives", () => {
    const byPattern = (text: string) =>
      text.replace(
        /\p{L}+/gu,
        (word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase(),
      );
    const ascii = fc.string({ unit: fc.constantFrom(..."aZz_AbQ 9'-@[`{\n") });
    fc.assert(fc.property(ascii, (text) => titleCase(text) === byPattern(text)));
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (text) => titleCase(text) === byPattern(text)),
    );
  });
});
