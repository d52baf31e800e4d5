/**
 * Each declaration's fast check against the zod schema built from the same declaration: on the
 * same inputs, the fast check takes exactly what zod takes and builds the same value. Run for
 * the public schemas with inputs written for them, and for every declaration in src/ with
 * inputs derived from the declaration itself.
 */
/// <reference types="vite/client" />
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as z from "zod/mini";
import { CombinedOptionsSchema } from "../../src/facades/combined-context.js";
import { ProjectOptionsSchema } from "../../src/facades/project-context.js";
import {
  ProjectBlocksInputSchema,
  ProjectBlocksOptionsSchema,
} from "../../src/formats/project/adapter.js";
import { UserBlockInputSchema } from "../../src/formats/project/combined.js";
import { SessionBriefOptionsSchema } from "../../src/formats/session/session-brief.js";
import { HOOK_TOOLS } from "../../src/hooks/events.js";
import { eventSchemasOf } from "../../src/hooks/input.js";
import { CommonOptionsSchema } from "../../src/manager/options.js";
import {
  type CheckNode,
  type Declaration,
  declarationOf,
  type Node,
  parseFast,
  zodSchemaOf,
} from "../../src/model/declare.js";
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

const TEXTS = ["a", "Always test", "ÿ", "x\ny", "behavior", "abcdefgh", "", " ", "\n"];
const text = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom("a", "Always test", "ÿ", "x\ny") },
  { weight: 1, arbitrary: fc.constantFrom("", " ", "\n") },
  { weight: 2, arbitrary: fc.string() },
);
const NUMBERS = [0, 1, -1, 0.5, 50, 100, 101, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53];
const number = fc.oneof(fc.constantFrom(...NUMBERS), fc.double(), fc.integer());
const DATES = ["2025-10-04", "2025-10-04T20:00:00Z", 0, "2025-10-04T20:00", "2025-13-40", "x", 1.5];
const date = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom("2025-10-04", "2025-10-04T20:00:00Z", 0) },
  { weight: 1, arbitrary: fc.constantFrom("2025-10-04T20:00", "2025-13-40", "x", 1.5) },
  { weight: 2, arbitrary: fc.date() },
  { weight: 1, arbitrary: fc.integer() },
);
const COUNTERS = [
  { name: "c", count: () => 1 },
  { name: "b", count: () => 2, lineAdditive: true, lowerBound: () => 1 },
  { name: 1, count: () => 1 },
  {},
];
const counter = fc.constantFrom(...COUNTERS);
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

