/**
 * `planSync({ user: { env } })` with a fake home: the user's instructions, commands, agents,
 * skills and MCP servers carried between the clients' own folders of the user's, each folder
 * confined on its own, the record in ~/.contextfmt; idempotent, removal when the source goes,
 * and the hostile cases (a link out of a client's folder, a record naming a place outside them,
 * CODEX_HOME into a project's .git or at the home itself).
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { applyPlan, doctor, planSync, type SyncTool } from "contextfmt/sync";
import { describe, expect, it } from "vitest";
import { project, tree } from "../cli/project-dir.js";

const CLAUDE_MD = "# Mine\n\nAlways answer in haiku (the user's own rule).\n";

/** A home with `files` and the client folders `folders` (made empty when not among them). */
function home(files: Record<string, string> = {}, folders: readonly string[] = []): string {
  const dir = project(files);
  for (const folder of folders) mkdirSync(join(dir, folder), { recursive: true });
  return dir;
}

/** `sync --user` as the library runs it, written. */
function syncUser(
  env: Record<string, string>,
  from: SyncTool,
  to: SyncTool[],
  kinds?: ("instructions" | "command" | "agent" | "skill" | "mcp")[],
) {
  const plan = planSync({ from, to, user: { env }, ...(kinds ? { kinds } : {}) });
  return { plan, applied: applyPlan(plan) };
}

const read = (dir: string, path: string) => readFileSync(join(dir, path), "utf8");

