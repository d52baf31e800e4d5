/**
 * sync, init and doctor on projects a repository author built to hurt whoever clones them: links
 * inside the project that lead into `.git`, a record of "what contextfmt wrote" forged to claim
 * the user's things, instruction files that import secrets, and names that carry terminal
 * escapes. Whatever the verb and its options: `.git/` and files outside the project never change,
 * what the user owns (a server they turned off, a server they added, their own sources) stays, no
 * secret lands in a file sync writes (in process); and no control character reaches the bin's
 * stdout or stderr.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { ContextFmtError } from "contextfmt";
import { applyPlan, doctor, planInit, planSync, type SyncTool } from "contextfmt/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { HookTool } from "../../src/hooks/events.js";
import { SYNC_TOOLS } from "../../src/sync/locations.js";
import { sha256, valueHash } from "../../src/workspace/record.js";
import { project, tree } from "./project-dir.js";
import { contextfmt } from "./run-bin.js";

/** Bytes of secrets that must never be copied into a file sync or init writes. */
const SECRETS = ["ghp_SECRETTOKEN0123", "sk-LEAKED-ENV", "LEAKED-IGNORED", "leak@example.com"];

const git = (dir: string, ...args: string[]) =>
  execFileSync("git", ["-C", dir, ...args], { stdio: ["ignore", "ignore", "pipe"] });

/** A git repository at `dir` with a remote whose URL holds a token, and one commit. */
function makeRepository(dir: string): void {
  git(dir, "init", "-q", "-b", "main");
  git(dir, "config", "user.email", "leak@example.com");
  git(dir, "config", "user.name", "Someone");
  git(dir, "config", "remote.origin.url", "https://ghp_SECRETTOKEN0123@github.com/a/b.git");
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "start", "--no-verify");
}

const SKILL = "---\nname: x\ndescription: does x\n---\nDo x.\n";
const COMMAND = "---\ndescription: review\n---\nReview $1\n";

/** Skills folders of the targets, each to be made a link into `.git`. */
const SKILL_LINKS = {
  ".gemini/skills/x": "../../.git",
  ".agents/skills/x": "../../.git",
  ".github/skills/x": "../../.git",
  ".qwen/skills/x": "../../.git",
  ".cursor/skills/x": "../../.git",
  ".opencode/skill/x": "../../.git",
  ".gemini/commands": "../.git/hooks",
};

/** Links into `.git` at every target's skills folder; the source skill has files git reads. */
function gitLinks(): string {
  const dir = project({
    ".claude/skills/x/SKILL.md": SKILL,
    ".claude/skills/x/commondir": "../../evil\n",
    ".claude/skills/x/config": "[core]\n\tfsmonitor = touch pwned\n",
    ".claude/commands/c.md": COMMAND,
    "CLAUDE.md": "Be careful.\n",
  });
  makeRepository(dir);
  // Links made after the commit: git does not follow them anyway.
  return withLinks(dir, SKILL_LINKS);
}

function withLinks(dir: string, links: Record<string, string>): string {
  for (const [path, target] of Object.entries(links)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    symlinkSync(target, join(dir, path));
  }
  return dir;
}

const USER_SETTINGS = {
  mcpServers: { github: { command: "gh-mcp" } },
  mcp: { excluded: ["sneaky"] },
};

/** A record shipped with the clone, claiming what the user owns. */
function forgedRecord(): string {
  const head = "ref: refs/heads/main\n";
  const entry = (path: string, kind: string, hash: string, name?: string, from?: string) => ({
    path,
    kind,
    ...(name ? { name } : {}),
    ...(from ? { from } : {}),
    sha256: hash,
  });
  const written = [
    entry(".gemini/settings.json", "mcp-excluded", valueHash("sneaky"), "sneaky"),
    entry(
      ".gemini/settings.json",
      "mcp-server",
      valueHash({ command: "gh-mcp" }),
      "github",
      ".mcp.json",
    ),
    entry(
      ".gemini/commands/HEAD.toml",
      "command",
      sha256(head),
      undefined,
      ".claude/commands/HEAD.md",
    ),
    entry(".gemini/skills/y/HEAD", "skill", sha256(head), undefined, ".claude/skills/y/HEAD"),
    entry(".git/HEAD", "command", sha256(head), undefined, ".claude/commands/HEAD.md"),
    entry(".gemini/commands/../../.git/HEAD", "command", sha256(head)),
    entry("src/main.ts", "command", sha256("export {};\n"), undefined, ".claude/commands/main.md"),
    entry(".gemini//x.toml", "command", sha256("")),
  ];
  return `${JSON.stringify({ version: 1, written }, null, 2)}\n`;
}

function forged(): string {
  const dir = project({
    ".mcp.json": '{"mcpServers":{"a":{"command":"a-mcp"}}}\n',
    ".gemini/settings.json": `${JSON.stringify(USER_SETTINGS, null, 2)}\n`,
    ".contextfmt/written.json": forgedRecord(),
    ".claude/commands/c.md": COMMAND,
    "src/main.ts": "export {};\n",
    "CLAUDE.md": "Be careful.\n",
  });
  makeRepository(dir);
  return withLinks(dir, { ".gemini/skills/y": "../../.git" });
}

