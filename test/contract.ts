/**
 * The contract every format adapter keeps, run against each registered adapter (see
 * test/formats/contract.test.ts). A new adapter gets these checks by adding one entry there.
 */

import {
  charRatioCounter,
  defaultCounter,
  FormatManager,
  type FormattedContext,
  type TokenCounter,
  wordPunctuationCounter,
} from "contextfmt";
import type { FormatAdapter } from "contextfmt/adapters";
import {
  conserves,
  fitsBudget,
  fixedCounter,
  hasNoForgedStructure,
  isDeterministic,
  roundTripsXml,
} from "contextfmt/testing";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

export interface ContractSpec {
  readonly adapter: FormatAdapter;
  /** A realistic input with several items. */
  readonly sample: unknown;
  /** Items whose text tries to forge the format's structure. */
  readonly hostile: unknown;
  /** Enough items that small budgets must skip some. */
  readonly large: unknown;
  readonly arbitrary: fc.Arbitrary<unknown>;
  /** Ids of the input's items, as `FormattedContext.included`/`skipped` report them. */
  readonly itemIds: (input: unknown) => string[];
  /** Ids of the items that must always be included (absolute rules, P0). */
  readonly requiredIds: (input: unknown) => string[];
  /** Options every call gets (a fixed `now`, …). */
  readonly options?: Readonly<Record<string, unknown>>;
  /** Names the run when an adapter's contract runs with more than one set of options. */
  readonly label?: string;
  /** The built-in format whose structure the adapter writes, when it writes one's (the oracle). */
  readonly structure?: string;
}

const NOW = "2025-10-04T20:00:00Z";

/** A counter that is not line-additive, so the pipeline must count whole texts. */
const wholeTextCounter: TokenCounter = {
  name: "chars-over-five",
  count: (text) => Math.ceil(text.length / 5),
};

const errors = (result: FormattedContext) =>
  result.issues.filter((issue) => issue.severity === "error");

/** Fails with the assertion's own message, so a broken contract says what it found. */
const holds = (check: { pass: boolean; message: string }) =>
  expect(check.pass, check.message).toBe(true);

