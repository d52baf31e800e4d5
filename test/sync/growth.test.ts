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
 * An ignore file of `size` characters: many short lines, `!` lines among them, and one long line
 * of blanks that ends in a letter; the target holds lines of its own and an earlier region.
 */
function ignoreProject(size: number): string {
  let source = `${" ".repeat(size / 4)}x\n`;
  for (let i = 0; source.length < size; i++) source += i % 5 === 0 ? `!keep-${i}\n` : `dir-${i}/\n`;
  const own = `# mine\n${"mine/\n".repeat(size / 12)}\n# contextfmt:begin\nold/\n# contextfmt:end\n`;
  return project({ ".geminiignore": source, ".kilocodeignore": own });
}

describe("the ignore kind grows linearly with the ignore files' text", () => {
  it(`10x the characters, at most ${15}x the time`, () => {
    const plan = (dir: string) => {
      const project = Project.at(dir);
      return planChanges({
        project,
        record: WrittenRecord.read(project),
        from: "gemini",
        to: ["qwen", "kilo"],
        kinds: ["ignore"],
      });
    };
    const small = ignoreProject(10_000);
    const large = ignoreProject(100_000);
    const files = plan(large).files;
    expect(files.map((file) => file.path).sort()).toEqual([".kilocodeignore", ".qwenignore"]);
    plan(small);
    let lowest = Number.POSITIVE_INFINITY;
    for (let attempt = 0; attempt < 5 && lowest > 15; attempt++) {
      lowest = Math.min(lowest, fastest(() => plan(large), 3) / fastest(() => plan(small), 10));
    }
    if (process.env.SHOW_GROWTH) console.log("ignore", lowest.toFixed(1));
    expect(lowest).toBeLessThanOrEqual(15);
  }, 120_000);
});