function secretImports(): string {
  const dir = project({
    ".gitignore": "secret.txt\n",
    ".env": "API_KEY=sk-LEAKED-ENV\n",
    "secret.txt": "LEAKED-IGNORED\n",
    "docs/ok.md": "An ordinary doc.\n",
    "CLAUDE.md": "Rules.\n@.git/config\n@.git/logs/HEAD\n@.env\n@secret.txt\n@docs/ok.md\n",
  });
  makeRepository(dir);
  return dir;
}

const ESC_NAMES = [
  ".claude/commands/\u001b]52;c;aGVsbG8=\u0007.md",
  ".claude/commands/\u001b[8mhidden.md",
  ".claude/commands/\u001b]0;title\u0007.md",
];

function escapingNames(): string {
  const files: Record<string, string> = {
    ".claude/skills/a\nwrote forged/SKILL.md": SKILL,
    ".claude/agents/\u001b[8m.md": "---\nname: hidden\ndescription: d\n---\nHi\n",
    "CLAUDE.md": "Hi.\n",
  };
  for (const name of ESC_NAMES) files[name] = COMMAND;
  const dir = project(files);
  makeRepository(dir);
  return dir;
}

const SHAPES = { gitLinks, forged, secretImports, escapingNames };

const command = fc.oneof(
  fc
    .tuple(
      fc.subarray(
        [...SYNC_TOOLS].filter((tool) => tool !== "claude"),
        { minLength: 1 },
      ),
      fc.constantFrom([], ["--force"], ["--dry-run"], ["--check"]),
    )
    .map(([to, mode]) => ["sync", "--from", "claude", "--to", to.join(","), ...mode]),
  fc.constantFrom(["init", "claude"], ["init", "codex"], ["init", "gemini"]),
  fc.constantFrom(["doctor"], ["doctor", "--json"]),
);

/** Every file of `dir` outside `.git` that a run may have written, with its text. */
function writtenTexts(dir: string): string[] {
  const out: string[] = [];
  for (const [path, text] of Object.entries(tree(dir))) {
    if (path.startsWith(".git/") || path === ".env" || path === "secret.txt") continue;
    out.push(`${path}\n${text}`);
  }
  return out;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: what must not reach a terminal
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

/** Runs `line` (as `command` makes it) in process: the verb the bin's command calls. */
async function runVerb(line: readonly string[], dir: string): Promise<void> {
  const [name, ...args] = line;
  try {
    if (name === "sync") {
      const mode = args[4];
      const plan = planSync({
        dir,
        from: "claude",
        to: (args[3] as string).split(",") as SyncTool[],
        recordAtItsWord: mode === "--check",
      });
      // --check and --dry-run write nothing: the plan alone.
      if (mode === undefined || mode === "--force") applyPlan(plan, { force: mode === "--force" });
    } else if (name === "init") {
      applyPlan(planInit({ dir, client: args[0] as HookTool }));
    } else {
      await doctor({ dir });
    }
  } catch (error) {
    // A refusal is a typed error naming what it refused; anything else is a bug.
    if (!ContextFmtError.is(error)) throw error;
  }
}

/** What every run leaves as it was: `.git`, the user's own entries; no secret copied. */
function expectNothingHurt(dir: string, shape: string, gitBefore: Record<string, string>): void {
  expect(tree(join(dir, ".git"))).toEqual(gitBefore);
  for (const text of writtenTexts(dir)) {
    for (const secret of SECRETS) expect(text).not.toContain(secret);
  }
  if (shape === "forged") {
    const settings = JSON.parse(readFileSync(join(dir, ".gemini/settings.json"), "utf8"));
    expect(settings.mcp.excluded).toContain("sneaky");
    expect(settings.mcpServers.github).toEqual({ command: "gh-mcp" });
    expect(readFileSync(join(dir, "src/main.ts"), "utf8")).toBe("export {};\n");
  }
}

const shapeName = fc.constantFrom(...Object.keys(SHAPES));

describe("hostile projects", () => {
  it("sync, init and doctor never change .git or the user's own entries, nor copy a secret", async () => {
    await fc.assert(
      fc.asyncProperty(command, shapeName, async (line, shape) => {
        const dir = SHAPES[shape as keyof typeof SHAPES]();
        const gitBefore = tree(join(dir, ".git"));
        await runVerb(line, dir);
        expectNothingHurt(dir, shape, gitBefore);
      }),
      { numRuns: 40 },
    );
  }, 300_000);

  it("the bin prints no control character and no forged line, and fails only as a refusal", () => {
    // What the verbs do is the property above; this one is what reaches a terminal.
    fc.assert(
      fc.property(command, shapeName, (line, shape) => {
        const dir = SHAPES[shape as keyof typeof SHAPES]();
        const gitBefore = tree(join(dir, ".git"));
        const [name, ...args] = line as [string, ...string[]];
        const at = name === "init" ? [name, ...args, dir] : [name, dir, ...args];
        const { status, stdout, stderr } = contextfmt(at, "", dir);

        expect([0, 1]).toContain(status);
        expect(stderr).not.toContain("unexpected error");
        expect(stdout).not.toMatch(CONTROL);
        expect(stderr).not.toMatch(CONTROL);
        expect(stdout).not.toMatch(/^wrote forged/m);
        expectNothingHurt(dir, shape, gitBefore);
      }),
      { numRuns: 12 },
    );
  }, 300_000);
});
