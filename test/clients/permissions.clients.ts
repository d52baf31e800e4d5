/**
 * Permission rules synced from Claude Code's settings by `contextfmt sync --only permissions`,
 * honoured by the real Gemini CLI, Qwen Code, OpenCode and Kilo Code run headless and offline
 * against a scripted model that asks for one shell command. Each client runs twice in the same
 * project, the model asking the same: before the sync the command runs (the file it makes is
 * there), after it the client refuses the call and the file is never made. Gemini CLI can hold
 * only a rule for the whole shell (its tools.exclude); the others hold the command prefix, and a
 * command outside it still runs in the same session.
 */
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runOffline } from "./offline-clients.js";
import { type ModelScript, syncProject } from "./run-scripted.js";

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** A git project whose Claude Code settings deny `deny`, not synced yet. */
function project(deny: string) {
  const made = syncProject({
    ".claude/settings.json": `${JSON.stringify({ permissions: { deny: [deny] } }, null, 2)}\n`,
  });
  roots.push(made.root);
  return made;
}

/**
 * The model asks for `touch <dir>/<name>` and, in the same turn, `echo > <dir>/<name>.echo`
 * (a command no rule names), each through `tool`.
 */
const touchScript = (
  tool: string,
  input: (command: string) => unknown,
  dir: string,
  name: string,
  session: readonly string[] = [],
): ModelScript => ({
  replies: [
    {
      when: ["PERMISSION_PROMPT", ...session],
      unless: ["PERMISSION_DONE"],
      times: 1,
      reply: {
        tools: [
          { name: tool, input: input(`touch '${join(dir, name)}'`) },
          { name: tool, input: input(`echo PERMISSION_DONE > '${join(dir, `${name}.echo`)}'`) },
        ],
      },
    },
  ],
});

/** Runs the model's two commands in `client` before and after the sync, naming each run's files. */
function beforeAndAfter(
  dir: string,
  sync: () => void,
  run: (name: string) => { output: string },
): { before: Record<string, boolean>; after: Record<string, boolean>; output: string } {
  const made = (name: string) => ({
    touched: existsSync(join(dir, name)),
    echoed: existsSync(join(dir, `${name}.echo`)),
  });
  run("before");
  const before = made("before");
  sync();
  const { output } = run("after");
  return { before, after: made("after"), output };
}

describe("a deny rule synced from Claude Code is refused by the real client", () => {
  it("Gemini CLI: the shell denied whole (tools.exclude); no command runs", () => {
    const box = project("Bash");
    const result = beforeAndAfter(
      box.dir,
      () => box.contextfmt("sync", "--from", "claude", "--to", "gemini", "--only", "permissions"),
      (name) =>
        runOffline("gemini", "PERMISSION_PROMPT run them", box, {
          script: touchScript("run_shell_command", (command) => ({ command }), box.dir, name),
          flags: ["--yolo"],
        }),
    );
    // Each client may add keys of its own to its settings on its first run ($schema, $version).
    expect(JSON.parse(readFileSync(join(box.dir, ".gemini/settings.json"), "utf8"))).toMatchObject({
      tools: { exclude: ["run_shell_command"] },
    });
    expect(result.before).toEqual({ touched: true, echoed: true });
    expect(result.after, result.output).toEqual({ touched: false, echoed: false });
  });

  it("Qwen Code: touch refused by the synced prefix rule; another command still runs", () => {
    const box = project("Bash(touch:*)");
    const result = beforeAndAfter(
      box.dir,
      () => box.contextfmt("sync", "--from", "claude", "--to", "qwen", "--only", "permissions"),
      (name) =>
        runOffline("qwen", "PERMISSION_PROMPT run them", box, {
          script: touchScript("run_shell_command", (command) => ({ command }), box.dir, name),
        }),
    );
    expect(JSON.parse(readFileSync(join(box.dir, ".qwen/settings.json"), "utf8"))).toMatchObject({
      permissions: { deny: ["run_shell_command(touch:*)"] },
    });
    expect(result.before).toEqual({ touched: true, echoed: true });
    expect(result.after, result.output).toEqual({ touched: false, echoed: true });
  });

  it("OpenCode: touch refused by the synced pattern; another command still runs", () => {
    const box = project("Bash(touch:*)");
    const result = beforeAndAfter(
      box.dir,
      () => box.contextfmt("sync", "--from", "claude", "--to", "opencode", "--only", "permissions"),
      (name) =>
        runOffline("opencode", "PERMISSION_PROMPT run them", box, {
          // Only the session's request offers tools: the one asking for a title must not
          // take the reply.
          script: touchScript(
            "bash",
            (command) => ({ command, description: "run it" }),
            box.dir,
            name,
            ["input_schema"],
          ),
          env: { npm_config_offline: "true" },
        }),
    );
    expect(JSON.parse(readFileSync(join(box.dir, "opencode.json"), "utf8"))).toMatchObject({
      permission: { bash: { "touch *": "deny" } },
    });
    expect(result.before).toEqual({ touched: true, echoed: true });
    expect(result.after, result.output).toEqual({ touched: false, echoed: true });
  }, 150_000);

  it("Kilo Code: touch refused by the synced pattern; another command still runs", () => {
    const box = project("Bash(touch:*)");
    const result = beforeAndAfter(
      box.dir,
      () => box.contextfmt("sync", "--from", "claude", "--to", "kilo", "--only", "permissions"),
      (name) =>
        runOffline("kilo", "PERMISSION_PROMPT run them", box, {
          script: touchScript(
            "bash",
            (command) => ({ command, description: "run it" }),
            box.dir,
            name,
          ),
        }),
    );
    expect(JSON.parse(readFileSync(join(box.dir, "kilo.json"), "utf8"))).toMatchObject({
      permission: { bash: { "touch *": "deny" } },
    });
    expect(result.before).toEqual({ touched: true, echoed: true });
    expect(result.after, result.output).toEqual({ touched: false, echoed: true });
  }, 150_000);
});
