/**
 * `contextfmt doctor` as the bin runs it: the golden table and JSON, --strict's exit code,
 * --exact, and bad arguments in one line. What the report says is tested in process:
 * test/doctor/doctor.test.ts.
 */
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { everything, filled, GIT } from "../doctor/everything.js";
import { project, tree } from "./project-dir.js";
import { contextfmt } from "./run-bin.js";

const golden = (name: string) => new URL(`../golden/doctor/${name}`, import.meta.url).pathname;

const doctor = (args: readonly string[]) => {
  const result = contextfmt(["doctor", ...args]);
  expect(result.stderr).toBe("");
  return result;
};

describe("contextfmt doctor", () => {
  it("prints each client's files, items and hooks, and the problems (golden table and JSON)", async () => {
    const dir = everything();
    const before = tree(dir);
    const table = doctor([dir]);
    expect(table.status).toBe(0);
    await expect(table.stdout).toMatchFileSnapshot(golden("everything.txt"));
    const json = doctor([dir, "--json"]);
    await expect(json.stdout).toMatchFileSnapshot(golden("everything.json"));
    // Read-only: nothing written, moved or left over.
    expect(tree(dir)).toEqual(before);
  });

  it("exits 1 with --strict when there are problems, 0 without", () => {
    const dir = project({ ...GIT, "AGENTS.md": filled("ROOT", 40 * 1024) });
    expect(doctor([dir, "--strict"]).status).toBe(1);
    expect(doctor([dir, "--strict", "--client", "opencode"]).status).toBe(0);
    expect(doctor([dir]).status).toBe(0);
  });

  it("counts tokens exactly with --exact", () => {
    const dir = project({ "AGENTS.md": "hello world\n" });
    const { stdout } = doctor([dir, "--client", "codex", "--exact", "--json"]);
    expect(JSON.parse(stdout).clients[0].files[0].tokens).toBe(3);
  });

  it("starts the project's MCP servers only with --start-mcp, and its help says that runs the project's commands", () => {
    const server = new URL("../fixtures/mcp/stdio-server.mjs", import.meta.url).pathname;
    const dir = project({ ...GIT });
    const mark = join(dir, "started");
    writeFileSync(
      join(dir, ".mcp.json"),
      JSON.stringify({
        mcpServers: {
          notes: { command: process.execPath, args: [server, "tools", "2", `mark=${mark}`] },
        },
      }),
    );
    const quiet = doctor([dir, "--client", "claude"]);
    expect(quiet.stdout).toContain("MCP 1 not started)");
    expect(existsSync(mark)).toBe(false);
    const started = doctor([dir, "--client", "claude", "--start-mcp"]);
    expect(existsSync(mark)).toBe(true);
    expect(started.stdout).toMatch(/\n {4}MCP notes: 2 tools, \d+ tokens\n/);
    const json = JSON.parse(doctor([dir, "--client", "claude", "--start-mcp", "--json"]).stdout);
    expect(json.clients[0].start.mcp.started).toEqual([
      { name: "notes", tools: 2, tokens: json.clients[0].start.mcp.tokens },
    ]);
    const help = doctor(["--help"]).stdout;
    expect(help).toContain("--start-mcp     RUNS THE PROJECT'S COMMANDS");
    expect(help).toContain("Only\n                  for a project you trust");
  });

  it("refuses bad input in one line naming it", () => {
    const dir = project();
    // A file of the project that is not what its client reads is a problem in the report: see
    // doctor/unreadable.test.ts.
    const cases: [readonly string[], string][] = [
      [[dir, "--client", "vim"], 'contextfmt: --client: unknown client "vim"; clients: claude,'],
      [[join(dir, "nope")], `contextfmt: ${join(dir, "nope")}: no such folder`],
      [[dir, dir], "contextfmt: unexpected argument"],
    ];
    for (const [args, message] of cases) {
      const { stdout, stderr, status } = contextfmt(["doctor", ...args]);
      expect(status).toBe(1);
      expect(stdout).toBe("");
      expect(stderr.split("\n")).toHaveLength(2);
      expect(stderr).toContain(message);
    }
  });
});
