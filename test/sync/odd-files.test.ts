/**
 * One odd file is a warning, not a stop: a file of an item folder that is no item of its kind,
 * Cursor's remote server written without a `type`, Cline's single-file `.clinerules`, a broken
 * file of one client. sync leaves out what it cannot carry, naming it once, and writes the rest;
 * doctor reports every client, listing what each would offer.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Issue } from "contextfmt";
import { applyPlan, doctor, planSync, SYNC_TOOLS, type SyncTool } from "contextfmt/sync";
import { describe, expect, it } from "vitest";
import { SYNC_ORDER as ORDER } from "../../src/clients/index.js";
import type { ClientSpec } from "../../src/clients/spec.js";
import { project, tree } from "../cli/project-dir.js";
import { contextfmt } from "../cli/run-bin.js";

/** Every client's facts, as one type. */
const SYNC_ORDER: readonly ClientSpec[] = ORDER;

const AGENT = "---\nname: reviewer\ndescription: Reviews diffs\n---\nReview the diff.\n";
const COMMAND = "---\ndescription: Review\n---\nReview the diff.\n";
const README = "# Our agents\n\nEach file here is a subagent.\n";

/** The warnings naming `path`. */
const naming = (warnings: readonly Issue[], path: string) =>
  warnings.filter((issue) => issue.path?.startsWith(path));

describe("a file of an item folder that is no item of its kind", () => {
  const files = {
    "CLAUDE.md": "Team notes\n",
    ".claude/agents/README.md": README,
    ".claude/agents/notes.txt": "scratch\n",
    ".claude/agents/reviewer.md": AGENT,
    ".claude/commands/review.md": COMMAND,
    ".claude/skills/NOTES.md": "skills we may add\n",
    ".claude/skills/draft/outline.md": "an outline, no SKILL.md yet\n",
  };

  it("is left out with one warning naming it, however many targets; the rest is written", () => {
    const dir = project(files);
    const plan = planSync({ dir, from: "claude", to: ["codex", "gemini", "opencode", "cursor"] });
    for (const path of [
      ".claude/agents/README.md",
      ".claude/agents/notes.txt",
      ".claude/skills/NOTES.md",
      ".claude/skills/draft/",
    ]) {
      expect(naming(plan.warnings, path), path).toEqual([
        expect.objectContaining({ code: "item_skipped", severity: "warning" }),
      ]);
    }
    expect(naming(plan.warnings, ".claude/agents/README.md")[0]?.message).toBe(
      "not synced: not a Claude Code agent (claude agent markdown, description: an agent needs a description)",
    );
    applyPlan(plan);
    const written = tree(dir);
    expect(written[".gemini/agents/reviewer.md"]).toContain("Review the diff.");
    expect(written[".opencode/agent/reviewer.md"]).toContain("Review the diff.");
    expect(written[".gemini/commands/review.toml"]).toContain("Review the diff.");
    expect(Object.keys(written).filter((path) => /readme|notes|draft/i.test(path))).toEqual([
      ".claude/agents/README.md",
      ".claude/agents/notes.txt",
      ".claude/skills/NOTES.md",
      ".claude/skills/draft/outline.md",
    ]);
  });

  it("is not in doctor's list of what the client offers, and is named not_loaded", async () => {
    const dir = project(files);
    const report = await doctor({ dir, clients: ["claude"] });
    expect(report.clients[0]?.agents).toEqual([
      { name: "reviewer", path: ".claude/agents/reviewer.md", loaded: true },
    ]);
    expect(report.problems).toMatchObject([
      {
        code: "not_loaded",
        client: "claude",
        path: ".claude/agents/README.md",
        message:
          "Claude Code skips .claude/agents/README.md: it is no agent (claude agent markdown, description: an agent needs a description)",
      },
    ]);
  });

  it("the bin prints one warning line for it, writes the rest and exits 0", () => {
    const dir = project(files);
    const run = contextfmt(["sync", dir, "--from", "claude", "--to", "codex,gemini"]);
    expect(run.status).toBe(0);
    expect(run.stderr.split("\n").filter((line) => line.includes("README.md"))).toHaveLength(1);
    expect(run.stdout).toContain(".gemini/agents/reviewer.md");
  });
});

