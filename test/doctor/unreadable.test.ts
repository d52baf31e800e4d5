/**
 * doctor reads only the project and is never blinded by one bad file: a file it cannot or may not
 * read is an `unreadable` problem naming it and why (never quoting what it holds), and every other
 * file and client is still reported, in text, `--json` and `--html`.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  applyPlan,
  type DoctorProblem,
  type DoctorReport,
  doctor,
  doctorHtml,
  planSync,
  type SyncTool,
} from "contextfmt/sync";
import { describe, expect, it } from "vitest";
import { doctorTable } from "../../src/cli/doctor-table.js";
import { DOCTOR_PROBLEM_ADVICE } from "../../src/doctor/problems.js";
import { withoutQuotes } from "../../src/sync/loads/unreadable.js";
import { SYNC_TOOLS } from "../../src/sync/locations.js";
import { MAX_FILE_BYTES } from "../../src/workspace/project.js";
import { project } from "../cli/project-dir.js";
import { BIN, RULES } from "../cli/run-bin.js";

const GIT = { ".git/HEAD": "ref: refs/heads/main\n" };

/** What nobody but the owner of the file should see. */
const SECRET = "TOKEN=ghp_d0ct0rMustNeverPrintThis";

/**
 * `contextfmt doctor`, bounded: a read that blocks (a FIFO) fails the test instead of hanging it,
 * as it would hang a test worker in process.
 */
function doctorBin(args: readonly string[]) {
  const result = spawnSync(process.execPath, [BIN, "doctor", ...args], {
    encoding: "utf8",
    timeout: 30_000,
  });
  expect(result.error).toBeUndefined();
  return { stdout: result.stdout, stderr: result.stderr, status: result.status };
}

/**
 * The report of `dir` (of `clients`, comma separated, or all) as the JSON, the page and the
 * table show it, each of which must be whole: every client, every unreadable file, no secret.
 */
async function fullReport(dir: string, clients?: string): Promise<DoctorReport> {
  const report = await doctor({
    dir,
    ...(clients === undefined ? {} : { clients: clients.split(",") as SyncTool[] }),
  });
  if (clients === undefined) {
    expect(report.clients.map((entry) => entry.client)).toEqual([...SYNC_TOOLS]);
  }
  checkViews(report);
  return report;
}

/** The page and the table of `report` show each client and each unreadable file; no secret. */
function checkViews(report: DoctorReport): void {
  const html = doctorHtml(report);
  const text = doctorTable(report).join("\n");
  for (const problem of report.problems.filter((p) => p.code === "unreadable")) {
    expect(html).toContain(`data-code="unreadable"`);
    expect(text).toContain(`unreadable (${problem.client}): `);
  }
  for (const client of report.clients) {
    expect(html).toContain(`id="client-${client.client}"`);
    expect(text).toContain(`${client.label} (${client.client})`);
  }
  for (const output of [JSON.stringify(report), text, html]) expect(output).not.toContain("ghp_");
}

/** The report's unreadable problems as found, each checked to carry an error's severity and fix. */
const unreadable = (report: DoctorReport) =>
  report.problems
    .filter((problem) => problem.code === "unreadable")
    .map(({ severity, fix, ...found }) => {
      expect({ severity, fix }).toEqual(DOCTOR_PROBLEM_ADVICE.unreadable);
      return found;
    });

const client = (report: DoctorReport, id: string) => {
  const found = report.clients.find((entry) => entry.client === id);
  if (found === undefined) throw new Error(`no ${id} in the report`);
  return found;
};

/** `.claude/settings.json` running `contextfmt hook` at session start once per flag list. */
const claudeHooks = (...flags: string[]) =>
  JSON.stringify({
    hooks: {
      SessionStart: flags.map((flag) => ({
        hooks: [
          {
            type: "command",
            command: `"$CLAUDE_PROJECT_DIR"/node_modules/.bin/contextfmt hook claude session-start ${flag}`,
          },
        ],
      })),
    },
  });

