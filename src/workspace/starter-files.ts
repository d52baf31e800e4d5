/**
 * The input files `contextfmt init` creates under `.contextfmt/` when they are absent: the four
 * the hooks read, blank (a hook injects nothing from a blank file), and a README that says what
 * goes in each, with an example, and how to preview what the next session gets.
 *
 * Blank rather than examples: whatever these files hold goes into every session of the agent
 * from the next one on, so an example left in place would be injected as the project's own. Nor
 * an empty list: a project file listing no project injects "No active project detected". JSON
 * has no comments, so the README next to them says what goes where.
 */

const README = `# .contextfmt

What the contextfmt hooks inject into the agent's context. Each file is read on every hook call;
they start blank, and a blank file injects nothing: fill them (or have your tools write them)
and the next session sees each change.

- rules.json: memory rules, injected at session start. Absolute rules always go in, default
  rules as the budget allows (\`contextfmt schema rules\` prints the JSON Schema). For example:

      { "rules": [
        { "name": "tests_first", "rule": "Run the test suite before calling a change done",
          "category": "behavior", "authority": "absolute" } ] }

- project.json: the project's state, one project or { "projects": [...] }, injected at session
  start as a PROJECT block (markdown for Gemini CLI and Qwen Code; \`contextfmt schema project\`):

      { "projectId": "shop", "name": "Shop", "status": "active",
        "activeTodos": [{ "text": "Move billing to integer cents", "priority": 1 }] }

- session.json: related earlier work, { "candidates": [...], "alerts": [...] }, injected at
  session start (\`contextfmt schema session\`).
- memories.json: { "directive", "memories": [...] }, injected on each prompt, most relevant
  first (\`contextfmt schema memories\`):

      { "memories": [{ "id": "money", "content": "Amounts are integer cents",
        "category": "factual" }] }

Preview what the next session starts with (for Codex or Gemini CLI, write codex or gemini for
claude): it writes nothing, and prints the context a session start would get.

    npx contextfmt init claude --dry-run

A hook with nothing to inject prints {} and adds nothing. \`contextfmt init claude --remove\`
takes the hooks out again, and these files while they are as init wrote them.
`;

/** The files, by name under `.contextfmt/`. */
export const STARTER_FILES: Readonly<Record<string, string>> = {
  "rules.json": "",
  "project.json": "",
  "session.json": "",
  "memories.json": "",
  "README.md": README,
};
