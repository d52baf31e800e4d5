import { UsageError } from "./usage-error.js";

/**
 * How many edits (a letter added, dropped, changed, or two neighbours swapped) a typo may hold
 * and still be suggested: one for a short word, up to three for a long one, so "xyz" is not
 * taken for "mcp".
 */
function editLimit(word: string): number {
  return Math.max(1, Math.min(3, Math.floor(word.length / 3)));
}

/**
 * The edits from `a` to `b` (optimal string alignment: Levenshtein plus swaps of neighbours, so
 * "cluade" is one edit from "claude"), or `limit + 1` once they are sure to exceed `limit`.
 * Callers pass words whose lengths differ by at most `limit`, and the words compared are names
 * of a few letters: the table is small and the time is linear in the list it is called over.
 */
function editDistance(a: string, b: string, limit: number): number {
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowBest = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (before[j - 2] ?? 0) + 1);
      }
      current.push(value);
      rowBest = Math.min(rowBest, value);
    }
    if (rowBest > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length] ?? limit + 1;
}

/**
 * The choice `word` most likely misspells (case aside), or undefined when none is near enough.
 * Ties go to the earlier choice. A word much longer than every choice is no typo of any, so the
 * work stays bounded whatever the user typed.
 *
 * @example
 * ```ts
 * closestChoice("cluade", ["claude", "codex", "gemini"]); // "claude"
 * ```
 */
export function closestChoice(word: string, choices: readonly string[]): string | undefined {
  const typed = word.toLowerCase();
  const limit = editLimit(typed);
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const choice of choices) {
    if (Math.abs(choice.length - typed.length) >= bestDistance) continue;
    const distance = editDistance(typed, choice.toLowerCase(), bestDistance - 1);
    if (distance < bestDistance) {
      best = choice;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * A {@link UsageError} for a name that is not among `choices`, with the nearest as a suggestion:
 * `--format: unknown format "cluade"; did you mean "claude"? formats: claude, codex, …`.
 *
 * @param what - what the name is, singular ("format"); its plural is `what` + "s".
 * @param where - the option or place it was given (`--format`), when the message should name it.
 */
export function unknownChoice(
  what: string,
  word: string,
  choices: readonly string[],
  where?: string,
): UsageError {
  const near = closestChoice(word, choices);
  return new UsageError(
    `${where ? `${where}: ` : ""}unknown ${what} ${JSON.stringify(word)}; ${
      near === undefined ? "" : `did you mean ${JSON.stringify(near)}? `
    }${what}s: ${choices.join(", ")}`,
  );
}
