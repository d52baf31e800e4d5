import { FormatManager } from "contextfmt";
import { createTiktokenCounter } from "contextfmt/tiktoken";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { manyRules, SEED_NOW } from "../fixtures/rules.js";

const o200k = createTiktokenCounter();
const cl100k = createTiktokenCounter({ encoding: "cl100k_base" });

describe("createTiktokenCounter", () => {
  it("counts exactly, with o200k_base by default", () => {
    expect(o200k.name).toBe("tiktoken-o200k_base");
    expect(o200k.count("hello world")).toBe(2);
    expect(cl100k.count("hello world")).toBe(2);
    expect(o200k.count("")).toBe(0);
  });

  it("counts special-token text as ordinary text instead of throwing", () => {
    expect(o200k.count("<|endoftext|>")).toBeGreaterThan(1);
  });

  it("rejects an unknown encoding, naming the known ones", () => {
    expect(() => createTiktokenCounter({ encoding: "p50k_base" as never })).toThrow(
      'encoding: expected "o200k_base" | "cl100k_base", received "p50k_base"',
    );
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
        { rules: manyRules(200) },
        { counter: o200k, budget: 3000, now: SEED_NOW },
      );
      const fresh = createTiktokenCounter({ cacheSize: 0 });
      expect(result.tokenCount).toBe(fresh.count(result.content));
      expect(result.tokenCount).toBeLessThanOrEqual(3000);
      expect(result.rulesSkipped).toBeGreaterThan(0);
    }
  });
});
