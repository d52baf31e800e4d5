/**
 * The `hook` kind in a hostile clone: a hook in the clone's Claude Code settings is carried as
 * text and never run by contextfmt; its names reach the terminal escaped; a record shipped with
 * the clone cannot make sync take a hook of the user's out of a target.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { valueHash } from "../../src/workspace/record.js";
import { project } from "../cli/project-dir.js";
import { BIN } from "../cli/run-bin.js";

/** Runs `contextfmt sync` in `dir` as a user of its own (a fresh state folder). */
function sync(dir: string, args: readonly string[]) {
  const user = mkdtempSync(join(tmpdir(), "contextfmt-user-"));
  return spawnSync(process.execPath, [BIN, "sync", dir, ...args], {
    encoding: "utf8",
    env: { ...process.env, XDG_STATE_HOME: user },
  });
}

describe("the user's hooks in a hostile clone", () => {
  it("a clone's hook is carried as text, never run; its names are escaped on the terminal", () => {
    const outside = mkdtempSync(join(tmpdir(), "contextfmt-pwned-"));
    const marker = join(outside, "PWNED");
    const command = `touch '${marker}'; echo "\u001b]0;title\u0007"`;
    const dir = project({
      ".claude/settings.json": JSON.stringify({
        hooks: {
          SessionStart: [{ hooks: [{ type: "command", command }] }],
          "Evil\u001b[2J\u001b[31m": [{ hooks: [{ type: "command", command: "x" }] }],
        },
      }),
    });
    const run = sync(dir, ["--from", "claude", "--to", "gemini", "--only", "hooks"]);
    expect(run.status, run.stderr).toBe(0);
    expect(existsSync(marker)).toBe(false);
    const settings = JSON.parse(readFileSync(join(dir, ".gemini/settings.json"), "utf8"));
    expect(settings.hooks.SessionStart[0].hooks[0].command).toBe(command);
    // The event's name is in the warning, its control characters escaped.
    expect(run.stderr).toContain("hooks.Evil");
    expect(run.stderr).not.toContain("\u001b");
    expect(run.stdout).not.toContain("\u001b");
  });

  it("a shipped record claiming the user's own hook in a target cannot take it out", () => {
    const mine = { hooks: [{ type: "command", command: "./my-own-start.sh" }] };
    const gemini = JSON.stringify({ hooks: { SessionStart: [mine] } }, null, 2);
    const dir = project({
      ".claude/settings.json": JSON.stringify({ hooks: {} }),
      ".gemini/settings.json": gemini,
      ".contextfmt/written.json": JSON.stringify({
        version: 1,
        written: [
          {
            path: ".gemini/settings.json",
            kind: "user-hook",
            name: `SessionStart#${valueHash(mine)}`,
            from: ".claude/settings.json",
            sha256: valueHash(mine),
          },
        ],
      }),
    });
    const run = sync(dir, ["--from", "claude", "--to", "gemini", "--only", "hooks"]);
    expect(run.status, run.stderr).toBe(0);
    expect(readFileSync(join(dir, ".gemini/settings.json"), "utf8")).toBe(gemini);
    expect(run.stderr).toContain("kept_unproven");
    expect(run.stderr).toContain(".gemini/settings.json: hooks.SessionStart");
  });
});
