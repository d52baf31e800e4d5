/**
 * What a record that came with a clone (or a teammate's) can make `sync` do: nothing it would not
 * do without it. Each case runs the built bin on a real project in a temporary folder, the record
 * written as a repository's author would ship it, and checks that what it claims stays byte for
 * byte, that the run says so, and that the user's own record still works as before.
 */
import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sha256, valueHash } from "../../src/workspace/record.js";
import { project, tree } from "../cli/project-dir.js";
import { BIN } from "../cli/run-bin.js";

/** A user of their own: a state folder (where the evidence of what their runs wrote lives). */
const newUser = () => mkdtempSync(join(tmpdir(), "contextfmt-user-"));

/** Runs `contextfmt sync` in `dir` as `user` (the tests' own user by default). */
function sync(dir: string, args: readonly string[], user?: string) {
  const result = spawnSync(process.execPath, [BIN, "sync", dir, ...args], {
    encoding: "utf8",
    env: { ...process.env, ...(user === undefined ? {} : { XDG_STATE_HOME: user }) },
  });
  return { stdout: result.stdout, stderr: result.stderr, status: result.status };
}

/** A record as a repository would ship it: entries of its author's choosing. */
const shipped = (...written: object[]) => JSON.stringify({ version: 1, written });

const read = (dir: string, path: string) => readFileSync(join(dir, path), "utf8");

const UNPROVEN =
  "contextfmt: warning: kept_unproven at .contextfmt/written.json: kept as they are, though the record lists them as contextfmt's: this user's contextfmt has no evidence of writing them in this folder (another user's sync wrote them, they came with the project, or they were written before this user's contextfmt kept evidence), so they are not taken as this user's to replace or remove:";

