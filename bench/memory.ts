/**
 * Peak memory of formatting 100,000 rules with no budget to speak of (every rule in), against
 * the input's own footprint: each side runs in a child process of its own (`--expose-gc`), so
 * one side's garbage is never counted against another. Measured per side: the heap the input
 * takes once built (after a full collection), and how far the resident set rose above what it
 * was just before the call (the process's peak, `maxRSS`), and what the result keeps alive after it
 * (the heap after a full collection, less the input's). Sides: `claude` through the engine,
 * the hand-written loop (sort, render, count, join), and joining pre-rendered lines and counting
 * them once. Target: the engine's peak ≤ 1.5× the input's footprint.
 * Run: `npm run bench` (all benchmarks) or `npx tsx --tsconfig bench/tsconfig.json bench/memory.ts`
 * (the child processes take the same tsconfig from tsx, so every side measures the build in dist/).
 */
import { spawnSync } from "node:child_process";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { defaultCounter, FormatManager, type MemoryRuleInput } from "contextfmt";
import { wordRules } from "../test/fixtures/rules.js";

const RULES = 100_000;
const UNBOUNDED = 10_000_000;
const NOW = "2025-10-04T20:00:00Z";
const MB = 1024 * 1024;

/** What one side does with the rules; its result is kept alive until it is measured. */
const SIDES: Record<string, (rules: MemoryRuleInput[]) => unknown> = {
  engine: (rules) =>
    new FormatManager().format("claude", { rules }, { budget: UNBOUNDED, now: NOW }),
  loop: (rules) => {
    const sorted = [...rules].sort((a, b) => (b.priority ?? 50) - (a.priority ?? 50));
    const lines: string[] = [];
    let used = 0;
    for (const rule of sorted) {
      const line = `- **${rule.name}**: ${rule.rule}\n`;
      used += defaultCounter.count(line);
      lines.push(line);
    }
    return { content: lines.join(""), used };
  },
  "join + one count": (rules) => {
    const content = rules.map((rule) => `- **${rule.name}**: ${rule.rule}\n`).join("");
    return { content, tokens: defaultCounter.count(content) };
  },
};

/** What a child reports, in bytes. */
interface SideMemory {
  readonly input: number;
  readonly peak: number;
  readonly retained: number;
}

const gc = () => (globalThis as { gc?: () => void }).gc?.();

/** Runs in the child: builds the input, then one side, and prints what both took. */
function measureSide(side: string): SideMemory {
  const run = SIDES[side];
  if (!run) throw new Error(`no side ${side}`);
  // Warm the code paths on a small input first, so compiled code is not counted as the call's.
  run(wordRules(200, { words: [8, 33] }));
  gc();
  const empty = process.memoryUsage().heapUsed;
  const rules = wordRules(RULES, { words: [8, 33] });
  gc();
  const withInput = process.memoryUsage().heapUsed;
  const input = withInput - empty;
  const before = process.memoryUsage().rss;
  const result = run(rules);
  const peak = process.resourceUsage().maxRSS * 1024 - before;
  gc();
  const retained = process.memoryUsage().heapUsed - withInput;
  if (result === undefined || rules.length !== RULES) throw new Error("nothing measured");
  return { input, peak: Math.max(0, peak), retained: Math.max(0, retained) };
}

/** Each side in a child process, `rounds` times, the median peak kept. */
export function runMemoryBench(rounds = 3): string[] {
  const lines = [
    `load average at the start: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(" ")}`,
    `${RULES.toLocaleString("en")} rules of 8-33 words, budget unbounded: peak rise of the resident set during the call / the input's heap footprint (${rounds} child processes per side, median):`,
  ];
  const self = fileURLToPath(import.meta.url);
  for (const side of Object.keys(SIDES)) {
    const samples: SideMemory[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const child = spawnSync(
        process.execPath,
        ["--expose-gc", "--import", "tsx", self, "--side", side],
        { encoding: "utf8", maxBuffer: MB },
      );
      if (child.status !== 0) throw new Error(`${side}: ${child.stderr}`);
      samples.push(JSON.parse(child.stdout) as SideMemory);
    }
    samples.sort((a, b) => a.peak - b.peak);
    const { input, peak, retained } = samples[Math.floor(samples.length / 2)] as SideMemory;
    lines.push(
      `  ${side}: peak +${(peak / MB).toFixed(0)} MB over an input of ${(input / MB).toFixed(0)} MB = ${(peak / input).toFixed(2)}×` +
        (side === "engine" ? " (target ≤ 1.50×)" : "") +
        `; the result keeps ${(retained / MB).toFixed(0)} MB alive`,
    );
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf("--side");
  if (at >= 0) process.stdout.write(JSON.stringify(measureSide(process.argv[at + 1] ?? "")));
  else for (const line of runMemoryBench()) console.log(line);
}
