import {
  codexAdapter,
  defaultCounter,
  FormatManager,
  type Issue,
  type MemoryRuleInput,
  type RuleSetInput,
} from "contextfmt";
import {
  CLAUDE_DEFAULT_TEMPLATE,
  CODEX_DEFAULT_TEMPLATE,
  defineTemplateAdapter,
  GEMINI_DEFAULT_TEMPLATE,
} from "contextfmt/adapters";
import { fixedCounter } from "contextfmt/testing";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arbitraryRuleSet, hostileRuleSet, SEED_NOW, seedRuleSet } from "../fixtures/rules.js";

const manager = new FormatManager();
const golden = (name: string) => new URL(`../golden/${name}`, import.meta.url).pathname;
const pick = (...names: string[]): RuleSetInput => ({
  rules: seedRuleSet.rules.filter((rule) => names.includes(rule.name)),
});

describe("the original design's examples, verbatim", () => {
  it("claude: the example markdown", () => {
    const expected = `# Project Memory Rules

**Auto-generated context from memory system**

## CRITICAL RULES (Always Follow)
These rules are non-negotiable and must always be followed.

### Behavior
- **atomic_commits**: Always make atomic commits with clear, descriptive messages
  - Scope: git
  - Source: user_explicit

- **test_driven_development**: Write unit tests immediately after implementing each function
  - Scope: python, testing
  - Source: conversational_directive

### Preference
- **python_package_manager**: Use uv for all Python package management operations
  - Scope: python
  - Source: user_explicit

## DEFAULT GUIDELINES (Unless Overridden)
These are recommended practices unless explicitly overridden by the user or PRD.

### Behavior
- **code_review_process**: Submit PRs for review before merging to main
  - Scope: git, collaboration
  - Source: conversational_future

- **documentation_updates**: Update relevant documentation when changing public APIs
  - Scope: documentation
  - Condition: when modifying public interfaces

### Preference
- **testing_framework**: Prefer pytest over unittest for Python testing
  - Scope: python, testing
  - Source: conversational_preference
`;
    expect(manager.format("claude", seedRuleSet, { now: SEED_NOW }).content).toBe(expected);
  });

  it("codex: the example plain text", () => {
    const input = pick("atomic_commits", "test_driven_development", "code_review_process");
    const expected = `PROJECT CONTEXT RULES
Generated: 2025-10-04T20:00:00Z

=== CRITICAL RULES (ALWAYS FOLLOW) ===

[1] atomic_commits (Behavior)
Always make atomic commits with clear, descriptive messages
Scope: git

[2] test_driven_development (Behavior)
Write unit tests immediately after implementing each function
Scope: python, testing

=== DEFAULT GUIDELINES ===

[3] code_review_process (Behavior)
Submit PRs for review before merging to main
Scope: git, collaboration
`;
    expect(manager.format("codex", input, { now: SEED_NOW }).content).toBe(expected);
  });

  it("gemini: the example system instruction", () => {
    const input = pick("atomic_commits", "test_driven_development", "code_review_process");
    const expected = `You are an AI assistant with the following context-specific rules and guidelines.

MANDATORY RULES:
You MUST follow these rules without exception:

1. atomic_commits: Always make atomic commits with clear, descriptive messages
   [Scope: git]

2. test_driven_development: Write unit tests immediately after implementing each function
   [Scope: python, testing]

RECOMMENDED GUIDELINES:
Follow these guidelines unless explicitly overridden:

3. code_review_process: Submit PRs for review before merging to main
   [Scope: git, collaboration]
`;
    expect(manager.format("gemini", input, { now: SEED_NOW }).content).toBe(expected);
  });
});