describe("sync --user", () => {
  it("carries ~/.claude/CLAUDE.md into Codex's, Gemini's and Qwen's user files, region and all", () => {
    const h = home({ ".claude/CLAUDE.md": CLAUDE_MD, ".gemini/GEMINI.md": "Own gemini line.\n" }, [
      ".codex",
      ".qwen",
    ]);
    const { plan } = syncUser({ HOME: h }, "claude", ["codex", "gemini", "qwen"], ["instructions"]);
    expect(plan.changed.map((file) => file.path).sort()).toEqual([
      "~/.codex/AGENTS.md",
      "~/.gemini/GEMINI.md",
      "~/.qwen/QWEN.md",
    ]);
    expect(read(h, ".codex/AGENTS.md")).toBe(
      "<!-- contextfmt:begin -->\n<!-- contextfmt:instructions -->\n# Mine\n\nAlways answer in haiku (the user's own rule).\n<!-- contextfmt:end -->\n",
    );
    // The user's own text stays byte for byte, the region after it.
    expect(read(h, ".gemini/GEMINI.md")).toMatch(/^Own gemini line\.\n\n<!-- contextfmt:begin -->/);
    const record = JSON.parse(read(h, ".contextfmt/written.json"));
    expect(record.written).toContainEqual(
      expect.objectContaining({
        path: "~/.codex/AGENTS.md",
        kind: "rules-region",
        from: "~/.claude/CLAUDE.md",
      }),
    );
    // The project's evidence folder is not used: the user's record is the user's own.
    expect(existsSync(join(h, ".claude/.contextfmt"))).toBe(false);
  });

  it("writes nothing the second time, and takes the region out when the source goes", () => {
    const h = home({ ".claude/CLAUDE.md": CLAUDE_MD, ".codex/AGENTS.md": "Mine.\n" });
    syncUser({ HOME: h }, "claude", ["codex"]);
    const after = tree(h);
    const again = planSync({ from: "claude", to: ["codex"], user: { env: { HOME: h } } });
    expect(again.changed).toEqual([]);
    expect(applyPlan(again).done).toEqual([]);
    expect(tree(h)).toEqual(after);
    writeFileSync(join(h, ".claude/CLAUDE.md"), "");
    const { plan } = syncUser({ HOME: h }, "claude", ["codex"]);
    expect(plan.changed.map((file) => file.path)).toEqual(["~/.codex/AGENTS.md"]);
    expect(read(h, ".codex/AGENTS.md")).toBe("Mine.\n");
  });

  it("carries commands, agents and skills, and removes them when their source goes", () => {
    const h = home(
      {
        ".claude/commands/review.md": "---\ndescription: Review it\n---\nReview $ARGUMENTS.\n",
        ".claude/agents/tester.md": "---\nname: tester\ndescription: Tests\n---\nYou test.\n",
        ".claude/skills/pdf/SKILL.md": "---\nname: pdf\ndescription: PDFs\n---\nUse it.\n",
        ".claude/skills/pdf/scripts/fill.py": "print(1)\n",
      },
      [".gemini", ".codex"],
    );
    const { plan } = syncUser(
      { HOME: h },
      "claude",
      ["gemini", "codex"],
      ["command", "agent", "skill"],
    );
    expect(plan.changed.map((file) => file.path).sort()).toEqual([
      "~/.codex/skills/pdf/SKILL.md",
      "~/.codex/skills/pdf/scripts/fill.py",
      "~/.codex/skills/review/SKILL.md",
      "~/.gemini/agents/tester.md",
      "~/.gemini/commands/review.toml",
      "~/.gemini/skills/pdf/SKILL.md",
      "~/.gemini/skills/pdf/scripts/fill.py",
    ]);
    expect(read(h, ".gemini/commands/review.toml")).toContain('description = "Review it"');
    // Codex has no user-level agents known: said, item by item.
    expect(plan.warnings).toContainEqual(
      expect.objectContaining({
        code: "unsupported_kind",
        path: "~/.claude/agents/tester.md",
        message:
          "not written for codex: contextfmt knows no user-level folder of Codex CLI's agents",
      }),
    );
    rmSync(join(h, ".claude/commands/review.md"));
    rmSync(join(h, ".claude/skills"), { recursive: true });
    syncUser({ HOME: h }, "claude", ["gemini", "codex"], ["command", "agent", "skill"]);
    expect(existsSync(join(h, ".gemini/commands/review.toml"))).toBe(false);
    expect(existsSync(join(h, ".gemini/skills/pdf"))).toBe(false);
    expect(existsSync(join(h, ".codex/skills/review"))).toBe(false);
    expect(existsSync(join(h, ".gemini/agents/tester.md"))).toBe(true);
  });

  it("carries MCP servers from Gemini's settings into Codex's config.toml, keys kept", () => {
    const h = home({
      ".gemini/settings.json": JSON.stringify({
        theme: "dark",
        mcpServers: { notes: { command: "notes-mcp", args: ["--stdio"] } },
      }),
      ".codex/config.toml": 'model = "o4"\n',
    });
    syncUser({ HOME: h }, "gemini", ["codex"], ["mcp"]);
    expect(read(h, ".codex/config.toml")).toBe(
      'model = "o4"\n\n[mcp_servers.notes]\ncommand = "notes-mcp"\nargs = [ "--stdio" ]\n',
    );
  });

  it("says why Claude Code's user MCP servers are neither read nor written", () => {
    const h = home(
      { ".gemini/settings.json": JSON.stringify({ mcpServers: { a: { command: "a" } } }) },
      [".claude"],
    );
    const { plan } = syncUser({ HOME: h }, "gemini", ["claude"], ["mcp"]);
    expect(plan.changed).toEqual([]);
    expect(plan.warnings).toContainEqual(
      expect.objectContaining({
        code: "unsupported_kind",
        path: "~/.gemini/settings.json: mcpServers.a",
      }),
    );
    expect(existsSync(join(h, ".claude.json"))).toBe(false);
  });

  it("follows CODEX_HOME and XDG_CONFIG_HOME, and leaves out a client that is not set up", () => {
    const h = home({ ".claude/CLAUDE.md": CLAUDE_MD });
    const codexHome = project();
    const config = project({ "opencode/opencode.json": "{}" });
    const { plan } = syncUser(
      { HOME: h, CODEX_HOME: codexHome, XDG_CONFIG_HOME: config },
      "claude",
      ["codex", "opencode", "gemini"],
      ["instructions"],
    );
    expect(read(codexHome, "AGENTS.md")).toContain("Always answer in haiku");
    // OpenCode reads ~/.claude/CLAUDE.md itself without an AGENTS.md of its own: none written.
    expect(existsSync(join(config, "opencode/AGENTS.md"))).toBe(false);
    expect(plan.warnings).toContainEqual(
      expect.objectContaining({ code: "target_left_out", path: "~/.gemini" }),
    );
    expect(existsSync(join(h, ".gemini"))).toBe(false);
  });

  it("leaves the text out of a target whose own override shadows the file", () => {
    const h = home({
      ".claude/CLAUDE.md": CLAUDE_MD,
      ".codex/AGENTS.override.md": "Override.\n",
    });
    const { plan } = syncUser({ HOME: h }, "claude", ["codex"], ["instructions"]);
    expect(plan.changed).toEqual([]);
    expect(plan.warnings).toContainEqual(
      expect.objectContaining({
        code: "not_carried",
        message:
          "not carried to codex: Codex CLI reads ~/.codex/AGENTS.override.md instead of ~/.codex/AGENTS.md",
      }),
    );
  });

  it("after a sync from Claude Code, doctor shows each client reading the text once", async () => {
    const targets: SyncTool[] = ["codex", "gemini", "qwen", "opencode", "kilo", "copilot"];
    const h = home({ ".claude/CLAUDE.md": CLAUDE_MD }, [
      ".codex",
      ".gemini",
      ".qwen",
      ".config/opencode",
      ".config/kilo",
      ".copilot",
    ]);
    syncUser({ HOME: h }, "claude", targets, ["instructions"]);
    const empty = project();
    const report = await doctor({
      dir: empty,
      clients: ["claude", ...targets],
      user: { env: { HOME: h }, platform: "linux", systemRoot: project() },
    });
    for (const client of ["claude", ...targets]) {
      const found = report.clients.find((each) => each.client === client);
      const loaded = (found?.files ?? []).filter((file) => file.loaded && file.level === "user");
      expect(loaded.length, `${client}: ${JSON.stringify(found?.files)}`).toBe(1);
    }
  });
});

