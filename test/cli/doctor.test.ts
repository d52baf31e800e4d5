import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { DoctorReport } from "../../src/doctor/report.js";
import { SYNC_TOOLS } from "../../src/sync/locations.js";
import { hookInputs } from "../fixtures/hook-inputs.js";
import { project, tree } from "./project-dir.js";
import { contextfmt, example } from "./run-bin.js";

const golden = (name: string) => new URL(`../golden/doctor/${name}`, import.meta.url).pathname;
const RULES = new URL("../../examples/rules.json", import.meta.url).pathname;

/** Numbered lines of `width` characters up to `bytes` bytes, so a cut point is easy to see. */
const filled = (label: string, bytes: number) => {
  let text = "";
  for (let line = 0; text.length < bytes; line += 1) {
    const head = `${label} line ${String(line).padStart(5, "0")} `;
    text += `${head.padEnd(63, ".")}\n`;
  }
  return text.slice(0, bytes);
};

const GIT = { ".git/HEAD": "ref: refs/heads/main\n" };

const doctor = (args: readonly string[]) => {
  const result = contextfmt(["doctor", ...args]);
  expect(result.stderr).toBe("");
  return result;
};

const report = (args: readonly string[]): DoctorReport => {
  const { stdout, status } = doctor([...args, "--json"]);
  expect(status).toBe(0);
  return JSON.parse(stdout) as DoctorReport;
};

