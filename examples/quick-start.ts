/** Two rules for Claude Code within a budget, as a runnable script (exercised by the tests). */
import { FormatManager, type MemoryRuleInput } from "contextfmt";

const rules: MemoryRuleInput[] = [
  {
    name: "atomic_commits",
    rule: "Always make atomic commits with clear, descriptive messages",
    category: "behavior",
    authority: "absolute",
    scope: ["git"],
  },
  {
    name: "testing_framework",
    rule: "Prefer pytest over unittest for Python testing",
    category: "preference",
    authority: "default",
    scope: ["python", "testing"],
    priority: 40,
  },
];

const manager = new FormatManager();
const result = manager.format("claude", { rules }, { budget: 2000 });
console.log(result.content);
console.log(result.tokenCount, result.skipped);
