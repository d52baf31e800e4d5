/**
 * Renders every bundled example input (the rules of the original design's examples, and the
 * memories, session candidates and project the hook examples use) with every registered format
 * that takes it, and prints the results. Run with `npm run demo`.
 */
import { readFileSync } from "node:fs";
import { FormatManager } from "contextfmt";

const EXAMPLES = ["rules.json", "hooks/memories.json", "hooks/session.json", "hooks/project.json"];
// Fixed clock and nonce, so the demo prints the same bytes on every run.
const OPTIONS = { now: "2025-10-04T20:00:00Z", budget: 2000, nonce: "3f9c2e7a1b5d4c60" };

const manager = new FormatManager();
const line = "─".repeat(72);

for (const example of EXAMPLES) {
  // A file of any of the shapes; formatAll checks it against every format when it runs.
  const input = JSON.parse(readFileSync(new URL(example, import.meta.url), "utf8"));
  for (const result of manager.formatAll(input, OPTIONS)) {
    console.log(
      `${line}\nexamples/${example} as ${result.adapter} (${result.formatType}): ` +
        `${result.tokenCount} of ${result.budget} tokens by ${result.counter}, ` +
        `${result.rulesIncluded} items included, ${result.rulesSkipped} skipped\n${line}`,
    );
    console.log(result.content);
    for (const issue of result.issues) {
      console.log(`[${issue.severity}] ${issue.code}: ${issue.message}`);
    }
  }
}