const clientOf = (result: DoctorReport, client: string) => {
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

/** A project that hits every rule: the goldens' fixture. */
const everything = () =>
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

describe("contextfmt doctor", () => {
  it("prints each client's files, items and hooks, and the problems (golden table and JSON)", async () => {
    const dir = everything();
    const before = tree(dir);
    const table = doctor([dir]);
    expect(table.status).toBe(0);
    await expect(table.stdout).toMatchFileSnapshot(golden("everything.txt"));
    const json = doctor([dir, "--json"]);
    await expect(json.stdout).toMatchFileSnapshot(golden("everything.json"));
    // Read-only: nothing written, moved or left over.
    expect(tree(dir)).toEqual(before);
  });

  it("cuts a 40 KiB AGENTS.md for Codex CLI at 32768 bytes, keeping its start", () => {
    const dir = project({ ...GIT, "AGENTS.md": filled("ROOT", 40 * 1024) });
    const codex = clientOf(report([dir, "--client", "codex"]), "codex");
    expect(codex.files).toEqual([
      expect.objectContaining({
        path: "AGENTS.md",
        bytes: 40960,
        loaded: true,
        cut: { atByte: 32768, lostBytes: 8192 },
      }),
    ]);
    expect(codex.loaded.bytes).toBe(32768);
    // The other clients have no cap: the whole file.
    const opencode = clientOf(report([dir, "--client", "opencode"]), "opencode");
    expect(opencode.files[0]).not.toHaveProperty("cut");
    expect(opencode.loaded.bytes).toBe(40960);
  });

  it("joins nested files root first for Codex CLI (the deepest cut), deepest first for OpenCode", () => {
    const dir = project({
      ...GIT,
      "AGENTS.md": filled("ROOT", 20480),
      "sub/AGENTS.md": filled("SUB", 20480),
      "sub/deep/AGENTS.md": "# Deep\n",
    });
    const result = report([join(dir, "sub"), "--client", "codex,opencode,qwen"]);
    const codex = clientOf(result, "codex");
    expect(codex.files.map((f) => [f.path, f.loaded, f.cut])).toEqual([
      ["AGENTS.md", true, undefined],
      ["sub/AGENTS.md", true, { atByte: 12288, lostBytes: 8192 }],
      ["sub/deep/AGENTS.md", false, undefined],
    ]);
    expect(clientOf(result, "opencode").files.map((f) => f.path)).toEqual([
      "sub/AGENTS.md",
      "AGENTS.md",
      "sub/deep/AGENTS.md",
    ]);
    expect(result.problems).toEqual([
      {
        code: "over_client_limit",
        client: "codex",
        path: "sub/AGENTS.md",
        message:
          "sub/AGENTS.md is cut at byte 12288 of 20480 by Codex CLI's cap of 32768 bytes on instruction files: its last 8192 bytes never reach the model",
      },
    ]);
  });

  it("drops the files after a spent cap, and honors the project's project_doc_max_bytes", () => {
    const dir = project({
      ...GIT,
      "AGENTS.md": filled("ROOT", 3000),
      "sub/AGENTS.md": filled("SUB", 3000),
      ".codex/config.toml": "project_doc_max_bytes = 2000\n",
    });
    const codex = clientOf(report([join(dir, "sub"), "--client", "codex"]), "codex");
    expect(codex.maxBytes).toBe(2000);
    expect(codex.files.map((f) => [f.path, f.loaded, f.cut])).toEqual([
      ["AGENTS.md", true, { atByte: 2000, lostBytes: 1000 }],
      ["sub/AGENTS.md", false, { atByte: 0, lostBytes: 3000 }],
    ]);
  });

  it("shows an override shadowing AGENTS.md in its folder only", () => {
    const dir = project({
      ...GIT,
      "AGENTS.md": "ROOT_PLAIN\n",
      "AGENTS.override.md": "ROOT_OVERRIDE\n",
      "sub/AGENTS.md": "SUB_PLAIN\n",
    });
    const result = report([join(dir, "sub"), "--client", "codex"]);
    expect(clientOf(result, "codex").files.map((f) => [f.path, f.loaded, f.shadowedBy])).toEqual([
      ["AGENTS.override.md", true, undefined],
      ["AGENTS.md", false, "AGENTS.override.md"],
      ["sub/AGENTS.md", true, undefined],
    ]);
    expect(result.problems.map((p) => [p.code, p.path])).toEqual([["shadowed", "AGENTS.md"]]);
  });

  it("CLAUDE.md shadows AGENTS.md for Claude Code, which reads AGENTS.md alone; Copilot CLI reads both", () => {
    const both = project({ ...GIT, "CLAUDE.md": "CLAUDE_MARK\n", "AGENTS.md": "AGENTS_MARK\n" });
    const result = report([both, "--client", "claude,copilot"]);
    expect(clientOf(result, "claude").files.map((f) => [f.path, f.loaded, f.shadowedBy])).toEqual([
      ["CLAUDE.md", true, undefined],
      ["AGENTS.md", false, "CLAUDE.md"],
    ]);
    expect(clientOf(result, "copilot").files.map((f) => [f.path, f.loaded])).toEqual([
      ["AGENTS.md", true],
      ["CLAUDE.md", true],
    ]);
    const alone = project({ ...GIT, "AGENTS.md": "AGENTS_MARK\n" });
    expect(clientOf(report([alone, "--client", "claude"]), "claude").files).toEqual([
      expect.objectContaining({ path: "AGENTS.md", loaded: true }),
    ]);
  });

  it("reads no AGENTS.md for Claude Code where any folder from the root to the start has a CLAUDE.md", () => {
    const files = (paths: DoctorReport) =>
      clientOf(paths, "claude").files.map((f) => [f.path, f.loaded, f.shadowedBy]);
    const rootClaude = project({
      ...GIT,
      "CLAUDE.md": "CLAUDE_MARK\n",
      "AGENTS.md": "AGENTS_MARK\n",
      "sub/AGENTS.md": "SUB_AGENTS_MARK\n",
    });
    expect(files(report([join(rootClaude, "sub"), "--client", "claude"]))).toEqual([
      ["CLAUDE.md", true, undefined],
      ["AGENTS.md", false, "CLAUDE.md"],
      ["sub/AGENTS.md", false, "CLAUDE.md"],
    ]);
    const subClaude = project({
      ...GIT,
      "AGENTS.md": "AGENTS_MARK\n",
      "sub/CLAUDE.md": "SUB_CLAUDE_MARK\n",
      "sub/AGENTS.md": "SUB_AGENTS_MARK\n",
    });
    expect(files(report([join(subClaude, "sub"), "--client", "claude"]))).toEqual([
      ["AGENTS.md", false, "sub/CLAUDE.md"],
      ["sub/CLAUDE.md", true, undefined],
      ["sub/AGENTS.md", false, "sub/CLAUDE.md"],
    ]);
    const none = project({
      ...GIT,
      "AGENTS.md": "AGENTS_MARK\n",
      "sub/AGENTS.md": "SUB_AGENTS_MARK\n",
    });
    expect(files(report([join(none, "sub"), "--client", "claude"]))).toEqual([
      ["AGENTS.md", true, undefined],
      ["sub/AGENTS.md", true, undefined],
    ]);
  });

  it("reads the files context.fileName adds before GEMINI.md, and says it needs a trusted folder", () => {
    const dir = project({
      ...GIT,
      "GEMINI.md": "GEMINI_MARK\n",
      "AGENTS.md": "AGENTS_MARK\n",
      ".gemini/settings.json":
        '{ // comments are allowed\n "context": { "fileName": ["AGENTS.md"] } }',
    });
    const result = report([dir, "--client", "gemini"]);
    expect(clientOf(result, "gemini").files.map((f) => [f.path, f.loaded])).toEqual([
      ["AGENTS.md", true],
      ["GEMINI.md", true],
    ]);
    expect(result.problems).toEqual([
      {
        code: "untrusted",
        client: "gemini",
        path: ".gemini/settings.json",
        message:
          "Gemini CLI reads context.fileName in .gemini/settings.json only in a trusted folder: elsewhere it does not read AGENTS.md",
      },
    ]);
  });

  it("measures an installed hook over its event's inline limit by the hook's own library call", () => {
    const dir = everything();
    const claude = clientOf(report([dir, "--client", "claude"]), "claude");
    const [hook] = claude.hooks;
    expect(hook).toMatchObject({
      event: "SessionStart",
      path: ".claude/settings.json",
      limit: { chars: 10000 },
    });
    // Cut to the limit, as the hook itself does, and every rule is required: none skipped.
    expect(hook?.inject?.chars).toBeLessThanOrEqual(10000);
    expect(hook?.inject?.chars).toBeGreaterThan(9000);
    expect(hook?.inject?.items).toHaveLength(150);
    const problems = report([dir, "--client", "claude"]).problems.filter(
      (p) => p.code === "hook_over_limit",
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]?.message).toMatch(
      /^SessionStart: the required items alone are over Claude Code's inline limit of 10000 characters/,
    );
    // The same hook with the example rules fits: no problem.
    writeFileSync(join(dir, ".contextfmt/rules.json"), readFileSync(RULES));
    const fits = report([dir, "--client", "claude"]);
    expect(fits.problems.some((p) => p.code === "hook_over_limit")).toBe(false);
    expect(clientOf(fits, "claude").hooks[0]?.inject?.items.length).toBeGreaterThan(0);
  });

  it("lists Cline's hook scripts as init wrote them, measured as the script's own answer", () => {
    const dir = project(GIT);
    expect(contextfmt(["init", "cline", dir, "--events", "all"]).status).toBe(0);
    writeFileSync(join(dir, ".contextfmt/session.json"), readFileSync(example("session.json")));
    const cline = clientOf(report([dir, "--client", "cline"]), "cline");
    const command = (event: string) =>
      `exec node_modules/.bin/contextfmt hook cline ${event} --session .contextfmt/session.json`;
    expect(cline.hooks.map(({ event, path, command }) => ({ event, path, command }))).toEqual([
      {
        event: "PreToolUse",
        path: ".clinerules/hooks/PreToolUse",
        command: command("pre-tool-use"),
      },
      {
        event: "PostToolUse",
        path: ".clinerules/hooks/PostToolUse",
        command: command("post-tool-use"),
      },
    ]);
    // What the hook itself answers Cline's real stdin with: the same characters.
    const answer = contextfmt(
      ["hook", "cline", "post-tool-use", "--session", ".contextfmt/session.json"],
      JSON.stringify(hookInputs.cline.PostToolUse),
      dir,
    );
    const { contextModification } = JSON.parse(answer.stdout) as { contextModification: string };
    expect(contextModification).toMatch(/^Related: /);
    for (const hook of cline.hooks) expect(hook.inject?.chars).toBe(contextModification.length);
    expect(doctor([dir, "--client", "cline"]).stdout).toContain(
      `    PostToolUse: ${contextModification.length} characters`,
    );
  });

  it("finds the same line reaching a client twice (a synced region beside its source)", () => {
    const source = "Run the whole test suite before every commit, with the coverage report.";
    const dir = project({
      ...GIT,
      "CLAUDE.md": `# Notes\n\n${source}\n`,
      "AGENTS.md": `# Agents\n\n<!-- contextfmt:begin -->\n<!-- contextfmt:instructions -->\n${source}\n<!-- contextfmt:end -->\n`,
    });
    const result = report([dir, "--client", "copilot,claude"]);
    expect(result.problems.filter((p) => p.code === "duplicate_content")).toEqual([
      {
        code: "duplicate_content",
        client: "copilot",
        path: "CLAUDE.md",
        message: `1 line of AGENTS.md reaches GitHub Copilot CLI again from CLAUDE.md ("${source.slice(0, 50)}…")`,
      },
    ]);
  });

  it("reports what sync --check would change in a synced project", () => {
    const dir = project({
      ".claude/commands/review.md": "---\ndescription: Review\n---\nReview the diff.\n",
    });
    expect(
      contextfmt(["sync", dir, "--from", "claude", "--to", "gemini", "--only", "commands"]).status,
    ).toBe(0);
    expect(report([dir, "--client", "gemini"]).problems).toEqual([]);
    writeFileSync(
      join(dir, ".claude/commands/review.md"),
      "---\ndescription: Review\n---\nReview it all.\n",
    );
    expect(report([dir, "--client", "gemini,claude"]).problems).toEqual([
      {
        code: "out_of_sync",
        client: "gemini",
        path: ".gemini/commands/review.toml",
        message:
          "sync --from claude --to gemini --only command would change .gemini/commands/review.toml",
      },
    ]);
  });

  it("exits 1 with --strict when there are problems, 0 without", () => {
    const dir = project({ ...GIT, "AGENTS.md": filled("ROOT", 40 * 1024) });
    expect(doctor([dir, "--strict"]).status).toBe(1);
    expect(doctor([dir, "--strict", "--client", "opencode"]).status).toBe(0);
    expect(doctor([dir]).status).toBe(0);
  });

  it.each(SYNC_TOOLS)("reports client %s alone when asked", (client) => {
    const dir = everything();
    const result = report([dir, "--client", client]);
    expect(result.clients.map((c) => c.client)).toEqual([client]);
    expect(result.problems.every((p) => p.client === client)).toBe(true);
    expect(clientOf(result, client).files.length).toBeGreaterThan(0);
  });

  it("counts tokens exactly with --exact", () => {
    const dir = project({ "AGENTS.md": "hello world\n" });
    const codex = clientOf(report([dir, "--client", "codex", "--exact"]), "codex");
    expect(codex.files[0]?.tokens).toBe(3);
  });

  it("refuses bad input in one line naming it", () => {
    const dir = project();
    // A file of the project that is not what its client reads is a problem in the report: see
    // doctor/unreadable.test.ts.
    const cases: [readonly string[], string][] = [
      [[dir, "--client", "vim"], 'contextfmt: --client: unknown client "vim"; clients: claude,'],
      [[join(dir, "nope")], `contextfmt: ${join(dir, "nope")}: no such folder`],
      [[dir, dir], "contextfmt: unexpected argument"],
    ];
    for (const [args, message] of cases) {
      const { stdout, stderr, status } = contextfmt(["doctor", ...args]);
      expect(status).toBe(1);
      expect(stdout).toBe("");
      expect(stderr.split("\n")).toHaveLength(2);
      expect(stderr).toContain(message);
    }
  });
});