describe("a record that came with the project is not evidence of what sync wrote", () => {
  it("an entry claiming the user's mcp.excluded item leaves the server off", () => {
    const settings =
      '{\n  "mcp": { "excluded": ["db"] }, // off: it writes to production\n  "mcpServers": {}\n}\n';
    const dir = project({
      ".mcp.json": JSON.stringify({ mcpServers: { db: { command: "db-mcp" } } }),
      ".gemini/settings.json": settings,
      ".contextfmt/written.json": shipped({
        path: ".gemini/settings.json",
        kind: "mcp-excluded",
        name: "db",
        sha256: valueHash("db"),
      }),
    });
    const run = sync(dir, ["--from", "claude", "--to", "gemini", "--only", "mcp"]);
    expect(run.status).toBe(0);
    expect(JSON.parse(read(dir, ".gemini/settings.json").replace(/\/\/.*$/m, ""))).toEqual({
      mcp: { excluded: ["db"] },
      mcpServers: { db: { command: "db-mcp" } },
    });
    expect(run.stderr).toContain(`${UNPROVEN} .gemini/settings.json: mcp.excluded "db"`);
    expect(run.stderr).toContain(
      'kept_user_value at .gemini/settings.json: mcp.excluded: "db" stays excluded as the file says',
    );
  });

  it("an entry claiming .git/HEAD through a link inside the project leaves the repository whole", () => {
    const head = "ref: refs/heads/main\n";
    const dir = project(
      {
        ".git/HEAD": head,
        ".claude/commands/review.md": "Review it\n",
        ".contextfmt/written.json": shipped({
          path: ".gemini/commands/g/HEAD",
          kind: "command",
          from: ".claude/commands/g/HEAD.md",
          sha256: sha256(head),
        }),
      },
      { ".gemini/commands/g": "../../.git" },
    );
    const run = sync(dir, ["--from", "claude", "--to", "gemini", "--only", "commands"]);
    expect(read(dir, ".git/HEAD")).toBe(head);
    expect(run.stdout).not.toContain("HEAD");
    expect(run.stderr).toContain(`${UNPROVEN} .gemini/commands/g/HEAD`);
  });

  it("an entry pre-claiming a common server keeps the one the user adds by hand", () => {
    const github = { command: "npx", args: ["-y", "@modelcontextprotocol/server-github"] };
    const dir = project({
      ".mcp.json": JSON.stringify({ mcpServers: { db: { command: "db-mcp" } } }),
      ".contextfmt/written.json": shipped({
        path: ".gemini/settings.json",
        kind: "mcp-server",
        name: "github",
        from: ".mcp.json",
        sha256: valueHash(github),
      }),
    });
    // After cloning, the user adds the server by hand.
    mkdirSync(join(dir, ".gemini"));
    writeFileSync(join(dir, ".gemini/settings.json"), JSON.stringify({ mcpServers: { github } }));
    const run = sync(dir, ["--from", "claude", "--to", "gemini", "--only", "mcp"]);
    expect(run.status).toBe(0);
    expect(JSON.parse(read(dir, ".gemini/settings.json")).mcpServers).toEqual({
      github,
      db: { command: "db-mcp" },
    });
    expect(run.stderr).not.toContain("taken out");
    expect(run.stderr).toContain(`${UNPROVEN} .gemini/settings.json: mcpServers.github`);
  });

  it.each([".gemini/commands/../x.toml", ".gemini/commands/./x.toml", ".gemini/commands//x.toml"])(
    "an entry at %s is a warning naming it, and sync goes on",
    (path) => {
      const record = shipped({
        path,
        kind: "command",
        from: ".claude/commands/x.md",
        sha256: sha256("x"),
      });
      const dir = project({
        ".claude/commands/review.md": "Review it\n",
        ".contextfmt/written.json": record,
      });
      const run = sync(dir, ["--from", "claude", "--to", "gemini", "--only", "commands"]);
      expect(run.status).toBe(0);
      expect(run.stdout).toContain("wrote .gemini/commands/review.toml");
      expect(run.stderr).toContain(
        `contextfmt: warning: record_entry_ignored at .contextfmt/written.json: written[0] (${JSON.stringify(path)}): ignored: its path is not a plain path inside the project; it stays in the record as it is`,
      );
      // Kept as it was, for whoever wrote it to mend.
      expect(JSON.parse(read(dir, ".contextfmt/written.json")).written).toContainEqual(
        JSON.parse(record).written[0],
      );
    },
  );
});

describe("a skill's folder is removed whole or not at all", () => {
  const SKILL = {
    ".claude/skills/lint/SKILL.md": "---\nname: lint\ndescription: Lints\n---\nRun the linter.\n",
    ".claude/skills/lint/scripts/run.sh": "#!/bin/sh\neslint .\n",
  };
  const args = ["--from", "claude", "--to", "gemini", "--only", "skills"];

  it.each([
    ["SKILL.md changed", ".gemini/skills/lint/SKILL.md", "changed since contextfmt wrote it"],
    ["a file added", ".gemini/skills/lint/notes.md", "not written by contextfmt"],
  ])("%s: every file stays, named", (_, path, why) => {
    const dir = project(SKILL);
    expect(sync(dir, args).status).toBe(0);
    rmSync(join(dir, ".claude/skills/lint"), { recursive: true });
    writeFileSync(join(dir, path), "mine\n");
    const before = tree(dir);
    const run = sync(dir, args);
    expect(run.status).toBe(0);
    const after = tree(dir);
    delete before[".contextfmt/written.json"];
    delete after[".contextfmt/written.json"];
    expect(after).toEqual(before);
    expect(run.stderr).toContain(
      `contextfmt: warning: kept_changed at .gemini/skills/lint/: the skill's folder stays whole: its source .claude/skills/lint is gone, but it holds files ${why}: ${path} (take the folder out by hand if it should go)`,
    );
  });
});

