/**
 * Planning a sync stays linear in the number of servers: each settings file is parsed once and
 * edited in one pass, so four times the servers may take at most six times as long (a parse per
 * server took 1.8 s for 250 servers and 32 s for 1,000 into Codex). Ratios, not times, and the
 * lowest of a few tries, so a busy machine does not fail them.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { SyncTool } from "../../src/sync/locations.js";
import { planChanges } from "../../src/sync/plan.js";
import { planSync } from "../../src/sync/sync.js";
import { Project } from "../../src/workspace/project.js";
import { WrittenRecord } from "../../src/workspace/record.js";
import { project } from "../cli/project-dir.js";
import { describeGrowth } from "../growth-suite.js";
import { writePlan } from "./write-plan.js";

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

describeGrowth(
  "the user's hooks: planning grows linearly",
  (["codex", "gemini"] as const).map((to) => ({
    name: `into ${to}: 4x the hooks, at most ${LIMIT}x the time`,
    build: (n: number) => userHooks(n),
    run: (dir: unknown) => planHooks(dir as string, to),
  })),
  { small: 400, large: 1600, limit: LIMIT },
);

describeGrowth("the user's hooks: a long command", [
  {
    name: "one command of 100k characters against 10k: at most 15x the time",
    build: (size) => userHooks(4, size),
    run: (dir) => planHooks(dir as string, "gemini"),
  },
]);

/**
 * A project whose one synced hook left Claude Code's settings, so the next sync takes it out of
 * Gemini CLI's: beside it a comment of `size` characters, which is looked for before its event
 * goes (a long line comment, and many short block comments).
 */
function hookGone(size: number): string {
  const dir = project({
    ".claude/settings.json": JSON.stringify({
      hooks: { SessionStart: [{ hooks: [{ type: "command", command: "./start.sh" }] }] },
    }),
  });
  const synced = Project.at(dir);
  const record = WrittenRecord.read(synced);
  const plan = planChanges({
    project: synced,
    record,
    from: "claude",
    to: ["gemini"],
    kinds: ["hook"],
  });
  writePlan(synced, plan, record);
  const gemini = join(dir, ".gemini/settings.json");
  const comment = `// ${"note ".repeat(size / 10)}\n${"/* n */ ".repeat(size / 16)}\n`;
  writeFileSync(gemini, readFileSync(gemini, "utf8").replace('"hooks"', `${comment}"hooks"`));
  writeFileSync(join(dir, ".claude/settings.json"), "{}");
  return dir;
}

describeGrowth("the user's hooks: taking the last one out beside a long comment", [
  {
    name: "10x the comment, at most 15x the time",
    build: hookGone,
    run: (dir) => planHooks(dir as string, "gemini"),
  },
]);

/** One hook whose matcher names Bash and `size` characters of tools of no known meaning. */
const longMatcher = (size: number) => {
  const names = Array.from({ length: Math.ceil(size / 8) }, (_, i) => `T${i}`);
  return project({
    ".claude/settings.json": JSON.stringify({
      hooks: {
        PreToolUse: [
          { matcher: `Bash|${names.join("|")}`, hooks: [{ type: "command", command: "./x.sh" }] },
        ],
      },
    }),
  });
};

describeGrowth("the user's hooks: a long matcher narrowed", [
  {
    name: "a matcher of 100k characters against 10k: at most 15x the time",
    build: (size) => longMatcher(size),
    run: (dir) => planHooks(dir as string, "gemini"),
  },
]);

/** One hook command with `size` characters of fields Claude Code does not read. */
const manyFields = (size: number) => {
  const fields = Object.fromEntries(
    Array.from({ length: Math.ceil(size / 10) }, (_, i) => [`f${i}`, true]),
  );
  return project({
    ".claude/settings.json": JSON.stringify({
      hooks: { SessionStart: [{ hooks: [{ type: "command", command: "./x.sh", ...fields }] }] },
    }),
  });
};

describeGrowth("the user's hooks: a command's fields", [
  {
    name: "fields of 100k characters against 10k: at most 15x the time",
    build: (size) => manyFields(size),
    run: (dir) => planHooks(dir as string, "codex"),
  },
]);

