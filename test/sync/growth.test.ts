/**
 * Planning a sync stays linear in the number of servers: each settings file is parsed once and
 * edited in one pass, so four times the servers may take at most six times as long (a parse per
 * server took 1.8 s for 250 servers and 32 s for 1,000 into Codex). Ratios, not times, and the
 * lowest of a few tries, so a busy machine does not fail them.
 */
import { describe, expect, it } from "vitest";
import type { SyncTool } from "../../src/sync/locations.js";
import { planChanges } from "../../src/sync/plan.js";
import { Project } from "../../src/workspace/project.js";
import { WrittenRecord } from "../../src/workspace/record.js";
import { project } from "../cli/project-dir.js";

const LIMIT = 6;

/** A project with `n` servers for Claude, half of them already in each target under other values. */
function servers(n: number): string {
  const source: Record<string, unknown> = {};
  const gemini: Record<string, unknown> = {};
  let codex = '# team settings\nmodel = "o3"\n';
  for (let i = 0; i < n; i++) {
    source[`s${i}`] = { command: "npx", args: ["-y", `pkg-${i}`], env: { N: String(i) } };
    if (i % 2 === 0) {
      gemini[`s${i}`] = { command: "old" };
      codex += `\n[mcp_servers.s${i}]\ncommand = "old" # mine\n`;
    }
  }
  return project({
    ".mcp.json": JSON.stringify({ mcpServers: source }, null, 2),
    ".gemini/settings.json": `{\n  // team\n  "theme": "x",\n  "mcpServers": ${JSON.stringify(gemini, null, 2)}\n}\n`,
    ".codex/config.toml": codex,
  });
}

const plan = (dir: string, to: SyncTool) => {
  const project = Project.at(dir);
  return planChanges({
    project,
    record: WrittenRecord.read(project),
    from: "claude",
    to: [to],
    kinds: ["mcp"],
  });
};

/** Milliseconds of the fastest of `tries` calls. */
function fastest(run: () => unknown, tries: number): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < tries; i++) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

describe("sync planning grows linearly with the number of servers", () => {
  for (const to of ["codex", "gemini"] as const) {
    it(`into ${to}: 4x the servers, at most ${LIMIT}x the time`, () => {
      const small = servers(400);
      const large = servers(1600);
      // Both sizes meet warmed code: the large one runs first.
      const files = plan(large, to).files;
      expect(files).toHaveLength(1);
      expect(files[0]?.after).toContain("pkg-1599");
      plan(small, to);
      let lowest = Number.POSITIVE_INFINITY;
      for (let attempt = 0; attempt < 3 && lowest > LIMIT; attempt++) {
        lowest = Math.min(
          lowest,
          fastest(() => plan(large, to), 2) / fastest(() => plan(small, to), 3),
        );
      }
      if (process.env.SHOW_GROWTH) console.log(to, lowest.toFixed(1));
      expect(lowest).toBeLessThanOrEqual(LIMIT);
    }, 120_000);
  }
});

/**
 * A project with `n` of the user's hooks in Claude Code's settings, each with a tool matcher and a
 * command of `size` characters, half of them already in each target as sync would write them.
 */
function userHooks(n: number, size = 40): string {
  const source: Record<string, unknown>[] = [];
  const gemini: Record<string, unknown>[] = [];
  let codex = '# team settings\nmodel = "o3"\n';
  for (let i = 0; i < n; i++) {
    const command = `./hooks/h${i}.sh ${"x".repeat(size)} $CLAUDE_PROJECT_DIR contextfmt`;
    source.push({ matcher: "Bash|Edit", hooks: [{ type: "command", command, timeout: 5 }] });
    if (i % 2 === 0) {
      gemini.push({
        matcher: "run_shell_command|replace",
        hooks: [{ type: "command", command, timeout: 5000 }],
      });
      codex += `\n[[hooks.PostToolUse]]\nmatcher = "Bash"\n[[hooks.PostToolUse.hooks]]\ntype = "command"\ncommand = ${JSON.stringify(command)}\ntimeout = 5\n`;
    }
  }
  return project({
    ".claude/settings.json": JSON.stringify({ hooks: { PostToolUse: source } }, null, 2),
    ".gemini/settings.json": `{\n  // team\n  "hooks": { "AfterTool": ${JSON.stringify(gemini)} }\n}\n`,
    ".codex/config.toml": codex,
  });
}

const planHooks = (dir: string, to: SyncTool) => {
  const project = Project.at(dir);
  return planChanges({
    project,
    record: WrittenRecord.read(project),
    from: "claude",
    to: [to],
    kinds: ["hook"],
  });
};

/** The lowest of a few large/small ratios, the large input first so both meet warmed code. */
function lowestRatio(large: () => unknown, small: () => unknown, limit: number): number {
  large();
  small();
  let lowest = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < 5 && lowest > limit; attempt++) {
    lowest = Math.min(lowest, fastest(large, 2) / fastest(small, 3));
  }
  return lowest;
}

describe("the user's hooks: planning grows linearly", () => {
  for (const to of ["codex", "gemini"] as const) {
    it(`into ${to}: 4x the hooks, at most ${LIMIT}x the time`, () => {
      const small = userHooks(400);
      const large = userHooks(1600);
      const files = planHooks(large, to).files;
      expect(files).toHaveLength(1);
      expect(files[0]?.after).toContain("h1599.sh");
      const lowest = lowestRatio(
        () => planHooks(large, to),
        () => planHooks(small, to),
        LIMIT,
      );
      if (process.env.SHOW_GROWTH) console.log(`hooks into ${to}`, lowest.toFixed(1));
      expect(lowest).toBeLessThanOrEqual(LIMIT);
    }, 120_000);
  }

  it("one command of 100k characters against 10k: at most 15x the time", () => {
    const small = userHooks(4, 10_000);
    const large = userHooks(4, 100_000);
    const lowest = lowestRatio(
      () => planHooks(large, "gemini"),
      () => planHooks(small, "gemini"),
      15,
    );
    if (process.env.SHOW_GROWTH) console.log("one long hook command", lowest.toFixed(1));
    expect(lowest).toBeLessThanOrEqual(15);
  }, 120_000);
});
