/**
 * Parsing input, the first step of every call: 10,000 rules through `parseWith(RuleSetSchema)`
 * (the declaration's compiled fast check, zod never started) against zod's own parse of the same
 * schema, side by side, medians of interleaved rounds: rules with ISO 8601 dates, without dates,
 * with one unknown key on every rule (dropped from the output), and with each rule's keys in an
 * order of its own (as merged or hand-edited files have them), the last two also against the same
 * rules as they are (target for the unknown key: ≤ 1.2×).
 * Run: `npm run bench` (all benchmarks) or `npx tsx --tsconfig bench/tsconfig.json bench/parse.ts`.
 */
import { loadavg } from "node:os";
import { type MemoryRuleInput, RuleSetSchema } from "contextfmt";
import { parseWith } from "contextfmt/adapters";
import { makeRules } from "contextfmt/testing";
import { interleaved, ms, ratio } from "./measure.js";

const ROUNDS = 31;
const TAGS = "an unknown key (tags) on every rule";
const SHUFFLED = "each rule's keys in an order of its own";

/** The rule with its keys in an order taken from its place in the list (the same each run). */
function shuffledKeys(rule: MemoryRuleInput, index: number): MemoryRuleInput {
  const entries: [string, unknown][] = Object.entries(rule);
  for (let i = entries.length - 1; i > 0; i -= 1) {
    const j = (index * 7919 + i * 104_729) % (i + 1);
    const swap = entries[i] as [string, unknown];
    entries[i] = entries[j] as [string, unknown];
    entries[j] = swap;
  }
  // The rule's own keys and values, reordered: still the rule.
  return Object.fromEntries(entries) as unknown as MemoryRuleInput;
}

export function runParseBench(): string[] {
  const dated = makeRules(10_000, { absoluteShare: 0.1 });
  const inputs: Record<string, readonly MemoryRuleInput[]> = {
    "ISO dates": dated,
    "no dates": dated.map(({ createdAt: _, ...rule }) => rule),
    [TAGS]: dated.map((rule) => ({ ...rule, tags: ["a", "b"] })),
    [SHUFFLED]: dated.map(shuffledKeys),
  };
  const lines = [
    `load average at the start: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(" ")}`,
  ];
  for (const [name, rules] of Object.entries(inputs)) {
    const input = { rules };
    const medians = interleaved(
      {
        fast: () => parseWith(RuleSetSchema, input),
        zod: () => RuleSetSchema.parse(input),
      },
      ROUNDS,
    );
    const { fast = 0, zod = 0 } = medians;
    lines.push(
      `10,000 rules, ${name}: parseWith ${ms(fast)}, zod's parse ${ms(zod)} = ${ratio(fast, zod)}`,
    );
    if (name === TAGS || name === SHUFFLED) {
      // The same objects' parse beside the plain rules', interleaved, for the ratio alone.
      const pair = interleaved(
        {
          these: () => parseWith(RuleSetSchema, input),
          plain: () => parseWith(RuleSetSchema, { rules: dated }),
        },
        ROUNDS,
      );
      lines.push(
        `  parseWith against the same rules with ISO dates: ${ratio(pair.these ?? 0, pair.plain ?? 1)}`,
      );
    }
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of runParseBench()) console.log(line);
}