describe("golden files", () => {
  const cases = [
    ["claude", "md"],
    ["codex", "txt"],
    ["gemini", "txt"],
  ] as const;

  it.each(cases)("%s: the example rules", async (id, ext) => {
    const result = manager.format(id, seedRuleSet, { now: SEED_NOW });
    await expect(result.content).toMatchFileSnapshot(golden(`${id}/seed-example.${ext}`));
  });

  it.each(cases)(
    "%s: the example rules 40 tokens short: the least important give way, shortened before left out",
    async (id, ext) => {
      const budget = manager.format(id, seedRuleSet, { now: SEED_NOW }).tokenCount - 40;
      const result = manager.format(id, seedRuleSet, { now: SEED_NOW, budget });
      const fate = Object.fromEntries(result.report.items.map((item) => [item.id, item.status]));
      // The absolute rules stay whole; the lowest-priority default rule does not.
      expect([fate.r1, fate.r2, fate.r3]).toEqual(["included", "included", "included"]);
      expect(fate.r6).not.toBe("included");
      expect(result.tokenCount).toBeLessThanOrEqual(budget);
      await expect(result.content).toMatchFileSnapshot(golden(`${id}/seed-budget-short.${ext}`));
    },
  );

  it("claude: rules without their Scope / Source lines before any is left out", () => {
    const budget = manager.format("claude", seedRuleSet, { now: SEED_NOW }).tokenCount - 40;
    const result = manager.format("claude", seedRuleSet, { now: SEED_NOW, budget });
    expect(result.rulesSkipped).toBe(0);
    expect(
      result.report.items.filter((item) => item.status === "shortened").map((item) => item.id),
    ).toEqual(["r4", "r5", "r6"]);
    expect(result.content).toContain(
      "- **testing_framework**: Prefer pytest over unittest for Python testing\n",
    );
    expect(result.content).not.toContain("conversational_preference");
    expect(result.content).not.toContain("Scope: git, collaboration");
    expect(result.issues.map((issue) => issue.code)).toContain("item_shortened");
  });

  it.each(cases)("%s: hostile rule text", async (id, ext) => {
    const result = manager.format(id, hostileRuleSet, { now: SEED_NOW });
    expect(result.issues.filter((issue) => issue.severity === "error")).toEqual([]);
    expect(result.issues.filter((issue) => issue.code === "text_sanitized")).toEqual([
      {
        code: "text_sanitized",
        severity: "warning",
        path: "rules[3].rule",
        message: "NUL or lone surrogate characters replaced with U+FFFD",
      },
    ]);
    await expect(result.content).toMatchFileSnapshot(golden(`${id}/hostile.${ext}`));
  });
});

describe("ordering", () => {
  const rule = (name: string, priority: number, createdAt?: string) => ({
    name,
    rule: `${name} text`,
    category: "behavior",
    authority: "default" as const,
    priority,
    ...(createdAt ? { createdAt } : {}),
  });

  it("puts higher priority first, then the most recent first, then undated in input order", () => {
    const result = manager.format("gemini", {
      rules: [
        rule("undated_a", 50),
        rule("old", 50, "2024-01-01T00:00:00Z"),
        rule("new", 50, "2025-01-01T00:00:00Z"),
        rule("undated_b", 50),
        rule("high", 90, "2020-01-01T00:00:00Z"),
      ],
    });
    expect(result.included).toEqual(["high", "new", "old", "undated_a", "undated_b"]);
    expect(result.content).toMatch(/1\. high:[\s\S]*2\. new:[\s\S]*3\. old:[\s\S]*4\. undated_a:/);
  });

  it("puts absolute rules before default ones whatever their priority", () => {
    const result = manager.format("codex", {
      rules: [rule("default_high", 100), { ...rule("absolute_low", 0), authority: "absolute" }],
    });
    expect(result.included).toEqual(["absolute_low", "default_high"]);
  });

  it("skips the lowest-priority default rules first and says so in the footer", () => {
    const rules = Array.from({ length: 12 }, (_, index) => rule(`rule_${index}`, index * 5));
    const result = manager.format("claude", { rules }, { budget: 120 });
    expect(result.rulesSkipped).toBeGreaterThan(0);
    const skippedPriorities = result.skipped.map((item) => Number(item.id.slice(5)) * 5);
    const includedPriorities = result.included.map((id) => Number(id.slice(5)) * 5);
    expect(Math.max(...skippedPriorities)).toBeLessThanOrEqual(Math.min(...includedPriorities));
    expect(result.content).toContain(
      `*${result.rulesSkipped} additional rules skipped due to token budget constraints.*`,
    );
  });
});

