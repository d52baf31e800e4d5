import { type XmlMemoryMetadata, xmlMemoryAdapter } from "../formats/memories/xml-memory.js";
import type { BudgetReport, SkippedItem } from "../manager/formatted-context.js";
import { runPipeline } from "../manager/pipeline.js";
import * as d from "../model/declare.js";
import type { MemoryInput } from "../model/memory.js";
import { parseWith } from "../model/parse.js";
import { badArgument } from "../problems/arguments.js";
import type { Issue } from "../problems/issue.js";
import { checkedCounter, type TokenCounter } from "../tokens/counter.js";
import { defaultCounter } from "../tokens/heuristic.js";

/** Options of {@link injectMemories}. */
export interface InjectMemoriesOptions {
  /** Instructions placed first in the injected message; blank means none. */
  readonly directive?: string | undefined;
  readonly memories: readonly MemoryInput[];
  /** Tokens the injected message may take; default 4,000. */
  readonly budget?: number | undefined;
  /** The session nonce on every memory block; default: 128 random bits (`createSessionNonce`). */
  readonly nonce?: string | undefined;
  /** How tokens are counted, for the budget and the metadata; default `defaultCounter`. */
  readonly counter?: TokenCounter | undefined;
  /** The model's context window in tokens, for `contextWindowUsed`. */
  readonly contextWindow?: number | undefined;
  /** Throw `FormatValidationError` on any error-severity issue. */
  readonly strict?: boolean | undefined;
}

/** What was injected (the original design's `InjectionMetadata`). */
export interface InjectionMetadata {
  readonly directiveInjected: boolean;
  readonly memoriesInjected: number;
  /** Memories given, injected or not. */
  readonly memoriesAvailable: number;
  /** Tokens of the injected message, by the counter used. */
  readonly totalTokensInjected: number;
  /**
   * Percent (whole, rounded down) of `contextWindow` taken by the caller's messages plus the
   * injected one; `null` without a `contextWindow`.
   */
  readonly contextWindowUsed: number | null;
  /** Some memories did not fit the budget; `skipped` lists them. */
  readonly wasTruncated: boolean;
  /** Ids of the injected memories, highest ranked first. */
  readonly memoryIds: readonly string[];
}

/** The system message {@link injectMemories} puts first. */
export interface InjectedSystemMessage {
  readonly role: "system";
  readonly content: string;
}

/** What {@link injectMemories} returns. */
export interface InjectionResult<M> {
  /** The injected system message (when there is anything to inject), then the caller's messages. */
  messages: (InjectedSystemMessage | M)[];
  /** The injected text on its own (`""` when nothing was injected), for APIs with a system field. */
  readonly system: string;
  readonly metadata: InjectionMetadata;
  /** The nonce the memory blocks carry: reuse it for the rest of the session. */
  readonly nonce: string;
  /** Memories left out (over budget, or repeating an earlier memory's id). */
  readonly skipped: readonly SkippedItem[];
  /** Every memory's status and tokens, as `FormattedContext.report`. */
  readonly report: BudgetReport;
  /** Problems found (skipped memories, replaced characters, an over-budget directive). */
  readonly issues: readonly Issue[];
}

/** The option of {@link injectMemories} besides the `xml-memory` format's. */
export const InjectOptionsSchema = d.object({ contextWindow: d.optional(d.int(d.gte(1))) });

const isObject = (value: unknown): value is object => typeof value === "object" && value !== null;
/** The conversation {@link injectMemories} puts the memories into: any message objects. */
export const MessagesSchema = d.array(
  d.custom<object>(isObject, { error: "expected a message object" }),
);

/** The text of one message in the shapes of the common SDKs: `content` text or text parts, or `parts`. */
function messageText(message: object): string {
  const { content, parts } = message as { content?: unknown; parts?: unknown };
  if (typeof content === "string") return content;
  const list = Array.isArray(content) ? content : Array.isArray(parts) ? parts : [];
  let text = "";
  for (const part of list) {
    const partText = isObject(part) ? (part as { text?: unknown }).text : undefined;
    if (typeof partText === "string") text += partText;
  }
  return text;
}

