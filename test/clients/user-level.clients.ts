/**
 * The user-level instruction files, measured: a fake home holding a client's user-level file,
 * a git project holding its project file, one headless offline run of the real client against
 * the scripted loopback model, and the request it sent. Each case pins what the client did
 * (the user's text reaches the model, before the project's; what shadows what; whether a cap
 * counts it) and then holds `contextfmt doctor --json` with the same home to it.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { ClientReport, DoctorReport } from "../../src/doctor/report.js";
import { BIN } from "../cli/run-bin.js";
import { codexExecArgs } from "./run-client.js";
import { modelBodies, runScripted, syncProject } from "./run-scripted.js";

type Client = "claude" | "codex" | "gemini" | "qwen";

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

const write = (base: string, files: Record<string, string>) => {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(base, path)), { recursive: true });
    writeFileSync(join(base, path), text);
  }
};

/** How each client starts headless against the loopback model, and what its home needs. */
const START: Record<
  Client,
  {
    args: readonly string[];
    env: Record<string, string>;
    home: (dir: string) => Record<string, string>;
  }
> = {
  claude: {
    args: ["-p", "hi", "--max-turns", "1"],
    env: { ANTHROPIC_API_KEY: "x" },
    home: () => ({}),
  },
  codex: {
    args: codexExecArgs("hi"),
    env: { RECORDER_KEY: "x" },
    home: (dir) => ({ ".codex/config.toml": `[projects."${dir}"]\ntrust_level = "trusted"\n` }),
  },
  qwen: {
    args: ["--yolo", "hi"],
    env: { ANTHROPIC_API_KEY: "x" },
    home: () => ({
      ".qwen/settings.json": JSON.stringify({
        security: { auth: { selectedType: "anthropic" } },
        model: { name: "claude-sonnet-4-5" },
      }),
    }),
  },
  gemini: {
    args: ["-p", "hi"],
    env: { GEMINI_API_KEY: "x" },
    home: (dir) => ({
      ".gemini/settings.json": JSON.stringify({
        security: { auth: { selectedType: "gemini-api-key" } },
      }),
      ".gemini/trustedFolders.json": JSON.stringify({ [dir]: "TRUST_FOLDER" }),
    }),
  },
};

/** Every string of a JSON request body, joined: the text the model is given. */
function textOf(body: string): string {
  const strings: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === "string") strings.push(value);
    else if (value && typeof value === "object")
      for (const item of Object.values(value)) walk(item);
  };
  walk(JSON.parse(body));
  return strings.join("\n");
}

/** One run: the text of the session's request (the one that offers tools), and doctor's word. */
interface Run {
  readonly text: string;
  readonly said: ClientReport;
}

/**
 * Runs `client` once in a project of `files` with a home of `home` (paths relative to the home;
 * Codex CLI's CODEX_HOME is `~/.codex`), then `contextfmt doctor --json` with the same home.
 */
function run(client: Client, files: Record<string, string>, home: Record<string, string>): Run {
  const project = syncProject(files);
  roots.push(project.root);
  const start = START[client];
  write(project.home, { ...start.home(project.dir), ...home });
  const env: Record<string, string> = { ...start.env, HOME: project.home };
  if (client === "codex") env.CODEX_HOME = join(project.home, ".codex");
  const recorded = runScripted(client, { replies: [] }, start.args, env, project.dir);
  const session = modelBodies(recorded).find(
    (body) => ((JSON.parse(body) as { tools?: unknown[] }).tools ?? []).length > 0,
  );
  if (session === undefined)
    throw new Error(`${client} sent no session request:\n${recorded.output}`);
  const json = execFileSync(
    process.execPath,
    [BIN, "doctor", project.dir, "--client", client, "--json"],
    { encoding: "utf8", env: { ...process.env, ...env } },
  );
  const said = (JSON.parse(json) as DoctorReport).clients.find((c) => c.client === client);
  if (said === undefined) throw new Error(`doctor said nothing of ${client}`);
  return { text: textOf(session), said };
}

/** Doctor's files as `path (level, loaded|not)`, for one readable comparison. */
const fates = (said: ClientReport) =>
  said.files.map(
    (file) => `${file.path} (${file.level ?? "project"}, ${file.loaded ? "loaded" : "not loaded"})`,
  );

/** Where each marker first occurs in the request (-1: absent). */
const at = (text: string, markers: readonly string[]) => markers.map((m) => text.indexOf(m));