describe("the same rule given twice", () => {
  const rule = (name: string, priority: number, extra: Partial<MemoryRuleInput> = {}) => ({
    name,
    rule: "Keep commits small",
    category: "behavior",
    authority: "default" as const,
    priority,
    ...extra,
  });

  it("keeps the more important of two rules with one id, the other skipped as a duplicate", () => {
    const result = manager.format("claude", {
      rules: [rule("low", 10, { id: "r1" }), rule("high", 90, { id: "r1" })],
    });
    expect(result.included).toEqual(["r1"]);
    expect(result.content).toContain("**high**");
    expect(result.content).not.toContain("**low**");
    expect(result.skipped).toEqual([{ id: "r1", path: "rules[0]", reason: "duplicate" }]);
  });

  it.each(["claude", "codex", "gemini"])(
    "%s: a duplicate is no error, and no rule skipped over budget: no footer is wanted",
    (id) => {
      const result = manager.format(id, {
        rules: [rule("a", 10, { id: "r1" }), rule("b", 20, { id: "r1" }), rule("c", 30)],
      });
      expect(result.issues.filter((issue) => issue.severity === "error")).toEqual([]);
      expect(result.skipped).toEqual([{ id: "r1", path: "rules[0]", reason: "duplicate" }]);
      expect(result.content).not.toMatch(/skipped due to|omitted due to/);
      // Left out over budget as well: the footer counts that rule, not the duplicate.
      const tight = manager.format(
        id,
        { rules: [rule("a", 10, { id: "r1" }), rule("b", 20, { id: "r1" }), rule("c", 30)] },
        { budget: result.tokenCount - 1 },
      );
      expect(tight.issues.filter((issue) => issue.severity === "error")).toEqual([]);
      const reasons = tight.skipped.map((skipped) => skipped.reason);
      expect(reasons).toContain("duplicate");
      expect(reasons.some((reason) => reason !== "duplicate")).toBe(true);
    },
  );

  it("without ids, the same name, text, scope and condition is the same rule", () => {
    const result = manager.format("codex", {
      rules: [rule("a", 10), rule("a", 20), rule("a", 30, { scope: ["git"] })],
    });
    expect(result.skipped).toEqual([{ id: "a", path: "rules[0]", reason: "duplicate" }]);
    expect(result.rulesIncluded).toBe(2);
  });

  it("an id cannot pass for the key of a rule without one", () => {
    const keyless = rule("a", 10);
    const key = JSON.stringify([keyless.name, keyless.rule, [], null]);
    for (const id of [key, `\0${key}`, `\0\0${key}`, "\0"]) {
      const result = manager.format("gemini", { rules: [keyless, rule("b", 90, { id })] });
      expect(result.rulesIncluded, JSON.stringify(id)).toBe(2);
    }
  });
});

describe("metadata and results", () => {
  it("reports absolute/default counts and the tool", () => {
    const result = manager.format("claude", seedRuleSet, { now: SEED_NOW });
    expect(result).toMatchObject({
      adapter: "claude",
      tool: "claude",
      formatType: "markdown",
      rulesIncluded: 6,
      rulesSkipped: 0,
      budget: 100_000,
      counter: "heuristic-o200k",
      metadata: { absoluteRules: 3, defaultRules: 3, absoluteIncluded: 3, defaultIncluded: 3 },
    });
  });

  it("keeps absolute rules over budget and reports budget_exceeded as an error", () => {
    const result = manager.format("codex", seedRuleSet, { budget: 10, now: SEED_NOW });
    expect(result.included).toEqual(["r1", "r2", "r3"]);
    expect(result.tokenCount).toBeGreaterThan(10);
    expect(result.issues).toContainEqual(
      expect.objectContaining({ code: "budget_exceeded", severity: "error" }),
    );
  });

  it("uses each tool's context size as the default budget", () => {
    expect(manager.format("codex", seedRuleSet).budget).toBe(4096);
    expect(manager.format("gemini", seedRuleSet).budget).toBe(32_000);
  });

  it("tells its report from the counts it made: reading every item and the frame counts nothing", () => {
    // The fixed counter counts a folded blank line: the last entry's count differs as shown.
    for (const [id, base] of ["claude", "codex", "gemini"].flatMap((format) =>
      [defaultCounter, fixedCounter].map((counter) => [format, counter] as const),
    )) {
      let counted = 0;
      const counter = {
        ...base,
        name: "counting",
        count: (text: string) => {
          counted += text.length;
          return base.count(text);
        },
      };
      const result = manager.format(id, seedRuleSet, { now: SEED_NOW, counter });
      counted = 0;
      const { items, frameTokens } = result.report;
      const shown = items.reduce((sum, item) => sum + item.tokens, 0);
      expect(shown + frameTokens).toBe(result.tokenCount);
      expect(counted).toBe(0);
    }
  });

  it("renders an empty rule set as the bare frame with no error", () => {
    for (const id of ["claude", "codex", "gemini"]) {
      const result = manager.format(id, { rules: [] }, { now: SEED_NOW });
      expect(result.issues).toEqual([]);
      expect(result.rulesIncluded).toBe(0);
    }
  });
});

