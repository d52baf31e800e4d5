import {
  createSessionNonce,
  estimateTokens,
  FormatManager,
  InvalidInputError,
  injectMemories,
  type MemoryInput,
  type MemorySetInput,
  toAnthropic,
  toGoogle,
  xmlMemoryAdapter,
} from "contextfmt";
import {
  type ContextfmtMatchers,
  contextfmtMatchers,
  makeMemories,
  roundTripsXml,
} from "contextfmt/testing";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  arbitraryMemorySet,
  hostileMemorySet,
  hostileMemoryTexts,
  sampleMemorySet,
  TEST_NONCE,
} from "../fixtures/memories.js";
import { xmlReader } from "../fixtures/xml.js";

declare module "vitest" {
  // biome-ignore lint/suspicious/noExplicitAny: vitest's own declaration has this default
  interface Matchers<T = any> extends ContextfmtMatchers<T> {}
}
expect.extend(contextfmtMatchers);

const golden = (name: string) => new URL(`../golden/xml-memory/${name}`, import.meta.url).pathname;
const manager = new FormatManager();
const format = (input: MemorySetInput, options: Record<string, unknown> = {}) =>
  manager.format("xml-memory", input, { nonce: TEST_NONCE, ...options });

/** A conforming reading: character references decoded, whitespace kept, values as strings. */
const parser = xmlReader({ isArray: (name) => name === "memory" || name.endsWith("_memories") });

interface ParsedMemory {
  id: string;
  confidence: string;
  score?: string;
  "#text": string;
}

/** Every block of the content as parsed: its tag, nonce and memories. */
function parseBlocks(content: string) {
  const root = parser.parse(`<root>\n${content}</root>`).root as Record<string, unknown>;
  const blocks: { tag: string; nonce: string; memories: ParsedMemory[] }[] = [];
  for (const [tag, value] of Object.entries(root)) {
    if (!tag.endsWith("_memories")) continue;
    for (const block of value as { nonce: string; memory: ParsedMemory[] }[]) {
      blocks.push({ tag, nonce: block.nonce, memories: block.memory });
    }
  }
  return { directive: root.directive as string | undefined, blocks };
}

