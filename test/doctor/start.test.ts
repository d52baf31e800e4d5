/**
 * The session's whole start per client: each part counted as the client puts it in its prompt
 * (exact lines, by a counter that counts characters), hooks other than contextfmt's named but
 * not counted, and MCP servers started only when asked, within a timeout.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type DoctorReport, doctor, type SyncTool } from "contextfmt/sync";
import { describe, expect, it } from "vitest";
import { doctorTable } from "../../src/cli/doctor-table.js";
import { doctorHtml } from "../../src/doctor/html.js";
import { project } from "../cli/project-dir.js";
import { clientOf, GIT } from "./everything.js";

/** A counter whose counts are the text's characters: a listing's count is its exact length. */
const chars = { name: "chars", count: (text: string) => text.length };

const SERVER = new URL("../fixtures/mcp/stdio-server.mjs", import.meta.url).pathname;
const EXAMPLE = new URL("../../examples/project", import.meta.url).pathname;

const start = async (dir: string, client: SyncTool, options: object = {}) =>
  clientOf(await doctor({ dir, clients: [client], counter: chars, ...options }), client).start;

const SKILL =
  "---\nname: pdf-forms\ndescription: Fill in PDF forms.\n---\nThe body is not listed.\n";
const AGENT =
  "---\nname: reviewer\ndescription: Reviews diffs.\ntools: Read, Grep\n---\nYou review.\n";
const OPEN_AGENT = "---\nname: helper\ndescription: Helps.\n---\nYou help.\n";
const COMMAND = "---\ndescription: Review the diff\n---\nReview it.\n";
const HIDDEN = "---\ndescription: Deploy\ndisable-model-invocation: true\n---\nDeploy.\n";

/** A `.mcp.json` of fixture servers, by name: their arguments. */
const mcpJson = (servers: Record<string, string[]>) =>
  JSON.stringify({
    mcpServers: Object.fromEntries(
      Object.entries(servers).map(([name, args]) => [
        name,
        { command: process.execPath, args: [SERVER, ...args] },
      ]),
    ),
  });

/** The definitions' tokens, by the character counter, of fixture tools `tool0`…. */
const toolTokens = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    JSON.stringify({
      name: `tool${i}`,
      description: `Does thing number ${i}.`,
      input_schema: {
        type: "object",
        properties: { path: { type: "string" } },
        required: ["path"],
      },
    }),
  ).reduce((sum, json) => sum + json.length, 0);

