/**
 * Exact counting (`contextfmt/tiktoken`) against js-tiktoken, the reference it must equal:
 * 1. time against input length (1k, 10k, 100k characters) on the long runs a naive byte-pair
 *    merge is quadratic on, and on ordinary prose and code; js-tiktoken is left out where its
 *    quadratic growth would take more than a few seconds;
 * 2. the cold cost, each in a new process: loading the entry and counting one word, against
 *    loading js-tiktoken and encoding one word (wall time, peak memory);
 * 3. the count cache through the pipeline: claude with 10,000 and 100,000 rules, a fresh counter
 *    (cold) and the same counter again (warm), also with a cache smaller than the work.
 * Run: `npm run bench` (all benchmarks) or `npx tsx --tsconfig bench/tsconfig.json bench/tiktoken.ts`.
 */

import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { FormatManager, type TokenCounter } from "contextfmt";
import { makeRules } from "contextfmt/testing";
import { createTiktokenCounter } from "contextfmt/tiktoken";
import { buildSync } from "esbuild";
import { Tiktoken } from "js-tiktoken/lite";
import o200k from "js-tiktoken/ranks/o200k_base";
import { LONG_RUN_SHAPES } from "../test/fixtures/long-runs.js";
import { median, ms, ratio, time } from "./measure.js";

const ROOT = new URL("..", import.meta.url).pathname;
const LENGTHS = [1_000, 10_000, 100_000];
// js-tiktoken runs at a length only when its time there, grown quadratically from the length
// before, stays under this.
const REFERENCE_LIMIT_MS = 5_000;
const NOW = "2025-10-04T20:00:00Z";

/** `counter`, adding up the time its `count` calls take in `spent`. */
function timed(counter: TokenCounter): TokenCounter & { spent: number } {
  const wrapper = {
    name: counter.name,
    lineAdditive: true,
    spent: 0,
    count(text: string): number {
      const start = performance.now();
      const tokens = counter.count(text);
      wrapper.spent += performance.now() - start;
      return tokens;
    },
  };
  return wrapper;
}

function sourceText(): string {
  const files = (dir: string): string[] =>
    readdirSync(dir)
      .sort()
      .flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? files(path) : [path];
      });
  return [join(ROOT, "README.md"), ...files(join(ROOT, "src"))]
    .map((path) => readFileSync(path, "utf8"))
    .join("\n");
}

function pick(name: string): (length: number) => string {
  const shape = LONG_RUN_SHAPES.find((candidate) => candidate.name === name);
  if (!shape) throw new Error(`no long-run shape "${name}"`);
  return shape.make;
}

function lengthTable(lines: string[]): void {
  const reference = new Tiktoken(o200k);
  const counter = createTiktokenCounter({ cacheSize: 0 });
  counter.count("build the encoding before timing");
  const prose = sourceText();
  const shapes: Record<string, (length: number) => string> = {
    "one long word": pick("one long word of random letters"),
    "CJK without spaces": pick("CJK without spaces"),
    "base64 of repeated text": pick("base64 of repeated text (upper case only)"),
    "base64 of random bytes": pick("base64 of random bytes"),
    "a run of spaces": pick("a run of spaces between two letters"),
    "prose and code (README, src)": (length) =>
      prose.repeat(Math.ceil(length / prose.length)).slice(0, length),
  };
  lines.push(
    "time to count (o200k_base; medians of 3, js-tiktoken once where slow):",
    `  ${"text".padEnd(30)} ${"length".padStart(8)} ${"js-tiktoken".padStart(14)} ${"contextfmt".padStart(11)} ${"speed-up".padStart(9)}  counts`,
  );
  for (const [name, make] of Object.entries(shapes)) {
    let referenceMs = 0;
    let previousLength = 0;
    for (const length of LENGTHS) {
      const text = make(length);
      const ours: number[] = [];
      let count = 0;
      for (let round = 0; round < 3; round += 1) {
        ours.push(
          time(() => {
            count = counter.count(text);
          }),
        );
      }
      const predicted = referenceMs * (length / Math.max(previousLength, 1)) ** 2;
      let referenceCell: string;
      let speedUp = "";
      let same = "";
      if (previousLength === 0 || predicted <= REFERENCE_LIMIT_MS) {
        let expected = 0;
        const runs = referenceMs > 200 ? 1 : 3;
        const samples: number[] = [];
        for (let round = 0; round < runs; round += 1) {
          samples.push(
            time(() => {
              expected = reference.encode(text, [], []).length;
            }),
          );
        }
        referenceMs = median(samples);
        referenceCell = ms(referenceMs);
        speedUp = ratio(referenceMs, median(ours));
        same = expected === count ? "equal" : `DIFFER: ${expected} vs ${count}`;
      } else {
        referenceCell = `~${(predicted / 1000).toFixed(0)} s, not run`;
        referenceMs = predicted;
      }
      previousLength = length;
      lines.push(
        `  ${name.padEnd(30)} ${length.toLocaleString("en").padStart(8)} ${referenceCell.padStart(14)} ${ms(median(ours)).padStart(11)} ${speedUp.padStart(9)}  ${same}`,
      );
    }
  }
}