/** What XML can carry of a text: characters XML 1.0 forbids come back as U+FFFD. */
const xmlCarried = (text: string) =>
  text.replace(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML forbids
    /[\0-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    "\uFFFD",
  );

describe("xml-memory: the original design's format", () => {
  it("puts the directive first, then one nonce block per category, procedural → episodic", () => {
    const result = format(sampleMemorySet);
    const opening = result.content
      .split("\n")
      .filter((line) => /^<[a-z]+(_memories .*)?>$/.test(line));
    expect(opening).toEqual([
      "<directive>",
      `<procedural_memories nonce="${TEST_NONCE}">`,
      `<factual_memories nonce="${TEST_NONCE}">`,
      `<preference_memories nonce="${TEST_NONCE}">`,
      `<behavioral_memories nonce="${TEST_NONCE}">`,
      `<episodic_memories nonce="${TEST_NONCE}">`,
    ]);
  });

  it("gives every memory id, confidence (2 decimals) and score (3 decimals) attributes", () => {
    const { content } = format(sampleMemorySet);
    expect(content).toContain(
      '<memory id="mem-proc-1" confidence="0.90" score="0.873">Always run `uv sync` before running the test suite.</memory>',
    );
    expect(content).toContain('<memory id="mem-pref-1" confidence="0.80" score="0.655">');
  });

  it("ranks memories by score inside their block and in memoryIds", () => {
    const result = format(sampleMemorySet);
    expect(result.metadata.memoryIds).toEqual([
      "mem-proc-1",
      "mem-fact-1",
      "mem-proc-2",
      "mem-pref-1",
      "mem-beh-1",
      "mem-epi-1",
    ]);
    expect(result.content.indexOf("mem-proc-1")).toBeLessThan(result.content.indexOf("mem-proc-2"));
  });

  it("puts memories without a score after scored ones, most recent first", () => {
    const memories: MemoryInput[] = [
      { id: "old", content: "a", createdAt: "2024-01-01T00:00:00Z" },
      { id: "scored", content: "b", score: 0.01 },
      { id: "new", content: "c", createdAt: "2025-01-01T00:00:00Z" },
    ];
    expect(format({ memories }).included).toEqual(["scored", "new", "old"]);
  });

  it("keeps the best-ranked memories in a budget and reports the rest", () => {
    const full = format(sampleMemorySet);
    const result = format(sampleMemorySet, { budget: full.tokenCount - 20 });
    expect(result.tokenCount).toBeLessThanOrEqual(full.tokenCount - 20);
    expect(result.metadata.wasTruncated).toBe(true);
    expect(result.skipped.map((item) => item.id)).toEqual(["mem-epi-1"]);
    expect(result.content.startsWith("<directive>")).toBe(true);
  });

  it("makes a fresh 128-bit nonce when none is given", () => {
    const a = manager.format("xml-memory", sampleMemorySet).metadata.nonce as string;
    const b = manager.format("xml-memory", sampleMemorySet).metadata.nonce as string;
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(a).not.toBe(b);
    expect(createSessionNonce()).toMatch(/^[0-9a-f]{32}$/);
  });

  it("rejects a nonce that could break out of its attribute or is too short to be secret", () => {
    expect(() => format(sampleMemorySet, { nonce: 'x" y="' })).toThrow(
      /options\.nonce: expected 8–128 letters, digits, "-" or "_"/,
    );
    expect(() => format(sampleMemorySet, { nonce: "abc" })).toThrow(InvalidInputError);
  });

  it("matches the golden files", async () => {
    await expect(format(sampleMemorySet).content).toMatchFileSnapshot(golden("sample.xml"));
    const budget = format(sampleMemorySet).tokenCount - 40;
    await expect(format(sampleMemorySet, { budget }).content).toMatchFileSnapshot(
      golden("sample-budget-short.xml"),
    );
    await expect(format(hostileMemorySet).content).toMatchFileSnapshot(golden("hostile.xml"));
  });
});

describe("xml-memory: escaping round-trips through an XML parser", () => {
  it("gives back every hostile text and id as it was, unsendable characters as U+FFFD", () => {
    const result = format(hostileMemorySet);
    expect(result.issues.filter((issue) => issue.severity === "error")).toEqual([]);
    const { directive, blocks } = parseBlocks(result.content);
    expect(directive).toBe(`\n${hostileMemorySet.directive}\n`);
    expect(blocks.every((block) => block.nonce === TEST_NONCE)).toBe(true);
    const parsed = blocks.flatMap((block) => block.memories);
    expect(parsed).toHaveLength(hostileMemoryTexts.length);
    for (const memory of hostileMemorySet.memories) {
      const back = parsed.find((entry) => entry.id === memory.id);
      expect(back?.["#text"]).toBe(xmlCarried(memory.content));
    }
    expect(parsed.find((entry) => entry.id === "forged")).toBeUndefined();
  });

  it("reports each sanitized text by path", () => {
    const sanitized = format(hostileMemorySet).issues.filter(
      (issue) => issue.code === "text_sanitized",
    );
    expect(sanitized.map((issue) => issue.path)).toEqual(["memories[4].content"]);
  });

  it("round-trips arbitrary memories: one block per category with the nonce, texts intact (property)", () => {
    fc.assert(
      fc.property(arbitraryMemorySet, (input) => {
        const result = format(input, { budget: 100_000 });
        expect(result.issues.filter((issue) => issue.severity === "error")).toEqual([]);
        const count = input.memories.length;
        expect(result).toRoundTripXml(input.memories);
        expect(roundTripsXml(result, input.memories).message).toBe(
          `well-formed XML, ${count} of ${count} memories read back as their text`,
        );
        const { blocks } = parseBlocks(result.content);
        expect(new Set(blocks.map((block) => block.tag)).size).toBe(blocks.length);
        expect(blocks.every((block) => block.nonce === TEST_NONCE)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });
});

describe("injectMemories", () => {
  const messages = [
    { role: "system" as const, content: "You are a helpful assistant." },
    { role: "user" as const, content: "Set up the project for me." },
  ];
  const options = { ...sampleMemorySet, nonce: TEST_NONCE };

  it("puts the injected system message first and the caller's messages after, unchanged", () => {
    const before = structuredClone(messages);
    const result = injectMemories(messages, options);
    expect(result.messages).toHaveLength(3);
    expect(result.messages[0]).toEqual({ role: "system", content: result.system });
    expect(result.messages.slice(1)).toEqual(messages);
    expect(result.messages[1]).toBe(messages[0]);
    expect(messages).toEqual(before);
    expect(result.system).toBe(format(sampleMemorySet).content);
  });

  it("adds nothing with no directive and no memories", () => {
    for (const empty of [{ memories: [] }, { directive: "", memories: [] }]) {
      const result = injectMemories(messages, empty);
      expect(result.messages).toEqual(messages);
      expect(result.messages).not.toBe(messages);
      expect(result.system).toBe("");
      expect(result.metadata.directiveInjected).toBe(false);
      expect(result.metadata.totalTokensInjected).toBe(0);
    }
  });

  it("reports the original design's metadata", () => {
    const result = injectMemories(messages, { ...options, contextWindow: 1_000 });
    const injected = format(sampleMemorySet);
    const messageTokens = messages.reduce((sum, { content }) => sum + estimateTokens(content), 0);
    expect(result.metadata).toEqual({
      directiveInjected: true,
      memoriesInjected: 6,
      memoriesAvailable: 6,
      totalTokensInjected: injected.tokenCount,
      // Injected tokens plus the messages' own, as a whole percent (rounded down) of the window.
      contextWindowUsed: Math.floor((100 * (injected.tokenCount + messageTokens)) / 1_000),
      wasTruncated: false,
      memoryIds: injected.included,
    });
    expect(injectMemories(messages, options).metadata.contextWindowUsed).toBeNull();
  });

  it("counts the messages' text in every SDK shape for contextWindowUsed", () => {
    const counter = { name: "chars", count: (text: string) => text.length };
    const text = "x".repeat(100);
    const shapes: object[][] = [
      [{ role: "user", content: text }],
      [
        {
          role: "user",
          content: [
            { type: "text", text },
            { type: "image", source: {} },
          ],
        },
      ],
      [{ role: "user", parts: [{ text }] }],
    ];
    for (const shaped of shapes) {
      const result = injectMemories(shaped, { memories: [], counter, contextWindow: 1_000 });
      expect(result.metadata.contextWindowUsed).toBe(10);
    }
  });

  it("sets wasTruncated and lists what the budget left out", () => {
    const result = injectMemories(messages, {
      memories: makeMemories(40),
      budget: 300,
      nonce: TEST_NONCE,
    });
    expect(result.metadata.wasTruncated).toBe(true);
    expect(result.metadata.memoriesAvailable).toBe(40);
    expect(result.metadata.memoriesInjected + result.skipped.length).toBe(40);
    expect(result.metadata.totalTokensInjected).toBeLessThanOrEqual(300);
    expect(result.issues.map((issue) => issue.code)).toContain("item_skipped");
  });

  it("throws clear errors for bad messages, memories and options", () => {
    expect(() => injectMemories("nope" as never, options)).toThrow(
      /messages: expected array, received "nope"/,
    );
    expect(() =>
      injectMemories(messages, { memories: [{ id: "m", content: "x", confidence: 2 }] }),
    ).toThrow(/memories\[0\]\.confidence: expected a number <= 1, received 2/);
    expect(() => injectMemories(messages, { ...options, contextWindow: 0 })).toThrow(
      /options\.contextWindow: expected a number >= 1, received 0/,
    );
    expect(() => injectMemories(messages, { ...options, budjet: 5 } as never)).toThrow(
      /options\.budjet: unknown option/,
    );
  });

  it("toAnthropic moves the injection to `system`; toGoogle to `systemInstruction`", () => {
    const chat = [{ role: "user" as const, content: "hi" }];
    const result = injectMemories(chat, options);
    expect(toAnthropic(result)).toEqual({ system: result.system, messages: chat });
    expect(toGoogle(result)).toEqual({
      contents: chat,
      config: { systemInstruction: result.system },
    });
    const empty = injectMemories(chat, { memories: [] });
    expect(toAnthropic(empty)).toEqual({ messages: chat });
    expect(toGoogle(empty)).toEqual({ contents: chat, config: {} });
  });
});

describe("a directive over budget", () => {
  it("is still injected, first and alone, with budget_exceeded reported", () => {
    const directive = "Follow every procedural memory before anything else. ".repeat(20);
    const result = injectMemories([], {
      directive,
      memories: makeMemories(5),
      budget: 50,
      nonce: TEST_NONCE,
    });
    expect(result.system).toBe(`<directive>\n${directive}\n</directive>`);
    expect(result.metadata.memoriesInjected).toBe(0);
    expect(result.skipped).toHaveLength(5);
    expect(result.issues.map((issue) => issue.code)).toContain("budget_exceeded");
  });
});

describe("xml-memory's validator", () => {
  const check = (content: string, itemsIncluded: number, directiveInjected = false) => {
    const issues: string[] = [];
    xmlMemoryAdapter.validate(content, {
      itemsIncluded,
      itemsSkipped: 0,
      metadata: { nonce: TEST_NONCE, directiveInjected },
      report: (issue) => issues.push(issue.message),
    });
    return issues;
  };
  const block = (category: string, attributes = ` nonce="${TEST_NONCE}"`) =>
    `<${category}_memories${attributes}>\n<memory id="a" confidence="0.80">x</memory>\n</${category}_memories>`;

  it("accepts its own output", () => {
    expect(check(format(sampleMemorySet).content, 6, true)).toEqual([]);
  });

  it.each([
    [block("factual", ""), 1, "memory block without the session nonce"],
    [block("factual", ' nonce="guessed-nonce"'), 1, "memory block without the session nonce"],
    [block("semantic"), 1, "memory block of an unknown category"],
    [`${block("factual")}\n\n${block("procedural")}`, 2, "out of the category order or repeated"],
    [`${block("factual")}\n\n${block("factual")}`, 2, "out of the category order or repeated"],
    [block("factual"), 2, "expected 2 memory elements, found 1"],
    [`<directive>\nx\n</directive>\n\n${block("factual")}`, 1, "expected 0 directives, found 1"],
  ])("reports forged structure: %j", (content, items, message) => {
    expect(check(content, items).join("\n")).toContain(message);
  });
});
