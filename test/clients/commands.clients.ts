/**
 * Commands rendered by this library, run by the real CLIs. Codex: `codex debug prompt-input`
 * prints what the model would see, offline (the skills list and AGENTS.md). Claude Code and
 * Gemini CLI: the command is invoked headless against a loopback server standing in for the
 * model API, and the request shows how the CLI filled in arguments, shell output and files.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { convertCommand, parseCommand, skillName } from "contextfmt/agent-config";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordModelRequests, runClient } from "./run-client.js";

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/agent-config/${name}`, import.meta.url), "utf8");

const SOURCES = [
  { text: fixture("review.claude.md"), from: "claude", name: "review" },
  { text: fixture("commit.gemini.toml"), from: "gemini", name: "git/commit" },
  // No description: Codex skips such a skill, so one is derived from the prompt.
  { text: "Summarise the open pull requests.\n", from: "claude", name: "pr-summary" },
] as const;

let project: string;
let home: string;
beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), "contextfmt-codex-commands-"));
  home = join(project, ".home");
  mkdirSync(home);
  execFileSync("git", ["init", "-q", project]);
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

/** The model-visible prompt input, as one string to search. */
function promptInput(): string {
  const { stdout } = runClient(
    "codex",
    ["debug", "prompt-input"],
    { CODEX_HOME: home, HOME: home },
    project,
  );
  return JSON.stringify(JSON.parse(stdout));
}

describe("Codex CLI reads the skills and AGENTS.md sections we write", () => {
  it("every command converted to a skill is listed with its name and description", async () => {
    const expected: string[] = [];
    for (const source of SOURCES) {
      const { content } = await convertCommand(source.text, { ...source, to: "codex-skill" });
      const { command } = parseCommand("codex-skill", content);
      const dir = join(project, ".agents", "skills", skillName(source.name));
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, "SKILL.md"), content);
      expected.push(`- ${command.name}: ${command.description} (file: `);
    }
    const input = promptInput();
    for (const line of expected) expect(input).toContain(JSON.stringify(line).slice(1, -1));
  });

  it("a skill without a description is skipped by Codex, so the check above can fail", () => {
    const dir = join(project, ".agents", "skills", "undescribed");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "SKILL.md"), "---\nname: undescribed\n---\n\nDo it.\n");
    expect(promptInput()).not.toContain("undescribed");
    rmSync(dir, { recursive: true });
  });

  it("commands converted to AGENTS.md sections reach the model verbatim", async () => {
    const sections: string[] = [];
    for (const source of SOURCES) {
      sections.push((await convertCommand(source.text, { ...source, to: "codex" })).content);
    }
    writeFileSync(join(project, "AGENTS.md"), sections.join("\n"));
    const input = promptInput();
    for (const section of sections)
      expect(input).toContain(JSON.stringify(section.trimEnd()).slice(1, -1));
  });
});

/** A project with a file, one commit, a staged change and a style guide, each with a marker. */
function commandProject(): string {
  const dir = mkdtempSync(join(tmpdir(), "contextfmt-commands-"));
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=t", ...args], {
      cwd: dir,
    });
  git("init", "-q");
  mkdirSync(join(dir, "src"));
  mkdirSync(join(dir, "docs"));
  writeFileSync(join(dir, "src", "app.ts"), "export const APP_SOURCE_MARKER = 1;\n");
  writeFileSync(join(dir, "docs", "COMMITS.md"), "HOUSE_STYLE_MARKER\n");
  git("add", "-A");
  git("commit", "-qm", "COMMIT_LOG_MARKER");
  writeFileSync(join(dir, "staged.txt"), "STAGED_CHANGE_MARKER\n");
  git("add", "staged.txt");
  return dir;
}

/** Writes each fixture command converted to `to` where that tool looks for it. */
async function installCommands(dir: string, to: "claude" | "gemini"): Promise<void> {
  for (const source of SOURCES.slice(0, 2)) {
    const { content } = await convertCommand(source.text, { ...source, to });
    const file =
      to === "claude"
        ? join(dir, ".claude", "commands", `${source.name}.md`)
        : join(dir, ".gemini", "commands", `${source.name}.toml`);
    mkdirSync(join(file, ".."), { recursive: true });
    writeFileSync(file, content);
  }
}

/** Everything the CLI sent to the model, as one searchable string. */
const sent = (run: { requests: readonly { body: string }[] }) =>
  run.requests.map((request) => request.body).join("\n");

describe("Claude Code runs the commands we write", () => {
  let dir: string;
  let home: string;
  beforeAll(async () => {
    dir = commandProject();
    home = mkdtempSync(join(tmpdir(), "contextfmt-claude-home-"));
    await installCommands(dir, "claude");
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  });
  const claude = (prompt: string) =>
    sent(
      recordModelRequests(
        "claude",
        ["-p", prompt, "--max-turns", "1"],
        { HOME: home, ANTHROPIC_API_KEY: "x" },
        dir,
      ),
    );

  it("/review: $0 and $1 (0-based), $ARGUMENTS, the shell output and the @file", () => {
    const body = claude("/review src/app.ts naming");
    expect(body).toContain("Review @src/app.ts with a focus on naming.");
    expect(body).toMatch(/Recent changes to it:\\n[0-9a-f]+ COMMIT_LOG_MARKER/);
    expect(body).toContain("APP_SOURCE_MARKER");
    expect(body).toContain("Everything you were given: src/app.ts naming");
  });

  it("/git:commit converted from Gemini: arguments, staged diff and style guide filled in", () => {
    const body = claude("/git:commit EXTRA_ARG_MARKER");
    expect(body).toContain("Extra instructions: EXTRA_ARG_MARKER");
    expect(body).toContain("+STAGED_CHANGE_MARKER");
    expect(body).toContain("HOUSE_STYLE_MARKER");
  });
});

describe("Gemini CLI runs the commands we write", () => {
  let dir: string;
  let home: string;
  beforeAll(async () => {
    dir = commandProject();
    home = mkdtempSync(join(tmpdir(), "contextfmt-gemini-home-"));
    mkdirSync(join(home, ".gemini"));
    writeFileSync(
      join(home, ".gemini", "settings.json"),
      JSON.stringify({ security: { auth: { selectedType: "gemini-api-key" } } }),
    );
    await installCommands(dir, "gemini");
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  });
  const gemini = (prompt: string) =>
    sent(
      recordModelRequests(
        "gemini",
        ["--skip-trust", "--approval-mode", "yolo", "-p", prompt],
        { HOME: home, GEMINI_API_KEY: "x" },
        dir,
      ),
    );

  it("/git:commit: {{args}}, !{git diff --staged} and @{docs/COMMITS.md} filled in", () => {
    const body = gemini("/git:commit EXTRA_ARG_MARKER");
    expect(body).toContain("Extra instructions: EXTRA_ARG_MARKER");
    // Gemini CLI ran the command in the project: git printed the diff, or (Gemini CLI 0.61 sets
    // diff.external to "" through GIT_CONFIG_* for the commands it runs) named the staged file.
    expect(body).not.toContain("!{git diff --staged}");
    expect(body).toMatch(/\+STAGED_CHANGE_MARKER|stopping at staged\.txt/);
    expect(body).toContain("HOUSE_STYLE_MARKER");
  });

  it("/review converted from Claude: {{args}} filled in; positional $0/$1 stay as written (reported)", () => {
    const body = gemini("/review src/app.ts naming");
    expect(body).toContain("Everything you were given: src/app.ts naming");
    expect(body).toContain("Review @$0 with a focus on $1.");
  });
});
