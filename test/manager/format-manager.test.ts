import {
  ContextFmtError,
  claudeAdapter,
  createFormatManager,
  defaultCounter,
  FormatManager,
  FormatValidationError,
  InvalidInputError,
  UnknownAdapterError,
} from "contextfmt";
import { defineAdapter } from "contextfmt/adapters";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { SEED_NOW, seedRuleSet } from "../fixtures/rules.js";

/** A tiny adapter whose validator always complains, to drive the strict path. */
const complaining = defineAdapter({
  id: "complaining",
  formatType: "plain",
  capabilities: {
    toolName: "test",
    formatType: "plain",
    maxContextTokens: 1000,
    supportsSections: false,
    supportsMarkdown: false,
    supportsPriorities: false,
    injectionMethod: "api",
  },
  input: z.object({ lines: z.array(z.string()) }),
  options: z.object({ prefix: z.string().default("> ") }),
  items: (input) =>
    input.lines.map((line, index) => ({
      id: `l${index}`,
      path: `lines[${index}]`,
      value: line,
      required: false,
      priority: 0,
    })),
  renderItem: (line, { options }) => `${options.prefix}${line}\n`,
  render: ({ included }, { options }) => ({
    content: included.map((line) => `${options.prefix}${line}\n`).join(""),
  }),
  validate: (_content, ctx) =>
    ctx.report({ code: "invalid_structure", severity: "error", message: "never happy" }),
});

describe("FormatManager", () => {
  it("registers the built-in adapters", () => {
    const manager = new FormatManager();
    expect(manager.list()).toEqual([
      "claude",
      "codex",
      "gemini",
      "xml-memory",
      "session-full",
      "session-brief",
      "project",
      "project-markdown",
    ]);
    expect(manager.has("claude")).toBe(true);
    expect(manager.get("claude")).toBe(claudeAdapter);
    expect(createFormatManager().list()).toEqual(manager.list());
  });

  it("raises UnknownAdapterError listing the registered ids", () => {
    const manager = new FormatManager();
    // @ts-expect-error: "cursor" is no registered id
    expect(() => manager.format("cursor", seedRuleSet)).toThrow(
      'unknown adapter "cursor"; registered: "claude", "codex", "gemini", "xml-memory", "session-full", "session-brief", "project", "project-markdown"',
    );
    try {
      // @ts-expect-error: "cursor" is no registered id
      manager.get("cursor");
    } catch (error) {
      expect(UnknownAdapterError.is(error)).toBe(true);
      expect(ContextFmtError.is(error)).toBe(true);
      expect(InvalidInputError.is(error)).toBe(false);
      expect((error as UnknownAdapterError).known).toEqual(manager.list());
    }
  });

  it("refuses a taken id unless told to replace it", () => {
    const manager = new FormatManager();
    expect(() => manager.register(claudeAdapter)).toThrow(
      'an adapter "claude" is registered already',
    );
    const before = manager.list();
    expect(manager.register({ ...claudeAdapter }, { replace: true }).list()).toEqual(before);
  });

  it("keeps each manager's registry its own", () => {
    const a = createFormatManager([claudeAdapter]);
    const b = createFormatManager([claudeAdapter]);
    a.register(complaining);
    expect(a.has("complaining")).toBe(true);
    expect(b.has("complaining")).toBe(false);
  });

  it("returns validation errors as issues, and throws them with strict: true", () => {
    const manager = createFormatManager([complaining]);
    const result = manager.format("complaining", { lines: ["a"] });
    expect(result.content).toBe("> a\n");
    expect(result.issues).toEqual([
      { code: "invalid_structure", severity: "error", message: "never happy" },
    ]);
    expect(() => manager.format("complaining", { lines: ["a"] }, { strict: true })).toThrow(
      FormatValidationError,
    );
    try {
      manager.format("complaining", { lines: ["a"] }, { strict: true });
    } catch (error) {
      expect(FormatValidationError.is(error)).toBe(true);
      expect((error as FormatValidationError).issues).toHaveLength(1);
      expect((error as Error).message).toBe(
        "complaining: 1 validation error(s)\n- invalid_structure: never happy",
      );
    }
  });

  it("passes the adapter's own options through its schema", () => {
    const manager = createFormatManager([complaining]);
    expect(manager.format("complaining", { lines: ["a"] }, { prefix: "* " }).content).toBe("* a\n");
  });

  it("rejects unknown and malformed options with their path", () => {
    const manager = new FormatManager();
    // @ts-expect-error: a misspelt option
    expect(() => manager.format("claude", seedRuleSet, { budjet: 10 })).toThrow(
      'options.budjet: unknown option; known options of "claude": budget, maxChars, maxBytes, now, counter, strict',
    );
    expect(() => manager.format("claude", seedRuleSet, { budget: -1 })).toThrow(
      "options.budget: expected a number >= 0, received -1",
    );
    expect(() => manager.format("claude", seedRuleSet, { counter: { count: 1 } as never })).toThrow(
      "options.counter: expected a TokenCounter ({ name: string, count(text): number })",
    );
    expect(() => manager.format("claude", seedRuleSet, { now: "soon" })).toThrow(/options\.now/);
  });

  it("formatAll formats for every adapter that accepts the input", () => {
    const manager = new FormatManager().register(complaining);
    const results = manager.formatAll(seedRuleSet, { now: SEED_NOW });
    expect(results.map((result) => result.adapter)).toEqual(["claude", "codex", "gemini"]);
    expect(manager.formatAll({ lines: ["x"] }).map((result) => result.adapter)).toEqual([
      "complaining",
    ]);
    // @ts-expect-error: a rule without its text, category and authority
    expect(() => manager.formatAll({ rules: [{ name: "x" }] })).toThrow(InvalidInputError);
    // @ts-expect-error: the same
    expect(() => manager.formatAll({ rules: [{ name: "x" }] })).toThrow(/^rules\[0\]\.rule: /);
  });

  it("formatAll accepts an option that only some of the adapters know", () => {
    const manager = new FormatManager().register(complaining);
    expect(manager.formatAll({ lines: ["x"] }, { prefix: "- " })[0]?.content).toBe("- x\n");
    expect(manager.formatAll(seedRuleSet, { prefix: "- " })).toHaveLength(3);
  });

  it("takes now as a Date, an ISO string or epoch milliseconds", () => {
    const manager = new FormatManager();
    const at = (now: unknown) =>
      manager.format("codex", seedRuleSet, { now } as never).content.split("\n")[1];
    expect(at(new Date(SEED_NOW))).toBe("Generated: 2025-10-04T20:00:00Z");
    expect(at(SEED_NOW)).toBe("Generated: 2025-10-04T20:00:00Z");
    expect(at(Date.parse(SEED_NOW))).toBe("Generated: 2025-10-04T20:00:00Z");
  });
});

