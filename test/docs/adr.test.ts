import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ADR_PATH, adrExamples, fillExamples } from "../../scripts/adr-examples.js";

const root = new URL("../../", import.meta.url);

describe("the context-formatting ADR", () => {
  it("holds exactly the examples the library produces (run npm run docs:adr after a change)", () => {
    const committed = readFileSync(new URL(ADR_PATH, root), "utf8");
    expect(fillExamples(committed)).toBe(committed);
  });

  it("fails on a region without an example and on an example without a region", () => {
    const examples = { a: { lang: "text", text: "A" } };
    expect(fillExamples("<!-- example:a -->\nold\n<!-- /example:a -->", examples)).toBe(
      "<!-- example:a -->\n```text\nA\n```\n<!-- /example:a -->",
    );
    expect(() => fillExamples("<!-- example:b -->\n<!-- /example:b -->", examples)).toThrow(
      /no example named "b"/,
    );
    expect(() => fillExamples("no regions", examples)).toThrow(/no region for a/);
  });

  it("examples are deterministic", () => {
    expect(adrExamples()).toEqual(adrExamples());
  });
});