describe("another user's record, and the user's own", () => {
  const SOURCE = {
    ".claude/commands/review.md": "Review it\n",
    ".claude/commands/deploy.md": "Deploy it\n",
    ".mcp.json": JSON.stringify({
      mcpServers: { github: { command: "gh-mcp" }, db: { command: "db-mcp" } },
    }),
  };
  const args = ["--from", "claude", "--to", "gemini", "--only", "commands,mcp"];

  /** Changes every source: one command edited, one gone, one server gone. */
  const changeSources = (dir: string) => {
    writeFileSync(join(dir, ".claude/commands/review.md"), "Review it again\n");
    rmSync(join(dir, ".claude/commands/deploy.md"));
    writeFileSync(
      join(dir, ".mcp.json"),
      JSON.stringify({ mcpServers: { github: { command: "gh-mcp" } } }),
    );
  };

  it("the same user: a second sync replaces and removes what the first wrote", () => {
    const dir = project(SOURCE);
    expect(sync(dir, args).status).toBe(0);
    changeSources(dir);
    const run = sync(dir, args);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(
      "wrote .gemini/commands/review.toml\nwrote .gemini/settings.json\nremoved .gemini/commands/deploy.toml\nGemini CLI loads 0 bytes, 0 tokens, 2 → 1 items\n",
    );
    expect(read(dir, ".gemini/commands/review.toml")).toContain("Review it again");
    expect(Object.keys(JSON.parse(read(dir, ".gemini/settings.json")).mcpServers)).toEqual([
      "github",
    ]);
    expect(run.stderr).not.toContain("warning");
  });

  it.each([
    ["another user, the same folder", false, true],
    ["the same user, a copy of the project elsewhere", true, false],
  ])("%s: sync removes nothing and rewrites nothing", (_, copy, otherUser) => {
    const first = project(SOURCE);
    expect(sync(first, args).status).toBe(0);
    const dir = copy ? mkdtempSync(join(tmpdir(), "contextfmt-copy-")) : first;
    if (copy) cpSync(first, dir, { recursive: true });
    const user = otherUser ? newUser() : undefined;
    changeSources(dir);
    const before = tree(dir);
    // --check writes nothing and takes the record at its word: in CI, with no evidence of
    // this user's, it still sees what is out of date.
    const check = sync(dir, [...args, "--check"], user);
    expect(check.stdout).toBe(
      "would change .gemini/commands/review.toml\nwould change .gemini/settings.json\nwould remove .gemini/commands/deploy.toml\nGemini CLI loads 0 bytes, 0 tokens, 2 → 1 items\n",
    );
    expect(check.status).toBe(1);
    const run = sync(dir, args, user);
    expect(run.stderr).toContain(
      `${UNPROVEN} .gemini/commands/review.toml, .gemini/commands/deploy.toml, .gemini/settings.json: mcpServers.db (a sync by whoever wrote them can take them out)`,
    );
    expect(run.stderr).toContain(
      "not replaced, as contextfmt did not write them or they changed since: .gemini/commands/review.toml; nothing written",
    );
    expect(run.status).not.toBe(0);
    expect(tree(dir)).toEqual(before);
    // Without the edited command, the run goes through: it adds nothing of its own where the
    // record claims, and takes nothing out.
    writeFileSync(join(dir, ".claude/commands/review.md"), SOURCE[".claude/commands/review.md"]);
    const second = sync(dir, args, user);
    expect(second.status).toBe(0);
    expect(second.stdout).toBe("up to date (2 files)\n");
    expect(read(dir, ".gemini/commands/deploy.toml")).toContain("Deploy it");
    expect(JSON.parse(read(dir, ".gemini/settings.json")).mcpServers.db).toEqual({
      command: "db-mcp",
    });
  });

  it("where the evidence cannot be read or saved, nothing is proven, each said once, and the run still writes", () => {
    const dir = project(SOURCE);
    expect(sync(dir, args).status).toBe(0);
    rmSync(join(dir, ".claude/commands/deploy.md"));
    // A state folder that is a file: no evidence can be read or saved in it.
    const nowhere = join(newUser(), "file");
    writeFileSync(nowhere, "");
    const run = sync(dir, args, nowhere);
    expect(run.status).toBe(0);
    expect(read(dir, ".gemini/commands/deploy.toml")).toContain("Deploy it");
    const store = `${nowhere}/contextfmt/projects/${sha256(realpathSync(dir))}.json`;
    const said = run.stderr.split("\n").filter((line) => line.includes(nowhere));
    expect(said).toEqual([
      `contextfmt: warning: evidence_unreadable at ${store}: cannot read ${store}: a part of its path is a file, not a folder: nothing the record lists is taken as written by this user's contextfmt, so nothing it lists is replaced or removed (this run saves its own writes there anew)`,
      expect.stringMatching(
        new RegExp(
          `^contextfmt: warning: evidence_not_saved at ${literal(store)}: cannot save what this run wrote \\(.+\\): the next run keeps it as it keeps a teammate's, and replaces or removes it only with --force$`,
        ),
      ),
    ]);
  });
});

