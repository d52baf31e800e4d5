/**
 * The engine against what a user would otherwise write, side by side in one run, medians of
 * interleaved rounds: `claude` over N rules (one absolute, the rest default) with budgets of
 * 2,000 tokens and "everything", against
 * - the hand-written loop: sort by priority, render and count each rule in that order, stop at
 *   the first that does not fit, join (with the default counter, and with js-tiktoken); and the
 *   same loop going on past a rule that does not fit, as the engine does;
 * - LangChain's `trimMessages` with a memoized js-tiktoken counter on the same lines in the same
 *   order (from bench/peers, installed by `npm run bench:setup`; left out when it is not);
 * - the floors: joining pre-rendered lines and counting them once, one js-tiktoken encode.
 * Exact counting is measured cold (a new counter: empty cache, the encoding already decoded) and
 * warm (the same counter on the same rules again).
 * Run: `npm run bench` (all benchmarks) or `npx tsx bench/engine.ts`.
 */
import { loadavg } from "node:os";
import { defaultCounter, FormatManager, type MemoryRuleInput, type TokenCounter } from "contextfmt";
import { createTiktokenCounter } from "contextfmt/tiktoken";
import { Tiktoken } from "js-tiktoken/lite";
import o200k from "js-tiktoken/ranks/o200k_base";
import { manyRules } from "../test/fixtures/rules.js";
import { median, ms, ratio } from "./measure.js";

const UNBOUNDED = 10_000_000;
const NOW = "2025-10-04T20:00:00Z";
const HEADER = "# Project Memory Rules\n\n";

/**
 * What a user writes without the library: sort, then render and count until the budget is full.
 * With `goOn`, a rule that does not fit is passed over and the loop goes on to smaller ones, as
 * the engine does (and so renders and counts every rule).
 */
function handLoop(
  rules: readonly MemoryRuleInput[],
  budget: number,
  count: (text: string) => number,
  goOn = false,
) {
  const sorted = [...rules].sort(
    (a, b) =>
      Number(b.authority === "absolute") - Number(a.authority === "absolute") ||
      (b.priority ?? 50) - (a.priority ?? 50),
  );
  let used = count(HEADER);
  const lines = [HEADER];
  for (const rule of sorted) {
    const line = `- **${rule.name}**: ${rule.rule}\n`;
    const tokens = count(line);
    if (used + tokens > budget) {
      if (goOn) continue;
      break;
    }
    used += tokens;
    lines.push(line);
  }
  return lines.join("");
}

type Case = () => unknown;

/** Medians of `rounds` interleaved runs of each case (async ones awaited), after one warm-up. */
async function medians(
  cases: Record<string, Case>,
  rounds: number,
): Promise<Record<string, number>> {
  const samples: Record<string, number[]> = {};
  for (const [name, run] of Object.entries(cases)) {
    await run();
    samples[name] = [];
  }
  for (let round = 0; round < rounds; round += 1) {
    for (const [name, run] of Object.entries(cases)) {
      const start = performance.now();
      await run();
      samples[name]?.push(performance.now() - start);
    }
  }
  return Object.fromEntries(
    Object.entries(samples).map(([name, values]) => [name, median(values)]),
  );
}

// A specifier the typechecker does not follow: bench/peers is installed on demand, and a fresh
// clone without it must still typecheck.
const PEERS_MODULE: string = "./peers/trim-messages.js";

type TrimLines = (lines: readonly string[], budget: number, encoder: Tiktoken) => Promise<string>;

