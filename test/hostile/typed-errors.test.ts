/**
 * The calls that used to fail with a raw TypeError or RangeError, loop, or pass a wrong value on:
 * each is now one InvalidInputError naming the argument and what was expected.
 */
import {
  buildCombinedContext,
  createHeuristicCounter,
  escapeXmlText,
  extractTodos,
  FormatManager,
  formatBriefContext,
  formatProjectContext,
  InvalidInputError,
  type RuleSetInput,
  sectionBreakdown,
  summarizeSession,
  type TokenCounter,
} from "contextfmt";
import { hookOutput, resolveHookEvent } from "contextfmt/hooks";
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
      "resolveHookEvent('cursor', …)",
      () => resolveHookEvent("cursor" as never, "SessionStart"),
      'tool: expected "claude" | "gemini" | "codex", received "cursor"',
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
  ])("%s", (_, run, message) => {
    expect(errorOf(run).message).toBe(message);
  });
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

  it("a string count no longer reaches tokenCount by concatenation", () => {
    const counter = { name: "strings", count: (text: string) => String(text.length) };
    expect(() =>
      manager.format("claude", rules, { counter: counter as unknown as TokenCounter }),
    ).toThrow(InvalidInputError);
  });
});
