import { type Memory, MemorySetSchema } from "../model/memory.js";
import { parseWith } from "../model/parse.js";
import type { TolerantHookInput } from "./input.js";
import { ranked } from "./relevance.js";

/** `{ directive?, memories }` as it is, or a bare list of memories wrapped in it. */
const memorySetOf = (file: unknown) => (Array.isArray(file) ? { memories: file } : file);

/**
 * The memories, ranked for the prompt: those with a score by score; the rest by word overlap
 * with the prompt. The unscored ones lose `createdAt`, which would otherwise break their ties by
 * recency in the format and undo the ranking; no format renders it.
 */
export function memoriesForPrompt(
  file: unknown,
  hook: TolerantHookInput,
): { directive?: string; memories: Memory[] } {
  const set = parseWith(MemorySetSchema, memorySetOf(file));
  const prompt = hook.moment === "prompt" ? hook.prompt : "";
  const memories = ranked(set.memories, prompt, {
    text: (memory) => memory.content,
    score: (memory) => memory.score,
  }).map(({ createdAt, ...memory }) =>
    memory.score === undefined || createdAt === undefined ? memory : { ...memory, createdAt },
  );
  return { ...(set.directive !== undefined ? { directive: set.directive } : {}), memories };
}

/**
 * The ranked memories as brief-context candidates, for Gemini CLI, which escapes XML:
 * `relevance` falls with the rank, so the brief context keeps the same order.
 */
export function memoriesAsCandidates(file: unknown, hook: TolerantHookInput) {
  const { memories } = memoriesForPrompt(file, hook);
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
