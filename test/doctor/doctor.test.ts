/**
 * doctor() in process on real projects: what each client loads, cuts, shadows and reads twice,
 * the hooks installed and what they would inject, and what sync would change.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  applyPlan,
  type DoctorReport,
  doctor,
  planInit,
  planSync,
  type SyncTool,
} from "contextfmt/sync";
import { describe, expect, it } from "vitest";
import { DOCTOR_PROBLEM_ADVICE } from "../../src/doctor/problems.js";
import { SYNC_TOOLS } from "../../src/sync/locations.js";
import { project } from "../cli/project-dir.js";
import { contextfmt, example } from "../cli/run-bin.js";
import { hookInputs } from "../fixtures/hook-inputs.js";
import { clientOf, everything, filled, GIT } from "./everything.js";

const RULES = new URL("../../examples/rules.json", import.meta.url).pathname;

/** The report of the clients `clients` (comma separated, as `--client` takes them), or all. */
const report = (dir: string, clients?: string): Promise<DoctorReport> =>
  doctor({ dir, ...(clients === undefined ? {} : { clients: clients.split(",") as SyncTool[] }) });

/** `problems` as their checks found them, each checked to carry its code's severity and fix. */
const found = (problems: DoctorReport["problems"]) =>
  problems.map(({ severity, fix, ...problem }) => {
    expect({ severity, fix }).toEqual(DOCTOR_PROBLEM_ADVICE[problem.code]);
    return problem;
  });

