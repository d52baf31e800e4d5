/**
 * The calls that used to fail with a raw TypeError or RangeError, loop, or pass a wrong value on:
 * each is now one InvalidInputError naming the argument and what was expected.
 */
import {
  buildCombinedContext,
  createHeuristicCounter,
  extractTodos,
  FormatManager,
  formatBriefContext,
  formatProjectContext,
  InvalidInputError,
  packByBudget,
  type RuleSetInput,
  summarizeSession,
  type TokenCounter,
  truncateByPriority,
  updateProjectContext,
} from "contextfmt";
import { escapeXmlText, renderTemplate, sectionBreakdown } from "contextfmt/adapters";
import { hookOutput, resolveHookEvent } from "contextfmt/hooks";
import { makeHookInput, runHook } from "contextfmt/testing";
import { describe, expect, it } from "vitest";

const manager = new FormatManager();
const rules: RuleSetInput = {
  rules: [{ name: "a", rule: "x", category: "behavior", authority: "default" }],
};
const project = { projectId: "atlas", name: "Atlas", lastSessionSummary: "Done." };

/** The error `run` throws: an InvalidInputError, checked. */
function errorOf(run: () => unknown): InvalidInputError {
  try {
    run();
  } catch (error) {
    expect(InvalidInputError.is(error)).toBe(true);
    return error as InvalidInputError;
  }
  throw new Error("expected an InvalidInputError, but nothing was thrown");
}

describe("wrong argument types are InvalidInputErrors naming the argument", () => {
  it.each([
    [
      "format(id, input, null)",
      () => manager.format("claude", rules, null as never),
      "options: expected an object of options, received null",
    ],
    [
      "formatBriefContext(candidates, null)",
      () => formatBriefContext([], null as never),
      "options: expected an object of options, received null",
    ],
    [
      "buildCombinedContext(null)",
      () => buildCombinedContext(null as never),
      "input: expected an object of options, received null",
    ],
    [
      "packByBudget with a hole in the candidates",
      // biome-ignore lint/suspicious/noSparseArray: the hole is the point
      () => packByBudget([, { value: 1, cost: 1 }] as never, { budget: 0 }),
      "candidates[0]: expected an object, received nothing",
    ],
    [
      "truncateByPriority with a hole in the components",
      // biome-ignore lint/suspicious/noSparseArray: the hole is the point
      () => truncateByPriority([,] as never, { budget: 0, counter: createHeuristicCounter() }),
      "components[0]: expected an object, received nothing",
    ],
    [
      "extractTodos(null)",
      () => extractTodos(null as never),
      "text: expected a string, received null",
    ],
    [
      "escapeXmlText(undefined)",
      () => escapeXmlText(undefined as never),
      "text: expected a string, received nothing",
    ],
    [
      "createHeuristicCounter({ safety: NaN })",
      () => createHeuristicCounter({ safety: Number.NaN }),
      "options.safety: expected a finite number >= 0, received NaN",
    ],
    [
      "manager.get(Symbol())",
      () => manager.get(Symbol("x") as never),
      "id: expected a string, received symbol",
    ],
    [
      "resolveHookEvent('acme', …)",
      () => resolveHookEvent("acme" as never, "SessionStart"),
      'tool: expected "claude" | "gemini" | "codex" | "copilot" | "qwen" | "opencode" | "cursor" | "cline", received "acme"',
    ],
    [
      "hookOutput(tool, event, null)",
      () => hookOutput("claude", "SessionStart", null as never),
      "fields: expected an object of options, received null",
    ],
    [
      "summarizeSession with a summarizer returning 5",
      () => summarizeSession([], { summarizer: () => 5 as never }),
      "options.summarizer: expected a function returning a string or a Promise of one, received 5",
    ],
    [
      "summarizeSession with a hole in the messages",
      // biome-ignore lint/suspicious/noSparseArray: the hole is the case
      () => summarizeSession([, { role: "user", content: "x" }] as never),
      "messages[0].content: expected a string, received nothing",
    ],
    [
      "new FormatManager with a hole in the adapters",
      // biome-ignore lint/suspicious/noSparseArray: the hole is the case
      () => new FormatManager([,] as never),
      "adapters[0]: expected a FormatAdapter, received nothing",
    ],
  ])("%s", (_, run, message) => {
    expect(errorOf(run).message).toBe(message);
  });
});

it("renderTemplate without variables reads them as none, not as a TypeError", () => {
  expect(renderTemplate("x {{b}}", undefined as never)).toBe("x {b}");
  expect(errorOf(() => renderTemplate("{a}", undefined as never)).message).toMatch(
    /^template: unknown variable \{a\}/,
  );
});

it("buildCombinedContext(undefined) is the context of nothing: the no-project block", () => {
  expect(buildCombinedContext(undefined).content).toMatch(/^<PROJECT>\nNo active project detected/);
});