/** `text` as a pattern that matches it alone. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

describe("the record is the same whoever syncs; the evidence is the user's", () => {
  const SOURCE = {
    ".claude/commands/review.md": "Review it\n",
    ".claude/skills/lint/SKILL.md": "---\nname: lint\ndescription: Lints\n---\nRun the linter.\n",
    ".mcp.json": JSON.stringify({ mcpServers: { github: { command: "gh-mcp" } } }),
  };
  const args = ["--from", "claude", "--to", "gemini,codex"];

  it("two users syncing the same project in turn leave written.json byte for byte as it was", () => {
    const dir = project(SOURCE);
    const [alice, bob] = [newUser(), newUser()];
    expect(sync(dir, args, alice).status).toBe(0);
    const record = read(dir, ".contextfmt/written.json");
    for (const user of [bob, alice, bob]) {
      const run = sync(dir, args, user);
      expect(run.status).toBe(0);
      expect(read(dir, ".contextfmt/written.json")).toBe(record);
      expect(run.stdout).toMatch(/^up to date/);
    }
    // Nothing in it says who wrote it.
    expect(record).not.toMatch(/signature/);
    // Each user's evidence is theirs, outside the project: one file each, none in the project.
    const store = `contextfmt/projects/${sha256(realpathSync(dir))}.json`;
    for (const user of [alice, bob]) expect(existsSync(join(user, store))).toBe(true);
    expect(Object.keys(tree(dir)).filter((path) => path.startsWith(".contextfmt/"))).toEqual([
      ".contextfmt/written.json",
    ]);
  });

  it("a record of the previous release is kept as it is, and proven by the first writing sync that writes the same", () => {
    const dir = project(SOURCE);
    expect(sync(dir, args).status).toBe(0);
    const record = read(dir, ".contextfmt/written.json");
    // The same project as the previous release left it: its record, no one's evidence.
    const user = newUser();
    for (const check of [["--check"], ["--dry-run"]]) {
      expect(sync(dir, [...args, ...check], user).status).toBe(0);
    }
    // A run that writes nothing saves no evidence.
    expect(readdirSync(user)).toEqual([]);
    const first = sync(dir, args, user);
    // The two settings files, .gemini/commands/review.toml and .agents/skills/lint/SKILL.md:
    // Gemini CLI reads the skill there, and offers /review itself (Codex CLI gets no skill of it).
    expect(first.stdout).toBe("up to date (4 files)\n");
    expect(read(dir, ".contextfmt/written.json")).toBe(record);
    // What it proved is this user's now: a source gone takes its output with it.
    rmSync(join(dir, ".claude/commands/review.md"));
    rmSync(join(dir, ".claude/skills/lint"), { recursive: true });
    const second = sync(dir, args, user);
    expect(second.stderr).not.toContain("warning");
    expect(second.stdout).toContain("removed .gemini/commands/review.toml\n");
    expect(existsSync(join(dir, ".gemini/skills/lint"))).toBe(false);
  });
});
