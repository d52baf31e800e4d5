/**
 * `contextfmt sync` as the bin runs it: its "wrote", "removed" and "up to date" lines, --check,
 * --dry-run and --strict with their exit codes. What sync writes is tested in process:
 * test/sync/sync.test.ts.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { CLAUDE_PROJECT, CODEX_CONFIG } from "../sync/projects.js";
import { contextfmt } from "./run-bin.js";

const _fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/agent-config/${name}`, import.meta.url), "utf8");

function project(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(join(tmpdir(), "contextfmt-sync-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** Every file of the project, by relative path. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const full = join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else out[relative(dir, full)] = readFileSync(full, "utf8");
    }
  };
  walk(dir);
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)));
}

describe("contextfmt sync --from claude --to codex,gemini", () => {
  it("a second sync changes nothing and says so; --check then passes", () => {
    const dir = project(CLAUDE_PROJECT);
    contextfmt(["sync", dir, "--from", "claude", "--to", "codex,gemini"]);
    const before = tree(dir);
    const again = contextfmt(["sync", dir, "--from", "claude", "--to", "codex,gemini"]);
    // Nothing but what Codex CLI stands without: Gemini CLI offers the commands itself, and
    // reads .agents/skills, where they would be skills beside its own.
    // Said once for both commands (`--verbose` says it per command).
    expect(again).toMatchObject({
      status: 0,
      stderr:
        "contextfmt: warning: item_skipped: not written for codex: Gemini CLI reads .agents/skills too, where a command written as a skill would be offered beside its own slash command of the same name: 2 items: .claude/commands/{git/commit.md, review.md}\n",
      stdout: "up to date (9 files)\n",
    });
    expect(tree(dir)).toEqual(before);
    expect(
      contextfmt(["sync", dir, "--from", "claude", "--to", "codex,gemini", "--check"]).status,
    ).toBe(0);
  });

  it("--dry-run prints unified diffs and writes nothing", () => {
    const dir = project({ ...CLAUDE_PROJECT, ".codex/config.toml": CODEX_CONFIG });
    const before = tree(dir);
    const { stdout, status } = contextfmt([
      "sync",
      dir,
      "--from",
      "claude",
      "--to",
      "codex",
      "--only",
      "mcp",
      "--dry-run",
      "--force",
    ]);
    expect(status).toBe(0);
    expect(stdout).toContain("--- a/.codex/config.toml\n+++ b/.codex/config.toml\n");
    expect(stdout).toContain(
      '-url = "https://old.example.com/mcp"\r\n+url = "https://api.githubcopilot.com/mcp/"\r\n',
    );
    expect(tree(dir)).toEqual(before);
  });

  it("--check lists what would change and exits 1, writing nothing", () => {
    const dir = project(CLAUDE_PROJECT);
    const { stdout, status } = contextfmt([
      "sync",
      dir,
      "--from",
      "claude",
      "--to",
      "gemini",
      "--only",
      "commands",
      "--check",
    ]);
    expect(status).toBe(1);
    expect(stdout).toBe(
      "would create .gemini/commands/git/commit.toml\nwould create .gemini/commands/review.toml\nGemini CLI loads 0 bytes, 0 tokens, 0 → 2 items\n",
    );
    expect(Object.keys(tree(dir))).not.toContain(".gemini/commands/review.toml");
  });

  it("--strict: a lossy conversion is exit 1 and nothing is written", () => {
    const dir = project(CLAUDE_PROJECT);
    const { status, stdout } = contextfmt([
      "sync",
      dir,
      "--from",
      "claude",
      "--to",
      "codex",
      "--strict",
    ]);
    expect(status).toBe(1);
    expect(stdout).toMatch(
      /^nothing written: \d+ warning\(s\) with --strict that the last sync did not give\n$/,
    );
    expect(Object.keys(tree(dir)).some((path) => path.startsWith(".codex"))).toBe(false);
  });

  it("--only permissions: denies carried, each allow named and left out; --carry-allows carries it, named", () => {
    const dir = project({
      ".claude/settings.json":
        '{ "permissions": { "allow": ["Bash(curl \\u001b[31m:*)"], "deny": ["Bash(rm:*)"] } }\n',
    });
    const run = (...extra: string[]) =>
      contextfmt([
        "sync",
        dir,
        "--from",
        "claude",
        "--to",
        "qwen",
        "--only",
        "permissions",
        ...extra,
      ]);
    const first = run();
    expect(first.status).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, ".qwen/settings.json"), "utf8"))).toEqual({
      permissions: { deny: ["run_shell_command(rm:*)"] },
    });
    expect(first.stderr).toContain("carries allow rules only when asked (--carry-allows)");
    // The rule's text is named, its escape sequence shown, never run.
    expect(first.stderr).not.toContain("\u001b");
    const carried = run("--carry-allows");
    expect(carried.status).toBe(0);
    expect(carried.stderr).toContain("allow_carried");
    expect(readFileSync(join(dir, ".qwen/settings.json"), "utf8")).toContain(
      "run_shell_command(curl \\u001b[31m:*)",
    );
  });

  it("--strict: the losses the last sync reported pass, a new one fails; --strict=warnings fails on any", () => {
    const dir = project(CLAUDE_PROJECT);
    const run = (...extra: string[]) =>
      contextfmt(["sync", dir, "--from", "claude", "--to", "codex", ...extra]);
    const first = run();
    expect(first.status).toBe(0);
    expect(first.stderr).toContain("warning: ");
    // The CI gate right after a sync: the known lossy fields are no failure.
    expect(run("--check", "--strict")).toMatchObject({
      status: 0,
      stdout: expect.stringMatching(/^up to date \(\d+ files\)\n$/),
    });
    expect(run("--strict").status).toBe(0);
    // The old meaning, asked for: any warning fails.
    const every = run("--check", "--strict=warnings");
    expect(every.status).toBe(1);
    expect(every.stdout).toMatch(/^nothing written: \d+ warning\(s\) with --strict=warnings\n$/);
    expect(run("--strict=all").stderr).toContain(
      '--strict takes no value or =warnings, received "all"',
    );
    // A new agent with a tool list Codex CLI cannot hold: a new loss.
    writeFileSync(
      join(dir, ".claude/agents/quick.md"),
      "---\nname: quick\ndescription: Quick checks\ntools: Read, Grep\n---\nCheck it quickly.\n",
    );
    const fresh = run("--check", "--strict");
    expect(fresh.status).toBe(1);
    expect(fresh.stdout).toMatch(
      /^nothing written: \d+ warning\(s\) with --strict that the last sync did not give \(\d+ known loss\(es\) aside: --strict=warnings counts them too\)\n$/,
    );
    expect(fresh.stderr).toContain(".claude/agents/quick.md");
    expect(run("--strict").status).toBe(1);
    expect(Object.keys(tree(dir))).not.toContain(".codex/agents/quick.toml");
    // A plain sync writes it and records its loss: --strict passes again.
    expect(run().status).toBe(0);
    expect(run("--check", "--strict").status).toBe(0);
  });
});

describe("removal, as --check, --dry-run and a run show it", () => {
  it("lists a file whose source is gone, shows its diff to /dev/null, then removes it", () => {
    const dir = project({ ".claude/commands/deploy.md": "Deploy it\n", "CLAUDE.md": "Team\n" });
    const run = (...extra: string[]) =>
      contextfmt(["sync", dir, "--from", "claude", "--to", "gemini", ...extra]);
    expect(run().stdout).toBe(
      "wrote GEMINI.md\nwrote .gemini/commands/deploy.toml\nGemini CLI loads 0 → 88 bytes, 0 → 20 tokens, 0 → 1 items\n",
    );
    rmSync(join(dir, ".claude/commands/deploy.md"));
    writeFileSync(join(dir, "CLAUDE.md"), "");
    const check = run("--check");
    expect([check.status, check.stdout]).toEqual([
      1,
      "would remove GEMINI.md\nwould remove .gemini/commands/deploy.toml\nGemini CLI loads 88 → 0 bytes, 20 → 0 tokens, 1 → 0 items\n",
    ]);
    expect(check.stderr).toBe(
      [
        "contextfmt: info: removed at GEMINI.md: the contextfmt region taken out: its sources are gone",
        "contextfmt: info: removed at .gemini/commands/deploy.toml: the file taken out: its source .claude/commands/deploy.md is gone",
        "",
      ].join("\n"),
    );
    const dry = run("--dry-run");
    expect(dry.stdout).toContain(
      "--- a/.gemini/commands/deploy.toml\n+++ /dev/null\n@@ -1,3 +0,0 @@\n-prompt",
    );
    expect(tree(dir)[".gemini/commands/deploy.toml"]).toBeDefined();
    expect(run().stdout).toBe(
      "removed GEMINI.md\nremoved .gemini/commands/deploy.toml\nGemini CLI loads 88 → 0 bytes, 20 → 0 tokens, 1 → 0 items\n",
    );
    expect(Object.keys(tree(dir)).sort()).toEqual([".contextfmt/written.json", "CLAUDE.md"]);
  });
});
