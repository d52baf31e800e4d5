/**
 * Formatting benchmark: 10,000 rules for claude, side by side with the floors any formatter has
 * to pay (build the text, count it), with the heuristic and the exact o200k counter.
 * Run: `npm run bench` (all benchmarks) or `npx tsx bench/format.ts`.
 */

import { defaultCounter, FormatManager, type RuleSetInput } from "contextfmt";
import { makeRules } from "contextfmt/testing";
import { createTiktokenCounter } from "contextfmt/tiktoken";
import { Tiktoken } from "js-tiktoken/lite";
import o200k from "js-tiktoken/ranks/o200k_base";
import { interleaved, median, ms, ratio, time } from "./measure.js";

const EVERYTHING = 10_000_000;
const NOW = "2025-10-04T20:00:00Z";

export function runFormatBench(): string[] {
  const lines: string[] = [];
  const manager = new FormatManager();
  const rules10k = { rules: makeRules(10_000, { absoluteShare: 0.1 }) };
  const rules100k = { rules: makeRules(100_000, { absoluteShare: 0.1 }) };
  const format = (input: RuleSetInput, options: Record<string, unknown> = {}) =>
    manager.format("claude", input, { budget: EVERYTHING, now: NOW, ...options });

  // Pre-rendered lines of the very output, for the floors.
  const output = format(rules10k).content;
  const prerendered = output.split("\n");
  lines.push(
    `claude, 10,000 rules: ${(output.length / 1e6).toFixed(2)} MB of output, ${prerendered.length} lines`,
  );

  const heuristic = interleaved(
    {
      format: () => format(rules10k),
      join: () => prerendered.join("\n"),
      joinAndCount: () => defaultCounter.count(prerendered.join("\n")),
    },
    15,
  );
  lines.push(
    `  default counter: format ${ms(heuristic.format ?? 0)}; join ${ms(heuristic.join ?? 0)}; ` +
      `join + one count ${ms(heuristic.joinAndCount ?? 0)}`,
    `  ratio to the join floor (join + one count): ${ratio(heuristic.format ?? 0, heuristic.joinAndCount ?? 1)} (target ≤ 4×); ` +
      `to the bare join: ${ratio(heuristic.format ?? 0, heuristic.join ?? 1)}`,
  );

  const scale = interleaved({ small: () => format(rules10k), large: () => format(rules100k) }, 5);
  lines.push(
    `  100,000 vs 10,000 rules: ${ms(scale.large ?? 0)} vs ${ms(scale.small ?? 0)} = ` +
      `${ratio(scale.large ?? 0, scale.small ?? 1)} (target ≤ 11×, linear)`,
  );

  // Exact counting: the encoder is built once up front, so what is measured is counting alone.
  const encoder = new Tiktoken(o200k);
  createTiktokenCounter().count("warm the shared encoder");
  const cold: number[] = [];
  const warm: number[] = [];
  const single: number[] = [];
  for (let round = 0; round < 5; round += 1) {
    single.push(time(() => encoder.encode(output, [], [])));
    const counter = createTiktokenCounter();
    cold.push(time(() => format(rules10k, { counter })));
    warm.push(time(() => format(rules10k, { counter })));
  }
  const encodeOnce = median(single);
  lines.push(
    `  o200k: one js-tiktoken encode of the output ${ms(encodeOnce)}; ` +
      `format, cold cache ${ms(median(cold))} = ${ratio(median(cold), encodeOnce)} (target ≤ 1.3×); ` +
      `again, warm cache ${ms(median(warm))} = ${ratio(median(warm), encodeOnce)} (target ≤ 0.1×)`,
  );
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of runFormatBench()) console.log(line);
}
