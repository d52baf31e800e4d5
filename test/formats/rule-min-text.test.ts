import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { FormatAdapter } from "../../src/formats/adapter.js";
import { claudeAdapter } from "../../src/formats/rules/claude.js";
import { codexAdapter } from "../../src/formats/rules/codex.js";
import { geminiAdapter } from "../../src/formats/rules/gemini.js";
import { parseWith } from "../../src/model/parse.js";
import { type MemoryRule, RuleSetSchema } from "../../src/model/rule.js";
import { arbitraryRule } from "../fixtures/rules.js";

const adapters = [claudeAdapter, codexAdapter, geminiAdapter] as unknown as FormatAdapter<
  unknown,
  { cacheStable?: boolean },
  MemoryRule
>[];

describe("minText of the rule formats", () => {
  it("is held verbatim by every form of the entry, at any position, in both layouts (property)", () => {
    fc.assert(
      fc.property(
        arbitraryRule,
        fc.integer({ min: 1, max: 12_000 }),
        fc.boolean(),
        (input, position, cacheStable) => {
          const [rule] = parseWith(RuleSetSchema, { rules: [input] }).rules as [MemoryRule];
          const options = { cacheStable };
          for (const adapter of adapters) {
            const shared = adapter.minText?.(rule, options) ?? "";
            for (const form of [0, 1]) {
              const text = adapter.renderItem(rule, {
                options,
                now: new Date(0),
                report: () => {},
                position,
                form,
              });
              expect(text.includes(shared), JSON.stringify({ id: adapter.id, text, shared })).toBe(
                true,
              );
            }
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it("holds the whole first line of an entry: name and text", () => {
    const [rule] = parseWith(RuleSetSchema, {
      rules: [
        { name: "tests", rule: "Run the tests.", category: "workflow", authority: "default" },
      ],
    }).rules as [MemoryRule];
    const options = { cacheStable: false };
    expect(claudeAdapter.minText?.(rule, options)).toBe("- **tests**: Run the tests.\n");
    expect(geminiAdapter.minText?.(rule, options)).toBe(". tests: Run the tests.\n");
    expect(codexAdapter.minText?.(rule, options)).toBe("] tests (Workflow)\nRun the tests.\n");
  });
});
