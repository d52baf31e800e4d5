import { readFileSync } from "node:fs";
import { defaultCounter, FormatManager, type TokenCounter } from "contextfmt";
import { type SectionBreakdown, sectionBreakdown } from "contextfmt/adapters";
import { createTiktokenCounter } from "contextfmt/tiktoken";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

const NOW = "2025-10-04T20:00:00Z";
const example = (path: string) =>
  JSON.parse(readFileSync(new URL(`../../examples/${path}`, import.meta.url), "utf8"));
const render = (format: string, input: unknown) =>
  new FormatManager().format(format, input, {
    now: NOW,
    ...(format === "xml-memory" ? { nonce: "nonce001" } : {}),
  }).content;

const titles = (breakdown: SectionBreakdown) => breakdown.sections.map((section) => section.title);

/** The invariants every breakdown keeps: the sections tile the text and add up to the total. */
function expectExactCover(text: string, breakdown: SectionBreakdown, counter: TokenCounter) {
  expect(breakdown.sections.map((s) => text.slice(s.start, s.end)).join("")).toBe(text);
  breakdown.sections.forEach((section, index) => {
    expect(section.start).toBe(index === 0 ? 0 : breakdown.sections[index - 1]?.end);
    expect(section.tokens).toBe(counter.count(text.slice(section.start, section.end)));
  });
  expect(breakdown.total).toBe(counter.count(text));
  expect(breakdown.sections.reduce((sum, s) => sum + s.tokens, 0)).toBe(breakdown.total);
}