describe("the footer is paid before optional rules", () => {
  const templates = [CLAUDE_DEFAULT_TEMPLATE, CODEX_DEFAULT_TEMPLATE, GEMINI_DEFAULT_TEMPLATE];
  const withTemplates = new FormatManager();
  for (const template of templates) withTemplates.register(defineTemplateAdapter(template));
  const ids = ["claude", "codex", "gemini", ...templates.map((template) => template.name)];

  it("claude, an absolute and a default rule: within budget whenever the absolute one fits alone", () => {
    const [absolute, fallback] = [seedRuleSet.rules[0], seedRuleSet.rules[3]] as [
      MemoryRuleInput,
      MemoryRuleInput,
    ];
    const alone = manager.format("claude", { rules: [absolute] }).tokenCount;
    for (let budget = alone; budget < alone + 20; budget += 1) {
      const result = manager.format("claude", { rules: [absolute, fallback] }, { budget });
      expect(result.tokenCount).toBeLessThanOrEqual(budget);
      expect(result.issues.map((issue) => issue.code)).not.toContain("budget_exceeded");
      expect(result.skipped.map((item) => item.id)).toEqual(result.rulesSkipped ? ["r4"] : []);
    }
  });

  it("every rule format keeps the budget whenever the required rules fit alone (property)", () => {
    fc.assert(
      fc.property(arbitraryRuleSet, fc.integer({ min: 0, max: 400 }), (input, budget) => {
        const absolute = input.rules.filter((rule) => rule.authority === "absolute");
        for (const id of ids) {
          const options = { now: SEED_NOW };
          const alone = withTemplates.format(id, { rules: absolute }, options).tokenCount;
          const result = withTemplates.format(id, input, { ...options, budget });
          if (alone <= budget) expect(result.tokenCount).toBeLessThanOrEqual(budget);
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe("committed: text for a file under version control", () => {
  const formats = ["claude", "codex", "gemini"] as const;

  it.each(formats)(
    "%s: the format's own text less its timestamp and generator line, the same at any time",
    (id) => {
      const own = manager.format(id, seedRuleSet, { now: SEED_NOW }).content;
      const committed = manager.format(id, seedRuleSet, { now: SEED_NOW, committed: true });
      const later = manager.format(id, seedRuleSet, {
        now: "2031-01-01T00:00:00Z",
        committed: true,
      });
      expect(committed.content).toBe(later.content);
      expect(committed.content).not.toMatch(/^Generated: /m);
      expect(committed.content).not.toContain("Auto-generated");
      // Nothing else changes: the same lines, the stamp and generator line aside.
      const stripped = own
        .replace(/^Generated: .*\n/m, "")
        .replace("**Auto-generated context from memory system**\n\n", "");
      expect(committed.content).toBe(stripped);
      expect(committed.issues.filter((issue) => issue.severity === "error")).toEqual([]);
      expect(committed.metadata.committed).toBe(true);
    },
  );

  it("the formats' own output keeps both lines (hooks and library calls)", () => {
    expect(manager.format("codex", seedRuleSet, { now: SEED_NOW }).content).toContain(
      "\nGenerated: 2025-10-04T20:00:00Z\n",
    );
    expect(manager.format("claude", seedRuleSet).content).toContain(
      "**Auto-generated context from memory system**",
    );
  });

  it("codex: a committed text that holds a stamp after all is reported by the validator", () => {
    const committed = manager.format("codex", seedRuleSet, { committed: true });
    const stamped = committed.content.replace(
      "PROJECT CONTEXT RULES\n",
      "PROJECT CONTEXT RULES\nGenerated: 2025-10-04T20:00:00Z\n",
    );
    const check = (content: string) => {
      const issues: Issue[] = [];
      codexAdapter.validate(content, {
        itemsIncluded: committed.included.length,
        itemsSkipped: 0,
        metadata: committed.metadata,
        report: (issue) => issues.push(issue),
      });
      return issues.map((issue) => issue.code);
    };
    expect(check(committed.content)).toEqual([]);
    expect(check(stamped)).toContain("invalid_structure");
  });
});
