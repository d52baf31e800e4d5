import { FormatManager, xmlMemoryAdapter } from "contextfmt";
import { hostileValues } from "contextfmt/testing";
import fc from "fast-check";
import { XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { xmlProblem } from "../../src/manager/checks.js";
import { isPlainWellFormed } from "../../src/manager/plain-xml.js";
import { arbitraryMemorySet, hostileMemorySet, TEST_NONCE } from "../fixtures/memories.js";

/** The full validator's verdict, on the content as the XML check gives it. */
const validated = (content: string) => XMLValidator.validate(`<root>\n${content}</root>`) === true;

const joined = (parts: readonly string[]) => parts.join("");

/** Pieces of XML, plain and not: names, quotes, spacing and references the validator judges. */
const piece = fc.constantFrom(
  "<a>",
  "</a>",
  "<b>",
  "</b>",
  "<a/>",
  "<a />",
  '<a x="1">',
  '<b x="1" y="2">',
  '<a x="1" x="2">',
  '<a x="1"y="2">',
  '<a x="&amp;">',
  '<a x="&">',
  '<a x="<">',
  '<a x=">">',
  "<a x='1'>",
  '<a  x="1">',
  '<a x = "1">',
  "<a x>",
  "< a>",
  "</ a>",
  "</a >",
  "<1>",
  "<ns:a>",
  "</ns:a>",
  "<_>",
  "</_>",
  "<é>",
  "<!-- c -->",
  "<?pi?>",
  "<![CDATA[x]]>",
  "&amp;",
  "&lt;",
  "&#10;",
  "&#x1F600;",
  "&abcdefghijklmnopqrstuvwxyz;",
  "&;",
  "&#;",
  "&#x;",
  "&",
  "<",
  ">",
  '"',
  "'",
  "=",
  "/",
  " ",
  "\n",
  "\r",
  "\t",
  "text",
  "é",
  "\uFEFF",
);

const name = fc.constantFrom("a", "b_1", "memory", "x.y", "ns:el", "_z-", "root");
const escapedText = (chars: string[]) =>
  fc.array(fc.constantFrom(...chars), { maxLength: 6 }).map(joined);
const value = escapedText(["v", " ", "&amp;", "&quot;", "&#10;", ">", "'", "é", "\n"]);
const text = escapedText(["t", " ", "\n", "&lt;", "&gt;", "&amp;", "&#x41;", ">", '"', "'", "é"]);

/** Plain XML as the formats write it: text and elements, each closed, attributes named once. */
const plainXml: fc.Arbitrary<string> = fc.letrec<{ nodes: string }>((tie) => ({
  nodes: fc
    .array(
      fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        text,
        fc
          .record({
            tag: name,
            attributes: fc.uniqueArray(fc.tuple(name, value), {
              selector: ([key]) => key,
              maxLength: 3,
            }),
            children: fc.option(tie("nodes"), { nil: undefined }),
          })
          .map(({ tag, attributes, children }) => {
            const opening = `<${tag}${attributes.map(([key, v]) => ` ${key}="${v}"`).join("")}`;
            return children === undefined ? `${opening}/>` : `${opening}>${children}</${tag}>`;
          }),
      ),
      { maxLength: 4 },
    )
    .map(joined),
})).nodes;

describe("isPlainWellFormed: the XML check's quick proof", () => {
  it("takes nothing the full validator refuses", () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 24 }).map(joined), (content) => {
        expect(!isPlainWellFormed(content) || validated(content)).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it("takes a tag of 16 attributes", () => {
    const attributes = Array.from({ length: 16 }, (_, i) => ` a${i}="${i}"`).join("");
    expect(isPlainWellFormed(`<a${attributes}>x</a>`)).toBe(true);
  });

  it("takes plain XML, which the full validator takes too", () => {
    fc.assert(
      fc.property(plainXml, (content) => {
        expect(isPlainWellFormed(content)).toBe(true);
        expect(validated(content)).toBe(true);
      }),
    );
  });

  it.each([
    ["a mismatched closing tag", "<a>text</b>"],
    ["an unclosed element", "<a>text"],
    ["a closing tag with nothing open", "</a>"],
    ["a raw ampersand in text", "<a>x & y</a>"],
    ["a raw < in text", "<a>1 < 2</a>"],
    ["an attribute named twice", '<a x="1" x="2"/>'],
    ["a comment", "<!-- note --><a/>"],
    [
      "a tag of 17 attributes",
      `<a${Array.from({ length: 17 }, (_, i) => ` a${i}="${i}"`).join("")}/>`,
    ],
  ])("leaves %s to the validator", (_, content) => {
    expect(isPlainWellFormed(content)).toBe(false);
  });

  it("takes the xml-memory format's output, however hostile its memories", () => {
    const manager = new FormatManager([xmlMemoryAdapter]);
    const hostile = hostileValues().map((content, index) => ({
      id: `m${index}<"&'>`,
      content,
      category: "factual" as const,
      confidence: 0.5,
    }));
    for (const input of [hostileMemorySet, { directive: "Be <brief> & kind", memories: hostile }]) {
      for (const cacheStable of [false, true]) {
        const { content } = manager.format("xml-memory", input, {
          nonce: TEST_NONCE,
          cacheStable,
          budget: 1_000_000,
        });
        expect(isPlainWellFormed(content)).toBe(true);
      }
    }
    fc.assert(
      fc.property(arbitraryMemorySet, (input) => {
        const { content } = manager.format("xml-memory", input, { nonce: TEST_NONCE });
        expect(isPlainWellFormed(content)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it("still gives the validator's message where it is not plain", () => {
    expect(xmlProblem("<a>text</b>")?.message).toBe(
      "content is not well-formed XML at line 1, column 8: Expected closing tag 'a' (opened in line 1, col 1) instead of closing tag 'b'.",
    );
  });
});
