import type * as z from "zod/mini";
import { hasMoreWords, summarize } from "../../budget/summarize.js";
import * as d from "../../model/declare.js";
import {
  MEMORY_CATEGORIES,
  type Memory,
  type MemoryCategory,
  type MemorySet,
  MemorySetSchema,
} from "../../model/memory.js";
import { parseWith } from "../../model/parse.js";
import { ContextFmtError } from "../../problems/errors.js";
import { type AdapterItem, defineAdapter, type ValidationContext } from "../adapter.js";
import {
  escapableArgument,
  escapeXmlAttribute,
  escapeXmlText,
  hasXmlIllegal,
  isEscapable,
} from "../escape.js";
import { reportSanitized } from "../report-sanitized.js";
import { CACHE_STABLE_LAYOUT, cacheStableOption, inAdditionOrder, placesIn } from "../stable.js";
import { checkStructure, defineStructure, lineRule, TAG_RULES } from "../structure.js";

/**
 * A fresh session nonce: 128 random bits from `globalThis.crypto`, as 32 hex digits. Make one per
 * session and pass it as `nonce` to every injection of that session.
 *
 * @example
 * ```ts
 * const nonce = createSessionNonce(); // "3f9c…" (32 hex digits)
 * injectMemories(messages, { memories, nonce });
 * ```
 */
