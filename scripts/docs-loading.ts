/**
 * Rewrites docs/loading.md from the code (scripts/loading-table.ts); with --check, only says
 * whether it is current and exits 1 when it is not.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { LOADING_PATH, loadingTable } from "./loading-table.js";

let current = "";
try {
  current = readFileSync(LOADING_PATH, "utf8");
} catch {
  // written below
}
const table = loadingTable();
if (table === current) {
  console.log(`${LOADING_PATH}: current`);
} else if (process.argv.includes("--check")) {
  console.error(`${LOADING_PATH}: out of date; run npm run docs:loading`);
  process.exitCode = 1;
} else {
  writeFileSync(LOADING_PATH, table);
  console.log(`${LOADING_PATH}: rewritten`);
}
