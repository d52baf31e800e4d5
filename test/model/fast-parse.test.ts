import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { ProjectOptionsSchema } from "../../src/facades/project-context.js";
import {
  ProjectBlocksInputSchema,
  ProjectBlocksOptionsSchema,
} from "../../src/formats/project/adapter.js";
import { UserBlockInputSchema } from "../../src/formats/project/combined.js";
import { SessionBriefOptionsSchema } from "../../src/formats/session/session-brief.js";
import { CommonOptionsSchema } from "../../src/manager/options.js";
import { fastParserOf, MISMATCH } from "../../src/model/fast-parse.js";
import { MemorySchema, MemorySetSchema } from "../../src/model/memory.js";
import { NoOptionsSchema } from "../../src/model/no-options.js";
import { ProjectContextSchema, ProjectListSchema, TodoSchema } from "../../src/model/project.js";
import { MemoryRuleSchema, RuleSetSchema } from "../../src/model/rule.js";
import {
  DivergenceAlertSchema,
  InjectionCandidateSchema,
  SessionCandidatesSchema,
  SessionContextSchema,
} from "../../src/model/session.js";
import { UserFactSchema, UserFactsSchema } from "../../src/model/user.js";
import type { TokenCounter } from "../../src/tokens/counter.js";

/** Mostly what `valid` gives, sometimes anything at all (undefined, null, numbers, objects, …). */
const near = <T>(valid: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 12, arbitrary: valid }, { weight: 1, arbitrary: fc.anything() });

const ABSENT = Symbol("absent");

/** An object of these fields, each present, absent or `undefined`, plus a stray key now and then. */
const record = (fields: Record<string, fc.Arbitrary<unknown>>) =>
  fc
    .tuple(
      fc.record(
        Object.fromEntries(
          Object.entries(fields).map(([key, value]) => [
            key,
            fc.oneof(
              { weight: 12, arbitrary: value },
              { weight: 1, arbitrary: fc.constant(ABSENT) },
              { weight: 1, arbitrary: fc.constant(undefined) },
            ),
          ]),
        ),
      ),
      fc.option(fc.dictionary(fc.string({ maxLength: 4 }), fc.anything(), { maxKeys: 2 })),
    )
    .map(([known, extra]) => {
      const object: Record<string, unknown> = { ...(extra ?? {}) };
      for (const [key, value] of Object.entries(known)) if (value !== ABSENT) object[key] = value;
      return object;
    });

const text = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom("a", "Always test", "ÿ", "x\ny") },
  { weight: 1, arbitrary: fc.constantFrom("", " ", "\n") },
  { weight: 2, arbitrary: fc.string() },
);
const number = fc.oneof(
  fc.constantFrom(0, 1, -1, 0.5, 50, 100, 101, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53),
  fc.double(),
  fc.integer(),
);
const date = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom("2025-10-04", "2025-10-04T20:00:00Z", 0) },
  { weight: 1, arbitrary: fc.constantFrom("2025-10-04T20:00", "2025-13-40", "x", 1.5) },
  { weight: 2, arbitrary: fc.date() },
  { weight: 1, arbitrary: fc.integer() },
);
const rule = record({
  id: near(text),
  name: near(text),
  rule: near(text),
  category: near(fc.constantFrom("behavior", "code_style", "a-b", "Behavior", "1x")),
  authority: near(fc.constantFrom("absolute", "default", "sometimes")),
  scope: near(fc.array(near(text), { maxLength: 3 })),
  source: near(text),
  conditions: near(record({ condition: near(text) })),
  priority: near(
    fc.oneof(
      { weight: 3, arbitrary: fc.integer({ min: 0, max: 100 }) },
      fc.constantFrom(-1, 101, 1.5),
      number,
    ),
  ),
  createdAt: near(date),
});
const memory = record({
  id: near(text),
  content: near(text),
  category: near(fc.constantFrom("factual", "procedural", "episodic", "other")),
  confidence: near(fc.oneof({ weight: 3, arbitrary: fc.double({ min: 0, max: 1 }) }, number)),
  score: near(number),
  createdAt: near(date),
});
const candidate = record({
  id: near(text),
  content: near(text),
  relevance: near(fc.oneof({ weight: 3, arbitrary: fc.double({ min: 0, max: 1 }) }, number)),
  category: near(
    fc.constantFrom("high_relevance_cluster", "recent_session", "single_space_match", "x"),
  ),
  createdAt: near(date),
});
const alert = record({
  space: near(text),
  recentContext: near(text),
  similarity: near(number),
});
const texts = near(fc.array(near(text), { maxLength: 3 }));
const todo = record({
  text: near(text),
  priority: near(fc.constantFrom(1, 2, 3, 0, 4, 1.5, "1")),
  addedDate: near(date),
});
const project = record({
  projectId: near(fc.constantFrom("sam", "rvc", "")),
  name: near(text),
  status: near(fc.constantFrom("active", "paused", "idle", "done")),
  lastSessionSummary: near(text),
  lastSessionDate: near(date),
  activeTodos: near(fc.array(todo, { maxLength: 3 })),
  recentFiles: texts,
  languages: texts,
  frameworks: texts,
  blockers: texts,
  notes: texts,
  path: near(text),
  lastUpdated: near(date),
});
const fact = record({
  text: near(text),
  confidence: near(fc.oneof(fc.double({ min: 0, max: 1 }), number)),
  category: near(fc.constantFrom("skill", "preference", "other", "hobby")),
});
const counter = fc.constantFrom(
  { name: "c", count: () => 1 },
  { name: "b", count: () => 2, lineAdditive: true, lowerBound: () => 1 },
  { name: 1, count: () => 1 },
  {},
);

