/**
 * Writes a docs page generated from the code, or with --check only says whether it is current
 * and exits 1 when it is not: what each `docs:*` script does with its page.
 */
import { readFileSync, writeFileSync } from "node:fs";

export function writeGeneratedPage(path: string, text: string, script: string): void {
  let current = "";
  try {
    current = readFileSync(path, "utf8");
  } catch {
    // written below
  }
  if (text === current) {
    console.log(`${path}: current`);
  } else if (process.argv.includes("--check")) {
    console.error(`${path}: out of date; run npm run ${script}`);
    process.exitCode = 1;
  } else {
    writeFileSync(path, text);
    console.log(`${path}: rewritten`);
  }
}
