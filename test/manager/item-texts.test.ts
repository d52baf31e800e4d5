import { defaultCounter, type TokenCounter } from "contextfmt";
import { createTiktokenCounter } from "contextfmt/tiktoken";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ItemText, measureAlong } from "../../src/manager/item-texts.js";

const countAlong = (
  content: string,
  pieces: readonly ItemText[],
  counter: Parameters<typeof measureAlong>[2],
) => measureAlong(content, pieces, counter).total;

/** Text made of the characters that decide whether a line boundary is safe. */
const text = fc
  .array(fc.constantFrom("a", "B", " ", "\n", "/", "-", "<", "&", "7", "é", "\t", "."), {
    maxLength: 24,
  })
  .map((chars) => chars.join(""));

/** Content laid out as gap, piece, gap, piece, …, gap, with the pieces' counts already known. */
const layout = fc.record({
  gaps: fc.array(text, { minLength: 1, maxLength: 6 }),
  pieces: fc.array(text, { maxLength: 5 }),
});

function build(
  { gaps, pieces }: { gaps: string[]; pieces: string[] },
  counter: TokenCounter,
): { content: string; placed: ItemText[] } {
  let content = gaps[0] ?? "";
  const placed: ItemText[] = [];
  pieces.forEach((piece, index) => {
    placed.push({ position: index + 1, text: piece, tokens: counter.count(piece) });
    content += piece + (gaps[index + 1] ?? "");
  });
  return { content, placed };
}

/** Counts characters and whether the text ends in a letter: not line-additive. */
const notAdditive: TokenCounter = {
  name: "not-additive",
  count: (value) => value.length + (/[a-z]$/.test(value) ? 1 : 0),
};

describe("measureAlong", () => {
  it.each([
    ["the default counter", defaultCounter],
    ["o200k", createTiktokenCounter({ cacheSize: 0 })],
    ["a counter that is not line-additive", notAdditive],
  ])("equals counter.count(content) with %s, wherever the pieces fall", (_, counter) => {
    fc.assert(
      fc.property(layout, (parts) => {
        const { content, placed } = build(parts, counter);
        expect(countAlong(content, placed, counter)).toBe(counter.count(content));
      }),
      { numRuns: 300 },
    );
  });

  it("reuses the pieces' counts where they sit on safe line boundaries", () => {
    const piece: ItemText = { position: 1, text: "- rule\n", tokens: 1000 };
    expect(countAlong("# Rules\n- rule\n", [piece], defaultCounter)).toBe(
      defaultCounter.count("# Rules\n") + 1000,
    );
  });

  it("counts a piece with its surroundings when a boundary is not safe", () => {
    const piece: ItemText = { position: 1, text: "/rule\n", tokens: 1000 };
    expect(countAlong("# Rules\n/rule\n", [piece], defaultCounter)).toBe(
      defaultCounter.count("# Rules\n/rule\n"),
    );
  });
});