describe("doctor()", () => {
  it("cuts a 40 KiB AGENTS.md for Codex CLI at 32768 bytes, keeping its start", async () => {
    const dir = project({ ...GIT, "AGENTS.md": filled("ROOT", 40 * 1024) });
    const codex = clientOf(await report(dir, "codex"), "codex");
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
    const opencode = clientOf(await report(dir, "opencode"), "opencode");
    expect(opencode.files[0]).not.toHaveProperty("cut");
    expect(opencode.loaded.bytes).toBe(40960);
  });

  it("cuts Windsurf's rules at 6,000 characters a file and 12,000 together, in its order", async () => {
    // Two-byte characters: the caps count characters, and the cut lands on a byte boundary.
    const rule = (trigger: string, size: number) =>
      `---\ntrigger: ${trigger}\n---\n${"é".repeat(size)}\n`;
    const dir = project({
      ...GIT,
      "AGENTS.md": "x".repeat(5000),
      ".windsurf/rules/a.md": rule("always_on", 7000),
      ".windsurf/rules/b.md": rule("always_on", 3000),
      ".windsurf/rules/c.md": rule("always_on", 100),
      ".windsurf/rules/d.md": rule("manual", 9000),
    });
    const result = await report(dir, "windsurf");
    const windsurf = clientOf(result, "windsurf");
    const head = "---\ntrigger: always_on\n---\n".length;
    expect(windsurf.files.map((f) => [f.path, f.loaded, f.cut])).toEqual([
      ["AGENTS.md", true, undefined],
      // 6,000 characters of a: its head, then two-byte characters.
      [".windsurf/rules/a.md", true, { atByte: 12000 - head, lostBytes: 2001 + 2 * head }],
      // 1,000 characters are left of the 12,000.
      [".windsurf/rules/b.md", true, { atByte: 2000 - head, lostBytes: 4001 + 2 * head }],
      [".windsurf/rules/c.md", false, undefined],
      [".windsurf/rules/d.md", false, undefined],
    ]);
    expect(found(result.problems).map((problem) => problem.message)).toEqual([
      `.windsurf/rules/a.md is cut at character 6000 of ${7001 + head} by Windsurf's cap of 6000 characters on one instruction file: its last ${1001 + head} characters never reach the model`,
      `.windsurf/rules/b.md is cut at character 1000 of ${3001 + head} by Windsurf's cap of 12000 characters on its instruction files together: its last ${2001 + head} characters never reach the model`,
      `none of .windsurf/rules/c.md (${101 + head} characters) reaches the model: Windsurf's cap of 12000 characters on its instruction files together is spent on the files before it`,
    ]);
  });

  it("reads a Kiro steering file at the start with no inclusion or `inclusion: always`", async () => {
    const dir = project({
      ...GIT,
      ".kiro/steering/a.md": "Plain.\n",
      ".kiro/steering/b.md": "---\ninclusion: always\n---\nAlways.\n",
      ".kiro/steering/c.md": "---\ninclusion: fileMatch\nfileMatchPattern: src/**\n---\nSrc.\n",
    });
    const kiro = clientOf(await report(dir, "kiro"), "kiro");
    expect(kiro.files.map((f) => [f.path, f.loaded])).toEqual([
      [".kiro/steering/a.md", true],
      [".kiro/steering/b.md", true],
      [".kiro/steering/c.md", false],
    ]);
  });

  it("joins nested files root first for Codex CLI (the deepest cut), deepest first for OpenCode", async () => {
    const dir = project({
      ...GIT,
      "AGENTS.md": filled("ROOT", 20480),
      "sub/AGENTS.md": filled("SUB", 20480),
      "sub/deep/AGENTS.md": "# Deep\n",
    });
    const result = await report(join(dir, "sub"), "codex,opencode,qwen");
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
    expect(found(result.problems)).toEqual([
      {
        code: "over_client_limit",
        client: "codex",
        path: "sub/AGENTS.md",
        message:
          "sub/AGENTS.md is cut at byte 12288 of 20480 by Codex CLI's cap of 32768 bytes on instruction files: its last 8192 bytes never reach the model",
      },
    ]);
  });

  it("drops the files after a spent cap, and honors the project's project_doc_max_bytes", async () => {
    const dir = project({
      ...GIT,
      "AGENTS.md": filled("ROOT", 3000),
      "sub/AGENTS.md": filled("SUB", 3000),
      ".codex/config.toml": "project_doc_max_bytes = 2000\n",
    });
    const codex = clientOf(await report(join(dir, "sub"), "codex"), "codex");
    expect(codex.maxBytes).toBe(2000);
    expect(codex.files.map((f) => [f.path, f.loaded, f.cut])).toEqual([
      ["AGENTS.md", true, { atByte: 2000, lostBytes: 1000 }],
      ["sub/AGENTS.md", false, { atByte: 0, lostBytes: 3000 }],
    ]);
  });

  it("shows an override shadowing AGENTS.md in its folder only", async () => {
    const dir = project({
      ...GIT,
      "AGENTS.md": "ROOT_PLAIN\n",
      "AGENTS.override.md": "ROOT_OVERRIDE\n",
      "sub/AGENTS.md": "SUB_PLAIN\n",
    });
    const result = await report(join(dir, "sub"), "codex");
    expect(clientOf(result, "codex").files.map((f) => [f.path, f.loaded, f.shadowedBy])).toEqual([
      ["AGENTS.override.md", true, undefined],
      ["AGENTS.md", false, "AGENTS.override.md"],
      ["sub/AGENTS.md", true, undefined],
    ]);
    expect(result.problems.map((p) => [p.code, p.path])).toEqual([["shadowed", "AGENTS.md"]]);
  });

  it("CLAUDE.md shadows AGENTS.md for Claude Code, which reads AGENTS.md alone; Copilot CLI reads both", async () => {
    const both = project({ ...GIT, "CLAUDE.md": "CLAUDE_MARK\n", "AGENTS.md": "AGENTS_MARK\n" });
    const result = await report(both, "claude,copilot");
    expect(clientOf(result, "claude").files.map((f) => [f.path, f.loaded, f.shadowedBy])).toEqual([
      ["CLAUDE.md", true, undefined],
      ["AGENTS.md", false, "CLAUDE.md"],
    ]);
    expect(clientOf(result, "copilot").files.map((f) => [f.path, f.loaded])).toEqual([
      ["AGENTS.md", true],
      ["CLAUDE.md", true],
    ]);
    const alone = project({ ...GIT, "AGENTS.md": "AGENTS_MARK\n" });
    expect(clientOf(await report(alone, "claude"), "claude").files).toEqual([
      expect.objectContaining({ path: "AGENTS.md", loaded: true }),
    ]);
  });

  it("reads no AGENTS.md for Claude Code where any folder from the root to the start has a CLAUDE.md", async () => {
    const files = (paths: DoctorReport) =>
      clientOf(paths, "claude").files.map((f) => [f.path, f.loaded, f.shadowedBy]);
    const rootClaude = project({
      ...GIT,
      "CLAUDE.md": "CLAUDE_MARK\n",
      "AGENTS.md": "AGENTS_MARK\n",
      "sub/AGENTS.md": "SUB_AGENTS_MARK\n",
    });
    expect(files(await report(join(rootClaude, "sub"), "claude"))).toEqual([
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
    expect(files(await report(join(subClaude, "sub"), "claude"))).toEqual([
      ["AGENTS.md", false, "sub/CLAUDE.md"],
      ["sub/CLAUDE.md", true, undefined],
      ["sub/AGENTS.md", false, "sub/CLAUDE.md"],
    ]);
    const none = project({
      ...GIT,
      "AGENTS.md": "AGENTS_MARK\n",
      "sub/AGENTS.md": "SUB_AGENTS_MARK\n",
    });
    expect(files(await report(join(none, "sub"), "claude"))).toEqual([
      ["AGENTS.md", true, undefined],
      ["sub/AGENTS.md", true, undefined],
    ]);
  });

  it("reads the files context.fileName adds before GEMINI.md, and says it needs a trusted folder", async () => {
    const dir = project({
      ...GIT,
      "GEMINI.md": "GEMINI_MARK\n",
      "AGENTS.md": "AGENTS_MARK\n",
      ".gemini/settings.json":
        '{ // comments are allowed\n "context": { "fileName": ["AGENTS.md"] } }',
    });
    const result = await report(dir, "gemini");
    expect(clientOf(result, "gemini").files.map((f) => [f.path, f.loaded])).toEqual([
      ["AGENTS.md", true],
      ["GEMINI.md", true],
    ]);
    expect(found(result.problems)).toEqual([
      {
        code: "untrusted",
        client: "gemini",
        path: ".gemini/settings.json",
        message:
          "Gemini CLI reads context.fileName in .gemini/settings.json only in a trusted folder: elsewhere it does not read AGENTS.md",
      },
    ]);
  });

  it("measures an installed hook over its event's inline limit by the hook's own library call", async () => {
    const dir = everything();
    const claude = clientOf(await report(dir, "claude"), "claude");
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
    const problems = (await report(dir, "claude")).problems.filter(
      (p) => p.code === "hook_over_limit",
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]?.message).toMatch(
      /^SessionStart: the required items alone are over Claude Code's inline limit of 10000 characters/,
    );
    // The same hook with the example rules fits: no problem.
    writeFileSync(join(dir, ".contextfmt/rules.json"), readFileSync(RULES));
    const fits = await report(dir, "claude");
    expect(fits.problems.some((p) => p.code === "hook_over_limit")).toBe(false);
    expect(clientOf(fits, "claude").hooks[0]?.inject?.items.length).toBeGreaterThan(0);
  });

  it("lists Cline's hook scripts as init wrote them, measured as the script's own answer", async () => {
    const dir = project(GIT);
    applyPlan(planInit({ dir, client: "cline", events: "all" }));
    writeFileSync(join(dir, ".contextfmt/session.json"), readFileSync(example("session.json")));
    const cline = clientOf(await report(dir, "cline"), "cline");
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
    // The table the bin prints says so too.
    expect(contextfmt(["doctor", dir, "--client", "cline"]).stdout).toContain(
      `    PostToolUse: ${contextModification.length} characters`,
    );
  });

  it("a project just init'ed: its blank starters are no problem, and its hooks inject nothing yet", async () => {
    const dir = project(GIT);
    applyPlan(planInit({ dir, client: "claude" }));
    const claude = clientOf(await report(dir, "claude"), "claude");
    expect((await report(dir, "claude")).problems).toEqual([]);
    expect(claude.hooks.map((hook) => [hook.event, hook.inject])).toEqual([
      ["SessionStart", undefined],
      ["UserPromptSubmit", undefined],
    ]);
  });

  it("names each hook item as its author wrote it, not by the engine's id", async () => {
    const dir = project(GIT);
    // init's starter rules, project and memories, each hook of Claude Code measured.
    applyPlan(planInit({ dir, client: "claude", events: "all" }));
    writeFileSync(join(dir, ".contextfmt/rules.json"), readFileSync(RULES));
    // A project and a memory as a user writes them (init's starters are blank).
    const myProject = {
      projectId: "my-project",
      name: "My project",
      status: "active",
      activeTodos: [{ text: "Write the project's own TODOs", priority: 1 }],
    };
    writeFileSync(join(dir, ".contextfmt/project.json"), JSON.stringify(myProject));
    const memory = {
      id: "example",
      content: "This project keeps its agent context in .contextfmt/.",
    };
    writeFileSync(join(dir, ".contextfmt/memories.json"), JSON.stringify({ memories: [memory] }));
    const items = clientOf(await report(dir, "claude"), "claude").hooks.flatMap(
      (hook) => hook.inject?.items ?? [],
    );
    const named = new Map(items.map((item) => [item.id, item.name]));
    expect(named.get("my-project:close")).toBe("My project: end of the block");
    expect(named.get("my-project:todos")).toBe("My project: TODOs");
    expect(named.get("example")).toBe("This project keeps its agent context in .contextfmt/.");
    // A rule with an id and a name (examples/rules.json): by its name.
    const rules = JSON.parse(readFileSync(RULES, "utf8")) as {
      rules: { id: string; name: string }[];
    };
    for (const rule of rules.rules) expect(named.get(rule.id)).toBe(rule.name);
    // Nothing shown by an id where its file gives a name.
    expect(items.filter((item) => item.name === item.id)).toEqual([]);
    expect(items.length).toBeGreaterThan(rules.rules.length);
  });

  it("finds the same line reaching a client twice (a synced region beside its source)", async () => {
    const source = "Run the whole test suite before every commit, with the coverage report.";
    const dir = project({
      ...GIT,
      "CLAUDE.md": `# Notes\n\n${source}\n`,
      "AGENTS.md": `# Agents\n\n<!-- contextfmt:begin -->\n<!-- contextfmt:instructions -->\n${source}\n<!-- contextfmt:end -->\n`,
    });
    const result = await report(dir, "copilot,claude");
    expect(found(result.problems.filter((p) => p.code === "duplicate_content"))).toEqual([
      {
        code: "duplicate_content",
        client: "copilot",
        path: "CLAUDE.md",
        other: "AGENTS.md",
        message: `1 line of AGENTS.md reaches GitHub Copilot CLI again from CLAUDE.md ("${source.slice(0, 50)}…")`,
      },
    ]);
  });

  it("reports what sync --check would change in a synced project", async () => {
    const dir = project({
      ".claude/commands/review.md": "---\ndescription: Review\n---\nReview the diff.\n",
    });
    applyPlan(planSync({ dir, from: "claude", to: ["gemini"], kinds: ["command"] }));
    expect((await report(dir, "gemini")).problems).toEqual([]);
    writeFileSync(
      join(dir, ".claude/commands/review.md"),
      "---\ndescription: Review\n---\nReview it all.\n",
    );
    expect(found((await report(dir, "gemini,claude")).problems)).toEqual([
      {
        code: "out_of_sync",
        client: "gemini",
        path: ".gemini/commands/review.toml",
        message:
          "sync --from claude --to gemini --only command would change .gemini/commands/review.toml",
      },
    ]);
  });

  it.each(SYNC_TOOLS)("reports client %s alone when asked", async (client) => {
    const dir = everything();
    const result = await report(dir, client);
    expect(result.clients.map((c) => c.client)).toEqual([client]);
    expect(result.problems.every((p) => p.client === client)).toBe(true);
    expect(clientOf(result, client).files.length).toBeGreaterThan(0);
  });
});