function coldCost(lines: string[]): void {
  // The current source of the entry, bundled as the package ships it (rank files external).
  const dir = join(ROOT, "node_modules/.cache/contextfmt");
  mkdirSync(dir, { recursive: true });
  const entry = join(dir, "bench-tiktoken-entry.mjs");
  buildSync({
    entryPoints: [join(ROOT, "src/tiktoken.ts")],
    bundle: true,
    format: "esm",
    platform: "neutral",
    packages: "external",
    outfile: entry,
    logLevel: "silent",
  });
  const report =
    "const r = process.resourceUsage(); console.log(JSON.stringify({ rss: r.maxRSS }));";
  const scripts: Record<string, string> = {
    "js-tiktoken: import, new Tiktoken(o200k), encode one word": `import { Tiktoken } from "js-tiktoken/lite"; import o200k from "js-tiktoken/ranks/o200k_base"; new Tiktoken(o200k).encode("hello", [], []); ${report}`,
    "contextfmt/tiktoken: import, createTiktokenCounter().count(one word)": `import { createTiktokenCounter } from ${JSON.stringify(entry)}; createTiktokenCounter().count("hello"); ${report}`,
  };
  const samples = Object.fromEntries(
    Object.keys(scripts).map((name) => [name, { wall: [] as number[], rss: [] as number[] }]),
  );
  for (let round = 0; round < 5; round += 1) {
    for (const [name, script] of Object.entries(scripts)) {
      const start = performance.now();
      const result = spawnSync(process.execPath, ["--input-type=module", "--eval", script], {
        cwd: ROOT,
        encoding: "utf8",
      });
      const wall = performance.now() - start;
      if (result.status !== 0) throw new Error(`${name} failed: ${result.stderr}`);
      samples[name]?.wall.push(wall);
      samples[name]?.rss.push(JSON.parse(result.stdout).rss / 1024);
    }
  }
  lines.push("cold cost, each a new process (medians of 5, interleaved; node itself included):");
  for (const [name, { wall, rss }] of Object.entries(samples)) {
    lines.push(`  ${name}: ${ms(median(wall))}, peak RSS ${median(rss).toFixed(0)} MB`);
  }
}

function cacheThroughPipeline(lines: string[]): void {
  const manager = new FormatManager();
  const reference = new Tiktoken(o200k);
  createTiktokenCounter().count("build the encoding before timing");
  lines.push("the count cache, claude, everything included (medians; cold = a new counter):");
  for (const [ruleCount, rounds] of [
    [10_000, 5],
    [100_000, 3],
  ] as const) {
    const input = { rules: makeRules(ruleCount, { absoluteShare: 0.1 }) };
    const format = (counter: TokenCounter) =>
      manager.format("claude", input, { budget: 10_000_000, now: NOW, counter });
    const output = format(createTiktokenCounter()).content;
    const encodeOnce = median(
      Array.from({ length: rounds }, () => time(() => reference.encode(output, [], []))),
    );
    const countOnce = median(
      [0, 1, 2].map(() => time(() => createTiktokenCounter({ cacheSize: 0 }).count(output))),
    );
    lines.push(
      `  ${ruleCount.toLocaleString("en")} rules, ${(output.length / 1e6).toFixed(1)} MB: one js-tiktoken encode of the output ${ms(encodeOnce)}; one uncached count of it ${ms(countOnce)}`,
    );
    const sizes: [string, object][] = [
      ["default cache", {}],
      [
        `cache of ${(ruleCount / 2).toLocaleString("en")} units (half the work)`,
        { cacheSize: ruleCount / 2 },
      ],
    ];
    for (const [label, options] of sizes) {
      const cold: number[] = [];
      const warm: number[] = [];
      const warmCounting: number[] = [];
      for (let round = 0; round < rounds; round += 1) {
        const counter = timed(createTiktokenCounter(options));
        cold.push(time(() => format(counter)));
        counter.spent = 0;
        warm.push(time(() => format(counter)));
        warmCounting.push(counter.spent);
      }
      const [c, w, counting] = [median(cold), median(warm), median(warmCounting)];
      lines.push(
        `    ${label}: cold ${ms(c)} (${ratio(c, encodeOnce)} the encode), warm ${ms(w)} (${ratio(w, encodeOnce)}; of it in count() ${ms(counting)} = ${ratio(counting, encodeOnce)}); warm/cold ${ratio(w, c)}`,
      );
    }
  }
}

export function runTiktokenBench(): string[] {
  const lines: string[] = [];
  lengthTable(lines);
  coldCost(lines);
  cacheThroughPipeline(lines);
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of runTiktokenBench()) console.log(line);
}
