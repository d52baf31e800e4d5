import { escapeXmlAttribute, escapeXmlText } from "contextfmt/adapters";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
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
