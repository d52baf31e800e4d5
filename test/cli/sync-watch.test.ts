/**
 * `contextfmt sync --watch` as the bin runs it: the first sync's lines, then a run's lines after
 * an edit, each after its time; SIGINT and SIGTERM stop it with exit code 0 and every watcher
 * closed (the process ends by itself); the flags that answer once are refused with it. What a
 * watched sync writes is tested in process: test/sync/watch.test.ts.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { project } from "./project-dir.js";
import { BIN, contextfmt } from "./run-bin.js";

/** Events and a loaded machine are slow: a wait is generous, and never an assertion. */
const PATIENCE_MS = 60_000;

/** The processes a test started, ended after it whatever its outcome. */
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  }
});

/** A running `contextfmt` with what it has printed so far, and its end. */
function started(args: readonly string[]) {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  const out = { stdout: "", stderr: "" };
  child.stdout.on("data", (chunk: Buffer) => {
    out.stdout += chunk.toString("utf8");
  });
  child.stderr.on("data", (chunk: Buffer) => {
    out.stderr += chunk.toString("utf8");
  });
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  return { child, out, ended };
}

/** Resolves once `ready` holds; fails after {@link PATIENCE_MS}, killing `child`. */
async function until(child: ChildProcess, ready: () => boolean, what: string): Promise<void> {
  const start = Date.now();
  while (!ready()) {
    if (Date.now() - start > PATIENCE_MS) {
      child.kill("SIGKILL");
      throw new Error(`waited in vain for ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A line of a run: its time, then what a single sync prints. */
const TIMED = (line: string) =>
  new RegExp(`^\\d\\d:\\d\\d:\\d\\d ${line.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`, "m");

describe("contextfmt sync --watch", () => {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    it(`syncs on an edit, prints the run's lines with its time, and ends with 0 on ${signal}`, async () => {
      const dir = project({ "CLAUDE.md": "Team notes\n" });
      const run = started(["sync", dir, "--from", "claude", "--to", "codex", "--watch"]);
      await until(run.child, () => run.out.stderr.includes("Ctrl-C stops"), "the watch");
      expect(run.out.stdout).toMatch(TIMED("wrote AGENTS.md"));
      expect(run.out.stderr).toBe(
        "contextfmt: watching .mcp.json, CLAUDE.md, .claude/settings.json, .claude/commands, .claude/agents, .claude/skills, .claude/rules, **/CLAUDE.md (Ctrl-C stops)\n",
      );
      writeFileSync(join(dir, "CLAUDE.md"), "Team notes\nUse tabs.\n");
      await until(
        run.child,
        () => run.out.stdout.match(new RegExp(TIMED("wrote AGENTS.md"), "gm"))?.length === 2,
        "the second run's line",
      );
      expect(readFileSync(join(dir, "AGENTS.md"), "utf8")).toContain("Use tabs.");
      run.child.kill(signal);
      // It ends by itself once it closed its watchers: nothing else keeps it alive.
      expect(await run.ended).toEqual({ code: 0, signal: null });
      expect(run.out.stdout.split("\n").filter(Boolean)).toEqual([
        expect.stringMatching(TIMED("wrote AGENTS.md")),
        expect.stringMatching(TIMED("wrote AGENTS.md")),
      ]);
    });
  }

  it("reports a failed run on stderr and goes on", async () => {
    const dir = project({
      "CLAUDE.md": "Team notes\n",
      ".agents/skills/review/SKILL.md": "mine\n",
    });
    const run = started(["sync", dir, "--from", "claude", "--to", "codex", "--watch"]);
    await until(run.child, () => run.out.stderr.includes("Ctrl-C stops"), "the watch");
    // The user's own skill is where the command's would go: the run fails, nothing written.
    mkdirSync(join(dir, ".claude/commands"), { recursive: true });
    writeFileSync(
      join(dir, ".claude/commands/review.md"),
      "---\ndescription: Review\n---\nReview the diff.\n",
    );
    await until(run.child, () => run.out.stderr.includes("watching on"), "the failed run");
    expect(run.out.stderr).toMatch(
      /^contextfmt: \d\d:\d\d:\d\d not replaced, .*\.agents\/skills\/review\/SKILL\.md.*; watching on$/m,
    );
    expect(readFileSync(join(dir, ".agents/skills/review/SKILL.md"), "utf8")).toBe("mine\n");
    run.child.kill("SIGINT");
    expect(await run.ended).toEqual({ code: 0, signal: null });
  });

  it("refuses the flags that answer once, and a watch without --from", () => {
    const dir = project({ "CLAUDE.md": "Team notes\n" });
    for (const flag of ["--check", "--dry-run", "--strict"]) {
      const result = contextfmt([
        "sync",
        dir,
        "--from",
        "claude",
        "--to",
        "codex",
        "--watch",
        flag,
      ]);
      expect(result.status).toBe(1);
      expect(result.stderr).toBe(
        `contextfmt: --watch writes on every change; ${flag} answers once: run without --watch\n`,
      );
    }
    expect(contextfmt(["sync", dir, "--to", "codex", "--watch"]).stderr).toContain("--from");
  });
});
