/** The doctor tests' projects: numbered lines to cut, and a project that hits every rule. */
import type { DoctorReport } from "contextfmt/sync";
import { project } from "../cli/project-dir.js";

/** Numbered lines of `width` characters up to `bytes` bytes, so a cut point is easy to see. */
export const filled = (label: string, bytes: number) => {
  let text = "";
  for (let line = 0; text.length < bytes; line += 1) {
    const head = `${label} line ${String(line).padStart(5, "0")} `;
    text += `${head.padEnd(63, ".")}\n`;
  }
  return text.slice(0, bytes);
};

export const GIT = { ".git/HEAD": "ref: refs/heads/main\n" };

/** The report's part for `client`. */
export const clientOf = (result: DoctorReport, client: string) => {
  const found = result.clients.find((entry) => entry.client === client);
  if (found === undefined) throw new Error(`no ${client} in the report`);
  return found;
};

/** A hook command as `init claude` writes it. */
const claudeHook = (event: string, flags: string) =>
  `"$CLAUDE_PROJECT_DIR"/node_modules/.bin/contextfmt hook claude ${event} ${flags}`;

/** `count` absolute rules of about 100 characters: required items, never left out. */
const absoluteRules = (count: number) => ({
  rules: Array.from({ length: count }, (_, index) => ({
    id: `r${index}`,
    name: `rule_${index}`,
    rule: `Rule ${index}: ${"always keep the build green and the tests passing ".repeat(2)}`,
    category: "behavior",
    authority: "absolute",
    source: "user_explicit",
    priority: 50,
    createdAt: "2025-09-28T10:00:00Z",
  })),
});

/** A project that hits every rule: the goldens' fixture (test/golden/doctor/everything.*). */
export const everything = () =>
  project({
    ...GIT,
    "AGENTS.md": filled("ROOT", 40 * 1024),
    "AGENTS.override.md":
      "# Override\n\nThis folder's override, which Codex reads instead of AGENTS.md.\n",
    "sub/AGENTS.md":
      "# Sub\n\nWork in sub/ uses the sub-package's own test runner, not the root one.\n",
    "CLAUDE.md":
      "# Claude\n\nSee @docs/style.md and @docs/missing.md.\n\nRun the whole test suite before every commit, with the coverage report.\n",
    "docs/style.md": "# Style\n\nSmall modules; comments say why, not what the code does.\n",
    ".claude/rules/always.md": "Prefer pure functions in the core; keep I/O at the edges.\n",
    ".claude/rules/scoped.md":
      "---\npaths: src/**/*.ts\n---\nTypeScript files use named exports only.\n",
    "GEMINI.md":
      "# Gemini\n\nRun the whole test suite before every commit, with the coverage report.\n",
    ".gemini/settings.json": JSON.stringify({ context: { fileName: "CONTEXT.md" } }),
    "CONTEXT.md": "# Context\n\nThe renamed context file that the settings name.\n",
    "QWEN.md": "# Qwen\n",
    ".github/copilot-instructions.md": "# Copilot\n",
    ".github/instructions/all.instructions.md": '---\napplyTo: "**"\n---\nEvery file.\n',
    ".github/instructions/ts.instructions.md": '---\napplyTo: "src/**/*.ts"\n---\nTS only.\n',
    ".clinerules/style.md": "# Cline style\n",
    ".claude/commands/review.md": "---\ndescription: Review\n---\nReview the diff.\n",
    ".claude/agents/tester.md": "---\nname: tester\ndescription: Runs tests\n---\nRun the tests.\n",
    ".gemini/skills/pdf/SKILL.md": "---\nname: pdf\ndescription: Fill PDF forms\n---\n# PDF\n",
    ".agents/skills/pdf/SKILL.md":
      "---\nname: pdf\ndescription: Fill PDF forms\n---\n# PDF (copy)\n",
    ".mcp.json": JSON.stringify({ mcpServers: { fs: { command: "npx", args: ["fs-server"] } } }),
    ".contextfmt/rules.json": JSON.stringify(absoluteRules(150)),
    ".claude/settings.json": JSON.stringify({
      hooks: {
        SessionStart: [
          {
            hooks: [
              {
                type: "command",
                command: claudeHook(
                  "session-start",
                  '--rules "$CLAUDE_PROJECT_DIR"/.contextfmt/rules.json',
                ),
              },
            ],
          },
        ],
      },
    }),
  });
