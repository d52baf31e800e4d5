import { describe, expect, it } from "vitest";
import { buildRankTable } from "../../src/tiktoken/rank-table.js";

/** The byte string of an ASCII text: one char per byte, as the counter looks spans up. */
const bytes = (text: string): string => text;

describe("buildRankTable", () => {
  it("reads a js-tiktoken rank line: marker, first rank, then padded base64 tokens", () => {
    // "!" "\"" "#" "ab" "abc"
    const table = buildRankTable("! 7 IQ== Ig== Iw== YWI= YWJj");
    expect(table.rankOf(bytes("!"), 0, 1)).toBe(7);
    expect(table.rankOf(bytes('"'), 0, 1)).toBe(8);
    expect(table.rankOf(bytes("xab"), 1, 3)).toBe(10);
    expect(table.rankOf(bytes("abc"), 0, 3)).toBe(11);
    expect(table.rankOf(bytes("abcd"), 0, 4)).toBe(-1);
    expect(table.rankOf(bytes("$"), 0, 1)).toBe(-1);
    expect(table.longestToken).toBe(3);
  });

  it("reads tokens written without padding, more than its first guess at their number", () => {
    // Two base64 digits a token: more tokens than a fifth of the text's length.
    const table = buildRankTable("! 0 IQ Ig Iw JA JQ Jg Jw KA");
    expect([..."!\"#$%&'("].map((char) => table.rankOf(char, 0, 1))).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7,
    ]);
  });
});
