/**
 * `contextfmt sync` on real-looking projects: what it writes where, that settings files keep
 * every byte it does not manage (comments, other keys, blank lines, CRLF), idempotence, --check,
 * --dry-run, --strict, and errors that name the file with nothing written.
 */
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { contextfmt } from "./run-bin.js";

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/agent-config/${name}`, import.meta.url), "utf8");

function project(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(join(tmpdir(), "contextfmt-sync-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** Every file of the project, by relative path. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const full = join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else out[relative(dir, full)] = readFileSync(full, "utf8");
    }
  };
  walk(dir);
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)));
}

const CODEX_CONFIG = [
  "# Codex settings for this repo\r\n",
  'model = "gpt-5" # pinned for now\r\n',
  "\r\n",
  "[features]\r\n",
  "web_search = true\r\n",
  "\r\n",
  "# Servers below\r\n",
  "[mcp_servers.github]\r\n",
  'url = "https://old.example.com/mcp"\r\n',
  "\r\n",
  "[mcp_servers.own]  # mine, keep\r\n",
  'command = "own-server"\r\n',
  "\r\n",
  "[profiles.fast]\r\n",
  'model = "o3"\r\n',
].join("");

const GEMINI_SETTINGS = `{
  // Team settings
  "theme": "GitHub",
  "mcpServers": {
    "own": {
      "command": "own-server", // ours
    },
  },
  "mcp": { "excluded": ["own"] },
}
`;

const CLAUDE_PROJECT = {
  ".claude/commands/review.md": fixture("review.claude.md"),
  ".claude/commands/git/commit.md":
    "---\ndescription: Commit staged work\n---\nCommit it. $ARGUMENTS\n",
  ".claude/agents/code-reviewer.md": fixture("code-reviewer.claude-agent.md"),
  ".claude/skills/pdf-forms/SKILL.md": fixture("pdf-forms.claude-skill.md"),
  ".claude/skills/pdf-forms/scripts/fill.py": "print('fill')\n",
  ".claude/skills/pdf-forms/form.bin": Buffer.from([0x25, 0x50, 0xff, 0xfe, 0x00, 0xe9, 0x0a]),
  ".mcp.json": fixture("servers.mcp.json"),
};

describe("contextfmt sync --from claude --to codex,gemini", () => {
  it("writes each kind where each tool reads it, one line per file", () => {
    const dir = project(CLAUDE_PROJECT);
    const { stdout, status } = contextfmt([
      "sync",
      dir,
      "--from",
      "claude",
      "--to",
      "codex,gemini",
    ]);
    expect(status).toBe(0);
    expect(
      stdout
        .split("\n")
        .filter(Boolean)
        .map((line) => line.replace(/ \(.*\)$/, "")),
    ).toEqual([
      "wrote .agents/skills/git-commit/SKILL.md",
      "wrote .agents/skills/review/SKILL.md",
      "wrote .codex/config.toml",
      "wrote .codex/agents/code-reviewer.toml",
      "wrote .agents/skills/pdf-forms/SKILL.md",
      "wrote .agents/skills/pdf-forms/form.bin",
      "wrote .agents/skills/pdf-forms/scripts/fill.py",
      "wrote .gemini/commands/git/commit.toml",
      "wrote .gemini/commands/review.toml",
      "wrote .gemini/settings.json",
      "wrote .gemini/agents/code-reviewer.md",
      "wrote .gemini/skills/pdf-forms/SKILL.md",
      "wrote .gemini/skills/pdf-forms/form.bin",
      "wrote .gemini/skills/pdf-forms/scripts/fill.py",
    ]);
    const files = tree(dir);
    expect(files[".gemini/commands/git/commit.toml"]).toBe(
      'description = "Commit staged work"\nprompt = """\nCommit it. {{args}}\n"""\n',
    );
    expect(files[".gemini/skills/pdf-forms/scripts/fill.py"]).toBe("print('fill')\n");
    // Other files of a skill's folder, binary ones too, are copied byte for byte.
    expect(readFileSync(join(dir, ".agents/skills/pdf-forms/form.bin"))).toEqual(
      Buffer.from([0x25, 0x50, 0xff, 0xfe, 0x00, 0xe9, 0x0a]),
    );
  });

  it("a second sync changes nothing and says so; --check then passes", () => {
    const dir = project(CLAUDE_PROJECT);
    contextfmt(["sync", dir, "--from", "claude", "--to", "codex,gemini"]);
    const before = tree(dir);
    const again = contextfmt(["sync", dir, "--from", "claude", "--to", "codex,gemini"]);
    expect(again).toMatchObject({ status: 0, stderr: "", stdout: "up to date (14 files)\n" });
    expect(tree(dir)).toEqual(before);
    expect(
      contextfmt(["sync", dir, "--from", "claude", "--to", "codex,gemini", "--check"]).status,
    ).toBe(0);
  });

  it("edits Codex config.toml in place: only the synced tables change, CRLF and comments kept", () => {
    const dir = project({ ...CLAUDE_PROJECT, ".codex/config.toml": CODEX_CONFIG });
    // The file's own github server is replaced: sync did not write it, so only with --force.
    contextfmt(["sync", dir, "--from", "claude", "--to", "codex", "--only", "mcp", "--force"]);
    expect(readFileSync(join(dir, ".codex/config.toml"), "utf8")).toBe(
      [
        "# Codex settings for this repo\r\n",
        'model = "gpt-5" # pinned for now\r\n',
        "\r\n",
        "[features]\r\n",
        "web_search = true\r\n",
        "\r\n",
        "# Servers below\r\n",
        "[mcp_servers.github]\r\n",
        'url = "https://api.githubcopilot.com/mcp/"\r\n',
        'bearer_token_env_var = "GITHUB_PAT"\r\n',
        "tool_timeout_sec = 120\r\n",
        "\r\n",
        "[mcp_servers.github.http_headers]\r\n",
        'X-MCP-Toolsets = "repos,issues"\r\n',
        "\r\n",
        "[mcp_servers.own]  # mine, keep\r\n",
        'command = "own-server"\r\n',
        "\r\n",
        "[mcp_servers.filesystem]\r\n",
        'command = "npx"\r\n',
        'args = [ "-y", "@modelcontextprotocol/server-filesystem", "/srv/projects" ]\r\n',
        'env_vars = [ "GITHUB_TOKEN" ]\r\n',
        "\r\n",
        "[mcp_servers.filesystem.env]\r\n",
        'LOG_LEVEL = "info"\r\n',
        "\r\n",
        "[profiles.fast]\r\n",
        'model = "o3"\r\n',
      ].join(""),
    );
  });

  it("edits Gemini settings.json in place: comments, other keys and servers kept, disabled list kept", () => {
    const dir = project({ ...CLAUDE_PROJECT, ".gemini/settings.json": GEMINI_SETTINGS });
    contextfmt(["sync", dir, "--from", "claude", "--to", "gemini", "--only", "mcp"]);
    const after = readFileSync(join(dir, ".gemini/settings.json"), "utf8");
    expect(
      after.startsWith(
        '{\n  // Team settings\n  "theme": "GitHub",\n  "mcpServers": {\n    "own": {\n      "command": "own-server", // ours\n    },',
      ),
    ).toBe(true);
    expect(after).toContain('"mcp": { "excluded": ["own"] },\n}\n');
    expect(after).toContain('"filesystem": {');
    expect(after).toContain(
      '"linear": {\n      "url": "https://mcp.linear.app/sse",\n      "type": "sse"\n    }',
    );
  });

  it("--dry-run prints unified diffs and writes nothing", () => {
    const dir = project({ ...CLAUDE_PROJECT, ".codex/config.toml": CODEX_CONFIG });
    const before = tree(dir);
    const { stdout, status } = contextfmt([
      "sync",
      dir,
      "--from",
      "claude",
      "--to",
      "codex",
      "--only",
      "mcp",
      "--dry-run",
      "--force",
    ]);
    expect(status).toBe(0);
    expect(stdout).toContain("--- a/.codex/config.toml\n+++ b/.codex/config.toml\n");
    expect(stdout).toContain(
      '-url = "https://old.example.com/mcp"\r\n+url = "https://api.githubcopilot.com/mcp/"\r\n',
    );
    expect(tree(dir)).toEqual(before);
  });

  it("--check lists what would change and exits 1, writing nothing", () => {
    const dir = project(CLAUDE_PROJECT);
    const { stdout, status } = contextfmt([
      "sync",
      dir,
      "--from",
      "claude",
      "--to",
      "gemini",
      "--only",
      "commands",
      "--check",
    ]);
    expect(status).toBe(1);
    expect(stdout).toBe(
      "would change .gemini/commands/git/commit.toml\nwould change .gemini/commands/review.toml\n",
    );
    expect(Object.keys(tree(dir))).not.toContain(".gemini/commands/review.toml");
  });

  it("--strict: a lossy conversion is exit 1 and nothing is written", () => {
    const dir = project(CLAUDE_PROJECT);
    const { status, stdout } = contextfmt([
      "sync",
      dir,
      "--from",
      "claude",
      "--to",
      "codex",
      "--strict",
    ]);
    expect(status).toBe(1);
    expect(stdout).toMatch(/^nothing written: \d+ warning\(s\) with --strict\n$/);
    expect(Object.keys(tree(dir)).some((path) => path.startsWith(".codex"))).toBe(false);
  });

  it("a settings file that does not parse is an error naming it, and nothing is written", () => {
    const dir = project({ ...CLAUDE_PROJECT, ".codex/config.toml": "model = = 1\n" });
    const before = tree(dir);
    const { status, stderr, stdout } = contextfmt([
      "sync",
      dir,
      "--from",
      "claude",
      "--to",
      "gemini,codex",
    ]);
    expect(status).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toMatch(/^contextfmt: \.codex\/config\.toml:1:\d+: invalid TOML: .+\n$/);
    expect(tree(dir)).toEqual(before);
  });
});

describe("contextfmt sync --only rules", () => {
  const rules = new URL("../../examples/rules.json", import.meta.url).pathname;

  it("writes the rules into each tool's instruction file inside the managed region, the rest untouched", () => {
    const dir = project({ "AGENTS.md": "# Repo guide\r\n\r\nRun `make test`.\r\n" });
    const { status } = contextfmt([
      "sync",
      dir,
      "--only",
      "rules",
      "--rules",
      rules,
      "--to",
      "claude,codex,gemini",
    ]);
    expect(status).toBe(0);
    const agents = readFileSync(join(dir, "AGENTS.md"), "utf8");
    expect(
      agents.startsWith(
        "# Repo guide\r\n\r\nRun `make test`.\r\n\r\n<!-- contextfmt:begin -->\r\nPROJECT CONTEXT RULES\r\n",
      ),
    ).toBe(true);
    expect(agents.endsWith("<!-- contextfmt:end -->\r\n")).toBe(true);
    expect(readFileSync(join(dir, "CLAUDE.md"), "utf8")).toMatch(
      /^<!-- contextfmt:begin -->\n# Project Memory Rules\n/,
    );
    expect(readFileSync(join(dir, "GEMINI.md"), "utf8")).toMatch(
      /^<!-- contextfmt:begin -->\nYou are/,
    );
  });

  it("replaces only the region's inside; a later sync with the same rules changes nothing (the Generated line aside)", () => {
    const dir = project({
      "CLAUDE.md": "Intro\n\n<!-- contextfmt:begin -->\nold\n<!-- contextfmt:end -->\n\nOutro\n",
    });
    const rulesSync = (...extra: string[]) =>
      contextfmt([
        "sync",
        dir,
        "--only",
        "rules",
        "--rules",
        rules,
        "--to",
        "claude,codex",
        ...extra,
      ]);
    // A region contextfmt has no record of writing is replaced only with --force.
    rulesSync("--force");
    const claude = readFileSync(join(dir, "CLAUDE.md"), "utf8");
    expect(claude.startsWith("Intro\n\n<!-- contextfmt:begin -->\n# Project Memory Rules\n")).toBe(
      true,
    );
    expect(claude.endsWith("<!-- contextfmt:end -->\n\nOutro\n")).toBe(true);
    const again = rulesSync("--check");
    expect(again).toMatchObject({ status: 0, stdout: "up to date (2 files)\n" });
  });

  it("an unclosed region is an error and nothing is written", () => {
    const dir = project({ "GEMINI.md": "<!-- contextfmt:begin -->\nmine\n" });
    const { status, stderr } = contextfmt([
      "sync",
      dir,
      "--only",
      "rules",
      "--rules",
      rules,
      "--to",
      "gemini",
    ]);
    expect(status).toBe(1);
    expect(stderr).toBe(
      'contextfmt: GEMINI.md: expected one "<!-- contextfmt:begin -->" line, then one "<!-- contextfmt:end -->" line (each alone on its line), found begin on line 1 and no end line; nothing written\n',
    );
    expect(readFileSync(join(dir, "GEMINI.md"), "utf8")).toBe("<!-- contextfmt:begin -->\nmine\n");
  });
});

describe("sync from Gemini and from Codex", () => {
  it("Gemini commands (namespaced), settings.json servers and agents into Claude", () => {
    const dir = project({
      ".gemini/commands/git/commit.toml": fixture("commit.gemini.toml"),
      ".gemini/settings.json": fixture("gemini-settings.json"),
      ".gemini/agents/security-auditor.md": fixture("security-auditor.gemini-agent.md"),
    });
    const { status, stdout } = contextfmt(["sync", dir, "--from", "gemini", "--to", "claude"]);
    expect(status).toBe(0);
    expect(stdout).toContain("wrote .claude/commands/git/commit.md");
    expect(stdout).toContain("wrote .mcp.json");
    expect(stdout).toContain("wrote .claude/agents/security-auditor.md");
  });

  it("Codex config.toml servers and agents into Gemini", () => {
    const dir = project({
      ".codex/config.toml": fixture("codex-config.toml"),
      ".codex/agents/explorer.toml": fixture("explorer.codex-agent.toml"),
    });
    cpSync(join(dir, ".codex"), join(dir, ".codex-copy"), { recursive: true });
    const { status, stdout } = contextfmt(["sync", dir, "--from", "codex", "--to", "gemini"]);
    expect(status).toBe(0);
    expect(stdout).toContain("wrote .gemini/settings.json");
    expect(stdout).toContain("wrote .gemini/agents/explorer.md");
  });
});

describe("removal, as --check, --dry-run and a run show it", () => {
  it("lists a file whose source is gone, shows its diff to /dev/null, then removes it", () => {
    const dir = project({ ".claude/commands/deploy.md": "Deploy it\n", "CLAUDE.md": "Team\n" });
    const run = (...extra: string[]) =>
      contextfmt(["sync", dir, "--from", "claude", "--to", "gemini", ...extra]);
    expect(run().stdout).toBe("wrote GEMINI.md\nwrote .gemini/commands/deploy.toml\n");
    rmSync(join(dir, ".claude/commands/deploy.md"));
    writeFileSync(join(dir, "CLAUDE.md"), "");
    const check = run("--check");
    expect([check.status, check.stdout]).toEqual([
      1,
      "would remove GEMINI.md\nwould remove .gemini/commands/deploy.toml\n",
    ]);
    expect(check.stderr).toBe(
      [
        "contextfmt: info: removed at GEMINI.md: the contextfmt region taken out: its sources are gone",
        "contextfmt: info: removed at .gemini/commands/deploy.toml: the file taken out: its source .claude/commands/deploy.md is gone",
        "",
      ].join("\n"),
    );
    const dry = run("--dry-run");
    expect(dry.stdout).toContain(
      "--- a/.gemini/commands/deploy.toml\n+++ /dev/null\n@@ -1,3 +0,0 @@\n-prompt",
    );
    expect(tree(dir)[".gemini/commands/deploy.toml"]).toBeDefined();
    expect(run().stdout).toBe("removed GEMINI.md\nremoved .gemini/commands/deploy.toml\n");
    expect(Object.keys(tree(dir)).sort()).toEqual([".contextfmt/written.json", "CLAUDE.md"]);
  });
});