describe("the user-level file reaches the model, before the project's, as doctor says", () => {
  it("Claude Code: ~/.claude/CLAUDE.md, then ~/.claude/rules/, then the project's CLAUDE.md", () => {
    const got = run(
      "claude",
      { "CLAUDE.md": "PROJECT_CLAUDE_MARK\n" },
      {
        ".claude/CLAUDE.md": "USER_CLAUDE_MARK\n",
        ".claude/rules/style.md": "USER_RULE_MARK\n",
        ".claude/rules/later.md": '---\npaths: ["src/**"]\n---\nUSER_LATER_MARK\n',
        // Not read at the user level.
        ".claude/CLAUDE.local.md": "USER_LOCAL_MARK\n",
      },
    );
    const [user, rule, project] = at(got.text, [
      "USER_CLAUDE_MARK",
      "USER_RULE_MARK",
      "PROJECT_CLAUDE_MARK",
    ]);
    expect(user).toBeGreaterThanOrEqual(0);
    expect(rule).toBeGreaterThan(user ?? 0);
    expect(project).toBeGreaterThan(rule ?? 0);
    expect(got.text).not.toContain("USER_LATER_MARK");
    expect(got.text).not.toContain("USER_LOCAL_MARK");
    expect(fates(got.said)).toEqual([
      "~/.claude/CLAUDE.md (user, loaded)",
      "~/.claude/rules/later.md (user, not loaded)",
      "~/.claude/rules/style.md (user, loaded)",
      "CLAUDE.md (project, loaded)",
    ]);
  });

  it("Codex CLI: $CODEX_HOME/AGENTS.md before the project's, outside project_doc_max_bytes", () => {
    // 40 KiB of the user's: were it counted, the 32 KiB cap would leave the project nothing.
    const big = `USER_CODEX_MARK\n${"u".repeat(40 * 1024)}\nUSER_CODEX_END\n`;
    const got = run("codex", { "AGENTS.md": "PROJECT_AGENTS_MARK\n" }, { ".codex/AGENTS.md": big });
    const [user, end, project] = at(got.text, [
      "USER_CODEX_MARK",
      "USER_CODEX_END",
      "PROJECT_AGENTS_MARK",
    ]);
    expect(user).toBeGreaterThanOrEqual(0);
    expect(end).toBeGreaterThan(user ?? 0);
    expect(project).toBeGreaterThan(end ?? 0);
    expect(fates(got.said)).toEqual([
      "~/.codex/AGENTS.md (user, loaded)",
      "AGENTS.md (project, loaded)",
    ]);
    expect(got.said.files.every((file) => file.cut === undefined)).toBe(true);
    expect(got.said.maxBytes).toBe(32 * 1024);
  });

  it("Codex CLI: AGENTS.override.md in CODEX_HOME shadows the AGENTS.md beside it", () => {
    const got = run(
      "codex",
      { "AGENTS.md": "PROJECT_AGENTS_MARK\n" },
      {
        ".codex/AGENTS.override.md": "USER_OVERRIDE_MARK\n",
        ".codex/AGENTS.md": "USER_PLAIN_MARK\n",
      },
    );
    expect(got.text).toContain("USER_OVERRIDE_MARK");
    expect(got.text).not.toContain("USER_PLAIN_MARK");
    expect(fates(got.said)).toEqual([
      "~/.codex/AGENTS.override.md (user, loaded)",
      "~/.codex/AGENTS.md (user, not loaded)",
      "AGENTS.md (project, loaded)",
    ]);
  });

  it("Gemini CLI: ~/.gemini/GEMINI.md (in the system instruction), not ~/.gemini/AGENTS.md", () => {
    const got = run(
      "gemini",
      { "GEMINI.md": "PROJECT_GEMINI_MARK\n" },
      { ".gemini/GEMINI.md": "USER_GEMINI_MARK\n", ".gemini/AGENTS.md": "USER_AGENTS_MARK\n" },
    );
    expect(got.text).toContain("USER_GEMINI_MARK");
    expect(got.text).toContain("PROJECT_GEMINI_MARK");
    expect(got.text).not.toContain("USER_AGENTS_MARK");
    expect(fates(got.said)).toEqual([
      "~/.gemini/GEMINI.md (user, loaded)",
      "GEMINI.md (project, loaded)",
    ]);
  });

  it("Qwen Code: ~/.qwen/QWEN.md and ~/.qwen/AGENTS.md, each right before the project's file of its name", () => {
    const got = run(
      "qwen",
      { "QWEN.md": "PROJECT_QWEN_MARK\n", "AGENTS.md": "PROJECT_AGENTS_MARK\n" },
      { ".qwen/QWEN.md": "USER_QWEN_MARK\n", ".qwen/AGENTS.md": "USER_AGENTS_MARK\n" },
    );
    const order = [
      "USER_QWEN_MARK",
      "PROJECT_QWEN_MARK",
      "USER_AGENTS_MARK",
      "PROJECT_AGENTS_MARK",
    ];
    const found = at(got.text, order);
    expect(
      found.every((n, i) => n >= 0 && (i === 0 || n > (found[i - 1] ?? -1))),
      found.join(),
    ).toBe(true);
    expect(fates(got.said)).toEqual([
      "~/.qwen/QWEN.md (user, loaded)",
      "QWEN.md (project, loaded)",
      "~/.qwen/AGENTS.md (user, loaded)",
      "AGENTS.md (project, loaded)",
    ]);
  });
});