describe("doctor reads only the project", () => {
  it("reports a hook's --rules and --memories outside the project, never reading them", async () => {
    const dir = project({
      ...GIT,
      "CLAUDE.md": "# Claude\n\nKeep the build green.\n",
      ".claude/settings.json": claudeHooks(
        "--rules ../secret.env",
        "--rules ../secret",
        "--rules /etc/passwd",
        `--memories "$CLAUDE_PROJECT_DIR"/../secret`,
        "--rules ~/secret",
        "--rules $HOME/secret",
      ),
    });
    writeFileSync(join(dir, "../secret.env"), `${SECRET}\n`);
    writeFileSync(join(dir, "../secret"), `${SECRET}\n`);
    const report = await fullReport(dir);
    expect(unreadable(report)).toEqual([
      {
        code: "unreadable",
        client: "claude",
        path: "../secret.env",
        message:
          "SessionStart: the hook's --rules ../secret.env is outside the project: doctor does not read it",
      },
      {
        code: "unreadable",
        client: "claude",
        path: "../secret",
        message:
          "SessionStart: the hook's --rules ../secret is outside the project: doctor does not read it",
      },
      {
        code: "unreadable",
        client: "claude",
        path: "/etc/passwd",
        message:
          "SessionStart: the hook's --rules /etc/passwd is outside the project: doctor does not read it",
      },
      {
        code: "unreadable",
        client: "claude",
        path: "../secret",
        message:
          "SessionStart: the hook's --memories ../secret is outside the project: doctor does not read it",
      },
      {
        code: "unreadable",
        client: "claude",
        path: "~/secret",
        message:
          "SessionStart: the hook's --rules ~/secret is expanded by the shell: doctor does not read it",
      },
      {
        code: "unreadable",
        client: "claude",
        path: "$HOME/secret",
        message:
          "SessionStart: the hook's --rules $HOME/secret is expanded by the shell: doctor does not read it",
      },
    ]);
    // The hooks are still listed, with nothing measured for them.
    const hooks = client(report, "claude").hooks;
    expect(hooks).toHaveLength(6);
    expect(hooks.every((hook) => hook.inject === undefined)).toBe(true);
    expect(client(report, "claude").files.map((file) => file.path)).toEqual(["CLAUDE.md"]);
    expect(`${JSON.stringify(report)}${doctorTable(report).join("\n")}`).not.toMatch(/root:|x:0:0/);
  });

  it("reads a hook's input named through the project's variable, however it is spelled", async () => {
    const dir = project({
      ...GIT,
      ".contextfmt/rules.json": readFileSync(RULES),
      ".claude/settings.json": claudeHooks(
        '--rules "$CLAUDE_PROJECT_DIR"/.contextfmt/rules.json',
        "--rules $CLAUDE_PROJECT_DIR/.contextfmt/rules.json",
        `--rules \${CLAUDE_PROJECT_DIR}/.contextfmt/rules.json`,
      ),
    });
    const report = await fullReport(dir, "claude");
    expect(unreadable(report)).toEqual([]);
    const [first, ...others] = client(report, "claude").hooks.map((hook) => hook.inject);
    expect(first?.items.length).toBeGreaterThan(0);
    expect(others).toEqual([first, first]);
  });

  it("reports a hook's input reached through a link out of the project, or into .git", async () => {
    const outside = mkdtempSync(join(tmpdir(), "contextfmt-outside-"));
    writeFileSync(join(outside, "rules.json"), `${SECRET}\n`);
    const dir = project(
      {
        ...GIT,
        ".git/config": `[remote "origin"]\n\turl = https://x:${SECRET}@example.com/r.git\n`,
        ".claude/settings.json": claudeHooks(
          "--rules .contextfmt/rules.json",
          "--rules .git/config",
          "--rules docs/config",
        ),
      },
      { ".contextfmt/rules.json": join(outside, "rules.json"), "docs/config": "../.git/config" },
    );
    const problems = unreadable(await fullReport(dir, "claude"));
    expect(problems).toEqual([
      {
        code: "unreadable",
        client: "claude",
        path: ".contextfmt/rules.json",
        message: `.contextfmt/rules.json is a link to ${join(outside, "rules.json")}, outside the project`,
      },
      {
        code: "unreadable",
        client: "claude",
        path: ".git/config",
        message: ".git/config: .git is outside the project",
      },
      {
        code: "unreadable",
        client: "claude",
        path: "docs/config",
        message:
          "docs/config is a link to ../.git/config: it leads into .git, which is outside the project",
      },
    ]);
  });

  it("names a hook input in the project that is not rules without quoting it", async () => {
    const dir = project({
      ...GIT,
      ".contextfmt/rules.json": `${SECRET}\n`,
      ".contextfmt/rules": `${SECRET}\n`,
      ".claude/settings.json": claudeHooks(
        "--rules .contextfmt/rules.json",
        "--rules .contextfmt/rules",
      ),
    });
    const problems = unreadable(await fullReport(dir, "claude"));
    expect(problems.map(({ path }) => path)).toEqual([
      ".contextfmt/rules.json",
      ".contextfmt/rules",
    ]);
    expect(problems[0]?.message).toMatch(
      /^SessionStart: the hook's --rules \.contextfmt\/rules\.json cannot be read: \.contextfmt\/rules\.json: invalid JSON/,
    );
  });
});

