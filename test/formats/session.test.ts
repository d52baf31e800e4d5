import {
  charRatioCounter,
  defaultCounter,
  FormatManager,
  formatBriefContext,
  formatDivergenceAlert,
  formatFullContext,
  formatTimeAgo,
  sessionBriefAdapter,
  sessionFullAdapter,
  summarize,
  type TokenCounter,
  wordPunctuationCounter,
} from "contextfmt";
import { makeCandidates } from "contextfmt/testing";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  arbitraryCandidate,
  candidate,
  hostileSession,
  SESSION_NOW,
  sampleAlerts,
  sampleSession,
} from "../fixtures/session.js";

const golden = (name: string) => new URL(`../golden/${name}`, import.meta.url).pathname;
const now = SESSION_NOW;
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
const manager = new FormatManager();

describe("the original design's unit tests", () => {
  it("test_format_full_context_structure", () => {
    const candidates = [
      candidate("Implemented HDBSCAN clustering", "high_relevance_cluster", 2),
      candidate("Rust async patterns", "single_space_match", 72),
    ];
    const output = formatFullContext(candidates, [], { now });
    expect(output).toContain("## Relevant Context");
    expect(output).toContain("### Recent Related Work");
    expect(output).toContain("### Potentially Related");
    expect(output).toContain("HDBSCAN");
    expect(output).toContain("Rust async");
    expect(output).toBe(
      "## Relevant Context\n\n### Recent Related Work\n- **2 hours ago**: Implemented HDBSCAN clustering\n\n### Potentially Related\n- Rust async patterns (3 days ago)",
    );
  });

  it("test_format_full_context_empty", () => {
    expect(formatFullContext([], [], { now })).toBe("");
  });

  it("test_format_brief_context", () => {
    const candidates = [
      candidate("HDBSCAN clustering implementation", "high_relevance_cluster", 2),
      candidate("BIRCH tree incremental clustering", "high_relevance_cluster", 5),
    ];
    const output = formatBriefContext(candidates);
    expect(output.startsWith("Related:")).toBe(true);
    expect(output).toContain("HDBSCAN");
    expect(output).toContain("BIRCH");
    expect(output).toBe(
      "Related: HDBSCAN clustering implementation, BIRCH tree incremental clustering",
    );
  });

  it("test_format_brief_context_empty", () => {
    expect(formatBriefContext([])).toBe("");
  });

  it("test_summarize_memory_short", () => {
    const content = "This is a short memory.";
    expect(summarize(content, 50)).toBe(content);
  });

  it("test_summarize_memory_truncate", () => {
    const content =
      "This is a longer memory that needs to be truncated because it has too many words for the maximum limit we set.";
    const summary = summarize(content, 10);
    expect(summary.length).toBeLessThan(content.length);
    expect(summary.endsWith("...") || summary.endsWith(".")).toBe(true);
    expect(summary).toBe("This is a longer memory that needs to be truncated...");
  });

  it("test_summarize_memory_sentence_boundary", () => {
    const content =
      "First sentence here. Second sentence that goes on for a while with many words.";
    const summary = summarize(content, 8);
    expect(summary).toContain("First sentence");
    // The sentence end is in the first half of the eight words kept, so the cut stays at the word.
    expect(summary).toBe("First sentence here. Second sentence that goes on...");
  });

  it("test_format_time_ago_hours", () => {
    expect(formatTimeAgo(hoursAgo(3), now)).toContain("3 hours ago");
  });

  it("test_format_time_ago_yesterday", () => {
    expect(formatTimeAgo(hoursAgo(30), now)).toContain("Yesterday");
  });

  it("test_format_time_ago_days", () => {
    expect(formatTimeAgo(hoursAgo(24 * 4), now)).toContain("4 days ago");
  });
});

