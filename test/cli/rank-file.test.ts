import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { parseRankModule } from "../../src/cli/counter.js";

const require = createRequire(import.meta.url);
const RANK_FILE = require.resolve("js-tiktoken/ranks/o200k_base");

describe("parseRankModule (how --exact loads o200k)", () => {
  it("reads js-tiktoken's o200k file as JSON, the same object requiring it gives", () => {
    const parsed = parseRankModule(readFileSync(RANK_FILE, "utf8"));
    expect(parsed).toEqual(require(RANK_FILE));
  });

  it("declines any other shape, so the file is required instead", () => {
    expect(parseRankModule('export default {"pat_str": "x", "bpe_ranks": "y"}')).toBeUndefined();
    expect(parseRankModule('module.exports = {"pat_str": "x"};')).toBeUndefined();
    expect(parseRankModule("module.exports = require('./ranks.json');")).toBeUndefined();
    expect(parseRankModule('module.exports = {"pat_str": "x", "bpe_ranks": "y"};\n')).toEqual({
      pat_str: "x",
      bpe_ranks: "y",
    });
  });
});
