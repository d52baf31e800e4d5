import { type Memory, MemorySetSchema } from "../model/memory.js";
import { parseWith } from "../model/parse.js";
import type { Issue } from "../problems/issue.js";
import type { TolerantHookInput } from "./input.js";
import { DEFAULT_MIN_RELEVANCE, scoresOf } from "./match.js";

/** `{ directive?, memories }` as it is, or a bare list of memories wrapped in it. */
const memorySetOf = (file: unknown) => (Array.isArray(file) ? { memories: file } : file);

/** How the memories are matched to a prompt, and where the ones left out are reported. */
export interface MatchOptions {
  /** The relevance (0–1) a memory without a score needs; default {@link DEFAULT_MIN_RELEVANCE}. */
  readonly minRelevance?: number | undefined;
  /** Told once which memories the prompt did not match: a `not_matched` info issue naming them. */
  readonly report?: ((issue: Issue) => void) | undefined;
}

/**
 * The memories that match the prompt, ranked: pinned ones first (always in), then those with a
 * score of their own (the memory system has matched them already) by score, then the rest by
 * their relevance to the prompt (`relevanceScores`) if it reaches `minRelevance`; ties in
 * input order. The others are left out and reported. The unscored ones lose `createdAt`, which
 * would otherwise break their ties by recency in the format and undo the ranking; no format
 * renders it.
 */
export function memoriesForPrompt(
  file: unknown,
  hook: TolerantHookInput,
  options: MatchOptions = {},
): { directive?: string; memories: Memory[] } {
  const set = parseWith(MemorySetSchema, memorySetOf(file));
  const prompt = hook.moment === "prompt" ? hook.prompt : "";
  const minRelevance = options.minRelevance ?? DEFAULT_MIN_RELEVANCE;
  const relevance = scoresOf(
    prompt,
    set.memories.map((memory) => memory.content),
  );
  const kept = set.memories
    .map((memory, index) => ({ memory, index, relevance: relevance[index] as number }))
    .filter(
      ({ memory, relevance }) =>
        memory.pinned === true || memory.score !== undefined || relevance >= minRelevance,
    );
  if (kept.length < set.memories.length) {
    const keptAt = new Set(kept.map((entry) => entry.index));
    const ids = set.memories.filter((_, index) => !keptAt.has(index)).map((memory) => memory.id);
    options.report?.({
      code: "not_matched",
      severity: "info",
      message: `${ids.length} item(s) left out below relevance ${minRelevance} to the prompt: ${ids.slice(0, 5).join(", ")}${ids.length > 5 ? ", …" : ""}`,
    });
  }
  kept.sort(
    (a, b) =>
      Number(b.memory.pinned === true) - Number(a.memory.pinned === true) ||
      Number(b.memory.score !== undefined) - Number(a.memory.score !== undefined) ||
      (b.memory.score ?? b.relevance) - (a.memory.score ?? a.relevance) ||
      a.index - b.index,
  );
  const memories = kept.map(({ memory: { createdAt, ...memory } }) =>
    memory.score === undefined || createdAt === undefined ? memory : { ...memory, createdAt },
  );
  return { ...(set.directive !== undefined ? { directive: set.directive } : {}), memories };
}

/**
 * The matched memories as brief-context candidates, for Gemini CLI, which escapes XML:
 * `relevance` falls with the rank, so the brief context keeps the same order.
 */
export function memoriesAsCandidates(
  file: unknown,
  hook: TolerantHookInput,
  options: MatchOptions = {},
) {
  const { memories } = memoriesForPrompt(file, hook, options);
  return {
    candidates: memories.map((memory, index) => ({
      id: memory.id,
      content: memory.content,
      relevance: (memories.length - index) / memories.length,
      category: "single_space_match",
      createdAt: memory.createdAt ?? 0,
    })),
  };
}