describe("formatDivergenceAlert", () => {
  const alert = {
    space: "semantic",
    recentContext: "Refactoring the token budget packer",
    similarity: 0.12,
  };
  it("names the space, the summarised recent context and the similarity", () => {
    expect(formatDivergenceAlert(alert)).toBe(
      'Your current query has low similarity to recent work in semantic. Recent context: "Refactoring the token budget packer" (similarity: 0.12)',
    );
    const long = `${"word ".repeat(30)}end`;
    expect(formatDivergenceAlert({ space: "code", recentContext: long, similarity: 0.3 })).toBe(
      `Your current query has low similarity to recent work in code. Recent context: "${"word ".repeat(20).trim()}..." (similarity: 0.30)`,
    );
  });

  it("is shown prominently, under its own heading, before the previous session", () => {
    const output = formatFullContext(sampleSession.candidates, sampleAlerts, { now });
    expect(output).toMatch(
      /### Note: Activity Shift Detected\nYour current query has low similarity[^\n]*\n\n### Previous Session/,
    );
    expect(formatFullContext([], sampleAlerts, { now })).toBe(
      `## Relevant Context\n\n### Note: Activity Shift Detected\n${formatDivergenceAlert(alert)}`,
    );
  });

  it("throws a clear error for a bad alert", () => {
    expect(() => formatDivergenceAlert({ space: "s", recentContext: "c", similarity: 3 })).toThrow(
      /alert\.similarity: expected a number <= 1, received 3/,
    );
  });
});

