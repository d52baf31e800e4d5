/**
 * Commands rendered for Codex, read back by the real Codex CLI: `codex debug prompt-input` prints
 * what the model would see, offline: the skills list (name, description, file) and AGENTS.md.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { convertCommand, parseCommand, skillName } from "contextfmt/agent-config";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runClient } from "./run-client.js";

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