describe("what the hooks' growth checks time", () => {
  it("takes the last hook out and keeps the comment (its event stays, with the comment)", () => {
    const files = planHooks(hookGone(1000), "gemini").files;
    expect(files).toHaveLength(1);
    expect(files[0]?.after).toContain("/* n */");
    expect(files[0]?.after).not.toContain("start.sh");
  });

  it("plans every hook into the one settings file", () => {
    for (const to of ["codex", "gemini"] as const) {
      const files = planHooks(userHooks(1600), to).files;
      expect(files).toHaveLength(1);
      expect(files[0]?.after).toContain("h1599.sh");
    }
  });
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

/** Plans the ignore files of the project in `dir` from Gemini CLI into Qwen Code and Kilo Code. */
const planIgnoreFiles = (dir: string) => {
  const project = Project.at(dir);
  return planChanges({
    project,
    record: WrittenRecord.read(project),
    from: "gemini",
    to: ["qwen", "kilo"],
    kinds: ["ignore"],
  });
};

describeGrowth("the ignore kind grows linearly with the ignore files' text", [
  {
    name: "10x the characters, at most 15x the time",
    build: ignoreProject,
    run: (dir) => planIgnoreFiles(dir as string),
  },
]);

describe("what the ignore kind's growth check times", () => {
  it("plans both targets' ignore files", () => {
    const files = planIgnoreFiles(ignoreProject(100_000)).files;
    expect(files.map((file) => file.path).sort()).toEqual([".kilocodeignore", ".qwenignore"]);
  });
});

/**
 * Claude Code settings of about `size` characters of permission rules: many short deny and ask
 * rules, one long command of blanks and words, one long path; the targets hold rules of their own.
 */
function permissionProject(size: number): string {
  const deny = [`Bash(${"a ".repeat(size / 4)}b:*)`, `Read(./${"d/".repeat(size / 8)}x)`];
  const ask: string[] = [];
  for (let i = 0; JSON.stringify([deny, ask]).length < size; i++) {
    if (i % 3 === 0) ask.push(`WebFetch(domain:site${i}.example)`);
    else deny.push(`Bash(tool-${i} sub:*)`);
  }
  return project({
    ".claude/settings.json": JSON.stringify({ permissions: { deny, ask } }),
    ".qwen/settings.json": '{\n  // mine\n  "permissions": { "deny": ["Bash(sudo:*)"] }\n}\n',
    "opencode.json": '{ "permission": { "bash": { "sudo *": "deny" } } }\n',
  });
}

/** Plans the permission rules of the project in `dir` from Claude Code into Qwen Code and OpenCode. */
const planPermissionRules = (dir: string) => {
  const project = Project.at(dir);
  return planChanges({
    project,
    record: WrittenRecord.read(project),
    from: "claude",
    to: ["qwen", "opencode", "gemini"],
    kinds: ["permission"],
  });
};

describeGrowth("the permission kind grows linearly with the rules' text", [
  {
    name: "10x the characters, at most 15x the time",
    build: permissionProject,
    run: (dir) => planPermissionRules(dir as string),
  },
]);

describe("what the permission kind's growth check times", () => {
  it("plans every rule into Qwen Code and OpenCode", () => {
    const files = planPermissionRules(permissionProject(100_000)).files;
    expect(files.map((file) => file.path).sort()).toEqual([".qwen/settings.json", "opencode.json"]);
    const qwen = files.find((file) => file.path === ".qwen/settings.json")?.after ?? "";
    expect(qwen).toContain("run_shell_command(tool-1 sub:*)");
    expect(qwen).toContain("read_file(./d/d/");
  });
});

/**
 * A home whose ~/.claude/CLAUDE.md holds `size` characters (imports, marker-like lines and a
 * region of the user's among them) and whose ~/.codex/AGENTS.md holds the user's own text and an
 * old region.
 */
function userHome(size: number): string {
  const line = "Prefer small functions. @~/notes.md\n@~/more.md\n<!-- contextfmt:end\n";
  const source = `# mine\n${line.repeat(Math.ceil(size / line.length))}`;
  const own = `# codex\n${"mine\n".repeat(size / 10)}\n<!-- contextfmt:begin -->\nold\n<!-- contextfmt:end -->\n`;
  return project({ ".claude/CLAUDE.md": source, ".codex/AGENTS.md": own, ".gemini/x": "" });
}

/** Plans `sync --user` of the instructions from Claude Code into Codex CLI and Gemini CLI. */
const planUser = (home: string) =>
  planSync({
    from: "claude",
    to: ["codex", "gemini"],
    kinds: ["instructions"],
    user: { env: { HOME: home } },
  });

describeGrowth("sync --user grows linearly with the user's instruction text", [
  {
    name: "10x the characters, at most 15x the time",
    build: userHome,
    run: (home) => planUser(home as string),
  },
]);

describe("what the user level's growth check times", () => {
  it("plans both targets' user instruction files", () => {
    const plan = planUser(userHome(100_000));
    expect(plan.changed.map((file) => file.path).sort()).toEqual([
      "~/.codex/AGENTS.md",
      "~/.gemini/GEMINI.md",
    ]);
  });
});
