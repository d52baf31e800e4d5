import { FormatManager, InvalidInputError, MemoryRuleSchema, RuleSetSchema } from "contextfmt";
import { parseWith } from "contextfmt/adapters";
import { describe, expect, it } from "vitest";

const valid = { name: "a", rule: "b", category: "behavior", authority: "absolute" };

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(InvalidInputError.is(error)).toBe(true);
    return (error as Error).message;
  }
  throw new Error("expected an InvalidInputError");
}

describe("MemoryRule", () => {
  it("applies defaults and parses dates", () => {
    const rule = MemoryRuleSchema.parse({ ...valid, createdAt: "2025-10-01T09:15:00Z" });
    expect(rule).toEqual({
      ...valid,
      scope: [],
      priority: 50,
      createdAt: new Date("2025-10-01T09:15:00Z"),
    });
    expect(MemoryRuleSchema.parse({ ...valid, createdAt: new Date(0) }).createdAt).toEqual(
      new Date(0),
    );
  });

  it.each([
    [
      { authority: "sometimes" },
      'rules[1].authority: expected "absolute" | "default", received "sometimes"',
    ],
    [{ priority: 101 }, "rules[1].priority: expected a number <= 100, received 101"],
    [{ priority: 2.5 }, "rules[1].priority: expected int, received 2.5"],
    [{ scope: "git" }, 'rules[1].scope: expected array, received "git"'],
    [{ name: 3 }, "rules[1].name: expected string, received 3"],
    [{ rule: "" }, 'rules[1].rule: expected a string of length >= 1, received ""'],
    [
      { category: "Code Style" },
      'rules[1].category: expected a lowercase category such as "behavior", received "Code Style"',
    ],
    [
      { createdAt: "yesterday" },
      'rules[1].createdAt: expected an ISO 8601 date-time, epoch milliseconds or a Date, received "yesterday"',
    ],
    [
      { conditions: { condition: 1 } },
      "rules[1].conditions.condition: expected string, received 1",
    ],
  ])("names the path and what was expected: %j", (change, message) => {
    const input = { rules: [valid, { ...valid, ...change }] };
    expect(messageOf(() => parseWith(RuleSetSchema, input))).toBe(message);
  });

  it("lists every problem, one per line, and carries them as issues", () => {
    try {
      new FormatManager().format<string>("claude", { rules: [{ name: "x" }] });
      expect.unreachable();
    } catch (error) {
      expect(InvalidInputError.is(error)).toBe(true);
      const issues = (error as InvalidInputError).issues;
      expect(issues.map((issue) => issue.path)).toEqual([
        "rules[0].rule",
        "rules[0].category",
        "rules[0].authority",
      ]);
      expect((error as Error).message.split("\n")).toHaveLength(3);
    }
  });

  it("lists the first problems of a list too broken for zod to gather (50,000 bad rules)", () => {
    // zod spreads a key's problems into one push: some 100,000 overflow the stack.
    const rules = Array.from({ length: 50_000 }, (_, i) => ({ id: `r${i}` }));
    const issuesOf = (data: unknown) => {
      try {
        parseWith(RuleSetSchema, data);
      } catch (error) {
        expect(InvalidInputError.is(error)).toBe(true);
        return (error as InvalidInputError).issues;
      }
      return expect.unreachable();
    };
    const issues = issuesOf({ rules });
    expect(issues).toHaveLength(4_000);
    expect(issues[0]?.path).toBe("rules[0].name");
    expect(issues.at(-1)?.path).toBe("rules[999].authority");
    // The first thousand fine, the rest broken: too many to list, said at the root.
    const good = { name: "n", rule: "r", category: "testing", authority: "default" };
    const late = rules.map((rule, i) => (i < 1_000 ? { ...good, ...rule } : rule));
    expect(issuesOf({ rules: late }).map((issue) => issue.path)).toEqual(["(input)"]);
  });

  it("names the root when the input is not an object at all", () => {
    expect(messageOf(() => new FormatManager().format<string>("claude", null))).toBe(
      "(input): expected object, received null",
    );
    expect(messageOf(() => new FormatManager().format<string>("claude", { rules: {} }))).toBe(
      "rules: expected array, received an object",
    );
  });
});
