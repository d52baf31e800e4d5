import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { closestChoice, unknownChoice } from "../../src/problems/suggest.js";

const TOOLS = ["claude", "gemini", "codex", "copilot", "qwen"];

/** `word` with one typo at `at`: a letter dropped, doubled, changed, or swapped with the next. */
function typo(word: string, kind: number, at: number): string {
  const i = at % word.length;
  const letter = word[i] as string;
  switch (kind) {
    case 0:
      return word.slice(0, i) + word.slice(i + 1);
    case 1:
      return word.slice(0, i) + letter + word.slice(i);
    case 2:
      return `${word.slice(0, i)}${letter === "z" ? "y" : "z"}${word.slice(i + 1)}`;
    default: {
      const j = Math.min(i + 1, word.length - 1);
      return word.slice(0, Math.min(i, j - 1)) + word[j] + word[j - 1] + word.slice(j + 1);
    }
  }
}

describe("closestChoice", () => {
  it.each([
    ["cluade", "claude"],
    ["claud", "claude"],
    ["CLAUDE", "claude"],
    ["gemni", "gemini"],
    ["cdex", "codex"],
    ["copliot", "copilot"],
    ["qwn", "qwen"],
  ])("%s → %s", (word, expected) => {
    expect(closestChoice(word, TOOLS)).toBe(expected);
  });

  it.each([["xyz"], ["cursor"], ["markdown"], [""], ["c"]])("%j is near none", (word) => {
    expect(closestChoice(word, TOOLS)).toBeUndefined();
  });

  it("ties go to the earlier choice", () => {
    expect(closestChoice("cat", ["bat", "hat"])).toBe("bat");
    expect(closestChoice("cat", ["hat", "bat"])).toBe("hat");
  });

  it("finds the word a single typo came from, among names of four letters or more", () => {
    const names = ["render", "hook", "convert", "sync", "init", "schema", "tokens"];
    fc.assert(
      fc.property(
        fc.constantFrom(...names),
        fc.integer({ min: 0, max: 3 }),
        fc.nat(),
        (name, kind, at) => {
          const typed = typo(name, kind, at);
          fc.pre(!names.includes(typed));
          const near = closestChoice(typed, names);
          // Another name may be as near; never a farther one.
          expect(near).toBeDefined();
          expect(near === name || closestChoice(typed, [near as string, name]) === near).toBe(true);
        },
      ),
    );
  });

  it("a word far longer than every choice is near none, and cheap to reject", () => {
    expect(closestChoice("c".repeat(1_000_000), TOOLS)).toBeUndefined();
  });
});

describe("unknownChoice", () => {
  it("names the place, the word, the nearest choice and every choice", () => {
    expect(unknownChoice("tool", "cluade", TOOLS, "--to").message).toBe(
      '--to: unknown tool "cluade"; did you mean "claude"? tools: claude, gemini, codex, copilot, qwen',
    );
    expect(unknownChoice("schema", "recipes", ["rules", "memories"]).message).toBe(
      'unknown schema "recipes"; schemas: rules, memories',
    );
  });
});