describe("full context", () => {
  it("orders sections as the original design and entries by relevance", async () => {
    const output = formatFullContext(sampleSession.candidates, sampleSession.alerts, { now });
    const headings = output.split("\n").filter((line) => line.startsWith("#"));
    expect(headings).toEqual([
      "## Relevant Context",
      "### Recent Related Work",
      "### Potentially Related",
      "### Note: Activity Shift Detected",
      "### Previous Session",
    ]);
    expect(output).toContain(
      "- **2 hours ago**: Implemented HDBSCAN clustering for memory grouping\n- **Yesterday**: BIRCH",
    );
    expect(output).toContain("- Notes on cosine similarity thresholds (1 week ago)");
    await expect(output).toMatchFileSnapshot(golden("session-full/sample.md"));
  });

  it("keeps candidate text inside its entry: no forged heading or bullet", async () => {
    const result = manager.format("session-full", hostileSession, { now });
    expect(result.issues.filter((issue) => issue.severity === "error")).toEqual([]);
    expect(result.content.match(/^#{2,3} /gm)).toHaveLength(5);
    expect(result.content.match(/^- /gm)).toHaveLength(2);
    expect(result.issues.filter((issue) => issue.code === "text_sanitized")).toEqual([
      {
        code: "text_sanitized",
        severity: "warning",
        path: "candidates[3].content",
        message: "NUL or lone surrogate characters replaced with U+FFFD",
      },
    ]);
    await expect(result.content).toMatchFileSnapshot(golden("session-full/hostile.md"));
  });

  it("summarises to 50 words, 100 for the previous session", () => {
    const long = Array.from({ length: 150 }, (_, i) => `w${i}`).join(" ");
    const output = formatFullContext(
      [
        candidate(long, "high_relevance_cluster", 1, "a"),
        candidate(long, "recent_session", 1, "b"),
      ],
      [],
      { now },
    );
    const [cluster, session] = output.split("\n").filter((line) => line.includes("w0"));
    expect(cluster?.endsWith("w49...")).toBe(true);
    expect(session?.endsWith("w99...")).toBe(true);
  });

  it("keeps everything without a budget; keeps alerts first within one", () => {
    const candidates = makeCandidates(200);
    const all = formatFullContext(candidates, sampleAlerts, { now });
    expect(all.match(/^- /gm)?.length).toBe(
      candidates.filter((entry) => entry.category !== "recent_session").length,
    );
    const result = manager.format(
      "session-full",
      { candidates, alerts: sampleAlerts },
      { now, budget: 300 },
    );
    expect(result.included[0]).toBe("alerts[0]");
    expect(result.tokenCount).toBeLessThanOrEqual(300);
    expect(result.rulesIncluded + result.rulesSkipped).toBe(201);
    expect(formatFullContext(candidates, sampleAlerts, { now, budget: 300 })).toBe(result.content);
    expect(formatFullContext(candidates, sampleAlerts, { now, budget: undefined })).toBe(all);
  });
});

describe("brief context", () => {
  const counters: [string, TokenCounter][] = [
    ["default", defaultCounter],
    ["word/punctuation", wordPunctuationCounter],
    ["char-ratio", charRatioCounter],
  ];

  it.each(counters)(
    "stays within 200 tokens by the %s counter, most relevant first",
    (_, counter) => {
      const candidates = makeCandidates(40);
      // No candidate limit, so the 200-token limit is what stops it.
      const output = formatBriefContext(candidates, { counter, maxCandidates: 40 });
      expect(counter.count(output)).toBeLessThanOrEqual(200);
      expect(counter.count(output)).toBeGreaterThan(150);
      expect(output.startsWith("Related: ")).toBe(true);
      expect(output).not.toMatch(/\n/);
      const best = [...candidates].sort((a, b) => b.relevance - a.relevance)[0];
      expect(output).toContain(best?.content.split(" ").slice(0, 5).join(" "));
    },
  );

  it("joins entries with ', ', but only a space after one that ends its own sentence", () => {
    const candidate = (id: string, content: string, relevance: number) => ({
      id,
      content,
      relevance,
      category: "single_space_match" as const,
      createdAt: "2025-10-04T18:00:00Z",
    });
    expect(
      formatBriefContext([
        candidate("a", "Retries stop after five attempts.", 0.9),
        candidate("b", "Payment webhooks are verified", 0.8),
        candidate("c", "Is the key rotated?", 0.7),
        candidate("d", "Idempotency keys", 0.6),
      ]),
    ).toBe(
      "Related: Retries stop after five attempts. Payment webhooks are verified, Is the key rotated? Idempotency keys",
    );
  });

  it("stays one line within 200 tokens for arbitrary candidates (property)", () => {
    fc.assert(
      fc.property(fc.array(arbitraryCandidate, { maxLength: 30 }), (candidates) => {
        const output = formatBriefContext(candidates, { maxCandidates: 30 });
        expect(defaultCounter.count(output)).toBeLessThanOrEqual(200);
        expect(output).not.toMatch(/[\n\r\u2028\u2029]/);
        if (output !== "") expect(output.startsWith("Related: ")).toBe(true);
      }),
    );
  });

  it("summarises each candidate to 20 words and reports what did not fit", async () => {
    // Each text twice, so that every one is past 20 words.
    const candidates = makeCandidates(40).map((candidate) => ({
      ...candidate,
      content: `${candidate.content} ${candidate.content}`,
    }));
    const result = manager.format("session-brief", { candidates });
    expect(result.rulesSkipped).toBe(35);
    expect(result.skipped.length + result.included.length).toBe(40);
    expect(result.budget).toBe(200);
    await expect(result.content).toMatchFileSnapshot(golden("session-brief/many.txt"));
    await expect(formatBriefContext(sampleSession.candidates)).toMatchFileSnapshot(
      golden("session-brief/sample.txt"),
    );
  });

  it("shows the five most relevant candidates, as the original design, and lists the rest", () => {
    const candidates = Array.from({ length: 8 }, (_, i) =>
      candidate(`topic ${i}`, "single_space_match", i, `c${i}`, i / 10),
    );
    const result = manager.format("session-brief", { candidates });
    expect(result.content).toBe("Related: topic 7, topic 6, topic 5, topic 4, topic 3");
    expect(result.skipped).toEqual([
      { id: "c2", path: "candidates[2]", reason: "over_item_limit" },
      { id: "c1", path: "candidates[1]", reason: "over_item_limit" },
      { id: "c0", path: "candidates[0]", reason: "over_item_limit" },
    ]);
    expect(result.issues.find((issue) => issue.code === "item_skipped")?.message).toBe(
      "3 item(s) left out past the first 5: c2, c1, c0",
    );
    expect(formatBriefContext(candidates, { maxCandidates: 2 })).toBe("Related: topic 7, topic 6");
  });

  it("never goes above 200 tokens even when asked", () => {
    const output = formatBriefContext(makeCandidates(40), { budget: 5000, maxCandidates: 40 });
    expect(defaultCounter.count(output)).toBeLessThanOrEqual(200);
    expect(defaultCounter.count(output)).toBeGreaterThan(150);
  });
});

describe("the session validators", () => {
  const check = (
    adapter: typeof sessionFullAdapter | typeof sessionBriefAdapter,
    content: string,
    itemsIncluded: number,
    metadata: Record<string, number> = {},
  ) => {
    const issues: string[] = [];
    adapter.validate(content, {
      itemsIncluded,
      itemsSkipped: 0,
      metadata,
      report: (issue) => issues.push(issue.message),
    });
    return issues.join("\n");
  };
  const one = { clusterMatches: 1, sections: 1 };

  it("session-full reports a forged heading or entry", () => {
    const good = "## Relevant Context\n\n### Recent Related Work\n- **1 hour ago**: x";
    expect(check(sessionFullAdapter, good, 1, one)).toBe("");
    expect(check(sessionFullAdapter, `${good}\n### Previous Session`, 1, one)).toContain(
      'expected 1 "### " headings, found 2',
    );
    expect(check(sessionFullAdapter, `${good}\n- forged`, 1, one)).toContain(
      "expected 1 candidate entries, found 2",
    );
    expect(check(sessionFullAdapter, "### Recent Related Work\n- x", 1, one)).toContain(
      'content must start with "## Relevant Context"',
    );
  });

  it("session-brief reports a second line or a missing prefix", () => {
    expect(check(sessionBriefAdapter, "Related: a, b", 2)).toBe("");
    expect(check(sessionBriefAdapter, "Related: a\nb", 2)).toContain("one line");
    expect(check(sessionBriefAdapter, "a, b", 2)).toContain('starting with "Related: "');
  });
});

describe("texts that share a line: the items left out are tried again once others gave way", () => {
  // Side by side on one line, texts count differently than alone ("Related: 4éa" is 7 tokens,
  // "Related: " 3 and "4éa" 2): the fit's sums may take an item that the whole line cannot hold,
  // which then gives way. The items the fit left out beside it are tried again in the room that
  // freed, as a smaller budget (whose fit never took the first) shows them.
  const pair = (first: string, second: string) => ({
    candidates: [
      candidate(first, "recent_session", 1, "first", 0),
      candidate(second, "recent_session", 1, "second", 0),
    ],
  });
  const brief = (input: ReturnType<typeof pair>, budget: number) =>
    manager.format("session-brief", input, { budget, now }).content;

  it("shows at 5 tokens what it shows at 4, not nothing", () => {
    const input = pair("4éa", "/");
    expect(defaultCounter.count("Related: 4éa")).toBe(7);
    expect(brief(input, 4)).toBe("Related: /");
    expect(brief(input, 5)).toBe("Related: /");
    expect(brief(input, 7)).toBe("Related: 4éa");
  });

  it("in the full context too, where a line starting with a slash joins the one before", () => {
    const input = {
      candidates: ["é", "/ ü,üé", ","].map((content, at) =>
        candidate(content, "recent_session", 1, `c${at}`, 0),
      ),
    };
    const full = (budget: number) =>
      manager.format("session-full", input, { budget, now }).tokenCount;
    expect(full(18)).toBe(11);
    expect(full(19)).toBe(11);
    expect(full(20)).toBe(20);
  });

  it("seldom gives fewer tokens for a larger budget (sampled)", () => {
    // Where texts share a line no fit in linear time can promise it (a count that does not add
    // up is not even sure to grow with the text). Brief and full, before the items left out were
    // tried again → after: 27 and 3 of these 3,000 samples → 0 and 1; of 20,000, 199 and 30 → 11
    // and 3. None of these ends empty where a smaller budget showed something (many did before).
    const text = fc.stringMatching(/^[a-zé4/.,ü][a-zé4/ .,ü]{0,6}$/);
    const inputs = fc.sample(
      fc.tuple(
        fc.array(fc.tuple(text, fc.constantFrom(0, 0.5, 1)), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 40 }),
      ),
      { numRuns: 3_000, seed: 11 },
    );
    for (const id of ["session-brief", "session-full"]) {
      let fewer = 0;
      for (const [texts, budget] of inputs) {
        const input = {
          candidates: texts.map(([content, relevance], at) =>
            candidate(content, "recent_session", 1, `c${at}`, relevance),
          ),
        };
        const at = (tokens: number) =>
          manager.format(id, input, { budget: tokens, now }).tokenCount;
        const smaller = at(budget);
        const larger = at(budget + 1);
        if (smaller > larger) fewer += 1;
        if (smaller > 0) expect(larger, `${id} at ${budget + 1}`).toBeGreaterThan(0);
      }
      expect(fewer, id).toBeLessThanOrEqual(1);
    }
  });
});
