/**
 * Parsing input, the first step of every call: 10,000 rules through `parseWith(RuleSetSchema)`
 * (the declaration's compiled fast check, zod never started) against zod's own parse of the same
 * schema, side by side, medians of interleaved rounds: rules with ISO 8601 dates, without dates,
 * and with one unknown key on every rule (dropped from the output).
 * Run: `npm run bench` (all benchmarks) or `npx tsx bench/parse.ts`.
 */
import { loadavg } from "node:os";
import { type MemoryRuleInput, RuleSetSchema } from "contextfmt";
import { parseWith } from "contextfmt/adapters";
import { makeRules } from "contextfmt/testing";
import { interleaved, ms, ratio } from "./measure.js";

const ROUNDS = 31;

export function runParseBench(): string[] {
  const dated = makeRules(10_000, { absoluteShare: 0.1 });
  const inputs: Record<string, readonly MemoryRuleInput[]> = {
    "ISO dates": dated,
    "no dates": dated.map(({ createdAt: _, ...rule }) => rule),
    "an unknown key (tags) on every rule": dated.map((rule) => ({ ...rule, tags: ["a", "b"] })),
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
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of runParseBench()) console.log(line);
}
