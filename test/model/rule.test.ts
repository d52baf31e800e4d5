import { FormatManager, InvalidInputError, MemoryRuleSchema, RuleSetSchema } from "contextfmt";
import { parseWith } from "contextfmt/adapters";
import fc from "fast-check";
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

  /** The time `parseWith` gives `createdAt: text`, or `undefined` where it refuses it. */
  function parsedTime(text: string): number | undefined {
    try {
      return parseWith(MemoryRuleSchema, { ...valid, createdAt: text }).createdAt?.getTime();
    } catch (error) {
      expect(InvalidInputError.is(error)).toBe(true);
      return undefined;
    }
  }

  const digits = (length: number) =>
    fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length });
  const field = fc.oneof(
    fc.constantFrom("00", "01", "12", "13", "23", "24", "29", "30", "31", "32", "59", "60"),
    digits(2).map((ds) => ds.join("")),
  );
  /** Strings of the ISO 8601 shape with every field anywhere in 00–99. */
  const isoShaped = fc
    .record({
      year: digits(4).map((ds) => ds.join("")),
      month: field,
      day: field,
      time: fc.option(
        fc.record({
          hour: field,
          minute: field,
          second: fc.option(field),
          fraction: fc.option(
            fc.oneof(
              fc.constantFrom("0", "000", "0000", "0001", "999"),
              digits(5).map((ds) => ds.join("")),
            ),
          ),
          offset: fc.oneof(fc.constant("Z"), fc.tuple(fc.constantFrom("+", "-"), field, field)),
        }),
      ),
    })
    .map(({ year, month, day, time }) => {
      if (time === null) return `${year}-${month}-${day}`;
      const { hour, minute, second, fraction, offset } = time;
      const seconds = second === null ? "" : `:${second}${fraction === null ? "" : `.${fraction}`}`;
      const zone = typeof offset === "string" ? offset : `${offset[0]}${offset[1]}:${offset[2]}`;
      return `${year}-${month}-${day}T${hour}:${minute}${seconds}${zone}`;
    });

  it("takes exactly the ISO 8601 strings Date.parse gives a time for, at that time", () => {
    fc.assert(
      fc.property(isoShaped, (text) => {
        // A date alone is that day's midnight UTC. Asked for the date alone, V8 falls back to its
        // legacy parser for some dates it refuses as ISO ("0001-01-32" is 2032-01-01 local time):
        // those are refused here.
        const time = Date.parse(text.length === 10 ? `${text}T00:00Z` : text);
        expect(parsedTime(text)).toBe(Number.isNaN(time) ? undefined : time);
      }),
      { numRuns: 3000 },
    );
  });

  it.each([
    ["2025-02-30", Date.UTC(2025, 2, 2)],
    ["2025-02-32", undefined],
    ["0001-01-32", undefined],
    ["0001-13-01", undefined],
    ["2025-00-10", undefined],
    ["2025-01-01T24:00Z", Date.UTC(2025, 0, 2)],
    ["2025-01-01T24:00:00.000Z", Date.UTC(2025, 0, 2)],
    ["2025-01-01T24:00:00.0001Z", undefined],
    ["2025-01-01T24:01Z", undefined],
    ["2025-12-31T23:59:60Z", undefined],
    ["2025-01-01T10:00+23:59", Date.UTC(2024, 11, 31, 10, 1)],
    ["2025-01-01T10:00-00:00", Date.UTC(2025, 0, 1, 10)],
    ["2025-01-01T10:00+24:00", undefined],
    ["2025-01-01T10:00+01:60", undefined],
    ["2025-01-01T23:59:59.9999999Z", Date.UTC(2025, 0, 1, 23, 59, 59, 999)],
    ["2025-01-01T10:00", undefined],
  ])("dates at the edges: %s", (text, time) => {
    expect(parsedTime(text)).toBe(time);
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