/**
 * Puts memories into a conversation as one system message, first, in the `xml-memory` format:
 * the directive, then one nonce-marked block per category, memories ranked by score and packed
 * into `budget`. The caller's messages follow unchanged (the array is not mutated); with no
 * directive and no memories that fit, nothing is added.
 *
 * @example
 * ```ts
 * const { messages, metadata } = injectMemories(
 *   [{ role: "user", content: "Set up the project" }],
 *   { directive: "Follow procedural memories.", memories, budget: 1500, nonce, contextWindow: 128_000 },
 * );
 * // messages[0]: { role: "system", content: "<directive>\n…" }; metadata.memoryIds: ["m3", "m1"]
 * ```
 */
export function injectMemories<M extends object>(
  messages: readonly M[],
  options: InjectMemoriesOptions,
): InjectionResult<M> {
  parseWith(MessagesSchema, messages, "messages");
  const { contextWindow } = parseWith(InjectOptionsSchema, options, "options");
  const { directive, memories, contextWindow: _, ...formatOptions } = options;
  const result = runPipeline(
    xmlMemoryAdapter,
    { memories, ...(directive === undefined ? {} : { directive }) },
    formatOptions,
  );
  const facts = result.metadata as unknown as XmlMemoryMetadata;
  const system = result.content;
  const counter =
    options.counter === undefined
      ? defaultCounter
      : checkedCounter(options.counter, "options.counter");
  let contextWindowUsed: number | null = null;
  if (contextWindow !== undefined) {
    let used = result.tokenCount;
    for (const message of messages) used += counter.count(messageText(message));
    contextWindowUsed = Math.floor((100 * used) / contextWindow);
  }
  return {
    messages: system === "" ? [...messages] : [{ role: "system", content: system }, ...messages],
    system,
    metadata: {
      directiveInjected: facts.directiveInjected,
      memoriesInjected: facts.memoriesInjected,
      memoriesAvailable: facts.memoriesAvailable,
      totalTokensInjected: result.tokenCount,
      contextWindowUsed,
      wasTruncated: facts.wasTruncated,
      memoryIds: facts.memoryIds,
    },
    nonce: facts.nonce,
    skipped: result.skipped,
    report: result.report,
    issues: result.issues,
  };
}

/** The caller's messages of an injection result, without the injected system message. */
function callerMessages<M>(result: InjectionResult<M>): M[] {
  const { system, messages } = (result ?? {}) as Partial<InjectionResult<M>>;
  if (typeof system !== "string" || !Array.isArray(messages)) {
    badArgument("result", "what injectMemories returned ({ system, messages, … })", result);
  }
  return (result.system === "" ? result.messages : result.messages.slice(1)) as M[];
}

/**
 * The Anthropic Messages API shape of an injection: the injected text as `system` (absent when
 * nothing was injected) and the caller's messages, ready to spread into `messages.create`.
 *
 * @example
 * ```ts
 * await anthropic.messages.create({ model, max_tokens: 1024, ...toAnthropic(injectMemories(messages, options)) });
 * ```
 */
export function toAnthropic<M>(result: InjectionResult<M>): { system?: string; messages: M[] } {
  const messages = callerMessages(result);
  return result.system === "" ? { messages } : { system: result.system, messages };
}

/**
 * The Google Gen AI shape of an injection: the caller's `contents` and a `config` whose
 * `systemInstruction` is the injected text (absent when nothing was injected).
 *
 * @example
 * ```ts
 * await ai.models.generateContent({ model, ...toGoogle(injectMemories(contents, options)) });
 * ```
 */
export function toGoogle<M>(result: InjectionResult<M>): {
  contents: M[];
  config: { systemInstruction?: string };
} {
  const contents = callerMessages(result);
  return { contents, config: result.system === "" ? {} : { systemInstruction: result.system } };
}
