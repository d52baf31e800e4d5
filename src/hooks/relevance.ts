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
  return overlapOf(wordSet(prompt), text);
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
  { text, score }: { text: (item: T) => string; score: (item: T) => number | undefined },
): T[] {
  let promptWords: Set<string> | undefined;
  const keyed = items.map((item, index) => {
    const own = score(item);
    if (own !== undefined) return { item, index, scored: true, rank: own };
    promptWords ??= wordSet(prompt);
    return { item, index, scored: false, rank: overlapOf(promptWords, text(item)) };
  });
  keyed.sort((a, b) => Number(b.scored) - Number(a.scored) || b.rank - a.rank || a.index - b.index);
  return keyed.map(({ item }) => item);
}
