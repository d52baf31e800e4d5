/**
 * Renders the bundled example rules (examples/rules.json, the rules of the original design's
 * examples) for every registered format and prints them. Run with `npm run demo`.
 */
import { readFileSync } from "node:fs";
import { FormatManager } from "contextfmt";

const rules: unknown = JSON.parse(readFileSync(new URL("./rules.json", import.meta.url), "utf8"));
const manager = new FormatManager();

for (const result of manager.formatAll(rules, { now: "2025-10-04T20:00:00Z", budget: 2000 })) {
  const rule = "─".repeat(72);
  console.log(
    `${rule}\n${result.adapter} (${result.formatType}): ${result.tokenCount} tokens by ${result.counter}, ` +
      `${result.rulesIncluded} rules included, ${result.rulesSkipped} skipped\n${rule}`,
  );
  console.log(result.content);
  for (const issue of result.issues)
    console.log(`[${issue.severity}] ${issue.code}: ${issue.message}`);
}
