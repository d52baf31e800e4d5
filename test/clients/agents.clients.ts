/**
 * Subagents and skills converted by this library, loaded by the real CLIs. Each agent fixture
 * (Claude Code, Gemini CLI, Codex) is converted into every tool's format and installed where that
 * tool looks; the CLI must then offer it to the model with its description. Claude Code and
 * Gemini CLI run headless against a loopback server standing in for the model API (the request
 * lists the agents and skills); Codex prints what the model would see (`codex debug prompt-input`).
 * A file with a key the tool refuses is installed beside them, to show each check can fail.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type AgentFormat,
  convertAgent,
  convertSkill,
  parseAgent,
  type SkillFormat,
} from "contextfmt/agent-config";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordModelRequests, runClient } from "./run-client.js";

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/agent-config/${name}`, import.meta.url), "utf8");

const AGENTS = [
  { text: fixture("code-reviewer.claude-agent.md"), from: "claude" },
  { text: fixture("security-auditor.gemini-agent.md"), from: "gemini" },
  { text: fixture("explorer.codex-agent.toml"), from: "codex" },
] as const;
const SKILL = fixture("pdf-forms.claude-skill.md");

/** Writes every agent converted to `to` into `dir`; returns their names and descriptions. */
function installAgents(dir: string, to: AgentFormat, ext: string) {
  mkdirSync(dir, { recursive: true });
  return AGENTS.map((source) => {
    const { content } = convertAgent(source.text, { from: source.from, to });
    const { agent } = parseAgent(to, content);
    writeFileSync(join(dir, `${agent.name}.${ext}`), content);
    return agent;
  });
}

function installSkill(skillsDir: string, to: SkillFormat): void {
  mkdirSync(join(skillsDir, "pdf-forms"), { recursive: true });
  const { content } = convertSkill(SKILL, { from: "claude", to });
  writeFileSync(join(skillsDir, "pdf-forms", "SKILL.md"), content);
}

/** A temporary home and a git project beside it. */
function sandbox(prefix: string): { root: string; home: string; project: string } {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const home = join(root, "home");
  const project = join(root, "project");
  mkdirSync(home);
  mkdirSync(project);
  execFileSync("git", ["init", "-q", project]);
  return { root, home, project };
}

const sent = (run: { requests: readonly { body: string }[] }) =>
  run.requests.map((request) => request.body).join("\n");
/** `text` as it appears inside a JSON string. */
const inJson = (text: string) => JSON.stringify(text).slice(1, -1);

describe("Claude Code offers the agents and the skill we write", () => {
  let box: ReturnType<typeof sandbox>;
  let body: string;
  let agents: ReturnType<typeof installAgents>;
  beforeAll(() => {
    box = sandbox("contextfmt-claude-agents-");
    agents = installAgents(join(box.project, ".claude", "agents"), "claude", "md");
    installSkill(join(box.project, ".claude", "skills"), "claude");
    body = sent(
      recordModelRequests(
        "claude",
        ["-p", "hi", "--max-turns", "1"],
        { HOME: box.home, ANTHROPIC_API_KEY: "x" },
        box.project,
      ),
    );
  });
  afterAll(() => rmSync(box.root, { recursive: true, force: true }));

  it("every converted agent is listed with its description and, where given, its tools", () => {
    for (const agent of agents) {
      const tools = agent.tools ? ` (Tools: ${agent.tools.join(", ")})` : "";
      expect(body).toContain(inJson(`- ${agent.name}: ${agent.description}${tools}`));
    }
  });

  it("the skill is offered with its description", () => {
    expect(body).toContain(inJson("- pdf-forms: Fill in PDF forms and extract their fields."));
  });
});

describe("Gemini CLI loads the agents and the skill we write", () => {
  let box: ReturnType<typeof sandbox>;
  let run: ReturnType<typeof recordModelRequests>;
  let agents: ReturnType<typeof installAgents>;
  beforeAll(() => {
    box = sandbox("contextfmt-gemini-agents-");
    const gemini = join(box.home, ".gemini");
    agents = installAgents(join(gemini, "agents"), "gemini", "md");
    writeFileSync(
      join(gemini, "agents", "refused.md"),
      "---\nname: refused\ndescription: Holds a Claude Code key\ncolor: blue\n---\nx\n",
    );
    installSkill(join(gemini, "skills"), "gemini");
    writeFileSync(
      join(gemini, "settings.json"),
      JSON.stringify({ security: { auth: { selectedType: "gemini-api-key" } } }),
    );
    run = recordModelRequests(
      "gemini",
      ["--skip-trust", "-p", "hi"],
      { HOME: box.home, GEMINI_API_KEY: "x" },
      box.project,
    );
  });
  afterAll(() => rmSync(box.root, { recursive: true, force: true }));

  it("every converted agent is offered as a subagent with its description", () => {
    const body = sent(run);
    for (const agent of agents) {
      expect(body).toContain(
        inJson(`<name>${agent.name}</name>\n    <description>${agent.description}</description>`),
      );
    }
  });

  it("a file with a key Gemini CLI does not know is refused, so the check above can fail", () => {
    expect(run.output).toContain("Unrecognized key(s) in object: 'color'");
    expect(sent(run)).not.toContain("<name>refused</name>");
  });

  it("the skill is offered with its description", () => {
    expect(sent(run)).toContain(
      inJson("<name>pdf-forms</name>\n    <description>Fill in PDF forms"),
    );
  });
});

describe("Codex CLI loads the agents and the skill we write", () => {
  let box: ReturnType<typeof sandbox>;
  let input: string;
  let agents: ReturnType<typeof installAgents>;
  beforeAll(() => {
    box = sandbox("contextfmt-codex-agents-");
    const codexHome = join(box.home, ".codex");
    agents = installAgents(join(codexHome, "agents"), "codex", "toml");
    writeFileSync(
      join(codexHome, "agents", "refused.toml"),
      'name = "refused"\ndescription = "Holds a Claude Code key"\ncolor = "blue"\ndeveloper_instructions = "x"\n',
    );
    installSkill(join(box.project, ".agents", "skills"), "codex");
    const { stdout } = runClient(
      "codex",
      ["debug", "prompt-input"],
      { CODEX_HOME: codexHome, HOME: box.home },
      box.project,
    );
    input = JSON.stringify(JSON.parse(stdout));
  });
  afterAll(() => rmSync(box.root, { recursive: true, force: true }));

  it("every converted agent is listed with its description", () => {
    for (const agent of agents) {
      expect(input).toContain(inJson(`${agent.name}: {\n${agent.description}`));
    }
  });

  it("an agent file with a key Codex does not know is skipped, so the check above can fail", () => {
    expect(input).not.toContain(inJson("refused: {"));
  });

  it("the skill is listed with its description", () => {
    expect(input).toContain(inJson("- pdf-forms: Fill in PDF forms"));
  });
});