describe("sync --user, hostile", () => {
  it("refuses a link in ~/.codex that leads out of it, writing nothing", () => {
    const elsewhere = project({ "AGENTS.md": "theirs\n" });
    const h = home({ ".claude/CLAUDE.md": CLAUDE_MD }, [".codex"]);
    symlinkSync(join(elsewhere, "AGENTS.md"), join(h, ".codex/AGENTS.md"));
    const before = tree(h);
    expect(() => planSync({ from: "claude", to: ["codex"], user: { env: { HOME: h } } })).toThrow(
      `~/.codex/AGENTS.md is a link to ${join(elsewhere, "AGENTS.md")}, outside ~/.codex; nothing written`,
    );
    expect(tree(h)).toEqual(before);
    expect(read(elsewhere, "AGENTS.md")).toBe("theirs\n");
  });

  it("leaves out a source file linked from outside its folder, and keeps what was carried", () => {
    const dotfiles = project({ "CLAUDE.md": CLAUDE_MD });
    const h = home({ ".claude/CLAUDE.md": CLAUDE_MD }, [".codex"]);
    syncUser({ HOME: h }, "claude", ["codex"], ["instructions"]);
    const carried = read(h, ".codex/AGENTS.md");
    rmSync(join(h, ".claude/CLAUDE.md"));
    symlinkSync(join(dotfiles, "CLAUDE.md"), join(h, ".claude/CLAUDE.md"));
    const { plan } = syncUser({ HOME: h }, "claude", ["codex"], ["instructions"]);
    expect(plan.changed).toEqual([]);
    expect(plan.warnings).toContainEqual(
      expect.objectContaining({ code: "outside_project", path: "~/.claude/CLAUDE.md" }),
    );
    expect(read(h, ".codex/AGENTS.md")).toBe(carried);
  });

  it("keeps the copies of a command linked from outside its folder, and of an agent that no longer parses", () => {
    const h = home(
      {
        ".claude/commands/review.md": "---\ndescription: Review it\n---\nReview $ARGUMENTS.\n",
        ".claude/agents/tester.md": "---\nname: tester\ndescription: Tests\n---\nYou test.\n",
      },
      [".gemini"],
    );
    syncUser({ HOME: h }, "claude", ["gemini"], ["command", "agent"]);
    const copies = tree(join(h, ".gemini"));
    expect(Object.keys(copies).sort()).toEqual(["agents/tester.md", "commands/review.toml"]);
    // The dotfiles-per-file case: ~/.claude/commands/review.md -> ~/dotfiles/review.md.
    mkdirSync(join(h, "dotfiles"));
    writeFileSync(join(h, "dotfiles/review.md"), read(h, ".claude/commands/review.md"));
    rmSync(join(h, ".claude/commands/review.md"));
    symlinkSync(join(h, "dotfiles/review.md"), join(h, ".claude/commands/review.md"));
    // Half-way through an edit: no item Claude Code loads, but there, not gone.
    writeFileSync(join(h, ".claude/agents/tester.md"), "---\nname: [tester\n---\nYou test.\n");
    const { plan } = syncUser({ HOME: h }, "claude", ["gemini"], ["command", "agent"]);
    expect(plan.changed).toEqual([]);
    expect(tree(join(h, ".gemini"))).toEqual(copies);
    const said = plan.warnings.map((issue) => `${issue.path}: ${issue.message}`);
    expect(said).toContain(
      `~/.claude/commands/review.md: left out: ~/.claude/commands/review.md is a link to ${join(h, "dotfiles/review.md")}, outside ~/.claude; what contextfmt wrote from it stays: ~/.gemini/commands/review.toml`,
    );
    expect(said).toContainEqual(
      expect.stringMatching(
        /^~\/\.claude\/agents\/tester\.md: not synced: not a Claude Code agent \(.*\); what contextfmt wrote from it stays: ~\/\.gemini\/agents\/tester\.md$/,
      ),
    );
    // Gone for good, the copies go.
    rmSync(join(h, ".claude/commands/review.md"));
    rmSync(join(h, ".claude/agents/tester.md"));
    syncUser({ HOME: h }, "claude", ["gemini"], ["command", "agent"]);
    expect(tree(join(h, ".gemini"))).toEqual({});
  });

  it("refuses a link from one client's folder into another's", () => {
    const h = home({ ".claude/CLAUDE.md": CLAUDE_MD, ".gemini/x": "" }, [".codex"]);
    symlinkSync(join(h, ".gemini"), join(h, ".codex/skills"));
    mkdirSync(join(h, ".claude/skills/a"), { recursive: true });
    writeFileSync(join(h, ".claude/skills/a/SKILL.md"), "---\nname: a\ndescription: A\n---\nA.\n");
    expect(() =>
      planSync({ from: "claude", to: ["codex"], kinds: ["skill"], user: { env: { HOME: h } } }),
    ).toThrow(/~\/\.codex\/skills is a link to .*\.gemini, outside ~\/\.codex/);
  });

  it("ignores a record entry naming a place outside the client folders", () => {
    const h = home({ ".claude/CLAUDE.md": CLAUDE_MD, ".ssh/authorized_keys": "mine\n" }, [
      ".codex",
    ]);
    const hash = createHash("sha256").update("mine\n").digest("hex");
    mkdirSync(join(h, ".contextfmt"));
    writeFileSync(
      join(h, ".contextfmt/written.json"),
      JSON.stringify({
        version: 1,
        written: [
          {
            path: "~/.ssh/authorized_keys",
            kind: "command",
            from: "~/.claude/commands/x.md",
            sha256: hash,
          },
          {
            path: "../.ssh/authorized_keys",
            kind: "command",
            from: "~/.claude/commands/x.md",
            sha256: hash,
          },
        ],
      }),
    );
    const { plan } = syncUser({ HOME: h }, "claude", ["codex"]);
    expect(plan.warnings.filter((issue) => issue.code === "record_entry_ignored")).toHaveLength(2);
    expect(read(h, ".ssh/authorized_keys")).toBe("mine\n");
  });

  it("refuses CODEX_HOME in a project's .git, and at the home folder itself", () => {
    const repo = project({ ".git/HEAD": "ref: refs/heads/main\n" });
    const h = home({ ".claude/CLAUDE.md": CLAUDE_MD });
    const intoGit = { HOME: h, CODEX_HOME: join(repo, ".git/hooks") };
    expect(() => planSync({ from: "claude", to: ["codex"], user: { env: intoGit } })).toThrow(
      `CODEX_HOME=${join(repo, ".git/hooks")}: ${join(repo, ".git/hooks")} is inside .git, version control's own folder; nothing written`,
    );
    expect(() =>
      planSync({ from: "claude", to: ["codex"], user: { env: { HOME: h, CODEX_HOME: h } } }),
    ).toThrow(
      /CODEX_HOME=.*: the home folder; sync --user writes only in the clients' own folders/,
    );
    expect(existsSync(join(repo, ".git/hooks"))).toBe(false);
  });

  it("takes no project option, and no kind a user level has no place for", () => {
    const env = { HOME: home() };
    expect(() => planSync({ from: "claude", to: ["codex"], dir: ".", user: { env } })).toThrow(
      /dir: expected nothing with user/,
    );
    expect(() =>
      planSync({ from: "claude", to: ["codex"], kinds: ["hook"], user: { env } }),
    ).toThrow(/kinds: expected with user, kinds among command, mcp, agent, skill, instructions/);
    expect(() => planSync({ from: "claude", to: ["codex"], user: { env: {} } })).toThrow(
      /user\.env: expected the environment with HOME/,
    );
  });
});
