/**
 * Cold starts, each a fresh process, against a bare `node -e 0`, interleaved: the hook as a tool
 * runs it (`contextfmt hook claude session-start` with 200 rules), the same with `--exact`, and
 * `require("contextfmt")`. Each ratio is the median of the per-round ratios (a round runs every
 * command once, so a slow moment of the machine hits both sides of a pair), with the medians of
 * wall time beside it and the load average, since the machine may be shared.
 * Targets: the hook ≤ 1.3×, `--exact` ≤ 2.5×, `require("contextfmt")` ≤ 1.3×. Where
 * NODE_EXTRA_CA_CERTS is set, `node -e 0` without it is timed as well: the floor's own share.
 * Builds the package first so the bin measured is the current source.
 * Run: `npm run bench` (all benchmarks) or `npx tsx --tsconfig bench/tsconfig.json bench/cold-start.ts`.
 */

import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { makeRules } from "contextfmt/testing";
import { median, ms } from "./measure.js";

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

function wallTime(args: readonly string[], input?: string, env = process.env): number {
  const start = performance.now();
  const result = spawnSync(process.execPath, args, { input, encoding: "utf8", cwd: ROOT, env });
  const elapsed = performance.now() - start;
  if (result.status !== 0) throw new Error(`node ${args.join(" ")} failed: ${result.stderr}`);
  return elapsed;
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");

export function runColdStartBench(): string[] {
  const build = spawnSync("npm", ["run", "build", "--silent"], { cwd: ROOT, encoding: "utf8" });
  if (build.status !== 0) throw new Error(`build failed: ${build.stderr}`);
  const dir = mkdtempSync(join(tmpdir(), "contextfmt-cold-start-"));
  const rulesFile = join(dir, "rules.json");
  writeFileSync(rulesFile, JSON.stringify({ rules: makeRules(200, { absoluteShare: 0.1 }) }));
  const hook = [BIN, "hook", "claude", "session-start", "--rules", rulesFile];

  const base = "node -e 0";
  const cases: Record<string, { run: () => number; target?: number }> = {
    [base]: { run: () => wallTime(["-e", "0"]) },
    "contextfmt hook claude session-start (200 rules)": {
      run: () => wallTime(hook, SESSION_START),
      target: 1.3,
    },
    "the same with --exact": {
      run: () => wallTime([...hook, "--exact"], SESSION_START),
      target: 2.5,
    },
    'require("contextfmt")': { run: () => wallTime(["-e", 'require("contextfmt")']), target: 1.3 },
  };
  // Where NODE_EXTRA_CA_CERTS is set, every Node process reads those certificates before anything
  // else, a bare `node -e 0` included: the floor the ratios are taken against is larger than on a
  // machine without it (a bundle of 144 certificates made `node -e 0` ~6× the work). Timed for
  // the record; the ratios stay against `node -e 0` as it runs here.
  const { NODE_EXTRA_CA_CERTS: certificates, ...withoutCertificates } = process.env;
  if (certificates !== undefined) {
    cases[`${base} without NODE_EXTRA_CA_CERTS`] = {
      run: () => wallTime(["-e", "0"], undefined, withoutCertificates),
    };
  }
  const samples = Object.fromEntries(Object.keys(cases).map((name) => [name, [] as number[]]));
  const loadBefore = load();
  // Warms the file cache and writes the compiled-code caches the later runs read.
  for (const { run } of Object.values(cases)) run();
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, { run }] of Object.entries(cases)) samples[name]?.push(run());
  }
  const bases = samples[base] ?? [];
  return [
    `${ROUNDS} interleaved rounds, each command a new process; load average ${loadBefore} before, ${load()} after:`,
    ...Object.entries(cases).map(([name, { target }]) => {
      const values = samples[name] ?? [];
      if (target === undefined) return `  ${name}: ${ms(median(values))}`;
      const paired = median(values.map((value, round) => value / (bases[round] ?? value)));
      return `  ${name}: ${ms(median(values))}, ${paired.toFixed(2)}× node -e 0 (target ≤ ${target.toFixed(2)}×)`;
    }),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of runColdStartBench()) console.log(line);
}