export function createSessionNonce(): string {
  const crypto = (globalThis as { crypto?: { getRandomValues(array: Uint8Array): Uint8Array } })
    .crypto;
  if (!crypto?.getRandomValues) {
    throw new ContextFmtError("globalThis.crypto is not available: pass a `nonce` option instead");
  }
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A nonce is written into attributes verbatim, so it is limited to characters that need no escape. */
const NONCE = /^[A-Za-z0-9_-]{8,128}$/;
export const NonceSchema = d.string(
  d.regex(NONCE, { error: 'expected 8–128 letters, digits, "-" or "_"' }),
);

/** Options of the `xml-memory` format. */
export const XmlMemoryOptionsSchema = d.object({
  /** Written on every memory block; default: {@link createSessionNonce}. */
  nonce: d._default(NonceSchema, createSessionNonce),
  ...cacheStableOption,
});

/** Parsed options of the `xml-memory` format. */
export type XmlMemoryOptions = z.output<typeof XmlMemoryOptionsSchema>;

/** Metadata of an `xml-memory` result. */
export interface XmlMemoryMetadata {
  readonly directiveInjected: boolean;
  readonly memoriesInjected: number;
  readonly memoriesAvailable: number;
  /** Some memories did not fit the budget. */
  readonly wasTruncated: boolean;
  /** Ids of the injected memories, highest ranked first. */
  readonly memoryIds: readonly string[];
  /** The nonce on every memory block. */
  readonly nonce: string;
}

const hasDirective = (input: MemorySet): input is MemorySet & { directive: string } =>
  input.directive !== undefined && input.directive.trim() !== "";

const openTag = (category: MemoryCategory, nonce: string) =>
  `<${category}_memories nonce="${nonce}">\n`;
const closeTag = (category: MemoryCategory) => `</${category}_memories>`;

/** Words a memory keeps in its shorter form. */
export const MEMORY_SUMMARY_WORDS = 30;

/**
 * `<memory id="…" confidence="0.80" score="0.873">text</memory>`: the original attributes. The
 * shorter form (`form` 1) holds the text cut to {@link MEMORY_SUMMARY_WORDS} words by `summarize`
 * and says so: `summarized="true"`.
 */
function renderMemory(memory: Memory, form: number, withCategory = false): string {
  const text = form > 0 ? summarize(memory.content, MEMORY_SUMMARY_WORDS) : memory.content;
  // Joined, not a template: the entry is made as one string, where a template makes a chain of
  // its pieces that V8 copies into one when the entry is first read (counted): ~3 ms and 2 MB
  // a call at 10,000 memories.
  return [
    `<memory id="${escapeXmlAttribute(memory.id)}"`,
    withCategory ? ` category="${memory.category}"` : "",
    ` confidence="${memory.confidence.toFixed(2)}"`,
    memory.score === undefined ? "" : ` score="${memory.score.toFixed(3)}"`,
    form > 0 ? ` summarized="true"` : "",
    ">",
    escapeXmlText(text),
    "</memory>\n",
  ].join("");
}

/** The one block of the cache-stable layout: every memory, its category an attribute. */
const STABLE_BLOCK = "memories";

/**
 * The groups of a memory by its category: its category's block, or the cache-stable layout's one
 * block. One list per block, shared by its memories, not one per memory.
 */
function memoryGroups(cacheStable: boolean): (category: MemoryCategory) => readonly string[] {
  const stable = [STABLE_BLOCK];
  const byCategory = new Map(MEMORY_CATEGORIES.map((category) => [category, [category]]));
  return (category) => (cacheStable ? stable : (byCategory.get(category) ?? [category]));
}

/** Memories without a score rank after every scored one. */
const UNSCORED = -Number.MAX_VALUE;

/** The opening line of a memory block, with its category and attributes. */
const BLOCK_OPENING = /^<([a-z]+)_memories( [^>]*)?>$/gm;

/** The cache-stable layout's one block carries the session nonce (the oracle counted it). */
function validateStableNonce(content: string, ctx: ValidationContext): void {
  if (ctx.itemsIncluded === 0) return;
  const opening = `<${STABLE_BLOCK} nonce="${String(ctx.metadata.nonce)}">\n`;
  if (content.startsWith(opening) || content.includes(`\n${opening}`)) return;
  ctx.report({
    code: "invalid_structure",
    severity: "error",
    message: `memory block without the session nonce: expected ${opening.trim()}`,
  });
}

/** Every block carries the session nonce, and blocks come once each, in category order. */
function validateBlocks(content: string, ctx: ValidationContext): void {
  const expected = ` nonce="${String(ctx.metadata.nonce)}"`;
  let previous = -1;
  for (const [line, category, attributes] of content.matchAll(BLOCK_OPENING)) {
    const rank = (MEMORY_CATEGORIES as readonly string[]).indexOf(category ?? "");
    const problem =
      rank < 0
        ? "of an unknown category"
        : attributes !== expected
          ? "without the session nonce"
          : rank <= previous
            ? "out of the category order or repeated"
            : undefined;
    if (problem) {
      ctx.report({
        code: "invalid_structure",
        severity: "error",
        message: `memory block ${problem}: ${line}`,
      });
    }
    previous = Math.max(previous, rank);
  }
}

/**
 * The element lines of the XML memories: one block per category, or the cache-stable layout's one
 * `<memories>` block. Text is escaped, so only a tag could read as structure in it.
 */
export const xmlMemoryStructure = defineStructure({
  id: "xml-memory",
  own: [
    lineRule("directive", "block", /^<directive>$/, "<", { label: "directives" }),
    lineRule("directive-end", "block", /^<\/directive>$/, "<", { label: "directive ends" }),
    lineRule(
      "block",
      "block",
      /^<(?:procedural|factual|preference|behavioral|episodic)_memories nonce="/,
      "<",
    ),
    lineRule(
      "block-end",
      "block",
      /^<\/(?:procedural|factual|preference|behavioral|episodic)_memories>$/,
      "<",
    ),
    // The cache-stable layout's one block of every category.
    lineRule("stable-block", "block", /^<memories nonce="/, "<", { label: "<memories> blocks" }),
    lineRule("stable-block-end", "block", /^<\/memories>$/, "<"),
    lineRule("memory", "entry", /^<memory /, "<", { label: "memory elements" }),
    lineRule("memory-end", "entry", /^<\/memory>$/, "<", { afterText: true }),
  ],
  foreign: TAG_RULES,
  allowed(input, { cacheStable }) {
    const { memories } = parseWith(MemorySetSchema, input);
    const blocks = new Set(memories.map((memory) => memory.category)).size;
    const stableBlocks = memories.length > 0 ? 1 : 0;
    return {
      directive: 1,
      "directive-end": 1,
      block: cacheStable ? 0 : blocks,
      "block-end": cacheStable ? 0 : blocks,
      "stable-block": cacheStable ? stableBlocks : 0,
      "stable-block-end": cacheStable ? stableBlocks : 0,
      memory: memories.length,
    };
  },
});

/**
 * XML memories for a system message (the original design's injection format): `<directive>`
 * first, then one `<{category}_memories nonce="…">` block per category in the order procedural →
 * factual → preference → behavioral → episodic, each memory a `<memory id confidence score>`
 * element. Text and attributes are escaped, so memory text can neither close nor forge a block;
 * the nonce tells the model which blocks are real. Memories are ranked by `score` and fitted
 * into the budget, a long one cut to its first 30 words (`summarized="true"`) before any is left
 * out; a memory whose id came before is left out as a duplicate; the directive is always kept.
 * With `cacheStable: true`: one `<memories nonce="…">` block holding the chosen memories in the
 * order they were added, each with its `category` as an attribute.
 *
 * @example
 * ```ts
 * new FormatManager().format("xml-memory",
 *   { directive: "Be brief.", memories: [{ id: "m1", content: "Prefers uv", category: "preference", score: 0.9 }] },
 *   { nonce: "session-42-abcdef", budget: 1000 }).content;
 * ```
 */
export const xmlMemoryAdapter = defineAdapter<MemorySet, XmlMemoryOptions, Memory>({
  id: "xml-memory",
  formatType: "xml",
  capabilities: {
    toolName: "any",
    formatType: "xml",
    maxContextTokens: 4_000,
    supportsSections: true,
    supportsMarkdown: false,
    supportsPriorities: true,
    injectionMethod: "api",
  },
  input: MemorySetSchema,
  options: XmlMemoryOptionsSchema,
  items(input, { report, options }) {
    const { memories } = input;
    // Refused before anything reads them, naming the field: escaped, they may not fit a string.
    // The paths are built only for a field that is refused.
    if (input.directive !== undefined) escapableArgument(input.directive, "directive");
    memories.forEach(({ id, content }, index) => {
      if (!isEscapable(id)) escapableArgument(id, `memories[${index}].id`);
      if (!isEscapable(content)) escapableArgument(content, `memories[${index}].content`);
    });
    reportSanitized(report, "directive", input.directive, "xml");
    const groupsOf = memoryGroups(options.cacheStable === true);
    return memories.map((memory, index): AdapterItem<Memory> => {
      const path = `memories[${index}]`;
      if (hasXmlIllegal(memory.id)) reportSanitized(report, `${path}.id`, memory.id, "xml");
      if (hasXmlIllegal(memory.content)) {
        reportSanitized(report, `${path}.content`, memory.content, "xml");
      }
      // One object literal of one shape for every memory (no spreads): cheap to build and read.
      return {
        id: memory.id,
        path,
        value: memory,
        required: memory.pinned === true,
        priority: memory.score ?? UNSCORED,
        time: memory.createdAt?.getTime(),
        groups: groupsOf(memory.category),
        // The same memory twice (two searches found it): the higher ranked one is kept.
        key: memory.id,
        forms: hasMoreWords(memory.content, MEMORY_SUMMARY_WORDS) ? 2 : 1,
      };
    });
  },
  renderItem: (memory, { form, options }) => renderMemory(memory, form, options.cacheStable),
  renderGroup: (key, { options }) => {
    if (options.cacheStable)
      return `<${STABLE_BLOCK} nonce="${options.nonce}">\n</${STABLE_BLOCK}>\n\n`;
    const category = key as MemoryCategory;
    return `${openTag(category, options.nonce)}${closeTag(category)}\n\n`;
  },
  render({ input, included, item }, { options }) {
    const sections: string[] = [];
    if (hasDirective(input)) {
      sections.push(`<directive>\n${escapeXmlText(input.directive)}\n</directive>`);
    }
    if (options.cacheStable && included.length > 0) {
      const place = placesIn(input.memories);
      const added = inAdditionOrder(included, (memory) => ({
        time: memory.createdAt?.getTime(),
        id: memory.id,
        index: place(memory),
      }));
      let block = `<${STABLE_BLOCK} nonce="${options.nonce}">\n`;
      for (const memory of added) block += item(memory, 0);
      sections.push(`${block}</${STABLE_BLOCK}>`);
    }
    const byCategory = new Map<MemoryCategory, Memory[]>();
    for (const memory of options.cacheStable ? [] : included) {
      const list = byCategory.get(memory.category);
      if (list) list.push(memory);
      else byCategory.set(memory.category, [memory]);
    }
    for (const category of MEMORY_CATEGORIES) {
      const memories = byCategory.get(category);
      if (!memories) continue;
      let block = openTag(category, options.nonce);
      for (const memory of memories) block += item(memory, 0);
      sections.push(block + closeTag(category));
    }
    const metadata: XmlMemoryMetadata = {
      directiveInjected: hasDirective(input),
      memoriesInjected: included.length,
      memoriesAvailable: input.memories.length,
      wasTruncated: included.length < input.memories.length,
      memoryIds: included.map((memory) => memory.id),
      nonce: options.nonce,
    };
    return {
      content: sections.join("\n\n"),
      metadata: options.cacheStable
        ? { ...metadata, layout: CACHE_STABLE_LAYOUT }
        : { ...metadata },
    };
  },
  validate(content, ctx) {
    // Escaped text holds no "<", so every element line counted is one the format wrote.
    const directive = ctx.metadata.directiveInjected ? 1 : 0;
    const stable = ctx.metadata.layout === CACHE_STABLE_LAYOUT;
    // The cache-stable layout: one <memories> block, no category blocks.
    const blocks = ctx.itemsIncluded > 0 ? 1 : 0;
    checkStructure(
      xmlMemoryStructure,
      content,
      {
        memory: ctx.itemsIncluded,
        directive,
        "directive-end": directive,
        ...(stable
          ? { block: 0, "block-end": 0, "stable-block": blocks, "stable-block-end": blocks }
          : { "stable-block": 0, "stable-block-end": 0 }),
      },
      ctx,
    );
    if (stable) validateStableNonce(content, ctx);
    else validateBlocks(content, ctx);
  },
});
