/**
 * Two builds of the package side by side in one run, to tell whether a change to the engine
 * changed its speed: the same calls on each build, interleaved (a, b, then b, a, …), CPU time,
 * medians; each line gives the second build's time over the first's. Run with the dist folders of
 * the two builds (say, the commit before a change built into a folder of its own, and this one):
 * `npx tsx --tsconfig bench/tsconfig.json bench/versions.ts /tmp/before/dist dist`; a third
 * argument keeps the cases whose label holds it, a fourth multiplies the rounds.
 */
import { resolve } from "node:path";
import type * as Lib from "contextfmt";
import type * as Hooks from "contextfmt/hooks";
import type * as Tiktoken from "contextfmt/tiktoken";
import { hookInputs } from "../test/fixtures/hook-inputs.js";
import { manyMemories } from "../test/fixtures/memories.js";
import { david, PROJECT_NOW, rvcPaused, samTerminal } from "../test/fixtures/projects.js";
import { manyRules, wordRules } from "../test/fixtures/rules.js";
import { median, roundOrder } from "./measure.js";

const NOW = "2025-10-04T20:00:00Z";

/** One build: its entries. */
interface Build {
  readonly lib: typeof Lib;
  readonly hooks: typeof Hooks;
  readonly tiktoken: typeof Tiktoken;
}

async function load(dist: string): Promise<Build> {
  const at = (entry: string) => import(resolve(dist, entry));
  return {
    lib: await at("index.js"),
    hooks: await at("hooks.js"),
    tiktoken: await at("tiktoken.js"),
  };
}

/** The CPU milliseconds of `run`. */
function cpuMs(run: () => unknown): number {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** One call on a build, made ready once (inputs and managers outside the timing). */
type Case = (build: Build) => () => unknown;

/** Medians of `rounds` interleaved calls of `one` on each build, after warming both for `warmMs`. */
function sideBySide(builds: readonly Build[], one: Case, rounds: number, warmMs: number) {
  const runs = builds.map((build) => one(build));
  const until = performance.now() + warmMs;
  do for (const run of runs) run();
  while (performance.now() < until);
  const samples = runs.map(() => [] as number[]);
  const sides = runs.map((run, index) => ({ run, into: samples[index] as number[] }));
  for (let round = 0; round < rounds; round += 1) {
    for (const { run, into } of roundOrder(sides, round)) into.push(cpuMs(run));
  }
  return samples.map(median);
}

const [first, second, only = "", times = "1"] = process.argv.slice(2);
if (!first || !second) {
  throw new Error("usage: versions.ts <dist before> <dist after> [label filter] [rounds ×]");
}
const builds = [await load(first), await load(second)];
const rows: { label: string; before: number; after: number }[] = [];
const measure = (label: string, one: Case, rounds: number, warmMs = 300) => {
  if (!label.includes(only)) return;
  const [before = 0, after = 0] = sideBySide(builds, one, rounds * Number(times), warmMs);
  rows.push({ label, before, after });
  console.log(
    `${label}: ${before.toFixed(2)} ms → ${after.toFixed(2)} ms = ${(after / before).toFixed(3)}×`,
  );
};

const repeat = (times: number, run: () => unknown) => () => {
  for (let index = 0; index < times; index += 1) run();
};
// The engine's worst case: claude over many rules at budgets around 2,000, and with room for all.
for (const size of [1_000, 10_000, 100_000]) {
  const rounds = size >= 100_000 ? 5 : size >= 10_000 ? 9 : 25;
  for (const words of [
    [3, 10],
    [8, 33],
  ] as const) {
    const rules = wordRules(size, { words });
    for (const budget of [1_990, 1_997, 2_003, 2_010, 10_000_000]) {
      measure(
        `claude, ${size} rules of ${words.join("-")} words, budget ${budget}`,
        ({ lib }) => {
          const manager = new lib.FormatManager();
          // Calls of a few milliseconds are timed ten at a time: a collection that starts in one
          // call is then a small part of the sample.
          return repeat(size <= 1_000 ? 10 : 1, () =>
            manager.format("claude", { rules }, { budget, now: NOW }),
          );
        },
        rounds,
      );
    }
  }
}
// Exact counting (o200k, warm), the report read whole, and the other rule formats.
for (const size of [1_000, 10_000]) {
  const rules = manyRules(size, size);
  const rounds = size >= 10_000 ? 9 : 25;
  for (const budget of [2_000, 10_000_000]) {
    measure(
      `claude o200k warm, ${size} rules, budget ${budget}`,
      ({ lib, tiktoken }) => {
        const manager = new lib.FormatManager();
        const counter = tiktoken.createTiktokenCounter();
        return () => manager.format("claude", { rules }, { budget, now: NOW, counter });
      },
      rounds,
    );
    measure(
      `claude with its report read, ${size} rules, budget ${budget}`,
      ({ lib }) => {
        const manager = new lib.FormatManager();
        return () => {
          const { report } = manager.format("claude", { rules }, { budget, now: NOW });
          return [report.items.length, report.frameTokens];
        };
      },
      rounds,
    );
    for (const id of ["codex", "gemini"] as const) {
      measure(
        `${id}, ${size} rules, budget ${budget}`,
        ({ lib }) => {
          const manager = new lib.FormatManager();
          return () => manager.format(id, { rules }, { budget, now: NOW });
        },
        rounds,
      );
    }
  }
}
const memories = manyMemories(1_000);
measure(
  "xml-memory, 1,000 memories, budget 2000",
  ({ lib }) => {
    const manager = new lib.FormatManager();
    return () => manager.format("xml-memory", { memories }, { budget: 2_000, nonce: "abcdefgh" });
  },
  25,
);
measure(
  "project + combined context, 200 calls",
  ({ lib }) =>
    repeat(200, () => {
      lib.formatProjectContext([samTerminal, rvcPaused], { now: PROJECT_NOW, budget: 300 });
      lib.buildCombinedContext({ user: david, projects: samTerminal, now: PROJECT_NOW });
    }),
  25,
);
const hookRules = manyRules(300, 30);
measure(
  "hook context (claude UserPromptSubmit, 300 rules and 300 memories, Claude's 10,000 characters), 20 calls",
  ({ hooks }) => {
    const hook = hooks.parseHookInput("claude", JSON.stringify(hookInputs.claude.UserPromptSubmit));
    const files = {
      rules: { path: "rules.json", data: { rules: hookRules } },
      memories: { path: "memories.json", data: { memories: manyMemories(300) } },
    };
    const limit = hooks.hookContextLimit("claude");
    return repeat(20, () => hooks.hookContext({ hook, files, budget: 2_000, limit, now: NOW }));
  },
  25,
);
const worst = rows.reduce((a, b) => (b.after / b.before > a.after / a.before ? b : a));
console.log(
  `worst: ${worst.label} ${(worst.after / worst.before).toFixed(3)}×; median of the ratios ${median(rows.map((row) => row.after / row.before)).toFixed(3)}×`,
);
