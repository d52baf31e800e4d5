/**
 * Rewrites docs/support.md from the code (scripts/support-table.ts); with --check, only says
 * whether it is current and exits 1 when it is not.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { SUPPORT_PATH, supportTable } from "./support-table.js";

let current = "";
try {
  current = readFileSync(SUPPORT_PATH, "utf8");
} catch {
  // written below
}
const table = supportTable();
if (table === current) {
  console.log(`${SUPPORT_PATH}: current`);
} else if (process.argv.includes("--check")) {
  console.error(`${SUPPORT_PATH}: out of date; run npm run docs:support`);
  process.exitCode = 1;
} else {
  writeFileSync(SUPPORT_PATH, table);
  console.log(`${SUPPORT_PATH}: rewritten`);
}
