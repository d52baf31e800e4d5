/**
 * `contextfmt sync --user --from claude`, proved by the real clients: a fake home holding the
 * user's ~/.claude/CLAUDE.md and a user command, the bin run with that home, then one headless
 * offline run of Codex CLI and of Gemini CLI against the scripted loopback model: the user's
 * text reaches each one's request, once, and Codex CLI lists the carried command as a skill.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN } from "../cli/run-bin.js";
import { prepareHome, runOffline } from "./offline-clients.js";
import { modelBodies, occurrences, syncProject } from "./run-scripted.js";

const USER_MARK = "USER_LEVEL_SYNC_MARK_4K";
const COMMAND_MARK = "USER_COMMAND_MARK_8Z";

const write = (base: string, files: Record<string, string>) => {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(base, path)), { recursive: true });
    writeFileSync(join(base, path), text);
  }
};

let project: ReturnType<typeof syncProject>;
let synced: string;

beforeAll(() => {
  project = syncProject({ "README.md": "A project with no instruction file of its own.\n" });
  write(project.home, {
    ".claude/CLAUDE.md": `# My own rules\n\n${USER_MARK}: answer briefly.\n`,
    ".claude/commands/standup.md": `---\ndescription: ${COMMAND_MARK} write my standup\n---\nWrite the standup.\n`,
  });
  // Each client's own settings, as its user has them (sync edits none of these keys).
  prepareHome("codex", project);
  prepareHome("gemini", project);
  synced = execFileSync(
    process.execPath,
    [BIN, "sync", "--user", "--from", "claude", "--to", "codex,gemini"],
    {
      cwd: project.dir,
      encoding: "utf8",
      env: { ...process.env, HOME: project.home, CODEX_HOME: join(project.home, ".codex") },
    },
  );
});

afterAll(() => rmSync(project.root, { recursive: true, force: true }));

/** The first request of `client`'s session that offers tools, as text. */
function sessionRequest(client: "codex" | "gemini"): string {
  const recorded = runOffline(client, "hi", project);
  const session = modelBodies(recorded).find(
    (body) => ((JSON.parse(body) as { tools?: unknown[] }).tools ?? []).length > 0,
  );
  if (session === undefined) throw new Error(`${client} sent no request:\n${recorded.output}`);
  return session;
}

describe("sync --user --from claude, as the real clients read it", () => {
  it("writes the user's files of Codex CLI and Gemini CLI, the settings' own keys kept", () => {
    expect(synced.split("\n").filter(Boolean).sort()).toEqual([
      "wrote ~/.codex/AGENTS.md",
      "wrote ~/.codex/skills/standup/SKILL.md",
      "wrote ~/.gemini/GEMINI.md",
      "wrote ~/.gemini/commands/standup.toml",
    ]);
    expect(readFileSync(join(project.home, ".gemini/settings.json"), "utf8")).toBe(
      JSON.stringify({ security: { auth: { selectedType: "gemini-api-key" } } }),
    );
  });

  it("Codex CLI: the user's text reaches the request once, the command offered as a skill", () => {
    const request = sessionRequest("codex");
    expect(occurrences(request, USER_MARK)).toBe(1);
    expect(request).toContain(COMMAND_MARK);
  });

  it("Gemini CLI: the user's text reaches the request once", () => {
    const request = sessionRequest("gemini");
    expect(occurrences(request, USER_MARK)).toBe(1);
  });
});
