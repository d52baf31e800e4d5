import { readFileSync } from "node:fs";
import { Tiktoken } from "js-tiktoken/lite";
import o200k from "js-tiktoken/ranks/o200k_base";
import { describe, expect, it } from "vitest";
import { hanWordsModule } from "../../bench/han-words.js";
import { hanPieces } from "../../src/tokens/han-runs.js";

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
