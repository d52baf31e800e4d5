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
        ".contextfmt/rules.json",
        ".contextfmt/project.json",
        ".contextfmt/session.json",
        ".contextfmt/memories.json",
        ".contextfmt/README.md",
        ".claude/settings.json",
      ]
        .map((path) => `wrote ${path}\n`)
        .join(""),
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
    expect(contextfmt(["init", "claude", dir]).stderr).toMatch(/npm install -D contextfmt/);
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
});