describe("one bad file never blinds doctor to the rest", () => {
  it("a link out of the project at CLAUDE.md", async () => {
    const outside = mkdtempSync(join(tmpdir(), "contextfmt-outside-"));
    writeFileSync(join(outside, "notes.md"), `${SECRET}\n`);
    const dir = project(
      { ...GIT, "AGENTS.md": "# Agents\n\nKeep the build green.\n" },
      { "CLAUDE.md": join(outside, "notes.md") },
    );
    const report = await fullReport(dir);
    const message = `CLAUDE.md is a link to ${join(outside, "notes.md")}, outside the project`;
    expect(unreadable(report)).toEqual(
      // Zed reads CLAUDE.md where none of the names before it is there.
      ["claude", "copilot", "opencode", "kilo", "pi", "continue", "zed"].map(
        (id): DoctorProblem => ({
          code: "unreadable",
          client: id as never,
          path: "CLAUDE.md",
          message,
        }),
      ),
    );
    expect(client(report, "codex").files.map((file) => [file.path, file.loaded])).toEqual([
      ["AGENTS.md", true],
    ]);
    expect(client(report, "copilot").files.map((file) => file.path)).toEqual(["AGENTS.md"]);
  });

  it("a non-UTF-8 AGENTS.md", async () => {
    const dir = project({
      ...GIT,
      "AGENTS.md": Buffer.from([0x23, 0x20, 0xff, 0xfe, 0x0a]),
      "CLAUDE.md": "# Claude\n\nKeep the build green.\n",
    });
    const report = await fullReport(dir);
    const problems = unreadable(report);
    // Claude Code too: it reads AGENTS.md where no CLAUDE.md is, and doctor shows which wins.
    expect(problems.map((problem) => problem.client)).toEqual([
      "claude",
      "codex",
      "copilot",
      "qwen",
      "opencode",
      "cursor",
      "cline",
      "kilo",
      "pi",
      "continue",
      // Every client known from its documentation reads AGENTS.md too.
      "windsurf",
      "roo",
      "kiro",
      "zed",
      "goose",
      "amazonq",
      "junie",
      "warp",
      "antigravity",
      "openhands",
      "firebender",
    ]);
    for (const problem of problems) {
      expect(problem).toMatchObject({ path: "AGENTS.md", message: "AGENTS.md: not UTF-8 text" });
    }
    expect(client(report, "claude").files.map((file) => [file.path, file.loaded])).toEqual([
      ["CLAUDE.md", true],
    ]);
  });

  it("an instruction file over the size cap", async () => {
    const dir = project({ ...GIT, "QWEN.md": "", "AGENTS.md": "# Agents\n" });
    truncateSync(join(dir, "QWEN.md"), MAX_FILE_BYTES + 1);
    const report = await fullReport(dir);
    expect(unreadable(report)).toEqual([
      {
        code: "unreadable",
        client: "qwen",
        path: "QWEN.md",
        message: "QWEN.md: 50.0 MB is over the 50.0 MB a file read here may have",
      },
    ]);
    expect(client(report, "qwen").files.map((file) => file.path)).toEqual(["AGENTS.md"]);
  });

  it("a settings file nested too deep", async () => {
    const deep = `{"context": ${"[".repeat(200_000)}${"]".repeat(200_000)}}`;
    const dir = project({
      ...GIT,
      "GEMINI.md": "# Gemini\n\nKeep the build green.\n",
      ".gemini/settings.json": deep,
    });
    const report = await fullReport(dir);
    expect(unreadable(report)).toEqual([
      {
        code: "unreadable",
        client: "gemini",
        path: ".gemini/settings.json",
        message: ".gemini/settings.json: invalid JSON: nested too deeply to read",
      },
    ]);
    expect(client(report, "gemini").files.map((file) => file.path)).toEqual(["GEMINI.md"]);
  });

  it("a setting of the wrong type", async () => {
    const dir = project({
      ...GIT,
      "GEMINI.md": "# Gemini\n",
      ".gemini/settings.json": '{ "context": { "fileName": 5 } }',
      ".codex/config.toml": 'project_doc_max_bytes = "lots"\n',
      "AGENTS.md": "# Agents\n",
    });
    const report = await fullReport(dir);
    expect(unreadable(report)).toEqual([
      {
        code: "unreadable",
        client: "codex",
        path: ".codex/config.toml",
        message: ".codex/config.toml: project_doc_max_bytes: expected a whole number of bytes",
      },
      {
        code: "unreadable",
        client: "gemini",
        path: ".gemini/settings.json",
        message:
          ".gemini/settings.json: context.fileName: expected a file name or a list of file names",
      },
    ]);
    // Each client goes on by its defaults.
    expect(client(report, "codex").maxBytes).toBe(32768);
    expect(client(report, "gemini").files.map((file) => file.path)).toEqual(["GEMINI.md"]);
  });

  it("a FIFO at GEMINI.md, a folder at QWEN.md", () => {
    const dir = project({ ...GIT, "AGENTS.md": "# Agents\n", "QWEN.md/notes.md": "# Notes\n" });
    execFileSync("mkfifo", [join(dir, "GEMINI.md")]);
    // Through the bin: were the FIFO read, the read would block the test's own process.
    const json = doctorBin([dir, "--json"]);
    expect([json.status, json.stderr]).toEqual([0, ""]);
    const report = JSON.parse(json.stdout) as DoctorReport;
    checkViews(report);
    const problem = (id: string, path: string, message: string) => ({
      code: "unreadable",
      client: id,
      path,
      message,
    });
    expect(unreadable(report)).toEqual([
      problem("gemini", "GEMINI.md", "GEMINI.md: not a regular file (a FIFO (named pipe))"),
      problem("copilot", "GEMINI.md", "GEMINI.md: not a regular file (a FIFO (named pipe))"),
      problem("qwen", "QWEN.md", "QWEN.md: a folder, not a file"),
      // Zed looks for GEMINI.md last of its names; Antigravity reads it beside AGENTS.md.
      problem("zed", "GEMINI.md", "GEMINI.md: not a regular file (a FIFO (named pipe))"),
      problem("antigravity", "GEMINI.md", "GEMINI.md: not a regular file (a FIFO (named pipe))"),
    ]);
    expect(client(report, "gemini").files).toEqual([]);
    expect(client(report, "copilot").files.map((file) => file.path)).toEqual(["AGENTS.md"]);
  });

  it("a command, an MCP file and a rules folder's file each reported alone", async () => {
    const dir = project({
      ...GIT,
      "CLAUDE.md": "# Claude\n",
      ".claude/commands/good.md": "Review the diff.\n",
      ".claude/commands/bad.md": Buffer.from([0xc3, 0x28]),
      ".claude/rules/bad.md": Buffer.from([0xc3, 0x28]),
      ".claude/rules/good.md": "Prefer pure functions.\n",
      ".mcp.json": `{ "mcpServers": { "fs": { "command": 5 } } }`,
    });
    const report = await fullReport(dir, "claude");
    expect(unreadable(report).map(({ path }) => path)).toEqual([
      ".claude/rules/bad.md",
      ".claude/commands/bad.md",
      ".mcp.json",
    ]);
    const claude = client(report, "claude");
    expect(claude.commands.map((item) => item.name)).toEqual(["good"]);
    expect(claude.files.map((file) => file.path)).toEqual(["CLAUDE.md", ".claude/rules/good.md"]);
  });

  it("a synced source that cannot be read: what sync --check would change is unknown, said so", async () => {
    const dir = project({
      ".claude/commands/review.md": "---\ndescription: Review\n---\nReview the diff.\n",
    });
    applyPlan(planSync({ dir, from: "claude", to: ["gemini"], kinds: ["command"] }));
    writeFileSync(join(dir, ".claude/commands/review.md"), Buffer.from([0xc3, 0x28]));
    const report = await fullReport(dir, "claude,gemini");
    expect(unreadable(report)).toEqual([
      {
        code: "unreadable",
        client: "claude",
        path: ".claude/commands/review.md",
        message: ".claude/commands/review.md: not UTF-8 text",
      },
      {
        code: "unreadable",
        client: "gemini",
        message:
          "what sync --check would change is unknown: .claude/commands/review.md: not UTF-8 text",
      },
    ]);
    expect(client(report, "gemini").commands.map((item) => item.name)).toEqual(["review"]);
  });

  it("exits 1 with --strict for an unreadable file alone", () => {
    const dir = project({ ...GIT, "AGENTS.md": Buffer.from([0xff]) });
    expect(doctorBin([dir, "--client", "codex", "--strict"]).status).toBe(1);
    expect(doctorBin([dir, "--client", "codex"]).status).toBe(0);
  });
});

describe("withoutQuotes", () => {
  it("elides every quoted value and quoted character of a parser's message, an unclosed one to the end", () => {
    expect(withoutQuotes('rules: (input): expected object, received "TOKEN=ghp_x…"')).toBe(
      'rules: (input): expected object, received "…"',
    );
    expect(
      withoutQuotes(`invalid JSON: Unexpected token 'T', "TOKEN=ghp_"... is not valid JSON`),
    ).toBe(`invalid JSON: Unexpected token '…', "…"... is not valid JSON`);
    expect(withoutQuotes('a "b" c "d')).toBe('a "…" c "…');
    expect(withoutQuotes("Claude Code's cap")).toBe("Claude Code's cap");
  });
});
