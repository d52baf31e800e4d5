/**
 * Cold start of the bin as a hook runs it: `contextfmt hook claude session-start` with 200 rules,
 * against a bare `node -e 0`, each a fresh process, interleaved, medians. Target: ≤ 1.3×.
 * Builds the package first so the bin measured is the current source.
 * Run: `npm run bench` (all benchmarks) or `npx tsx bench/cold-start.ts`.
 */

import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeRules } from "contextfmt/testing";
import { median, ms, ratio } from "./measure.js";

const ROOT = new URL("..", import.meta.url).pathname;
const BIN = join(ROOT, "dist/bin/cli.cjs");
const ROUNDS = 21;

const SESSION_START = JSON.stringify({
  session_id: "bench",
  transcript_path: "/tmp/bench.jsonl",
  cwd: ROOT,
  hook_event_name: "SessionStart",
  source: "startup",
});

function wallTime(args: readonly string[], input?: string): number {
  const start = performance.now();
  const result = spawnSync(process.execPath, args, { input, encoding: "utf8" });
  const elapsed = performance.now() - start;
  if (result.status !== 0) throw new Error(`node ${args.join(" ")} failed: ${result.stderr}`);
  return elapsed;
}

export function runColdStartBench(): string[] {
  const build = spawnSync("npm", ["run", "build", "--silent"], { cwd: ROOT, encoding: "utf8" });
  if (build.status !== 0) throw new Error(`build failed: ${build.stderr}`);
  const dir = mkdtempSync(join(tmpdir(), "contextfmt-cold-start-"));
  const rulesFile = join(dir, "rules.json");
  writeFileSync(rulesFile, JSON.stringify({ rules: makeRules(200, { absoluteShare: 0.1 }) }));

  const cases: Record<string, () => number> = {
    "node -e 0": () => wallTime(["-e", "0"]),
    "contextfmt hook claude session-start (200 rules)": () =>
      wallTime([BIN, "hook", "claude", "session-start", "--rules", rulesFile], SESSION_START),
  };
  const samples = Object.fromEntries(Object.keys(cases).map((name) => [name, [] as number[]]));
  for (const run of Object.values(cases)) run(); // warm the file cache
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, run] of Object.entries(cases)) samples[name]?.push(run());
  }
  const [base, hook] = Object.values(samples).map(median) as [number, number];
  return [
    `median of ${ROUNDS} interleaved runs, each a new process:`,
    ...Object.entries(samples).map(([name, values]) => `  ${name}: ${ms(median(values))}`),
    `  ratio: ${ratio(hook, base)} (target ≤ 1.30×)`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of runColdStartBench()) console.log(line);
}