describe("the session's start", () => {
  it("lists Claude Code's skills, agents and commands in its own lines, the body and model-hidden commands left out", async () => {
    const dir = project({
      ...GIT,
      "CLAUDE.md": "# Rules\n",
      ".claude/skills/pdf-forms/SKILL.md": SKILL,
      ".claude/agents/reviewer.md": AGENT,
      ".claude/agents/helper.md": OPEN_AGENT,
      ".claude/commands/review.md": COMMAND,
      ".claude/commands/deploy.md": HIDDEN,
    });
    const claude = await start(dir, "claude");
    const agents =
      "- helper: Helps. (Tools: All tools)\n- reviewer: Reviews diffs. (Tools: Read, Grep)\n";
    expect(claude.skills).toEqual({
      tokens: "- pdf-forms: Fill in PDF forms.\n".length,
      listed: 1,
      shape: "client",
    });
    expect(claude.agents).toEqual({ tokens: agents.length, listed: 2, shape: "client" });
    expect(claude.commands).toEqual({
      tokens: "- review: Review the diff\n".length,
      listed: 1,
      shape: "client",
    });
    expect(claude.instructions).toBe("# Rules\n".length);
    expect(claude.tokens).toBe(
      claude.instructions + claude.skills.tokens + claude.agents.tokens + claude.commands.tokens,
    );
  });

  it("uses each client's own shape: Gemini CLI's XML, commands it never lists; Codex CLI's with the file", async () => {
    const dir = project({
      ...GIT,
      ".gemini/skills/pdf-forms/SKILL.md": SKILL,
      ".gemini/commands/review.toml": 'description = "Review"\nprompt = "Review it."\n',
      ".agents/skills/pdf-forms/SKILL.md": SKILL,
    });
    const gemini = await start(dir, "gemini");
    expect(gemini.skills.tokens).toBe(
      "  <skill>\n    <name>pdf-forms</name>\n    <description>Fill in PDF forms.</description>\n    <location>.gemini/skills/pdf-forms/SKILL.md</location>\n  </skill>\n"
        .length,
    );
    // .agents/skills holds a skill of the same name: shadowed, so listed once.
    expect(gemini.skills.listed).toBe(1);
    expect(gemini.commands).toEqual({ tokens: 0, listed: 0, shape: "not-listed" });
    const codex = await start(dir, "codex");
    expect(codex.skills.tokens).toBe(
      "- pdf-forms: Fill in PDF forms. (file: .agents/skills/pdf-forms/SKILL.md)\n".length,
    );
  });

  it("lists Qwen Code's project skills in its own block, marked by their level", async () => {
    const dir = project({ ...GIT, ".qwen/skills/pdf-forms/SKILL.md": SKILL });
    const qwen = await start(dir, "qwen");
    expect(qwen.skills).toEqual({
      tokens:
        "<skill>\n<name>\npdf-forms\n</name>\n<description>\nFill in PDF forms. (project)\n</description>\n<location>\nproject\n</location>\n</skill>\n"
          .length,
      listed: 1,
      shape: "client",
    });
  });

  it("counts a client whose listing is not known as one `- name: description` line each, and says so", async () => {
    const dir = project({ ...GIT, ".github/skills/pdf-forms/SKILL.md": SKILL });
    const copilot = await start(dir, "copilot");
    expect(copilot.skills).toEqual({
      tokens: "- pdf-forms: Fill in PDF forms.\n".length,
      listed: 1,
      shape: "assumed",
    });
  });

  it("counts contextfmt's start hook, names other start hooks without counting them, leaves a prompt hook out", async () => {
    const dir = join(mkdtempSync(join(tmpdir(), "contextfmt-start-")), "atlas");
    cpSync(EXAMPLE, dir, { recursive: true });
    const settings = JSON.parse(readFileSync(join(dir, ".claude/settings.json"), "utf8"));
    settings.hooks.SessionStart.push({ hooks: [{ type: "command", command: "./print-todo.sh" }] });
    settings.hooks.UserPromptSubmit = [
      {
        hooks: [
          {
            type: "command",
            command:
              '"$CLAUDE_PROJECT_DIR"/node_modules/.bin/contextfmt hook claude user-prompt-submit --rules .contextfmt/rules.json',
          },
        ],
      },
    ];
    writeFileSync(join(dir, ".claude/settings.json"), JSON.stringify(settings));
    const report = await doctor({ dir, clients: ["claude"], counter: chars });
    const claude = clientOf(report, "claude");
    const sessionStart = claude.hooks.find((hook) => hook.event === "SessionStart");
    expect(sessionStart?.inject?.tokens).toBeGreaterThan(0);
    expect(claude.start.hooks).toEqual([
      { event: "SessionStart", tokens: sessionStart?.inject?.tokens, contextfmt: 1, notCounted: 1 },
    ]);
    expect(claude.start.hookTokens).toBe(sessionStart?.inject?.tokens);
    expect(doctorTable(report)).toContain(
      "    SessionStart: 1 other hook runs at the start, not counted",
    );
  });

  it("never starts an MCP server unless asked: it is counted, not run", async () => {
    const dir = project({ ...GIT });
    const mark = join(dir, "started");
    writeFileSync(join(dir, ".mcp.json"), mcpJson({ files: ["tools", "3", `mark=${mark}`] }));
    const claude = await start(dir, "claude");
    expect(claude.mcp).toEqual({ servers: 1, tokens: 0 });
    expect(existsSync(mark)).toBe(false);
  });

  it("with startMcp, starts each stdio server, lists its tools page by page and counts their definitions", async () => {
    const dir = project({ ...GIT });
    const mark = join(dir, "started");
    writeFileSync(
      join(dir, ".mcp.json"),
      mcpJson({ files: ["tools", "5", "2", `mark=${mark}`], more: ["tools", "1"] }),
    );
    const claude = await start(dir, "claude", { startMcp: true });
    expect(existsSync(mark)).toBe(true);
    expect(claude.mcp).toEqual({
      servers: 2,
      tokens: toolTokens(5) + toolTokens(1),
      started: [
        { name: "files", tools: 5, tokens: toolTokens(5) },
        { name: "more", tools: 1, tokens: toolTokens(1) },
      ],
    });
    expect(claude.tokens).toBe(claude.mcp.tokens);
  });

  it("a server that does not answer in time, exits or answers an error gives no tools and says why", async () => {
    const dir = project({ ...GIT });
    writeFileSync(
      join(dir, ".mcp.json"),
      mcpJson({ quiet: ["silent"], gone: ["exit"], broken: ["error"] }),
    );
    const before = Date.now();
    const claude = await start(dir, "claude", { startMcp: { timeoutMs: 1500 } });
    expect(Date.now() - before).toBeLessThan(10_000);
    expect(claude.mcp.tokens).toBe(0);
    expect(claude.mcp.started).toEqual([
      { name: "quiet", error: "no tool list within 1.5 s" },
      { name: "gone", error: "exited before listing its tools (code 3)" },
      { name: "broken", error: "answered with an error: broken" },
    ]);
  });

  it("refuses a startMcp that is neither a boolean nor a timeout", async () => {
    const dir = project({ ...GIT });
    await expect(doctor({ dir, startMcp: { timeoutMs: -1 } })).rejects.toThrow(/startMcp/);
    await expect(doctor({ dir, startMcp: "yes" as never })).rejects.toThrow(/startMcp/);
  });

  it("the page draws one bar per client, a segment per part, every number the report's", async () => {
    const dir = join(mkdtempSync(join(tmpdir(), "contextfmt-start-")), "atlas");
    cpSync(EXAMPLE, dir, { recursive: true });
    const report: DoctorReport = await doctor({ dir });
    const page = doctorHtml(report);
    const bars = [...page.matchAll(/<tr class="start-row" data-client="(\w+)"[^>]*>/g)];
    expect(bars.map((bar) => bar[1])).toEqual(report.clients.map((client) => client.client));
    const claude = clientOf(report, "claude").start;
    const row = /<tr class="start-row" data-client="claude"[\s\S]*?<\/tr>/.exec(page)?.[0] ?? "";
    expect(row).toContain(`<span class="start-tokens">${claude.tokens}</span>`);
    expect(row).toContain(`data-part="instructions" data-tokens="${claude.instructions}"`);
    expect(row).toContain(`data-part="hooks" data-tokens="${claude.hookTokens}"`);
    expect(row).toContain(`data-part="commands" data-tokens="${claude.commands.tokens}"`);
  });
});