export function runAdapterContract(spec: ContractSpec): void {
  const manager = new FormatManager([spec.adapter]);
  const format = (input: unknown, options: Record<string, unknown> = {}) =>
    manager.format(spec.adapter.id, input, { now: NOW, ...spec.options, ...options });

  describe(`contract: ${spec.adapter.id}${spec.label ? ` (${spec.label})` : ""}`, () => {
    it("is a frozen plain object with the documented fields", () => {
      expect(Object.isFrozen(spec.adapter)).toBe(true);
      expect(spec.adapter.capabilities.formatType).toBe(spec.adapter.formatType);
      for (const key of ["items", "renderItem", "render", "validate"] as const) {
        expect(typeof spec.adapter[key]).toBe("function");
      }
    });

    it("gives byte-identical output for the same input and options", () => {
      expect(format(spec.sample).content).toBe(format(structuredClone(spec.sample)).content);
      holds(isDeterministic(() => format(spec.large, { budget: 300 }), { runs: 3 }));
    });

    it("produces non-empty output that its own validator accepts", () => {
      const result = format(spec.sample);
      expect(result.content.trim()).not.toBe("");
      expect(errors(result)).toEqual([]);
      expect(result.rulesSkipped).toBe(0);
    });

    it.each([
      ["the default counter", defaultCounter],
      ["the word/punctuation counter", wordPunctuationCounter],
      ["the char-ratio counter", charRatioCounter],
      ["the fixed counter", fixedCounter],
      ["a counter that is not line-additive", wholeTextCounter],
    ])("reports tokenCount === counter.count(content) with %s", (_, counter) => {
      for (const budget of [undefined, 120, 400, 2000]) {
        const result = format(spec.large, budget === undefined ? { counter } : { counter, budget });
        expect(result.tokenCount).toBe(counter.count(result.content));
        expect(result.counter).toBe(counter.name);
        if (budget !== undefined && result.tokenCount <= budget) {
          holds(fitsBudget(result, budget, { counter }));
        }
      }
    });

    it("keeps every budget, or reports budget_exceeded when required items alone exceed it", () => {
      for (let budget = 0; budget <= 1500; budget += 50) {
        const result = format(spec.large, { budget });
        if (!fitsBudget(result).pass) {
          expect(result.issues.map((issue) => issue.code)).toContain("budget_exceeded");
          expect([...result.included].sort()).toEqual(spec.requiredIds(spec.large).sort());
        } else {
          expect(errors(result)).toEqual([]);
        }
      }
    });

    it("accounts for every item: included + skipped = input", () => {
      const ids = spec.itemIds(spec.large).sort();
      for (const budget of [0, 100, 600, 100_000]) {
        const result = format(spec.large, { budget });
        holds(conserves(result, ids));
        if (result.rulesSkipped > 0) {
          expect(result.issues.map((issue) => issue.code)).toContain("item_skipped");
        }
      }
    });

    it("keeps hostile text inside its item: the validator finds no forged structure", () => {
      const result = format(spec.hostile, { budget: 100_000 });
      expect(errors(result)).toEqual([]);
      expect(result.rulesIncluded).toBe(spec.itemIds(spec.hostile).length);
      expect(result.content).not.toMatch(/\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
      if (spec.structure) holds(hasNoForgedStructure(result, spec.structure, spec.hostile));
      if (spec.adapter.formatType === "xml") holds(roundTripsXml(result));
    });

    it("never gives more tokens for a smaller budget (property)", () => {
      fc.assert(
        fc.property(
          spec.arbitrary,
          fc.integer({ min: 0, max: 800 }),
          fc.integer({ min: 0, max: 800 }),
          (input, a, b) => {
            const [small, large] = a <= b ? [a, b] : [b, a];
            const smaller = format(input, { budget: small });
            const larger = format(input, { budget: large });
            expect(smaller.tokenCount).toBeLessThanOrEqual(larger.tokenCount);
          },
        ),
        { numRuns: 80 },
      );
      for (let budget = 0; budget <= 1500; budget += 25) {
        const tokens = format(spec.large, { budget }).tokenCount;
        expect(tokens).toBeLessThanOrEqual(format(spec.large, { budget: budget + 25 }).tokenCount);
      }
    });

    it("reports every item once: included + shortened + skipped = input, tokens adding up (property)", () => {
      fc.assert(
        fc.property(spec.arbitrary, fc.integer({ min: 0, max: 800 }), (input, budget) => {
          const result = format(input, { budget });
          const { items, frameTokens, sections } = result.report;
          holds(conserves(result, spec.itemIds(input)));
          const shown = items.filter((item) => item.status !== "skipped");
          const itemTokens = shown.reduce((sum, item) => sum + item.tokens, 0);
          expect(itemTokens + frameTokens).toBe(result.tokenCount);
          expect(frameTokens).toBeGreaterThanOrEqual(0);
          expect(sections.reduce((sum, section) => sum + section.tokens, 0)).toBe(
            result.tokenCount,
          );
          const shortened = items.filter((item) => item.status === "shortened").length;
          expect(result.issues.some((issue) => issue.code === "item_shortened")).toBe(
            shortened > 0,
          );
        }),
        { numRuns: 80 },
      );
    });

    it("holds the invariants for arbitrary input and budgets (property)", () => {
      fc.assert(
        fc.property(spec.arbitrary, fc.integer({ min: 0, max: 800 }), (input, budget) => {
          const result = format(input, { budget });
          expect(result.tokenCount).toBe(defaultCounter.count(result.content));
          expect(result.rulesIncluded + result.rulesSkipped).toBe(spec.itemIds(input).length);
          const structural = errors(result).filter((issue) => issue.code !== "budget_exceeded");
          expect(structural).toEqual([]);
          if (result.tokenCount > budget) {
            expect(result.issues.map((issue) => issue.code)).toContain("budget_exceeded");
            expect([...result.included].sort()).toEqual(spec.requiredIds(input).sort());
          }
          expect(format(input, { budget }).content).toBe(result.content);
        }),
        { numRuns: 60 },
      );
    });
  });
}
