/**
 * `contextfmt sync --user` on the command line: the user's folders from the process's own
 * environment, the lines it prints, `--check` after a sync, and that a project can steer
 * nothing (its contextfmt.json is not read; a project folder or option is refused).
 */
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { project, tree } from "./project-dir.js";
import { contextfmt } from "./run-bin.js";

const CLAUDE_MD = "# Mine\n\nUSER_MARK: be brief.\n";

describe("contextfmt sync --user", () => {
  it("writes the targets' user files from the environment's HOME, then is up to date", () => {
    const home = project({ ".claude/CLAUDE.md": CLAUDE_MD });
    mkdirSync(join(home, ".codex"));
    const cwd = project();
    const env = { HOME: home, CODEX_HOME: "" };
    const run = contextfmt(
      ["sync", "--user", "--from", "claude", "--to", "codex,gemini"],
      "",
      cwd,
      env,
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toBe("wrote ~/.codex/AGENTS.md\n");
    expect(run.stderr).toContain(
      "warning: target_left_out at ~/.gemini: nothing written for gemini: ~/.gemini is not there",
    );
    expect(readFileSync(join(home, ".codex/AGENTS.md"), "utf8")).toContain("USER_MARK: be brief.");
    const check = contextfmt(
      ["sync", "--user", "--from", "claude", "--to", "codex", "--check"],
      "",
      cwd,
      env,
    );
    expect(check.status, check.stderr).toBe(0);
    expect(check.stdout).toBe("up to date (1 files)\n");
    // Nothing of the run landed in the folder it ran in.
    expect(tree(cwd)).toEqual({});
  });

  it("reads no project: its contextfmt.json does not stand in for --to", () => {
    const home = project({ ".claude/CLAUDE.md": CLAUDE_MD });
    const cwd = project({ "contextfmt.json": JSON.stringify({ from: "claude", to: ["codex"] }) });
    const run = contextfmt(["sync", "--user", "--from", "claude"], "", cwd, { HOME: home });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("--user needs --to");
  });

  it("refuses a project folder, a project's option and a project's kind with --user", () => {
    const env = { HOME: project() };
    const cases: [string[], string][] = [
      [["some/dir"], "a project folder (some/dir) cannot go with it"],
      [["--rules", "r.json"], "--rules cannot go with it"],
      [["--watch"], "--watch cannot go with it"],
      [["--only", "hooks"], "hooks is a project's"],
    ];
    for (const [extra, said] of cases) {
      const run = contextfmt(
        ["sync", "--user", "--from", "claude", "--to", "codex", ...extra],
        "",
        undefined,
        env,
      );
      expect(run.status, extra.join(" ")).toBe(1);
      expect(run.stderr).toContain(said);
    }
    expect(contextfmt(["sync", "--global"], "", undefined, env).status).toBe(1);
  });
});
