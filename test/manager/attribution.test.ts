import { defaultCounter, FormatManager, type TokenCounter } from "contextfmt";
import { createTiktokenCounter } from "contextfmt/tiktoken";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { measure } from "../../src/manager/attribution.js";
import type { ItemText } from "../../src/manager/item-texts.js";
import { SEED_NOW, seedRuleSet } from "../fixtures/rules.js";

const countAlong = (
  content: string,
  pieces: readonly ItemText[],
  counter: Parameters<typeof measure>[2],
) => measure(content, pieces, counter).total;

/** The count, the frame, and what the pieces take of the count as the content shows them. */
function measureAlong(content: string, pieces: readonly ItemText[], counter: TokenCounter) {
  const { total, attribution } = measure(content, pieces, counter);
  const { frame, tokensOf } = attribution();
  return { total, frame, tokensOf, shown: pieces.reduce((sum, piece) => sum + tokensOf(piece), 0) };
}

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

/**
 * The content and its placed pieces; with `foldLast`, the content shows the last piece with the
 * line feeds at its end folded into one, as a format ends its last entry.
 */
function build(
  { gaps, pieces }: { gaps: string[]; pieces: string[] },
  counter: TokenCounter,
  foldLast = false,
): { content: string; placed: ItemText[] } {
  let content = gaps[0] ?? "";
  const placed: ItemText[] = [];
  pieces.forEach((piece, index) => {
    placed.push({ position: index + 1, text: piece, tokens: counter.count(piece) });
    const shown = foldLast && index === pieces.length - 1 ? piece.replace(/\n+$/, "\n") : piece;
    content += shown + (gaps[index + 1] ?? "");
  });
  return { content, placed };
}

/** Counts characters and whether the text ends in a letter: not line-additive. */
const notAdditive: TokenCounter = {
  name: "not-additive",
  count: (value) => value.length + (/[a-z]$/.test(value) ? 1 : 0),
};

describe("measure", () => {
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

  it.each([
    ["the default counter", defaultCounter],
    ["o200k", createTiktokenCounter({ cacheSize: 0 })],
  ])(
    "shares the count out between the pieces as shown and the frame, a last piece shown folded too, with %s",
    (_, counter) => {
      fc.assert(
        fc.property(layout, fc.boolean(), ({ gaps, pieces }, foldLast) => {
          // A last piece ending in a blank line, as a rule format's last entry does.
          const last = pieces.length > 0 && foldLast ? [`${pieces.pop()}\n\n`] : [];
          const { content, placed } = build(
            { gaps, pieces: [...pieces, ...last] },
            counter,
            foldLast,
          );
          const { total, frame, shown } = measureAlong(content, placed, counter);
          expect(total).toBe(counter.count(content));
          expect(shown + frame).toBe(total);
          expect(frame).toBeGreaterThanOrEqual(0);
        }),
        { numRuns: 300 },
      );
    },
  );

  it("tells the frame of line-shaped content whose last piece ends folded, with o200k too", () => {
    const line = fc
      .array(fc.constantFrom("word", "Rule", "a", "7", "é", "-", "**", "<b>", "x/y", " "), {
        minLength: 1,
        maxLength: 8,
      })
      .map((words) => `${words.join(" ").trim() || "x"}\n`);
    const lines = (min: number, max: number) =>
      fc.array(line, { minLength: min, maxLength: max }).map((all) => all.join(""));
    for (const counter of [defaultCounter, createTiktokenCounter({ cacheSize: 0 })]) {
      fc.assert(
        fc.property(
          fc
            .array(lines(0, 2), { minLength: 2, maxLength: 5 })
            .map(([first, ...rest]) => [`# Rules\n\n${first}`, ...rest]),
          fc.array(
            lines(1, 3).map((text) => `- ${text}\n`),
            { minLength: 1, maxLength: 4 },
          ),
          (gaps, pieces) => {
            const { content, placed } = build({ gaps, pieces }, counter, true);
            const { total, frame, tokensOf, shown } = measureAlong(content, placed, counter);
            expect(total).toBe(counter.count(content));
            const last = placed.at(-1) as ItemText;
            expect(tokensOf(last)).toBe(counter.count(last.text.replace(/\n+$/, "\n")));
            expect(frame).toBe(total - shown);
          },
        ),
        { numRuns: 200 },
      );
    }
  });

  it("tells the frame of a rule format's content, whose last entry's blank line is folded", () => {
    const piece = (position: number, text: string): ItemText => ({
      position,
      text,
      tokens: defaultCounter.count(text),
    });
    const first = piece(1, "- **a**: One.\n\n");
    const last = piece(2, "- **b**: Two, and more.\n\n");
    const content = "# Rules\n\n- **a**: One.\n\n- **b**: Two, and more.\n";
    const { total, frame, tokensOf } = measureAlong(content, [first, last], defaultCounter);
    expect(total).toBe(defaultCounter.count(content));
    expect(tokensOf(last)).toBe(defaultCounter.count("- **b**: Two, and more.\n"));
    expect(frame).toBe(defaultCounter.count("# Rules\n\n"));
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

/** Characters: counts that add up anywhere, from a counter that does not say so. */
const characters: TokenCounter = { name: "characters", count: (text) => text.length };

describe("the report's attribution", () => {
  it("counts a last entry the content shows folded once, with a counter that is not line-additive", () => {
    for (const id of ["claude", "codex", "gemini"] as const) {
      const result = new FormatManager().format(id, seedRuleSet, {
        counter: characters,
        now: SEED_NOW,
      });
      const { items, frameTokens } = result.report;
      const shown = items.filter((item) => item.status !== "skipped");
      expect(shown.length).toBeGreaterThan(1);
      // Each text as the content shows it, and the frame around them: every character once.
      expect(shown.reduce((sum, item) => sum + item.tokens, 0) + frameTokens).toBe(
        result.content.length,
      );
    }
  });
});
