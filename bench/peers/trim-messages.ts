/**
 * LangChain's `trimMessages` on the rules as system messages (most important first), with a
 * memoized js-tiktoken counter: the peer a LangChain user would reach for. Lives in this package
 * so that `@langchain/core` resolves from bench/peers/node_modules (`npm run bench:setup`).
 */
import { SystemMessage, trimMessages } from "@langchain/core/messages";
import type { Tiktoken } from "js-tiktoken/lite";

/** Keeps the longest prefix of `lines` whose token count fits `budget`; returns the kept text. */
export async function trimLines(
  lines: readonly string[],
  budget: number,
  encoder: Tiktoken,
): Promise<string> {
  const memo = new Map<string, number>();
  const count = (text: string): number => {
    let tokens = memo.get(text);
    if (tokens === undefined) {
      tokens = encoder.encode(text, [], []).length;
      memo.set(text, tokens);
    }
    return tokens;
  };
  const messages = lines.map((line) => new SystemMessage(line));
  const kept = await trimMessages(messages, {
    maxTokens: budget,
    strategy: "first",
    tokenCounter: (list) => list.reduce((sum, message) => sum + count(String(message.content)), 0),
  });
  return kept.map((message) => String(message.content)).join("");
}
