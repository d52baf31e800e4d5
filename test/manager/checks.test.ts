import { FormatManager } from "contextfmt";
import { defineAdapter } from "contextfmt/adapters";
import { describe, expect, it } from "vitest";
import { z } from "zod";

/** An XML format whose items are written verbatim, so a test can hand it any markup. */
const rawXml = defineAdapter({
  id: "raw-xml",
  formatType: "xml",
  capabilities: {
    toolName: "any",
    formatType: "xml",
    maxContextTokens: 1000,
    supportsSections: false,
    supportsMarkdown: false,
    supportsPriorities: false,
    injectionMethod: "api",
  },
  input: z.object({ parts: z.array(z.string()) }),
  options: z.object({}),
  items: (input) =>
    input.parts.map((part, i) => ({
      id: `p${i}`,
      path: `parts[${i}]`,
      value: part,
      required: true,
      priority: 0,
    })),
  renderItem: (part) => `${part}\n`,
  render: ({ included, item }) => ({
    content: included.map((part, i) => item(part, i + 1)).join(""),
  }),
  validate: () => {},
});

const xmlIssues = (parts: string[]) =>
  new FormatManager([rawXml])
    .format("raw-xml", { parts })
    .issues.filter((issue) => issue.code === "invalid_xml");

describe("common checks: well-formed XML", () => {
  it("accepts several top-level elements, escaped text and attributes", () => {
    expect(
      xmlIssues([
        '<directive>Use &lt;tags&gt; &amp; "quotes"</directive>',
        '<m id="a&quot;b">x</m>',
      ]),
    ).toEqual([]);
  });

  it.each([
    ["a mismatched closing tag", ["<a>text</b>"]],
    ["an unclosed element", ["<a>text"]],
    ["a raw ampersand in text", ["<a>x & y</a>"]],
    ["a raw < in text", ["<a>1 < 2</a>"]],
  ])("reports %s as an invalid_xml error with its place", (_, parts) => {
    const [issue] = xmlIssues(parts);
    expect(issue?.severity).toBe("error");
    expect(issue?.message).toMatch(/^content is not well-formed XML at line \d+, column \d+: /);
  });

  it("leaves formats that are not XML alone", () => {
    const markdown = defineAdapter({ ...rawXml, id: "raw-md", formatType: "markdown" });
    const result = new FormatManager([markdown]).format("raw-md", { parts: ["<a>text</b>"] });
    expect(result.issues.filter((issue) => issue.code === "invalid_xml")).toEqual([]);
  });
});

it("places an XML error in the content's own lines and columns", () => {
  expect(xmlIssues(["<a>text</b>"])[0]?.message).toBe(
    "content is not well-formed XML at line 1, column 8: Expected closing tag 'a' (opened in line 1, col 1) instead of closing tag 'b'.",
  );
});