async function loadTrimLines(): Promise<TrimLines | undefined> {
  try {
    const peers = (await import(PEERS_MODULE)) as { trimLines: TrimLines };
    return peers.trimLines;
  } catch {
    return undefined;
  }
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");

/** Runs the comparison; `print` gets each line as soon as it is measured. */
export async function runEngineBench(print: (line: string) => void = () => {}): Promise<string[]> {
  const lines: string[] = [];
  const say = (...added: string[]) => {
    lines.push(...added);
    for (const line of added) print(line);
  };
  say(`load average (1, 5, 15 min) at the start: ${load()}`);
  const manager = new FormatManager();
  const encoder = new Tiktoken(o200k);
  const encode = (text: string) => encoder.encode(text, [], []).length;
  createTiktokenCounter().count("decode the encoding before timing");
  const trimLines = await loadTrimLines();
  if (!trimLines) say("(LangChain left out: run `npm run bench:setup` to install it)");

  const scale: Record<string, number> = {};
  for (const size of [100, 1_000, 10_000, 100_000]) {
    const rules = manyRules(size, size);
    const input = { rules };
    const heavy = size >= 100_000;
    const rounds = heavy ? 3 : size >= 10_000 ? 7 : 21;
    for (const budget of [2_000, UNBOUNDED]) {
      const unbounded = budget === UNBOUNDED;
      const format = (counter?: TokenCounter) =>
        manager.format("claude", input, { budget, now: NOW, ...(counter ? { counter } : {}) });
      const output = format().content;
      const outputLines = output.split("\n");
      const warm = createTiktokenCounter();
      const cases: Record<string, Case> = {
        ours: () => format(),
        loop: () => handLoop(rules, budget, defaultCounter.count),
        oursExactCold: () => format(createTiktokenCounter()),
        oursExactWarm: () => format(warm),
        loopExact: () => handLoop(rules, budget, encode),
      };
      if (!unbounded) cases.loopGoingOn = () => handLoop(rules, budget, defaultCounter.count, true);
      if (unbounded) {
        cases.joinCount = () => defaultCounter.count(outputLines.join("\n"));
        cases.encodeOnce = () => encode(output);
      }
      if (trimLines && !heavy) {
        const sorted = handLoop(rules, UNBOUNDED, () => 0).split(/(?<=\n)(?=- \*\*)/);
        cases.langchain = () => trimLines(sorted, budget, encoder);
      }
      const m = await medians(cases, rounds);
      const at = (name: string) => m[name] ?? Number.NaN;
      scale[`${size}/${budget}`] = at("ours");
      scale[`${size}/${budget}/warm`] = at("oursExactWarm");
      scale[`${size}/${budget}/cold`] = at("oursExactCold");
      const label = `${size.toLocaleString("en")} rules, budget ${unbounded ? "unbounded" : "2,000"}`;
      say(
        `${label} (${rounds} rounds):`,
        `  default counter: ours ${ms(at("ours"))}, loop ${ms(at("loop"))} = ${ratio(at("ours"), at("loop"))}` +
          (unbounded
            ? ""
            : `; the loop going on past rules that do not fit ${ms(at("loopGoingOn"))} = ` +
              `${ratio(at("ours"), at("loopGoingOn"))}`) +
          (unbounded
            ? `; join + one count ${ms(at("joinCount"))} = ${ratio(at("ours"), at("joinCount"))}`
            : ""),
        `  o200k: ours cold ${ms(at("oursExactCold"))}, warm ${ms(at("oursExactWarm"))}; ` +
          `js-tiktoken loop ${ms(at("loopExact"))} = ${ratio(at("oursExactCold"), at("loopExact"))} cold` +
          (unbounded
            ? `; one encode ${ms(at("encodeOnce"))}: cold ${ratio(at("oursExactCold"), at("encodeOnce"))}, ` +
              `warm ${ratio(at("oursExactWarm"), at("encodeOnce"))}`
            : ""),
        ...(cases.langchain
          ? [
              `  LangChain trimMessages (memoized js-tiktoken): ${ms(at("langchain"))} = ` +
                `${ratio(at("langchain"), at("oursExactCold"))} ours cold`,
            ]
          : []),
      );
    }
  }
  // Where the fill ends decides how many of the rest a lower bound settles: the bound is about
  // half an item's count, so a room of a dozen tokens left over has every item counted that the
  // bound cannot rule out. 2,000 ends with one token left for these rules; these budgets do not.
  const rules = manyRules(10_000, 10_000);
  for (const budget of [1_990, 1_995]) {
    const m = await medians(
      {
        ours: () => manager.format("claude", { rules }, { budget, now: NOW }),
        loopGoingOn: () => handLoop(rules, budget, defaultCounter.count, true),
      },
      7,
    );
    const ours = m.ours ?? Number.NaN;
    const goingOn = m.loopGoingOn ?? Number.NaN;
    say(
      `10,000 rules, budget ${budget.toLocaleString("en")} (room left where the bound settles less): ` +
        `ours ${ms(ours)}, the loop going on past rules that do not fit ${ms(goingOn)} = ${ratio(ours, goingOn)}`,
    );
  }
  const grow = (key: string) =>
    ratio(scale[`100000/${key}`] ?? Number.NaN, scale[`10000/${key}`] ?? Number.NaN);
  say(
    `100,000 vs 10,000 rules, default counter: ${grow(String(2_000))} bounded, ${grow(String(UNBOUNDED))} unbounded`,
    `100,000 rules, o200k unbounded: warm ${ms(scale[`100000/${UNBOUNDED}/warm`] ?? 0)} vs cold ${ms(scale[`100000/${UNBOUNDED}/cold`] ?? 0)}`,
    `load average at the end: ${load()}`,
  );
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runEngineBench(console.log);
}