describe("dates outside what a JavaScript Date holds are rejected up front", () => {
  it("now: 1e16 is an InvalidInputError, not a RangeError from toISOString", () => {
    expect(errorOf(() => manager.format("codex", rules, { now: 1e16 })).message).toMatch(
      /^options\.now: expected an ISO 8601 date-time, epoch milliseconds or a Date, received 10000000000000000$/,
    );
  });

  it("lastSessionDate: 1e16 no longer renders 'Last session (undefined NaN, NaN)'", () => {
    expect(
      errorOf(() => formatProjectContext({ ...project, lastSessionDate: 1e16 })).message,
    ).toMatch(/^project\.lastSessionDate: expected an ISO 8601 date-time/);
    // The largest date there is still works.
    expect(
      formatProjectContext({ ...project, lastSessionDate: 8.64e15 }, { now: 8.64e15 }).content,
    ).toContain("Last session (Sep 13): Done.");
  });
});

describe("a counter's count must be a whole number >= 0", () => {
  it.each([
    ["NaN", Number.NaN, "NaN"],
    ["a negative number", -3, "-3"],
    ["a fraction", 1.5, "1.5"],
    ["a string", "01792466", '"01792466"'],
  ])("a count that is %s is an error naming the counter", (_, count, shown) => {
    const counter = { name: "mine", count: () => count } as unknown as TokenCounter;
    expect(errorOf(() => manager.format("claude", rules, { counter })).message).toMatch(
      new RegExp(
        `^options\\.counter\\.count: counter "mine" returned ${shown.replace(/[.]/g, "\\.")} for a text of \\d+ characters; expected a whole number >= 0$`,
      ),
    );
    expect(errorOf(() => sectionBreakdown("# a\n", counter)).message).toMatch(
      /^counter\.count: counter "mine" returned/,
    );
  });

  it("a counter's own lowerBound is kept through the check, and checked the same way", () => {
    // 30 rules of ~8 tokens into 20 tokens: with a bound of a whole rule's count, nearly every
    // rule is left out by its bound, so the bound is asked for (and, here, counted on).
    const many = {
      rules: Array.from({ length: 30 }, (_, i) => ({
        name: `r${i}`,
        rule: `keep the tests green ${i}`,
        category: "behavior",
        authority: "default" as const,
      })),
    };
    let bounds = 0;
    const bounded: TokenCounter = {
      name: "bounded",
      lineAdditive: true,
      count: (text) => createHeuristicCounter().count(text),
      lowerBound: (text) => {
        bounds += 1;
        return createHeuristicCounter().lowerBound?.(text) ?? 0;
      },
    };
    const plain = manager.format("claude", many, { budget: 60, counter: bounded });
    expect(bounds).toBeGreaterThan(0);
    expect(plain.content).toBe(
      manager.format("claude", many, { budget: 60, counter: createHeuristicCounter() }).content,
    );
    const broken = { ...bounded, name: "broken", lowerBound: () => -1 };
    expect(
      errorOf(() => manager.format("claude", many, { budget: 60, counter: broken })).message,
    ).toMatch(
      /^options\.counter\.lowerBound: counter "broken" returned -1 for a text of \d+ characters; expected a whole number >= 0$/,
    );
  });

  it("a string count no longer reaches tokenCount by concatenation", () => {
    const counter = { name: "strings", count: (text: string) => String(text.length) };
    expect(() =>
      manager.format("claude", rules, { counter: counter as unknown as TokenCounter }),
    ).toThrow(InvalidInputError);
  });
});

describe("large inputs and awkward values: results or ContextFmtErrors, never a RangeError", () => {
  it("buildCombinedContext with 150,000 facts (a spread into push overflowed the stack)", () => {
    const facts = Array.from(
      { length: 150_000 },
      (_, index) => `Fact number ${index} about the user`,
    );
    const result = buildCombinedContext({ user: { userId: "u", facts }, projects: project });
    expect(result.tokenCount).toBeLessThanOrEqual(500);
    expect(result.skipped.length).toBeGreaterThan(149_000);
  }, 60_000);

  it.each([
    [
      "no sources at all",
      () =>
        runHook(
          "claude",
          "SessionStart",
          makeHookInput("claude", "SessionStart"),
          undefined as never,
        ),
    ],
    [
      "a BigInt in stdin",
      () =>
        runHook(
          "claude",
          "SessionStart",
          { ...makeHookInput("claude", "SessionStart"), big: 10n },
          {},
        ),
    ],
    [
      "a cycle in stdin",
      () => {
        const cyclic: Record<string, unknown> = { ...makeHookInput("claude", "SessionStart") };
        cyclic.self = cyclic;
        return runHook("claude", "SessionStart", cyclic, {});
      },
    ],
  ])("runHook with %s", async (_, run) => {
    const outcome = await run().then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    if ("error" in outcome) {
      expect(InvalidInputError.is(outcome.error)).toBe(true);
      expect((outcome.error as Error).message).toMatch(/^stdin: expected an object JSON can hold/);
    } else expect(outcome.value.stdout).toBe("{}\n");
  });

  it("updateProjectContext with 130,000 paths in the message", () => {
    const message = Array.from({ length: 130_000 }, (_, i) => `edited src/f${i}.ts`).join("; ");
    const { project: after, changes } = updateProjectContext(project, message, {
      now: "2026-01-25T10:00:00Z",
    });
    expect(after.recentFiles).toHaveLength(5);
    expect(changes.length).toBeGreaterThanOrEqual(130_000);
  }, 60_000);
});
