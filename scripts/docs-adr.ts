/**
 * `npm run docs:adr`: regenerates the example outputs in the context-formatting ADR.
 * `npm run docs:adr -- --check` only reports whether they are current (exit code 1 if not).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { ADR_PATH, fillExamples } from "./adr-examples.js";

const current = readFileSync(ADR_PATH, "utf8");
const filled = fillExamples(current);
if (filled === current) {
  console.log(`${ADR_PATH}: examples are current`);
} else if (process.argv.includes("--check")) {
  console.error(`${ADR_PATH}: examples are out of date; run npm run docs:adr`);
  process.exitCode = 1;
} else {
  writeFileSync(ADR_PATH, filled);
  console.log(`${ADR_PATH}: examples rewritten`);
}