/**
 * `value` with a parsed counter (a new checking wrapper each parse, so never the same function)
 * replaced by what it does: its name, flags and what it counts and bounds for a text.
 */
function comparable(value: unknown): unknown {
  if (typeof value !== "object" || value === null || !("counter" in value)) return value;
  const parsed = value.counter as TokenCounter | undefined;
  if (parsed === undefined) return value;
  const does = {
    name: parsed.name,
    lineAdditive: parsed.lineAdditive,
    count: parsed.count("a b"),
    lowerBound: parsed.lowerBound?.("a b"),
  };
  return { ...value, counter: does };
}

const cases: [string, z.core.$ZodType, fc.Arbitrary<unknown>][] = [
  ["MemoryRuleSchema", MemoryRuleSchema, rule],
  [
    "RuleSetSchema",
    RuleSetSchema,
    record({
      rules: near(fc.array(rule, { maxLength: 3 })),
      project: near(record({ id: near(text), name: near(text) })),
    }),
  ],
  ["MemorySchema", MemorySchema, memory],
  [
    "MemorySetSchema",
    MemorySetSchema,
    record({ directive: near(text), memories: near(fc.array(memory, { maxLength: 3 })) }),
  ],
  ["InjectionCandidateSchema", InjectionCandidateSchema, candidate],
  ["DivergenceAlertSchema", DivergenceAlertSchema, alert],
  [
    "SessionContextSchema",
    SessionContextSchema,
    record({
      candidates: near(fc.array(candidate, { maxLength: 3 })),
      alerts: near(fc.array(alert, { maxLength: 2 })),
    }),
  ],
  [
    "SessionCandidatesSchema",
    SessionCandidatesSchema,
    record({ candidates: near(fc.array(candidate, { maxLength: 3 })) }),
  ],
  [
    "CommonOptionsSchema",
    CommonOptionsSchema,
    record({
      budget: near(number),
      maxChars: near(number),
      now: near(date),
      counter: near(counter),
      strict: near(fc.boolean()),
    }),
  ],
  ["NoOptionsSchema", NoOptionsSchema, near(record({}))],
  ["TodoSchema", TodoSchema, todo],
  ["ProjectContextSchema", ProjectContextSchema, project],
  ["ProjectListSchema", ProjectListSchema, near(fc.array(project, { maxLength: 3 }))],
  ["UserFactSchema", UserFactSchema, fact],
  [
    "UserFactsSchema",
    UserFactsSchema,
    record({ userId: near(text), facts: near(fc.array(fc.oneof(fact, text), { maxLength: 3 })) }),
  ],
  [
    "ProjectBlocksInputSchema",
    ProjectBlocksInputSchema,
    record({ projects: near(fc.array(project, { maxLength: 2 })) }),
  ],
  ["ProjectBlocksOptionsSchema", ProjectBlocksOptionsSchema, record({ minRoom: near(number) })],
  [
    "SessionBriefOptionsSchema",
    SessionBriefOptionsSchema,
    record({ maxCandidates: near(fc.oneof(fc.nat(9), number)) }),
  ],
  [
    "UserBlockInputSchema",
    UserBlockInputSchema,
    record({
      userId: near(text),
      facts: near(
        fc.array(record({ path: near(text), text: near(text), confidence: near(number) }), {
          maxLength: 2,
        }),
      ),
      projects: near(text),
    }),
  ],
  [
    "ProjectOptionsSchema",
    ProjectOptionsSchema,
    record({
      maxTokens: near(fc.oneof(fc.nat(500), number)),
      now: near(date),
      counter: near(counter),
      minRoom: near(fc.oneof(fc.nat(20), number)),
      markup: near(fc.constantFrom("xml", "markdown", "html")),
    }),
  ],
];

describe("fast parsers", () => {
  for (const [name, schema, input] of cases) {
    it(`${name}: accepts only what zod accepts, and builds the same value (property)`, () => {
      const fast = fastParserOf(schema);
      expect(fast).toBeDefined();
      let taken = 0;
      fc.assert(
        fc.property(input, (value) => {
          const parsed = fast?.(value);
          if (parsed === MISMATCH) return;
          taken += 1;
          const result = z.safeParse(schema, value);
          expect(result.success).toBe(true);
          expect(comparable(parsed)).toStrictEqual(comparable(result.data));
        }),
        { numRuns: 1500 },
      );
      // The inputs are near enough to valid that the fast path is really exercised.
      expect(taken).toBeGreaterThan(10);
    });
  }
});
