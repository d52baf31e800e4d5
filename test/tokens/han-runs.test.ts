import { readFileSync } from "node:fs";
import fc from "fast-check";
import { Tiktoken } from "js-tiktoken/lite";
import o200k from "js-tiktoken/ranks/o200k_base";
import { describe, expect, it } from "vitest";
import { hanWordsModule } from "../../bench/han-words.js";
import { hanPieces } from "../../src/tokens/han-runs.js";
import { hanWordGroups } from "../../src/tokens/han-words.js";
import { HAN, scriptOf } from "../../src/tokens/scripts.js";

const encoder = new Tiktoken(o200k);
/** o200k's pieces of one pre-tokenizer piece (the space or mark before the run included). */
const o200kPieces = (piece: string): number => encoder.encode(piece).length;
const pieces = (piece: string): number => {
  const before = /^[^\p{L}\p{N}]/u.test(piece) ? 1 : 0;
  return hanPieces(piece, 0, before, piece.length);
};

describe("Han runs as o200k cuts them", () => {
  it("holds src/tokens/han-words.ts to o200k's vocabulary (npx tsx bench/han-words.ts --write)", () => {
    const file = readFileSync(new URL("../../src/tokens/han-words.ts", import.meta.url), "utf8");
    expect(file).toBe(hanWordsModule());
  }, 60_000);

  it("counts a run by the words o200k holds, not by its length", () => {
    // Four characters each: two common words, and four characters o200k holds one by one.
    expect([pieces("项目代码"), pieces("尊严权利")]).toEqual([2, 4]);
    for (const piece of ["项目代码", "尊严权利", "的信息", "设定文件修改之后"]) {
      expect({ piece, count: pieces(piece) }).toEqual({ piece, count: o200kPieces(piece) });
    }
  });

  it("joins the space or mark before a run to its first word when o200k does", () => {
    // " 使用" and "，我们" are words of o200k's; " 显" is not: the space takes the first byte of
    // 显 and its other two bytes are a piece ("显示" stands no more); a mark alone is a piece.
    for (const piece of [" 使用", "，我们", " 显示特定", "，调试", " 系统属性"]) {
      expect({ piece, count: pieces(piece) }).toEqual({ piece, count: o200kPieces(piece) });
    }
  });

  it("takes at each place the longest word of the list, as a search of the list does", () => {
    const words = new Set(
      Object.entries(hanWordGroups()).flatMap(([prefix, bare]) =>
        bare.split(/\s+/).map((word) => prefix + word),
      ),
    );
    const longest = Math.max(...[...words].map((word) => word.length));
    const isHan = (text: string, at: number): boolean => scriptOf(text.charCodeAt(at)) === HAN;
    // Every place tries every length, from the longest down: the plain reading of hanPieces.
    const searched = (text: string, from: number, start: number, end: number): number => {
      const wordAt = (at: number): number => {
        for (let length = Math.min(longest, end - at); length >= 2; length -= 1) {
          if (words.has(text.slice(at, at + length))) return length;
        }
        return 0;
      };
      let pieces = 0;
      let at = start;
      if (from < start) {
        const joined = wordAt(from);
        if (joined > 0) [pieces, at] = [1, from + joined];
        else if (text[from] === " " && isHan(text, start)) {
          [pieces, at] = [2, start + 1];
        } else pieces = 1;
      }
      while (at < end) {
        if (!isHan(text, at)) at += 1;
        else [pieces, at] = [pieces + 1, at + Math.max(1, wordAt(at))];
      }
      return pieces;
    };
    // Runs made of pieces of the list's words (so that they hold words, parts of words and
    // words run on), a mark, a space or a letter of another script before or inside them.
    const pieceOf = fc
      .tuple(fc.constantFrom(...words), fc.nat(), fc.nat())
      .map(([word, a, b]) => word.slice(Math.min(a, b) % word.length, 1 + (Math.max(a, b) % 12)));
    const run = fc.array(fc.oneof(pieceOf, fc.constantFrom(" ", "，", "a", "の")), {
      maxLength: 12,
    });
    // Every word whole, and cut short by its end.
    for (const word of words) {
      const start = isHan(word, 0) ? 0 : 1;
      expect({ word, pieces: hanPieces(word, 0, start, word.length) }).toEqual({ word, pieces: 1 });
      const short = word.length - 1;
      expect(hanPieces(word, 0, start, short)).toBe(searched(word, 0, start, short));
    }
    fc.assert(
      fc.property(run, fc.nat(), (parts, cut) => {
        const text = parts.join("");
        const start = text.length > 0 && !isHan(text, 0) ? 1 : 0;
        const end = start + (text.length - start > 0 ? cut % (text.length - start + 1) : 0);
        expect(hanPieces(text, 0, start, end)).toBe(searched(text, 0, start, end));
      }),
      { numRuns: 2000 },
    );
  });

  it("counts no character outside the run and breaks a word at one", () => {
    expect(hanPieces("abc项目def", 0, 0, 9)).toBe(1);
    expect(hanPieces("项a目", 0, 0, 3)).toBe(2);
    expect(hanPieces("", 0, 0, 0)).toBe(0);
  });

  it("stays within 3 % of o200k on the Chinese lines of the corpus, run by run in all", () => {
    const pattern = new RegExp(o200k.pat_str, "gu");
    let ours = 0;
    let theirs = 0;
    for (const half of ["fitted", "held-out"]) {
      const folder = new URL(`../fixtures/languages/real/${half}/`, import.meta.url);
      for (const name of half === "fitted"
        ? ["zh.fpb.md", "zh.react.md", "zh.tldr.md"]
        : ["zh.osg.md"]) {
        for (const [piece] of readFileSync(new URL(name, folder), "utf8").matchAll(pattern)) {
          if (!/^[^\p{L}\p{N}]?[\u4e00-\u9fff]+$/u.test(piece)) continue;
          ours += pieces(piece);
          theirs += o200kPieces(piece);
        }
      }
    }
    expect(Math.abs(ours / theirs - 1)).toBeLessThan(0.03);
  });
});