describe("Cursor's remote server without a type", () => {
  const files = {
    "AGENTS.md": "Team notes\n",
    ".cursor/mcp.json": `${JSON.stringify({ mcpServers: { docs: { url: "https://mcp.example.com/mcp" } } }, null, 2)}\n`,
  };

  it("is read by doctor as Cursor's http server, every client reported", async () => {
    const dir = project(files);
    const report = await doctor({ dir });
    expect(report.clients.map((client) => client.client)).toEqual([...SYNC_TOOLS]);
    expect(report.problems.filter((problem) => problem.code === "unreadable")).toEqual([]);
    const cursor = report.clients.find((client) => client.client === "cursor");
    expect(cursor?.mcpServers).toEqual([
      { name: "docs", path: ".cursor/mcp.json", transport: "http" },
    ]);
  });

  it("is carried by sync --from cursor to every target, or named where one has no place", () => {
    const dir = project(files);
    const targets = SYNC_TOOLS.filter((tool) => tool !== "cursor");
    const plan = planSync({ dir, from: "cursor", to: targets, kinds: ["mcp"] });
    applyPlan(plan);
    const written = tree(dir);
    for (const to of targets) {
      const mcp = SYNC_ORDER.find((client) => client.id === to)?.mcp;
      if (mcp === undefined) {
        // One warning per target without a place, each naming it.
        const mine = naming(plan.warnings, ".cursor/mcp.json: mcpServers.docs").filter((issue) =>
          issue.message.startsWith(`not written for ${to}:`),
        );
        expect(mine, to).toEqual([
          expect.objectContaining({ message: expect.stringContaining(`not written for ${to}`) }),
        ]);
      } else {
        expect(written[mcp.path], to).toContain("https://mcp.example.com/mcp");
      }
    }
    expect(JSON.parse(written[".mcp.json"] as string)).toEqual({
      mcpServers: { docs: { type: "http", url: "https://mcp.example.com/mcp" } },
    });
  });
});

describe("Cline's single-file .clinerules", () => {
  it("sync --to cline writes everything else and names each command it has no folder for", () => {
    const dir = project({
      ".clinerules": "Use tabs.\n",
      "CLAUDE.md": "Team notes\n",
      ".claude/commands/review.md": COMMAND,
      ".claude/skills/pdf/SKILL.md": "---\nname: pdf\ndescription: Fill PDF forms\n---\nFill it.\n",
    });
    const plan = planSync({ dir, from: "claude", to: ["cline"] });
    expect(naming(plan.warnings, ".claude/commands/review.md")).toEqual([
      {
        code: "item_skipped",
        severity: "warning",
        path: ".claude/commands/review.md",
        message:
          "not written for cline: .clinerules is a file, where .clinerules/workflows/*.md needs a folder",
      },
    ]);
    applyPlan(plan);
    const written = tree(dir);
    expect(written[".clinerules"]).toBe("Use tabs.\n");
    expect(written["AGENTS.md"]).toContain("Team notes");
    expect(written[".cline/skills/pdf/SKILL.md"]).toContain("Fill it.");
  });
});

describe("doctor never stops at one client's file", () => {
  /** Each client's MCP file, broken. */
  const brokenMcp = Object.fromEntries(
    SYNC_ORDER.flatMap((client) => (client.mcp ? [[client.mcp.path, "{ [ not it\n"]] : [])),
  );
  /** An item file of each kind in each client's folders, in a shape no codec reads. */
  const brokenItems = Object.fromEntries(
    SYNC_ORDER.flatMap((client) =>
      Object.values(client.items).flatMap((place) => {
        if (!place.readable) return [];
        const path =
          place.layout === "skill-folders"
            ? `${place.dir}/broken/SKILL.md`
            : `${place.dir}/broken${place.extension}`;
        return [[path, place.extension === ".toml" ? "prompt = [\n" : "---\n\tbad: : x\n---\nx\n"]];
      }),
    ),
  );

  it("reports every client, each broken file a problem; what it offers is what sync carries", async () => {
    const dir = project({ "AGENTS.md": "Team notes\n", ...brokenMcp, ...brokenItems });
    const report = await doctor({ dir });
    expect(report.clients.map((client) => client.client)).toEqual([...SYNC_TOOLS]);
    const problems = (client: string, path: string) =>
      report.problems.filter((problem) => problem.client === client && problem.path === path);
    for (const path of Object.keys(brokenMcp)) {
      expect(
        report.problems.some((problem) => problem.path === path && problem.code === "unreadable"),
        path,
      ).toBe(true);
    }
    for (const client of report.clients) {
      const offered = new Set(
        [...client.commands, ...client.agents, ...client.skills].map((item) => item.path),
      );
      // sync from this client into one that holds every kind: what it leaves out, doctor does not offer.
      const to: SyncTool = client.client === "claude" ? "gemini" : "claude";
      const plan = planSync({
        dir,
        from: client.client,
        to: [to],
        kinds: ["command", "agent", "skill"],
      });
      const own = Object.keys(brokenItems).filter((path) =>
        Object.values(SYNC_ORDER.find((spec) => spec.id === client.client)?.items ?? {}).some(
          (place) => place.readable && path.startsWith(`${place.dir}/`),
        ),
      );
      // A client with no item folder (Zed, Amazon Q, Junie, OpenHands) has none broken.
      const folders = Object.keys(
        SYNC_ORDER.find((spec) => spec.id === client.client)?.items ?? {},
      );
      expect(own.length > 0, client.client).toBe(folders.length > 0);
      for (const path of own) {
        const skipped = naming(plan.warnings, path).some((issue) => issue.code === "item_skipped");
        expect(offered.has(path), `${client.client}: ${path}`).toBe(!skipped);
        expect(problems(client.client, path).length > 0, `${client.client}: ${path}`).toBe(skipped);
      }
    }
  });
});

