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

/** The command lines of a settings file's hooks, by event. */
function commands(settings: { hooks: Record<string, unknown[]> }): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(settings.hooks).map(([event, list]) => [
      event,
      list.flatMap((entry) => {
        const { bash, hooks } = entry as { bash?: string; hooks?: { command: string }[] };
        return bash !== undefined ? [bash] : (hooks ?? []).map((hook) => hook.command);
      }),
    ]),
  );
}

const exampleFile = (path: string) =>
  JSON.parse(readFileSync(new URL(`../../examples/hooks/${path}`, import.meta.url), "utf8"));

describe("contextfmt init for every hook tool and event", () => {
  it("copilot: .github/hooks/contextfmt.json in Copilot CLI's shape, the example's commands", () => {
    const dir = project();
    const { status, stdout } = contextfmt(["init", "copilot", dir]);
    expect(status).toBe(0);
    expect(stdout).toContain("wrote .github/hooks/contextfmt.json\n");
    const written = JSON.parse(readFileSync(join(dir, ".github/hooks/contextfmt.json"), "utf8"));
    expect(written.version).toBe(1);
    expect(written.hooks.SessionStart).toEqual([
      {
        type: "command",
        bash: "node_modules/.bin/contextfmt hook copilot session-start --rules .contextfmt/rules.json --project .contextfmt/project.json --session .contextfmt/session.json",
        cwd: ".",
        timeoutSec: 10,
      },
    ]);
    // The commands of the example the real client runs (test/clients/copilot-qwen.clients.ts).
    const example = commands(exampleFile("copilot/contextfmt.json"));
    expect(commands(written)).toEqual({
      SessionStart: example.SessionStart,
      UserPromptSubmit: example.UserPromptSubmit,
    });
  });

  it("qwen --events all: every Qwen Code event with context, the example's commands where it has them", () => {
    const dir = project({ ".qwen/settings.json": '{\n  "model": { "name": "x" }\n}\n' });
    expect(contextfmt(["init", "qwen", dir, "--events", "all"]).status).toBe(0);
    const written = JSON.parse(readFileSync(join(dir, ".qwen/settings.json"), "utf8"));
    expect(written.model).toEqual({ name: "x" });
    const installed = commands(written);
    expect(Object.keys(installed)).toEqual([
      "SessionStart",
      "UserPromptSubmit",
      "PostToolUse",
      "PostToolUseFailure",
    ]);
    const example = commands(exampleFile("qwen/settings.json"));
    for (const [event, list] of Object.entries(example)) expect(installed[event]).toEqual(list);
    expect(installed.PostToolUse).toEqual([
      "node_modules/.bin/contextfmt hook qwen post-tool-use --session .contextfmt/session.json",
    ]);
  });

  it("claude --events all leaves out the events the hook answers with nothing, and PostToolBatch", () => {
    const dir = project();
    contextfmt(["init", "claude", dir, "--events", "all"]);
    const written = JSON.parse(readFileSync(join(dir, ".claude/settings.json"), "utf8"));
    expect(Object.keys(written.hooks)).toEqual([
      "SessionStart",
      "SubagentStart",
      "UserPromptSubmit",
      "PreToolUse",
      "PostToolUse",
      "PostToolUseFailure",
    ]);
    expect(commands(written).SubagentStart?.[0]).toMatch(
      / hook claude subagent-start --rules \S+ --project \S+$/,
    );
    // A second init, with other events, adds only what is missing; the same again writes nothing.
    const more = contextfmt(["init", "claude", dir, "--events", "post-tool-batch,session-start"]);
    expect(more.stdout).toBe("wrote .claude/settings.json\n");
    expect(contextfmt(["init", "claude", dir, "--events", "all"]).stdout).toBe("up to date\n");
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
