/**
 * PROJECT blocks: what a hook pays per session start. `formatProjectContext` and
 * `buildCombinedContext` (XML, and markdown for Gemini CLI) side by side with the floor of counting their output once, with the
 * default counter. Run: `npm run bench` or `npx tsx --tsconfig bench/tsconfig.json bench/project.ts`.
 */
import { buildCombinedContext, defaultCounter, formatProjectContext } from "contextfmt";
import { david, PROJECT_NOW, rvcPaused, samTerminal } from "../test/fixtures/projects.js";
import { interleaved, ratio } from "./measure.js";

const us = (value: number): string => `${(value * 1000).toFixed(1)} µs`;

export function runProjectBench(): string[] {
  const options = { now: PROJECT_NOW };
  const fits = formatProjectContext(samTerminal, options).content;
  const reps = 200;
  const repeat = (run: () => unknown) => () => {
    for (let index = 0; index < reps; index += 1) run();
  };
  const medians = interleaved(
    {
      countOnce: repeat(() => defaultCounter.count(fits)),
      fits: repeat(() => formatProjectContext(samTerminal, options)),
      truncated50: repeat(() => formatProjectContext(samTerminal, { ...options, budget: 50 })),
      markdown: repeat(() => formatProjectContext(samTerminal, { ...options, markup: "markdown" })),
      markdown50: repeat(() =>
        formatProjectContext(samTerminal, { ...options, budget: 50, markup: "markdown" }),
      ),
      twoProjects: repeat(() => formatProjectContext([samTerminal, rvcPaused], options)),
      combined: repeat(() =>
        buildCombinedContext({ user: david, projects: samTerminal, ...options }),
      ),
    },
    25,
  );
  const per = (name: string) => (medians[name] ?? 0) / reps;
  const floor = per("countOnce");
  return [
    `count the full block once (floor): ${us(floor)}`,
    ...(["fits", "truncated50", "markdown", "markdown50", "twoProjects", "combined"] as const).map(
      (name) => `  ${name}: ${us(per(name))} per call = ${ratio(per(name), floor)} the floor`,
    ),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of runProjectBench()) console.log(line);
}
