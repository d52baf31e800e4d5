/** Project context (docs/formats.md): a PROJECT block under pressure, as XML and markdown, and the combined USER + PROJECT text. */
import { buildCombinedContext, formatProjectContext, type ProjectContextInput } from "contextfmt";

const project: ProjectContextInput = {
  projectId: "sam_terminal",
  name: "SAM Terminal",
  status: "active",
  lastSessionSummary: "Implemented fact extraction. Added a decay algorithm.",
  lastSessionDate: "2026-01-23T18:30:00Z",
  activeTodos: [{ text: "Finish the context spec", priority: 1 }],
  recentFiles: ["sam_brain/fact_memory.py"],
  languages: ["Python", "Rust"],
  notes: ["User prefers concise responses."],
};
const now = "2026-01-25T10:00:00Z";

const tight = formatProjectContext(project, { budget: 40, now });
console.log(tight.content);
console.log(
  "shrunk:",
  tight.shortened.join(", "),
  "| dropped:",
  tight.skipped.map((item) => item.id).join(", "),
);

// The same parts without XML, for tools that escape `<` and `>` (Gemini CLI's hook context).
console.log(`\n${formatProjectContext(project, { budget: 40, now, markup: "markdown" }).content}`);

const combined = buildCombinedContext({
  user: { userId: "david", facts: [{ text: "Prefers concise responses", category: "preference" }] },
  projects: [project],
  now,
});
console.log(`\n${combined.content}`);
console.log(combined.tokenCount, "tokens");
