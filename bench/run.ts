/**
 * All benchmarks, in one run (`npm run bench`). Benchmarks report medians and ratios measured
 * side by side; they are not tests and assert nothing. They measure the built package, as a user
 * runs it: `npm run bench` builds it first, and bench/tsconfig.json resolves `contextfmt` to
 * dist/ (run one benchmark alone the same way, after `npm run build`:
 * `npx tsx --tsconfig bench/tsconfig.json bench/engine.ts`).
 */
import { runColdStartBench } from "./cold-start.js";
import { runEngineBench } from "./engine.js";
import { runGrowthBench } from "./growth.js";
import { runLanguageAccuracy, runRealAccuracy } from "./languages.js";
import { runMemoriesBench } from "./memories.js";
import { runMemoryBench } from "./memory.js";
import { runParseBench } from "./parse.js";
import { runPrefixStability } from "./prefix-stability.js";
import { runProjectBench } from "./project.js";
import { runTiktokenBench } from "./tiktoken.js";
import { runTokenAccuracy } from "./token-accuracy.js";

console.log(`measuring ${import.meta.resolve("contextfmt")}\n`);
console.log("== token counting: accuracy against o200k, speed against js-tiktoken ==");
for (const line of (await runTokenAccuracy()).lines) console.log(line);
console.log("\n== token counting per language: accuracy against o200k ==");
for (const line of runLanguageAccuracy()) console.log(line);
console.log("");
for (const line of await runRealAccuracy()) console.log(line);
console.log("\n== exact counting: contextfmt/tiktoken against js-tiktoken ==");
for (const line of runTiktokenBench()) console.log(line);
console.log("\n== parsing input: the declarations' fast check against zod ==");
for (const line of runParseBench()) console.log(line);
console.log("\n== the engine against the hand-written loop and LangChain ==");
await runEngineBench(console.log);
console.log("\n== peak memory: 100,000 rules, unbounded ==");
for (const line of runMemoryBench()) console.log(line);
console.log("\n== memory injection ==");
for (const line of runMemoriesBench()) console.log(line);
console.log("\n== PROJECT blocks ==");
for (const line of runProjectBench()) console.log(line);
console.log("\n== prompt cache: share of each output that is the next one's prefix ==");
for (const line of runPrefixStability()) console.log(line);
console.log("\n== growth on adversarial text: time at 100k / time at 10k characters ==");
for (const line of await runGrowthBench()) console.log(line);
console.log("\n== hook cold start ==");
for (const line of runColdStartBench()) console.log(line);
