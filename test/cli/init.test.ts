/** `contextfmt init`: hook entries added in place, once, and the hook they install runs. */
import { execFileSync } from "node:child_process";
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
import { parse as parseToml } from "smol-toml";
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

  it("is idempotent: a second init writes nothing", () => {
    const dir = project({ ".codex/config.toml": '# mine\r\nmodel = "o3"\r\n' });
    contextfmt(["init", "codex", dir]);
    const after = readFileSync(join(dir, ".codex/config.toml"), "utf8");
    expect(contextfmt(["init", "codex", dir]).stdout).toBe("up to date\n");
    expect(readFileSync(join(dir, ".codex/config.toml"), "utf8")).toBe(after);
    expect(after.startsWith('# mine\r\nmodel = "o3"\r\n\r\n[[hooks.SessionStart]]\r\n')).toBe(true);
    expect(after).not.toMatch(/[^\r]\n/);
    const config = parseToml(after) as {
      features: { hooks: boolean };
      hooks: Record<string, unknown[]>;
    };
    expect(config.features.hooks).toBe(true);
    expect(Object.keys(config.hooks)).toEqual(["SessionStart", "UserPromptSubmit"]);
  });

  it("keeps the user's own hooks and the starter files they already have", () => {
    const own = '{"hooks":{"SessionStart":[{"hooks":[{"type":"command","command":"my-hook"}]}]}}';
    const dir = project({ ".gemini/settings.json": own, ".contextfmt/rules.json": '{"rules":[]}' });
    contextfmt(["init", "gemini", dir]);
    const settings = JSON.parse(readFileSync(join(dir, ".gemini/settings.json"), "utf8"));
    expect(
      settings.hooks.SessionStart.map(
        (g: { hooks: { command: string }[] }) => g.hooks[0]?.command.split(" ")[0],
      ),
    ).toEqual(["my-hook", '"$GEMINI_PROJECT_DIR"/node_modules/.bin/contextfmt']);
    expect(readFileSync(join(dir, ".contextfmt/rules.json"), "utf8")).toBe('{"rules":[]}');
  });

  it("the hook it installs runs and injects the starter rules", () => {
    const dir = project();
    contextfmt(["init", "claude", dir]);
    const settings = JSON.parse(readFileSync(join(dir, ".claude/settings.json"), "utf8"));
    const command = settings.hooks.SessionStart[0].hooks[0].command as string;
    const output = JSON.parse(
      execFileSync("/bin/sh", ["-c", command], {
        input: JSON.stringify({
          session_id: "s",
          transcript_path: "/t",
          cwd: dir,
          hook_event_name: "SessionStart",
          source: "startup",
        }),
        env: {
          ...process.env,
          CLAUDE_PROJECT_DIR: dir,
          PATH: `${dirname(process.execPath)}:${process.env.PATH}`,
        },
        encoding: "utf8",
      }),
    );
    expect(output.hookSpecificOutput.additionalContext).toContain("**atomic_commits**");
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
});
