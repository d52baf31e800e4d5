import {
  FormatManager,
  InjectionCandidateSchema,
  MemoryRuleSchema,
  MemorySchema,
  ProjectContextSchema,
} from "contextfmt";
import { parseWith } from "contextfmt/adapters";
import { makeCandidates, makeMemories, makeProject, makeRules } from "contextfmt/testing";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";

describe("seeded factories", () => {
  it("give the same items for the same seed, other items for another", () => {
    expect(makeRules(30, { seed: 3 })).toEqual(makeRules(30, { seed: 3 }));
    expect(makeRules(30, { seed: 3 })).not.toEqual(makeRules(30, { seed: 4 }));
    expect(makeMemories(30, { seed: 3 })).toEqual(makeMemories(30, { seed: 3 }));
    expect(makeMemories(30, { seed: 3 })).not.toEqual(makeMemories(30, { seed: 4 }));
    expect(makeCandidates(30, { seed: 3 })).toEqual(makeCandidates(30, { seed: 3 }));
    expect(makeProject({ seed: 3 })).toEqual(makeProject({ seed: 3 }));
    expect(makeProject({ seed: 3 })).not.toEqual(makeProject({ seed: 9 }));
  });

  it("pin their first items: the same in every version", () => {
    expect(makeRules(2, { seed: 1 })).toMatchInlineSnapshot(`
      [
        {
          "authority": "default",
          "category": "documentation",
          "createdAt": "2025-08-21T20:00:00.000Z",
          "id": "rule-1",
          "name": "run_suite_1",
          "priority": 45,
          "rule": "When in doubt, run the test suite in pull requests.",
          "scope": [
            "git",
            "api",
          ],
        },
        {
          "authority": "absolute",
          "category": "testing",
          "createdAt": "2025-09-30T23:00:00.000Z",
          "id": "rule-2",
          "name": "use_logging_2",
          "priority": 19,
          "rule": "Always use structured logging before pushing to main.",
          "scope": [
            "python",
          ],
        },
      ]
    `);
    expect(makeMemories(1, { seed: 1 })).toMatchInlineSnapshot(`
      [
        {
          "category": "behavioral",
          "confidence": 0.81,
          "content": "Ada usually asks for a plan before large changes to the search index.",
          "createdAt": "2025-09-09T06:00:00.000Z",
          "id": "mem-1",
          "score": 0.721,
        },
      ]
    `);
    expect(makeCandidates(1, { seed: 1 })).toMatchInlineSnapshot(`
      [
        {
          "category": "high_relevance_cluster",
          "content": "Profiled slow queries in the billing service; the fix needs a follow-up review.",
          "createdAt": "2025-09-26T06:00:00.000Z",
          "id": "cand-1",
          "relevance": 0.97,
        },
      ]
    `);
    expect(makeProject({ seed: 1 })).toMatchInlineSnapshot(`
      {
        "activeTodos": [
          {
            "addedDate": "2025-09-21T12:00:00.000Z",
            "priority": 3,
            "text": "Remove the legacy search endpoint",
          },
        ],
        "blockers": [
          "Waiting on access to the payment client.",
        ],
        "frameworks": [
          "Next.js",
        ],
        "languages": [
          "Python",
        ],
        "lastSessionDate": "2025-10-02T23:00:00.000Z",
        "lastSessionSummary": "Migrated the build of the CLI; two edge cases are left for later.",
        "lastUpdated": "2025-10-04T09:00:00.000Z",
        "name": "Ember",
        "notes": [
          "Grace reviews everything that touches the billing service.",
        ],
        "projectId": "ember",
        "recentFiles": [
          "src/payments/client.py",
          "src/payments/retry.py",
          "tests/test_client.py",
          "src/config/loader.ts",
          "src/search/index.rs",
          "docs/ARCHITECTURE.md",
        ],
        "status": "active",
      }
    `);
  });

  it("give valid inputs of every kind, for many seeds", () => {
    for (let seed = 0; seed < 200; seed += 1) {
      parseWith(z.array(MemoryRuleSchema), makeRules(10, { seed }));
      parseWith(z.array(MemorySchema), makeMemories(10, { seed }));
      parseWith(z.array(InjectionCandidateSchema), makeCandidates(10, { seed }));
      parseWith(ProjectContextSchema, makeProject({ seed }));
    }
  });

  it("give realistic variety: every category, both authorities, long memories to summarize", () => {
    const rules = makeRules(200, { seed: 1 });
    expect(new Set(rules.map((rule) => rule.authority))).toEqual(new Set(["absolute", "default"]));
    expect(new Set(rules.map((rule) => rule.category)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(rules.map((rule) => rule.id)).size).toBe(200);
    const memories = makeMemories(200, { seed: 1 });
    expect(new Set(memories.map((memory) => memory.category)).size).toBe(5);
    expect(memories.some((memory) => memory.content.split(" ").length > 30)).toBe(true);
    const shares = makeRules(1000, { seed: 2, absoluteShare: 0.5 }).filter(
      (rule) => rule.authority === "absolute",
    ).length;
    expect(shares).toBeGreaterThan(400);
    expect(shares).toBeLessThan(600);
  });

  it("dates count back from now", () => {
    const now = "2030-01-01T00:00:00Z";
    for (const candidate of makeCandidates(50, { seed: 1, now })) {
      const age = Date.parse(now) - Date.parse(candidate.createdAt as string);
      expect(age).toBeGreaterThan(0);
      expect(age).toBeLessThanOrEqual(14 * 24 * 3_600_000);
    }
  });

  it("format into every built-in format without an error", () => {
    const manager = new FormatManager();
    const now = "2025-10-04T20:00:00Z";
    const projects = [makeProject(), makeProject({ seed: 2, projectId: "b" })];
    const results = [
      ...manager.formatAll({ rules: makeRules(20, { seed: 1 }) }, { now }),
      manager.format("xml-memory", { memories: makeMemories(20) }, { nonce: "n0nce-7f3a9c2e" }),
      manager.format("session-full", { candidates: makeCandidates(20) }, { now }),
      manager.format("project", { projects }, { now }),
    ];
    for (const result of results) {
      expect(result.issues.filter((issue) => issue.severity === "error")).toEqual([]);
    }
  });

  it("reject a bad count or option with a typed error", () => {
    expect(() => makeRules(-1)).toThrow(
      "count: expected a whole number from 0 to 1,000,000, received -1",
    );
    expect(() => makeMemories(1e9)).toThrow(
      "count: expected a whole number from 0 to 1,000,000, received 1000000000",
    );
    expect(() => makeRules(1, { seed: Number.NaN })).toThrow(/^options\.seed: expected a number/);
    expect(() => makeMemories(1, { now: "yesterday" })).toThrow(
      /^options\.now: expected an ISO 8601 date-time/,
    );
    expect(() => makeRules(1, { absoluteShare: 2 })).toThrow(/^options\.absoluteShare/);
  });
});
