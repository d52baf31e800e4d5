/**
 * `contextfmt init` as the bin runs it: one "wrote" line per file, its warnings and errors on
 * stderr, its exit codes. What init writes is tested in process: test/sync/init.test.ts.
 */
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { tree } from "./project-dir.js";
import { BIN, contextfmt } from "./run-bin.js";

function project(files: Record<string, string> = {}, installed = true): string {
  const dir = mkdtempSync(join(tmpdir(), "contextfmt-init-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  if (installed) {
    mkdirSync(join(dir, "node_modules/.bin"), { recursive: true });
    symlinkSync(BIN, join(dir, "node_modules/.bin/contextfmt"));
  }
  return dir;
}

const CLAUDE_SETTINGS = `{
  // shared with the team
  "permissions": { "allow": ["Bash(npm test)"] },
  "model": "sonnet"
}
`;

describe("contextfmt init", () => {
  it("claude: adds SessionStart and UserPromptSubmit to settings.json, keeping its comment and keys", () => {
    const dir = project({ ".claude/settings.json": CLAUDE_SETTINGS });
    const { stdout, stderr, status } = contextfmt(["init", "claude", dir]);
    expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
    expect(stdout).toBe(
      [
        ...[
          ".contextfmt/rules.json",
          ".contextfmt/project.json",
          ".contextfmt/session.json",
          ".contextfmt/memories.json",
          ".contextfmt/README.md",
          ".claude/settings.json",
        ].map((path) => `wrote ${path}`),
        "added hooks to .claude/settings.json: SessionStart, UserPromptSubmit",
        "the next session gets nothing at SessionStart: the files under .contextfmt/ hold nothing yet",
        "next: write your rules, project, session and memories in .contextfmt/ (its README.md says what goes in each), then see what a session gets: npx contextfmt init claude --dry-run",
        "",
      ].join("\n"),
    );
    const text = readFileSync(join(dir, ".claude/settings.json"), "utf8");
    expect(
      text.startsWith(
        '{\n  // shared with the team\n  "permissions": { "allow": ["Bash(npm test)"] },\n  "model": "sonnet",\n  "hooks": {',
      ),
    ).toBe(true);
    expect(text).toContain(
      '"command": "\\"$CLAUDE_PROJECT_DIR\\"/node_modules/.bin/contextfmt hook claude session-start --rules \\"$CLAUDE_PROJECT_DIR\\"/.contextfmt/rules.json',
    );
  });

  it("warns when the project does not have the bin the hooks run; a settings file that does not parse stops it", () => {
    const dir = project({}, false);
    expect(contextfmt(["init", "claude", dir]).stderr).toMatch(
      /^contextfmt: warning: bin_missing at node_modules\/\.bin\/contextfmt: .*npm install -D contextfmt\n$/,
    );
    const broken = project({ ".claude/settings.json": "{ nope" });
    const result = contextfmt(["init", "claude", broken]);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^contextfmt: \.claude\/settings\.json:1:3: invalid JSON: .+\n$/);
    expect(readdirSync(broken)).not.toContain(".contextfmt");
  });

  it("an event the tool lacks, or one that carries no context, is a usage error naming the choices", () => {
    const dir = project();
    const unknown = contextfmt(["init", "gemini", dir, "--events", "user-prompt-submit"]);
    expect([unknown.status, unknown.stderr]).toEqual([
      1,
      'contextfmt: --events: unknown gemini event "user-prompt-submit"; gemini events: session-start, before-agent, after-tool, all\n',
    ]);
    const silent = contextfmt(["init", "claude", dir, "--events", "stop"]);
    expect(silent.stderr).toMatch(/^contextfmt: --events: stop: the hook adds nothing there; /);
    expect(readdirSync(dir)).toEqual(["node_modules"]);
  });

  it("a new user's walk: init, fill the files, --dry-run shows the rules and the project block, --remove", () => {
    const dir = project({ ".claude/settings.json": CLAUDE_SETTINGS });
    expect(contextfmt(["init", "claude", dir]).status).toBe(0);
    writeFileSync(
      join(dir, ".contextfmt/rules.json"),
      '{ "rules": [{ "name": "cents", "rule": "Store money as integer cents", "category": "behavior", "authority": "absolute" }] }\n',
    );
    writeFileSync(
      join(dir, ".contextfmt/project.json"),
      '{ "projectId": "shop", "name": "Shop", "status": "active" }\n',
    );
    const before = tree(dir);
    const preview = contextfmt(["init", "claude", dir, "--dry-run"]);
    expect({ status: preview.status, stderr: preview.stderr }).toEqual({ status: 0, stderr: "" });
    expect(tree(dir)).toEqual(before);
    const lines = preview.stdout.split("\n");
    expect(lines.slice(0, 2)).toEqual(["up to date", "the next session gets at SessionStart:"]);
    expect(preview.stdout).toContain("  - **cents**: Store money as integer cents\n");
    expect(preview.stdout).toContain('  <PROJECT name="Shop" status="active">\n');
    expect(lines.at(-2)).toMatch(/^next: start a new session; /);

    const dry = contextfmt(["init", "claude", dir, "--remove", "--dry-run"]);
    expect(dry.stdout).toContain("--- a/.contextfmt/README.md\n+++ /dev/null\n");
    expect(dry.stdout).toContain(
      "would take hooks out of .claude/settings.json: SessionStart, UserPromptSubmit\n",
    );
    expect(tree(dir)).toEqual(before);

    const removed = contextfmt(["init", "claude", dir, "--remove"]);
    expect(removed.status).toBe(0);
    expect(removed.stdout).toBe(
      [
        "wrote .claude/settings.json",
        "removed .contextfmt/session.json",
        "removed .contextfmt/memories.json",
        "removed .contextfmt/README.md",
        "took hooks out of .claude/settings.json: SessionStart, UserPromptSubmit",
        "",
      ].join("\n"),
    );
    expect(removed.stderr).toBe(
      [".contextfmt/rules.json", ".contextfmt/project.json"]
        .map(
          (path) =>
            `contextfmt: warning: kept_changed at ${path}: kept: changed since contextfmt init wrote it (take it out by hand if it should go)\n`,
        )
        .join(""),
    );
    expect(readFileSync(join(dir, ".claude/settings.json"), "utf8")).toBe(CLAUDE_SETTINGS);
  });

  it("--json prints the plan as data, warnings in it; --quiet prints nothing; --dry-run writes nothing", () => {
    const dir = project({}, false);
    const dry = contextfmt(["init", "codex", dir, "--dry-run", "--json"]);
    expect(dry.status).toBe(0);
    expect(dry.stderr).toBe("");
    expect(readdirSync(dir)).toEqual([]);
    const data = JSON.parse(dry.stdout);
    expect(Object.keys(data)).toEqual([
      "client",
      "dryRun",
      "writes",
      "removals",
      "hooks",
      "warnings",
      "preview",
    ]);
    expect(data.writes.map((write: { path: string }) => write.path)).toEqual([
      ".contextfmt/rules.json",
      ".contextfmt/project.json",
      ".contextfmt/session.json",
      ".contextfmt/memories.json",
      ".contextfmt/README.md",
      ".codex/config.toml",
    ]);
    expect(data.writes[0]).toEqual({ path: ".contextfmt/rules.json", before: null, after: "" });
    expect(data.hooks.map((hook: { event: string }) => hook.event)).toEqual([
      "SessionStart",
      "UserPromptSubmit",
    ]);
    expect(data.warnings.map((issue: { code: string }) => issue.code)).toEqual(["bin_missing"]);
    expect(data.preview).toEqual({ event: "SessionStart", context: "" });

    const quiet = contextfmt(["init", "codex", dir, "--quiet"]);
    expect({ stdout: quiet.stdout, status: quiet.status }).toEqual({ stdout: "", status: 0 });
    expect(quiet.stderr).toMatch(/^contextfmt: warning: bin_missing /);
    const removal = JSON.parse(contextfmt(["init", "codex", dir, "--remove", "--json"]).stdout);
    expect(removal.removals.map((file: { path: string }) => file.path)).toContain(
      ".codex/config.toml",
    );
    expect(readdirSync(dir)).toEqual([]);
    expect(contextfmt(["init", "codex", dir, "--json", "--quiet"]).stderr).toBe(
      "contextfmt: --json and --quiet: give one of them\n",
    );
  });
});
