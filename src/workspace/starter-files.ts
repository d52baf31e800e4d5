/**
 * The input files `contextfmt init` creates under `.contextfmt/` when they are absent: one small
 * example of each, in JSON (a hook reads JSON faster than YAML), and a README that says what
 * each holds and how to check it.
 */

const rules = {
  rules: [
    {
      name: "atomic_commits",
      rule: "Make atomic commits with clear, descriptive messages",
      category: "behavior",
      authority: "absolute",
      scope: ["git"],
    },
    {
      name: "tests_first",
      rule: "Run the test suite before proposing a change as done",
      category: "behavior",
      authority: "default",
      priority: 60,
    },
  ],
};

const project = {
  projectId: "my-project",
  name: "My project",
  status: "active",
  lastSessionSummary: "Set up contextfmt hooks.",
  activeTodos: [{ text: "Replace these examples with the project's own", priority: 1 }],
  recentFiles: [],
  languages: [],
  frameworks: [],
  blockers: [],
  notes: [],
};

const session = { candidates: [] };

const memories = {
  directive: "Use the memories below as background knowledge.",
  memories: [
    {
      id: "example",
      content: "This project keeps its agent context in .contextfmt/.",
      category: "factual",
    },
  ],
};

const README = `# .contextfmt

What the contextfmt hooks inject into the agent's context. Each file is read on every hook call;
edit them (or have your tools write them) and the next session sees the change.

- rules.json: memory rules, { "rules": [...] } (\`contextfmt schema rules\` prints the JSON Schema).
  Absolute rules always go in; default rules as the budget allows. Injected at session start.
- project.json: the project's state, one project or { "projects": [...] } (\`contextfmt schema
  project\`). Injected at session start as a PROJECT block (markdown for Gemini CLI).
- session.json: related earlier work, { "candidates": [...], "alerts": [...] } (\`contextfmt
  schema session\`). Injected at session start; empty, it adds nothing.
- memories.json: { "directive", "memories": [...] } (\`contextfmt schema memories\`). Injected on
  each prompt, most relevant first.

Preview what a hook prints (for Codex or Gemini CLI, write codex or gemini for claude):

    echo '{"session_id":"x","hook_event_name":"SessionStart","source":"startup","cwd":"."}' |
      npx contextfmt hook claude session-start --rules .contextfmt/rules.json

A hook with nothing to inject prints {} and adds nothing.
`;

/** The files, by name under `.contextfmt/`. */
export const STARTER_FILES: Readonly<Record<string, string>> = {
  "rules.json": `${JSON.stringify(rules, null, 2)}\n`,
  "project.json": `${JSON.stringify(project, null, 2)}\n`,
  "session.json": `${JSON.stringify(session, null, 2)}\n`,
  "memories.json": `${JSON.stringify(memories, null, 2)}\n`,
  "README.md": README,
};
