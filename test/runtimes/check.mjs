// What each runtime must give byte for byte as Node does: the core entry with its default
// counter and the tiktoken entry's exact counter, on the bundled example rules (inlined, so the
// check reads no file and runs in a browser too). Prints one JSON line.
import { FormatManager, injectMemories } from "../../dist/index.js";
import { createTiktokenCounter } from "../../dist/tiktoken.js";

const rules = [
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
  {
    name: "docs",
    rule: "Update relevant documentation when changing public APIs — 日本語も",
    category: "behavior",
    authority: "default",
  },
];
const manager = new FormatManager();
const now = "2025-10-04T20:00:00Z";
const estimate = manager.format("codex", { rules }, { budget: 60, now });
const exact = manager.format("claude", { rules }, { budget: 60, counter: createTiktokenCounter() });
const memories = injectMemories([], {
  memories: [{ id: "m1", content: "Ada & <billing>", score: 0.9 }],
  nonce: "3f9c2e7a1b5d4c60",
});
export const result = {
  estimate: { content: estimate.content, tokens: estimate.tokenCount, skipped: estimate.skipped },
  exact: { content: exact.content, tokens: exact.tokenCount, shortened: exact.shortened },
  memories: memories.system,
};
if (typeof document === "undefined") console.log(JSON.stringify(result));