/** Inputs written for the public schemas, near to valid in the ways that matter to each. */
const written: [string, z.core.$ZodType, fc.Arbitrary<unknown>][] = [
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

// ---------------------------------------------------------------------------------------------
// Inputs derived from a declaration: mostly valid by construction, each part sometimes not.

/**
 * Whether `value` passes the checks, for making mostly valid values. zod runs checks only on a
 * value its type took; one that throws on another value does not filter it out.
 */
function passes(checks: readonly CheckNode[], value: never): boolean {
  return checks.every((check) => {
    try {
      return passesOne(check, value);
    } catch {
      return true;
    }
  });
}

function passesOne(check: CheckNode, value: never): boolean {
  switch (check.kind) {
    case "minLength":
      return (value as string).length >= check.value;
    case "gte":
      return value >= check.value;
    case "lte":
      return value <= check.value;
    case "regex":
      return check.pattern.test(value);
    case "refine":
      return Boolean(check.test(value));
    case "superRefine": {
      let passed = true;
      check.refine(value, {
        addIssue: () => {
          passed = false;
        },
      });
      return passed;
    }
  }
}

/** What a custom check is tried with: dates, counters, messages and more. */
const CUSTOM_POOL: unknown[] = [
  ...DATES,
  new Date(0),
  new Date(Number.NaN),
  ...COUNTERS,
  { role: "user", content: "hi" },
  null,
  [],
];

function derived(node: Node): fc.Arbitrary<unknown> {
  const of = (declaration: Declaration) => near(derived(declaration.node));
  switch (node.kind) {
    case "string": {
      const pattern = node.checks.find((check) => check.kind === "regex");
      const strings = fc.oneof(
        fc.constantFrom(...TEXTS),
        fc.string(),
        ...(pattern?.kind === "regex" ? [fc.stringMatching(pattern.pattern)] : []),
      );
      return fc.oneof(
        { weight: 6, arbitrary: strings.filter((value) => passes(node.checks, value as never)) },
        { weight: 1, arbitrary: strings },
      );
    }
    case "number":
    case "int": {
      const low = node.checks.find((check) => check.kind === "gte");
      const high = node.checks.find((check) => check.kind === "lte");
      const min = low?.kind === "gte" ? low.value : -1000;
      const max = high?.kind === "lte" ? high.value : 1000;
      const inside =
        node.kind === "int"
          ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
          : fc.double({ min, max, noNaN: true });
      return fc.oneof({ weight: 6, arbitrary: inside }, { weight: 1, arbitrary: number });
    }
    case "boolean":
      return fc.boolean();
    case "unknown":
      return fc.anything();
    case "literal":
      return fc.constantFrom(node.value, "x", 4);
    case "enum":
      return fc.constantFrom(...node.values, "x");
    case "custom": {
      const taken = CUSTOM_POOL.filter((value) => node.accept(value));
      return fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom(...(taken.length > 0 ? taken : CUSTOM_POOL)) },
        { weight: 1, arbitrary: fc.constantFrom(...CUSTOM_POOL) },
      );
    }
    case "transform":
      return fc.anything();
    case "pipe":
      return derived(node.from.node);
    case "array": {
      const items = fc.array(of(node.element), { maxLength: 3 });
      return node.checks.length === 0
        ? items
        : fc.oneof(
            { weight: 6, arbitrary: items.filter((value) => passes(node.checks, value as never)) },
            { weight: 1, arbitrary: items },
          );
    }
    case "object":
      return derivedObject(node.shape);
    case "optional":
      return fc.oneof(fc.constant(undefined), derived(node.inner.node));
    case "nullable":
      return fc.oneof(fc.constant(null), derived(node.inner.node));
    case "default":
      return fc.oneof(fc.constant(undefined), derived(node.inner.node));
    case "union":
      return fc.oneof(...node.options.map((option) => derived(option.node)));
  }
}

/**
 * Objects of these fields, mostly valid whatever their number (a key the declaration may go
 * without is sometimes left out), sometimes with one field left out, `undefined` or anything at
 * all, sometimes with a stray key.
 */
function derivedObject(shape: Readonly<Record<string, Declaration>>): fc.Arbitrary<unknown> {
  const keys = Object.keys(shape);
  const valid = fc.record(
    Object.fromEntries(keys.map((key) => [key, derived((shape[key] as Declaration).node)])),
    {
      requiredKeys: keys.filter((key) => {
        const { kind } = (shape[key] as Declaration).node;
        return kind !== "optional" && kind !== "default";
      }),
    },
  );
  const spoilt = fc
    .tuple(valid, fc.nat(), fc.oneof(fc.constant(ABSENT), fc.constant(undefined), fc.anything()))
    .map(([object, at, wrong]) => {
      const key = keys[at % keys.length] as string;
      const { [key]: _, ...rest } = object as Record<string, unknown>;
      return wrong === ABSENT ? rest : { ...rest, [key]: wrong };
    });
  const stray = fc
    .tuple(valid, fc.dictionary(fc.string({ maxLength: 4 }), fc.anything(), { maxKeys: 2 }))
    .map(([object, extra]) => ({ ...extra, ...(object as object) }));
  return keys.length === 0
    ? fc.oneof(valid, stray)
    : fc.oneof({ weight: 4, arbitrary: valid }, { weight: 2, arbitrary: spoilt }, stray);
}

