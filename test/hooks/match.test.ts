import { InvalidInputError } from "contextfmt";
import {
  DEFAULT_MIN_RELEVANCE,
  hookContext,
  parseHookInput,
  relevanceScores,
} from "contextfmt/hooks";
import { makeHookInput, runHook } from "contextfmt/testing";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

const NONCE = "n0nce-7f3a9c2e";

/** The message of the `InvalidInputError` that `run` throws. */
function invalidInput(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (InvalidInputError.is(error)) return error.message;
    throw error;
  }
  throw new Error("expected an InvalidInputError");
}

describe("relevanceScores", () => {
  it("the share of the memory's term weight the prompt names; words all memories hold weigh little", () => {
    const [money, plants] = relevanceScores("How does billing store money?", [
      "Billing stores money as integer cents",
      "The office plants are watered on Fridays",
    ]);
    expect(money).toBeCloseTo(0.324, 3);
    expect(plants).toBe(0);
    // "the" is in every memory and the prompt: sharing it alone is far below the default
    // threshold; sharing the rare "webhook" is above it.
    const [shared, rare] = relevanceScores("Why does the webhook fail?", [
      "The office plants are watered on Fridays",
      "The Stripe webhook is verified before the order is updated",
      "The user's name is Ada",
    ]);
    expect(shared).toBeLessThan(DEFAULT_MIN_RELEVANCE / 2);
    expect(rare).toBeGreaterThan(DEFAULT_MIN_RELEVANCE);
  });

  it("reads Chinese and Japanese, which have no spaces, by character pairs", () => {
    const [partition, team] = relevanceScores("消息表怎么分区？", [
      "消息存储在PostgreSQL中，按会话ID分区。",
      "团队每周三下午开周会。",
    ]);
    expect(partition).toBeGreaterThan(DEFAULT_MIN_RELEVANCE);
    expect(team).toBe(0);
    const [save, cat] = relevanceScores("セーブデータの保存場所はどこですか？", [
      "セーブデータはJSONでuser://save.jsonに保存する。",
      "開発者の猫の名前はミケです。",
    ]);
    expect(save).toBeGreaterThan(DEFAULT_MIN_RELEVANCE);
    expect(cat).toBeLessThan(DEFAULT_MIN_RELEVANCE);
  });

  it("matches a path's segments, a camelCase name's parts and a plural's singular", () => {
    const [path, other] = relevanceScores("fix src/billing/storeMoney.ts", [
      "Money is stored in cents by the billing module",
      "Tests run on Fridays",
    ]);
    expect(path).toBeGreaterThan(DEFAULT_MIN_RELEVANCE);
    expect(other).toBe(0);
    expect(relevanceScores("the failing test", ["Tests need the database"])[0]).toBeGreaterThan(0);
  });

  it("is within 0–1, and a longer prompt never lowers a score", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.array(fc.string()), (prompt, more, texts) => {
        const scores = relevanceScores(prompt, texts);
        const longer = relevanceScores(`${prompt} ${more}`, texts);
        scores.forEach((score, index) => {
          expect(score).toBeGreaterThanOrEqual(0);
          expect(score).toBeLessThanOrEqual(1 + 1e-12);
          expect(longer[index]).toBeGreaterThanOrEqual(score - 1e-12);
        });
      }),
    );
  });

  it("bad arguments are an InvalidInputError naming them", () => {
    expect(invalidInput(() => relevanceScores(1 as never, []))).toMatch(
      /^prompt: expected a string/,
    );
    expect(invalidInput(() => relevanceScores("x", ["a", 2 as never]))).toMatch(
      /^texts\[1\]: expected a string/,
    );
  });
});

describe("a prompt's memories: only those that match it, pinned ones always", () => {
  const memories = [
    { id: "plants", content: "The office plants are watered on Fridays." },
    { id: "money", content: "Billing stores money as integer cents; never use floats." },
    { id: "name", content: "The user's name is Ada." },
  ];
  const prompt = (text: string) => ({
    ...makeHookInput("claude", "UserPromptSubmit"),
    prompt: text,
  });
  const ids = (context: string | undefined) =>
    [...(context ?? "").matchAll(/<memory id="([^"]+)"/g)].map((match) => match[1]);

  it("leaves out what the prompt does not match, and says so in one info naming them", async () => {
    const run = await runHook(
      "claude",
      "UserPromptSubmit",
      prompt("How does billing store money?"),
      { memories },
      { nonce: NONCE },
    );
    expect(ids(run.additionalContext)).toEqual(["money"]);
    expect(run.issues).toEqual([
      {
        code: "not_matched",
        severity: "info",
        path: "--memories",
        message: "2 item(s) left out below relevance 0.08 to the prompt: plants, name",
      },
    ]);
  });

  it("a prompt nothing matches injects nothing", async () => {
    const run = await runHook("claude", "UserPromptSubmit", prompt("Bump the Node version"), {
      memories,
    });
    expect(run.stdout).toBe("{}\n");
  });

  it("pinned memories are always in, first, even over the budget; scored ones by score", async () => {
    const pinned = [
      ...memories,
      { id: "scored", content: "Deploys go out on Tuesdays.", score: 0.4 },
      { id: "style", content: "Answer in short sentences.", pinned: true },
    ];
    const run = await runHook(
      "claude",
      "UserPromptSubmit",
      prompt("How does billing store money?"),
      { memories: pinned },
      { nonce: NONCE },
    );
    expect(ids(run.additionalContext)).toEqual(["style", "scored", "money"]);
    const tight = await runHook(
      "claude",
      "UserPromptSubmit",
      prompt("How does billing store money?"),
      { memories: pinned },
      { nonce: NONCE, budget: 1 },
    );
    expect(ids(tight.additionalContext)).toEqual(["style"]);
  });

  it("minRelevance 0 injects every memory, most relevant first, ties in input order", async () => {
    const run = await runHook(
      "claude",
      "UserPromptSubmit",
      prompt("How does billing store money?"),
      { memories },
      { nonce: NONCE, minRelevance: 0 },
    );
    expect(ids(run.additionalContext)).toEqual(["money", "plants", "name"]);
    expect(run.issues).toEqual([]);
  });

  it("Gemini CLI's Related line holds the same matched memories", async () => {
    const run = await runHook(
      "gemini",
      "BeforeAgent",
      { ...makeHookInput("gemini", "BeforeAgent"), prompt: "How does billing store money?" },
      { memories },
    );
    expect(run.additionalContext).toBe(
      "Related: Billing stores money as integer cents; never use floats.\n",
    );
  });

  it("a threshold outside 0–1 is an InvalidInputError naming the option", async () => {
    const hook = parseHookInput("claude", prompt("billing"));
    expect(
      invalidInput(() =>
        hookContext({
          hook,
          files: { memories: { path: "m.json", data: memories } },
          budget: 100,
          minRelevance: 1.5,
        }),
      ),
    ).toMatch(/^request\.minRelevance: expected a number from 0 to 1, received 1\.5/);
    await expect(
      runHook(
        "claude",
        "UserPromptSubmit",
        prompt("billing"),
        { memories },
        {
          minRelevance: -1,
        },
      ),
    ).rejects.toThrow(/^options\.minRelevance: expected a number from 0 to 1/);
  });
});
