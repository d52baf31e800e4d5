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
import { describeGrowth } from "../growth-suite.js";

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

describeGrowth(
  "sync planning grows linearly with the number of servers",
  (["codex", "gemini"] as const).map((to) => ({
    name: `into ${to}: 4x the servers, at most ${LIMIT}x the time`,
    build: servers,
    run: (dir) => plan(dir as string, to),
  })),
  { small: 400, large: 1600, limit: LIMIT },
);

describe("what the growth check times", () => {
  it("plans every server into the one settings file", () => {
    const files = plan(servers(1600), "codex").files;
    expect(files).toHaveLength(1);
    expect(files[0]?.after).toContain("pkg-1599");
  });
});