describe("sync --from qwen", () => {
  it("reaches every target: each item written there or named in a warning", () => {
    const dir = project({
      "QWEN.md": "Team notes\n",
      ".qwen/commands/review.toml": 'description = "Review"\nprompt = "Review the diff."\n',
      ".qwen/agents/reviewer.md": AGENT,
      ".qwen/skills/pdf/SKILL.md": "---\nname: pdf\ndescription: Fill PDF forms\n---\nFill it.\n",
      ".qwen/settings.json": '{ "mcpServers": { "fs": { "command": "npx" } } }\n',
    });
    for (const to of SYNC_TOOLS.filter((tool): tool is SyncTool => tool !== "qwen")) {
      const plan = planSync({ dir, from: "qwen", to: [to] });
      const after = plan.changed.map((file) => file.after ?? "").join("\n");
      for (const [source, text] of [
        [".qwen/commands/review.toml", "Review the diff."],
        [".qwen/agents/reviewer.md", "Review the diff."],
        [".qwen/skills/pdf/SKILL.md", "Fill it."],
        [".qwen/settings.json", "npx"],
        ["QWEN.md", "Team notes"],
      ] as const) {
        const named = naming(plan.warnings, source).length > 0;
        expect(after.includes(text) || named, `${to}: ${source}`).toBe(true);
      }
      expect(readFileSync(join(dir, "QWEN.md"), "utf8")).toBe("Team notes\n");
    }
  });
});

describe("one MCP server its codec cannot read", () => {
  const files = {
    "CLAUDE.md": "Team notes\n",
    ".mcp.json": `${JSON.stringify({ mcpServers: { fs: { command: "npx" }, odd: { type: "stdio" } } }, null, 2)}\n`,
  };

  it("is left out of sync with one warning naming it; the other servers go through", () => {
    const dir = project(files);
    const plan = planSync({ dir, from: "claude", to: ["codex", "gemini"], kinds: ["mcp"] });
    expect(naming(plan.warnings, ".mcp.json")).toEqual([
      {
        code: "item_skipped",
        severity: "warning",
        path: ".mcp.json: mcpServers.odd",
        message:
          "not synced: claude .mcp.json, mcpServers.odd.command: a stdio server needs a command",
      },
    ]);
    applyPlan(plan);
    const written = tree(dir);
    expect(written[".codex/config.toml"]).toBe('[mcp_servers.fs]\ncommand = "npx"\n');
    expect(JSON.parse(written[".gemini/settings.json"] as string)).toEqual({
      mcpServers: { fs: { command: "npx" } },
    });
  });

  it("is named by doctor; the other servers are listed", async () => {
    const dir = project(files);
    const report = await doctor({ dir, clients: ["claude"] });
    expect(report.clients[0]?.mcpServers.map((server) => server.name)).toEqual(["fs"]);
    expect(report.problems.filter((problem) => problem.code !== "untrusted")).toEqual([
      expect.objectContaining({
        code: "unreadable",
        path: ".mcp.json",
        message:
          ".mcp.json: mcpServers.odd left out (claude .mcp.json, mcpServers.odd.command: a stdio server needs a command)",
      }),
    ]);
  });
});
