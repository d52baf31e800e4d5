import { FormatManager, type TokenCounter } from "contextfmt";
import { describe, expect, it } from "vitest";
import { SEED_NOW, seedRuleSet } from "../fixtures/rules.js";

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