describe("an adapter's item limit (maxItems)", () => {
  /** Lines starting with "!" are required; a footer counts what was left out. */
  const limited = defineAdapter({
    id: "limited",
    formatType: "plain",
    capabilities: { ...complaining.capabilities, toolName: "limited" },
    input: z.object({ lines: z.array(z.string()) }),
    options: z.object({ most: z.number().default(3) }),
    items: (input) =>
      input.lines.map((line, index) => ({
        id: `l${index}`,
        path: `lines[${index}]`,
        value: line,
        required: line.startsWith("!"),
        priority: -index,
      })),
    maxItems: (options) => options.most,
    renderItem: (line) => `${line}\n`,
    render: ({ included, skippedCount, item }) => ({
      content:
        included.map((line) => item(line, 0)).join("") +
        (skippedCount > 0 ? `(${skippedCount} more)\n` : ""),
    }),
    validate: () => {},
  });
  const manager = createFormatManager([limited]);

  it("includes the first items in the order and skips the rest as over_item_limit", () => {
    const result = manager.format("limited", { lines: ["a", "b", "c", "d", "e"] });
    expect(result.content).toBe("a\nb\nc\n(2 more)\n");
    expect(result.skipped).toEqual([
      { id: "l3", path: "lines[3]", reason: "over_item_limit" },
      { id: "l4", path: "lines[4]", reason: "over_item_limit" },
    ]);
    expect(result.rulesIncluded + result.rulesSkipped).toBe(5);
  });

  it("reports a skipped item's full text's tokens, an own key of its line as JSON and spread show it", () => {
    const result = manager.format("limited", { lines: ["a", "b", "c", "dd dd dd", "e"] });
    const skipped = result.report.items.filter((item) => item.status === "skipped");
    const tokens = defaultCounter.count("dd dd dd\n");
    const line = {
      id: "l3",
      path: "lines[3]",
      status: "skipped",
      tokens,
      reason: "over_item_limit",
    };
    expect(JSON.stringify(skipped[0])).toBe(JSON.stringify(line));
    expect({ ...skipped[0] }).toEqual(line);
    expect(Object.keys(skipped[1] ?? {})).toEqual(["id", "path", "status", "tokens", "reason"]);
    expect(skipped[1]?.tokens).toBe(defaultCounter.count("e\n"));
  });

  it("always keeps required items, and reserves the footer within the budget", () => {
    const lines = ["a", "b", "!x", "!y", "c"];
    const result = manager.format("limited", { lines }, { most: 1 });
    expect(result.included).toEqual(["l2", "l3"]);
    expect(result.skipped.map((item) => item.reason)).toEqual([
      "over_item_limit",
      "over_item_limit",
      "over_item_limit",
    ]);
    const tight = manager.format("limited", { lines }, { most: 4, budget: 11 });
    expect(tight.content).toBe("!x\n!y\na\n(2 more)\n");
    expect(tight.tokenCount).toBeLessThanOrEqual(11);
    expect(tight.skipped.map((item) => item.reason)).toContain("over_budget");
    expect(tight.skipped.map((item) => item.reason)).toContain("over_item_limit");
  });
});