/** Every declaration a module of src/ exports, alone or in a record (the hooks' event schemas). */
function declarationsIn(modules: Record<string, Record<string, unknown>>): [string, unknown][] {
  const found = new Map<unknown, string>();
  const visit = (name: string, value: unknown): void => {
    if (declarationOf(value)) {
      if (!found.has(value)) found.set(value, name);
    } else if (typeof value === "object" && value !== null && !Array.isArray(value)) {
      for (const [key, inner] of Object.entries(value)) visit(`${name}.${key}`, inner);
    }
  };
  for (const [path, exports] of Object.entries(modules)) {
    for (const [name, value] of Object.entries(exports)) {
      visit(`${path.replace(/^.*\/src\//, "")}:${name}`, value);
    }
  }
  return [...found].map(([value, name]) => [name, value]);
}

// ---------------------------------------------------------------------------------------------

/**
 * `value` with each parsed counter (a new checking wrapper each parse, so never the same
 * function) replaced by what it does: its name, flags and what it counts and bounds for a text.
 */
function comparable(value: unknown): unknown {
  if (typeof value !== "object" || value === null || value instanceof Date) return value;
  if (Array.isArray(value)) return value.map(comparable);
  const counter = value as Partial<TokenCounter>;
  if (typeof counter.count === "function") {
    return {
      name: counter.name,
      lineAdditive: counter.lineAdditive,
      count: counter.count("a b"),
      lowerBound: counter.lowerBound?.("a b"),
    };
  }
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, comparable(inner)]));
}

/** The fast check and zod agree on `value`; returns whether the fast check took it. */
function agree(schema: unknown, value: unknown): boolean {
  const fast = parseFast(schema, value);
  const result = z.safeParse(zodSchemaOf(schema as z.core.$ZodType), value);
  // A value zod parses to `undefined` (an optional schema's) is left to zod.
  if (result.success && result.data !== undefined) {
    expect(fast, "zod takes it, the fast check does not").not.toBeUndefined();
    expect(comparable(fast)).toStrictEqual(comparable(result.data));
  } else {
    expect(fast, "the fast check takes what zod refuses").toBeUndefined();
  }
  return fast !== undefined;
}

// A default nonce is random: the same bytes for both parses, so the values compare.
beforeAll(() => {
  vi.spyOn(globalThis.crypto, "getRandomValues").mockImplementation((array) => array);
});
afterAll(() => {
  vi.restoreAllMocks();
});

describe("fast checks take exactly what zod takes, and build the same value (property)", () => {
  for (const [name, schema, input] of written) {
    it(name, () => {
      let taken = 0;
      fc.assert(
        fc.property(input, (value) => {
          if (agree(schema, value)) taken += 1;
        }),
        { numRuns: 1500 },
      );
      // The inputs are near enough to valid that the fast path is really exercised.
      expect(taken).toBeGreaterThan(10);
    });
  }

  // The bin's modules are left out: main.ts runs the command line when loaded.
  const modules = import.meta.glob<Record<string, unknown>>(
    ["../../src/**/*.ts", "!../../src/cli/**"],
    { eager: true },
  );
  // The hook events' schemas are made per tool when first read, not exported one by one.
  const declarations = [
    ...declarationsIn(modules),
    ...HOOK_TOOLS.flatMap((tool) =>
      Object.entries(eventSchemasOf(tool)).map(([event, schema]): [string, unknown] => [
        `hooks/input.ts:${tool}.${event}`,
        schema,
      ]),
    ),
  ];

  it("finds the declarations of src/", () => {
    const found = declarations.map(([, schema]) => schema);
    for (const schema of [MemoryRuleSchema, ProjectOptionsSchema, CombinedOptionsSchema]) {
      expect(found).toContain(schema);
    }
    expect(found).toContain(eventSchemasOf("codex").SessionStart);
    expect(found.length).toBeGreaterThan(60);
  });

  for (const [name, schema] of declarations) {
    it(`${name}, on inputs derived from its declaration`, () => {
      const node = declarationOf(schema)?.node as Node;
      let taken = 0;
      fc.assert(
        fc.property(near(derived(node)), (value) => {
          if (agree(schema, value)) taken += 1;
        }),
        { numRuns: 300 },
      );
      expect(taken).toBeGreaterThan(10);
    });
  }
});
