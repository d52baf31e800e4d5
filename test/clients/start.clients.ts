/**
 * The session start doctor counts, against what the real clients send. Claude Code runs headless
 * against a loopback model server; Codex CLI prints its prompt (`codex debug prompt-input`). The
 * listing lines of the project's skills, agents and commands are taken from what the client
 * sends, counted by the same counter, and doctor's count of its listing must be within
 * {@link TOLERANCE} of them.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { doctor } from "contextfmt/sync";
import { afterAll, describe, expect, it } from "vitest";
import { defaultCounter } from "../../src/tokens/heuristic.js";
import { recordModelRequests, runClient } from "./run-client.js";

/**
 * How far doctor's listing count may be from the client's own lines, by client: Claude Code's
 * lines are doctor's exactly (what is left is three counts against one); Codex names a skill's
 * file by its root's alias (`r1/pdf-forms/SKILL.md`) where doctor writes the project path; an
 * MCP tool reaches Claude Code's model under a longer name (`mcp__notes__read_note`): 4.8 %
 * more with SDK 1.32 and Claude Code 2.1.330.
 */
const TOLERANCE = { claude: 0.02, codex: 0.1, mcp: 0.08 };

/** A tool definition as Claude Code sends it to the model. */
interface SentTool {
  readonly name: string;
  readonly description?: string;
  readonly input_schema?: unknown;
}

const SKILLS: Record<string, string> = {
  "pdf-forms": "Fill in PDF forms and extract their fields.",
  "release-notes":
    "Write the release notes for the changes since the last tag, grouped by what a user gets.",
};
const AGENTS = {
  reviewer: { description: "Reviews diffs for bugs and missing tests.", tools: "Read, Grep" },
  helper: { description: "Answers questions about the code base.", tools: undefined },
};
const COMMANDS = { review: "Review the current diff", deploy: "Deploy (never by the model)" };

/** A git project with `files`, and a home beside it. */
function sandbox(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), "contextfmt-start-clients-"));
  const home = join(root, "home");
  const project = join(root, "project");
  mkdirSync(home);
  execFileSync("git", ["init", "-q", project]);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(project, path)), { recursive: true });
    writeFileSync(join(project, path), text);
  }
  return { root, home, project };
}

const skillFiles = (dir: string) =>
  Object.fromEntries(
    Object.entries(SKILLS).map(([name, description]) => [
      `${dir}/${name}/SKILL.md`,
      `---\nname: ${name}\ndescription: ${description}\n---\nThe steps, never listed.\n`,
    ]),
  );

/** The lines of `text` that list one of `names` (`- name: …`, up to the line's end). */
function listingLines(text: string, names: readonly string[]): string {
  return text
    .split("\n")
    .filter((line) => names.some((name) => line.startsWith(`- ${name}: `)))
    .map((line) => `${line}\n`)
    .join("");
}

const boxes: string[] = [];
afterAll(() => {
  for (const root of boxes) rmSync(root, { recursive: true, force: true });
});

/** The folder the real-client checks installed the clients in, with the MCP SDK beside them. */
const CLIENT_MODULES = join(
  process.env.CONTEXTFMT_CLIENTS ?? join(process.cwd(), ".clients/node_modules/.bin"),
  "..",
);
const SDK_SERVER = new URL("../fixtures/mcp/sdk-server.mjs", import.meta.url).pathname;

