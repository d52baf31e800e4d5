import {
  arrayArgument,
  badArgument,
  functionArgument,
  optionsArgument,
  stringArgument,
} from "../problems/arguments.js";

/** Lowercase words of two or more letters or digits, once each. */
function wordSet(text: string): Set<string> {
  const words = new Set<string>();
  for (const match of text.toLowerCase().matchAll(/[\p{L}\p{N}]{2,}/gu)) words.add(match[0]);
  return words;
}

/**
 * How much `text` shares words with `prompt`, 0–1: the shared distinct words over the geometric
 * mean of both counts (cosine of the two word sets), so a long text does not win by length alone.
 *
 * @example
 * ```ts
 * wordOverlap("add retry logic to the payment client", "The payment client retries twice"); // ≈ 0.44
 * ```
 */
export function wordOverlap(prompt: string, text: string): number {
  return overlapOf(wordSet(stringArgument(prompt, "prompt")), stringArgument(text, "text"));
}

/** {@link wordOverlap} with the prompt's words already counted (once per ranking, not per item). */
function overlapOf(a: ReadonlySet<string>, text: string): number {
  const b = wordSet(text);
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const word of b) if (a.has(word)) shared += 1;
  return shared / Math.sqrt(a.size * b.size);
}

/**
 * Orders items for a prompt: those with a score first, highest score first; then those without
 * one, most word overlap with `prompt` first. Ties keep their input order.
 *
 * @example
 * ```ts
 * rankForPrompt(memories, input.prompt, { text: (m) => m.content, score: (m) => m.score });
 * ```
 */
export function rankForPrompt<T>(
  items: readonly T[],
  prompt: string,
  by: { text: (item: T) => string; score: (item: T) => number | undefined },
): T[] {
  arrayArgument(items, "items");
  stringArgument(prompt, "prompt");
  const { text, score } = optionsArgument(by, "by");
  functionArgument(text, "by.text");
  functionArgument(score, "by.score");
  return ranked(items, prompt, {
    text: (item) => {
      const words: unknown = text(item);
      if (typeof words !== "string") badArgument("by.text", "a function returning a string", words);
      return words;
    },
    score: (item) => {
      const own: unknown = score(item);
      if (own !== undefined && (typeof own !== "number" || Number.isNaN(own))) {
        badArgument("by.score", "a function returning a number or undefined", own);
      }
      return own as number | undefined;
    },
  });
}

/** {@link rankForPrompt} for checked arguments whose functions return what they promise. */
export function ranked<T>(
  items: readonly T[],
  prompt: string,
  by: { text: (item: T) => string; score: (item: T) => number | undefined },
): T[] {
  let promptWords: Set<string> | undefined;
  const keyed = items.map((item, index) => {
    const own = by.score(item);
    if (own !== undefined) return { item, index, scored: true, rank: own };
    promptWords ??= wordSet(prompt);
    return { item, index, scored: false, rank: overlapOf(promptWords, by.text(item)) };
  });
  keyed.sort((a, b) => Number(b.scored) - Number(a.scored) || b.rank - a.rank || a.index - b.index);
  return keyed.map(({ item }) => item);
}
