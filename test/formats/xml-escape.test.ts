import { constants } from "node:buffer";
import { FormatManager, InvalidInputError } from "contextfmt";
import {
  escapeMarkdownInline,
  escapeXmlAttribute,
  escapeXmlText,
  titleCase,
} from "contextfmt/adapters";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { escapeRegExp, MAX_ESCAPE_LENGTH } from "../../src/formats/escape.js";
import { xmlReader } from "../fixtures/xml.js";

const parser = xmlReader({ htmlEntities: false });

describe("escapeXmlText / escapeXmlAttribute", () => {
  it("escape markup, quotes and raw whitespace that attribute normalisation would change", () => {
    expect(escapeXmlText("a < b && c > d </PROJECT>")).toBe(
      "a &lt; b &amp;&amp; c &gt; d &lt;/PROJECT&gt;",
    );
    expect(escapeXmlText('"quotes" stay')).toBe('"quotes" stay');
    expect(escapeXmlAttribute(`S" x='y'\n\t<&>`)).toBe(
      "S&quot; x=&apos;y&apos;&#10;&#9;&lt;&amp;&gt;",
    );
    expect(escapeXmlText("nul \0 lone \uD800 bell \x07")).toBe(
      "nul \uFFFD lone \uFFFD bell \uFFFD",
    );
    expect(escapeXmlAttribute("esc \x1b")).toBe("esc \uFFFD");
  });

  it("round-trip through an XML parser (property)", () => {
    const sendable = fc
      .string({ unit: "grapheme", minLength: 1 })
      // biome-ignore lint/suspicious/noControlCharactersInRegex: XML cannot carry them; tested apart
      .filter((text) => /\S/.test(text) && !/[\0-\x08\x0b\x0c\x0e-\x1f\uFFFE\uFFFF]/.test(text));
    fc.assert(
      fc.property(sendable, sendable, (attribute, text) => {
        const doc = parser.parse(
          `<e a="${escapeXmlAttribute(attribute)}">${escapeXmlText(text)}</e>`,
        ) as {
          e: Record<string, unknown>;
        };
        expect(doc.e.a).toBe(attribute.replace(/\r\n?/g, "\n"));
        expect(String(doc.e["#text"])).toBe(text.replace(/\r\n?/g, "\n"));
      }),
      { numRuns: 200 },
    );
  });
});

describe("text too long to escape is refused, before escaping it can stop the process", () => {
  // V8 stops the process when one replace builds more than 2^26 pieces (`a&` repeated: 1.5 a
  // character) or a string longer than it holds (six characters out for one in, at most).
  it("the limit keeps the worst case within both", () => {
    expect(MAX_ESCAPE_LENGTH).toBe(33_554_432);
    expect(MAX_ESCAPE_LENGTH * 1.5).toBeLessThanOrEqual(2 ** 26);
    expect(MAX_ESCAPE_LENGTH * 6).toBeLessThanOrEqual(constants.MAX_STRING_LENGTH);
  });

  // One string one character over the limit (about 34 MB), made once: each call is refused by
  // its length, before any of it is read. (`a*`, `a ` or `a.` 44.7 million characters long stop
  // the process in escapeMarkdownInline, titleCase and escapeRegExp without the limit.)
  const tooLong = '"'.repeat(MAX_ESCAPE_LENGTH + 1);
  const message =
    /expected text of at most 33,554,432 characters .*, received 33,554,433 characters$/;

  it("each escaper that rewrites every match throws an InvalidInputError naming the limit", () => {
    const escapers = [
      escapeXmlText,
      escapeXmlAttribute,
      escapeMarkdownInline,
      titleCase,
      escapeRegExp,
    ];
    for (const escaper of escapers) {
      let error: unknown;
      try {
        escaper(tooLong);
      } catch (caught) {
        error = caught;
      }
      expect(InvalidInputError.is(error)).toBe(true);
      expect((error as InvalidInputError).issues[0]?.path).toBe("text");
      expect((error as Error).message).toMatch(message);
    }
  });

  it('format("xml-memory") names the memory that is too long', () => {
    const manager = new FormatManager();
    const memories = [
      { id: "m1", content: "fits", category: "factual" as const },
      { id: "m2", content: tooLong, category: "factual" as const },
    ];
    expect(() => manager.format("xml-memory", { memories }, { nonce: "session-nonce-1" })).toThrow(
      /^memories\[1\]\.content: expected text of at most 33,554,432 characters/,
    );
    expect(() =>
      manager.format(
        "xml-memory",
        { directive: tooLong, memories: [] },
        { nonce: "session-nonce-1" },
      ),
    ).toThrow(/^directive: expected text of at most 33,554,432 characters/);
  });
});