describe("sectionBreakdown", () => {
  it("splits markdown at its headings, each section with its trailing blank line", () => {
    const text = "# Rules\n\nIntro.\n\n## Critical\n- one\n\n### Git\n- two\n";
    const breakdown = sectionBreakdown(text, defaultCounter);
    expect(titles(breakdown)).toEqual(["# Rules", "## Critical", "### Git"]);
    expect(breakdown.sections.map((s) => text.slice(s.start, s.end))).toEqual([
      "# Rules\n\nIntro.\n\n",
      "## Critical\n- one\n\n",
      "### Git\n- two\n",
    ]);
    expect(breakdown.counter).toBe("heuristic-o200k");
    expectExactCover(text, breakdown, defaultCounter);
  });

  it("Claude rules: the document heading, CRITICAL / DEFAULT and each category", () => {
    const text = render("claude", example("rules.json"));
    const breakdown = sectionBreakdown(text, defaultCounter);
    expect(titles(breakdown)).toContain("# Project Memory Rules");
    expect(titles(breakdown)).toContain("## CRITICAL RULES (Always Follow)");
    expect(breakdown.sections.every((s) => s.kind === "heading")).toBe(true);
    expectExactCover(text, breakdown, defaultCounter);
  });

  it("Codex rules: the header lines are the preamble, then each === section ===", () => {
    const text = render("codex", example("rules.json"));
    const breakdown = sectionBreakdown(text, defaultCounter);
    expect(breakdown.sections[0]).toMatchObject({ title: "(preamble)", kind: "preamble" });
    expect(text.slice(0, breakdown.sections[0]?.end)).toBe(
      `PROJECT CONTEXT RULES\nGenerated: ${NOW}\n\n`,
    );
    expect(titles(breakdown)).toContain("=== CRITICAL RULES (ALWAYS FOLLOW) ===");
    expect(breakdown.sections.slice(1).every((s) => s.kind === "codex-section")).toBe(true);
    expectExactCover(text, breakdown, defaultCounter);
  });

  it("Gemini rules: the opening sentence, then MANDATORY RULES: and RECOMMENDED GUIDELINES:", () => {
    const text = render("gemini", example("rules.json"));
    const breakdown = sectionBreakdown(text, defaultCounter);
    expect(titles(breakdown)).toEqual([
      "(preamble)",
      "MANDATORY RULES:",
      "RECOMMENDED GUIDELINES:",
    ]);
    expect(breakdown.sections.map((s) => s.kind)).toEqual(["preamble", "label", "label"]);
    expectExactCover(text, breakdown, defaultCounter);
  });

  it("memory blocks: <directive> and each <…_memories> block, never the <memory> inside", () => {
    const text = render("xml-memory", example("hooks/memories.json"));
    const breakdown = sectionBreakdown(text, defaultCounter);
    expect(titles(breakdown)).toEqual([
      "<directive>",
      '<procedural_memories nonce="nonce001">',
      '<factual_memories nonce="nonce001">',
      '<preference_memories nonce="nonce001">',
      '<episodic_memories nonce="nonce001">',
    ]);
    expectExactCover(text, breakdown, defaultCounter);
  });

  it("the original design's combined context: <USER …> then <PROJECT …>", () => {
    const text =
      '<USER id="david">\nExpert in Python and Rust\n</USER>\n\n<PROJECT name="SAM Terminal" status="active">\nLast: Implemented fact extraction. TODO: Finish context spec.\nStack: Python\n</PROJECT>\n';
    const breakdown = sectionBreakdown(text, defaultCounter);
    expect(titles(breakdown)).toEqual([
      '<USER id="david">',
      '<PROJECT name="SAM Terminal" status="active">',
    ]);
    expect(breakdown.sections.map((s) => s.kind)).toEqual(["xml-element", "xml-element"]);
    expectExactCover(text, breakdown, defaultCounter);
  });

  it("a hook's mixed context: markdown headings around a PROJECT block", () => {
    const text = `${render("claude", example("rules.json"))}\n${render("project", example("hooks/project.json"))}\n${render("session-full", example("hooks/session.json"))}`;
    const breakdown = sectionBreakdown(text, defaultCounter);
    expect(titles(breakdown)).toContain('<PROJECT name="Atlas" status="active">');
    expect(titles(breakdown)).toContain("## Relevant Context");
    expectExactCover(text, breakdown, defaultCounter);
  });

  it("a heading inside a code fence or inside an element starts no section", () => {
    const text =
      '# Setup\n```sh\n# install\nnpm ci\n```\n<memory id="a">\n# not a heading\n=== nor this ===\n</memory>\n';
    const breakdown = sectionBreakdown(text, defaultCounter);
    expect(titles(breakdown)).toEqual(["# Setup", '<memory id="a">']);
    expectExactCover(text, breakdown, defaultCounter);
  });

  it("self-closing and one-line elements close themselves", () => {
    const text = '<note a="1"/>\nafter\n<b>x</b>\n# Heading\n';
    expect(titles(sectionBreakdown(text, defaultCounter))).toEqual([
      '<note a="1"/>',
      "<b>x</b>",
      "# Heading",
    ]);
  });

  it("a line starting with < that is no closed, well-formed tag is prose", () => {
    const text =
      '# Status\n"I\'m done with\n<project name or id>" sets completed;\n<never closed="1">\n## Next\nmore\n';
    expect(titles(sectionBreakdown(text, defaultCounter))).toEqual(["# Status", "## Next"]);
  });

  it("text without structure is one section; an empty text has none", () => {
    const text = "Just a paragraph.\nAnd another line.";
    const breakdown = sectionBreakdown(text, defaultCounter);
    expect(breakdown.sections).toEqual([
      {
        title: "(whole text)",
        kind: "text",
        start: 0,
        end: text.length,
        tokens: defaultCounter.count(text),
        share: 1,
      },
    ]);
    expect(sectionBreakdown("", defaultCounter)).toEqual({
      counter: "heuristic-o200k",
      total: 0,
      sections: [],
    });
  });

  it("#hashtag, ==== lines, indented headings, TODOs: and NOTE: with text are not sections", () => {
    const text = "intro\n#hashtag\n==== x\n  # indented\nTODOs:\nNOTE: inline\n=== ok ===\n";
    expect(titles(sectionBreakdown(text, defaultCounter))).toEqual(["(preamble)", "=== ok ==="]);
  });

  it("shares are tokens / total", () => {
    const { sections, total } = sectionBreakdown("# A\none two three\n# B\nfour\n", defaultCounter);
    for (const section of sections) expect(section.share).toBeCloseTo(section.tokens / total, 12);
  });

  it("sections add up to the total exactly with the exact o200k counter", () => {
    const counter = createTiktokenCounter({ encoding: "o200k_base" });
    const text = `${render("codex", example("rules.json"))}\n${render("xml-memory", example("hooks/memories.json"))}`;
    expectExactCover(text, sectionBreakdown(text, counter), counter);
  }, 30_000);

  it("tile any text and add up to the total with the default counter (property)", () => {
    const line = fc.oneof(
      fc.constantFrom(
        "# H",
        "## Sub",
        "=== S ===",
        "RULES:",
        "<a>",
        "</a>",
        "<b x='1'/>",
        "```",
        "",
        "  ",
      ),
      fc.string({ unit: fc.constantFrom("a", " ", "#", "<", ">", "/", "=", "-", "\t", "é") }),
    );
    const text = fc
      .tuple(fc.array(line, { maxLength: 30 }), fc.boolean())
      .map(([lines, crlf]) => lines.join(crlf ? "\r\n" : "\n"));
    fc.assert(
      fc.property(text, (value) => {
        expectExactCover(value, sectionBreakdown(value, defaultCounter), defaultCounter);
      }),
      { numRuns: 500 },
    );
  });
});