describe("doctor's session start against the real clients", () => {
  it(`Claude Code: the skills, agents and commands listing is within ${TOLERANCE.claude * 100} % of the lines it sends`, async () => {
    const box = sandbox({
      "CLAUDE.md": "# Rules\n\nKeep functions small.\n",
      ...skillFiles(".claude/skills"),
      ...Object.fromEntries(
        Object.entries(AGENTS).map(([name, { description, tools }]) => [
          `.claude/agents/${name}.md`,
          `---\nname: ${name}\ndescription: ${description}\n${tools ? `tools: ${tools}\n` : ""}---\nYou work.\n`,
        ]),
      ),
      ".claude/commands/review.md": `---\ndescription: ${COMMANDS.review}\n---\nReview it.\n`,
      ".claude/commands/deploy.md": `---\ndescription: ${COMMANDS.deploy}\ndisable-model-invocation: true\n---\nDeploy.\n`,
    });
    boxes.push(box.root);
    const run = recordModelRequests(
      "claude",
      ["-p", "hi", "--max-turns", "1"],
      { HOME: box.home, ANTHROPIC_API_KEY: "x" },
      box.project,
    );
    // The main session's request: the one that lists the agent types.
    const texts = run.requests
      .map((request) => JSON.stringify(JSON.parse(request.body || "{}")))
      .filter((body) => body.includes("Available agent types"));
    expect(texts.length).toBeGreaterThan(0);
    const body = JSON.parse(texts[0] as string) as { messages: { content: unknown }[] };
    const sent = JSON.stringify(body.messages).split(/\\n/).join("\n").replace(/\\"/g, '"');
    const names = [...Object.keys(SKILLS), ...Object.keys(AGENTS), ...Object.keys(COMMANDS)];
    const lines = listingLines(sent, names);
    // Every item the model may call, and the one it may not left out.
    expect(lines.split("\n").filter(Boolean)).toHaveLength(5);
    expect(lines).not.toContain("- deploy: ");

    const report = await doctor({ dir: box.project, clients: ["claude"] });
    const start = report.clients[0]?.start;
    const counted =
      (start?.skills.tokens ?? 0) + (start?.agents.tokens ?? 0) + (start?.commands.tokens ?? 0);
    const real = defaultCounter.count(lines);
    expect(
      Math.abs(counted - real) / real,
      `doctor ${counted}, Claude Code ${real}`,
    ).toBeLessThanOrEqual(TOLERANCE.claude);
    expect(start?.skills.listed).toBe(2);
    expect(start?.agents.listed).toBe(2);
    expect(start?.commands.listed).toBe(1);
  });

  it(`Claude Code: an MCP server's tool definitions, counted with startMcp, are within ${TOLERANCE.mcp * 100} % of what it sends`, async () => {
    const box = sandbox({
      "CLAUDE.md": "# Rules\n",
      ".mcp.json": JSON.stringify({
        mcpServers: { notes: { command: process.execPath, args: [SDK_SERVER, CLIENT_MODULES] } },
      }),
      // Approved, as a person does when Claude Code asks; doctor needs no approval, only its flag.
      ".claude/settings.local.json": JSON.stringify({ enableAllProjectMcpServers: true }),
    });
    boxes.push(box.root);
    const run = recordModelRequests(
      "claude",
      ["-p", "hi", "--max-turns", "1"],
      { HOME: box.home, ANTHROPIC_API_KEY: "x" },
      box.project,
    );
    const tools = run.requests
      .filter((request) => request.body !== "")
      .flatMap((request) => (JSON.parse(request.body) as { tools?: SentTool[] }).tools ?? [])
      .filter((tool) => tool.name.startsWith("mcp__notes__"));
    const sent = new Map(tools.map((tool) => [tool.name, tool]));
    expect([...sent.keys()].sort()).toEqual([
      "mcp__notes__add_note",
      "mcp__notes__read_note",
      "mcp__notes__search_notes",
    ]);
    const real = [...sent.values()].reduce(
      (sum, tool) =>
        sum +
        defaultCounter.count(
          JSON.stringify({
            name: tool.name,
            description: tool.description,
            input_schema: tool.input_schema,
          }),
        ),
      0,
    );

    const quiet = await doctor({ dir: box.project, clients: ["claude"] });
    expect(quiet.clients[0]?.start.mcp).toEqual({ servers: 1, tokens: 0 });
    const report = await doctor({ dir: box.project, clients: ["claude"], startMcp: true });
    const mcp = report.clients[0]?.start.mcp;
    expect(mcp?.started).toEqual([{ name: "notes", tools: 3, tokens: mcp?.tokens }]);
    const counted = mcp?.tokens ?? 0;
    expect(
      Math.abs(counted - real) / real,
      `doctor ${counted}, Claude Code ${real}`,
    ).toBeLessThanOrEqual(TOLERANCE.mcp);
  });

  it(`Codex CLI: the skills listing is within ${TOLERANCE.codex * 100} % of the lines it sends`, async () => {
    const box = sandbox({ "AGENTS.md": "# Rules\n", ...skillFiles(".agents/skills") });
    boxes.push(box.root);
    const codexHome = join(box.home, ".codex");
    mkdirSync(codexHome);
    const { stdout } = runClient(
      "codex",
      ["debug", "prompt-input"],
      { CODEX_HOME: codexHome, HOME: box.home },
      box.project,
    );
    const sent = (JSON.parse(stdout) as unknown[])
      .flatMap((item) => {
        const content = (item as { content?: { text?: string }[] }).content;
        return Array.isArray(content) ? content.map((part) => part.text ?? "") : [];
      })
      .join("\n");
    const lines = listingLines(sent, Object.keys(SKILLS));
    expect(lines.split("\n").filter(Boolean)).toHaveLength(2);

    const report = await doctor({ dir: box.project, clients: ["codex"] });
    const counted = report.clients[0]?.start.skills.tokens ?? 0;
    const real = defaultCounter.count(lines);
    expect(
      Math.abs(counted - real) / real,
      `doctor ${counted}, Codex CLI ${real}`,
    ).toBeLessThanOrEqual(TOLERANCE.codex);
  });
});
