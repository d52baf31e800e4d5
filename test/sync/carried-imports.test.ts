/**
 * Imports carry text, not secrets: `sync --from claude --to codex` inlines what CLAUDE.md imports
 * into AGENTS.md, a file meant to be committed. The repository's own data (`.git`, `.hg`, `.svn`,
 * `.jj`), dotenv files, files git ignores and files over the cap are left out, each named in a
 * warning; an ordinary imported doc still goes in. Real `git` repositories in temp folders, the
 * built bin spawned.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { delimiter, join, posix } from "node:path";
import { describe, expect, it } from "vitest";
import { MAX_IMPORT_BYTES } from "../../src/sync/carried-imports.js";
import { CLIENT_LOADING } from "../../src/sync/loading.js";
import { project } from "../cli/project-dir.js";
import { BIN, contextfmt } from "../cli/run-bin.js";

const TOKEN = "ghp_0123456789abcdefTOKENxyz";
const EMAIL = "dana.secret@example.org";

/** Runs git in `dir` as a user would, with a fixed identity. */
const git = (dir: string, ...args: string[]) =>
  execFileSync("git", ["-c", `user.email=${EMAIL}`, "-c", "user.name=Dana Secret", ...args], {
    cwd: dir,
    encoding: "utf8",
  });

/** A git work tree holding `files`, with a remote whose URL carries a token and one commit. */
function repository(files: Record<string, string>, links: Record<string, string> = {}): string {
  const dir = project(files, links);
  git(dir, "init", "-q");
  git(dir, "remote", "add", "origin", `https://x-access-token:${TOKEN}@github.com/acme/app.git`);
  git(dir, "config", "user.email", EMAIL);
  git(dir, "commit", "-q", "--allow-empty", "-m", "start");
  return dir;
}

/** `sync --from claude --to codex` on `dir`: AGENTS.md (or "" when none) and the warnings. */
function syncToCodex(dir: string, env?: NodeJS.ProcessEnv) {
  const args = [BIN, "sync", dir, "--from", "claude", "--to", "codex"];
  const run = env
    ? spawnSync(process.execPath, args, { encoding: "utf8", env })
    : contextfmt(args.slice(1));
  expect(run.status).toBe(0);
  const agents = join(dir, "AGENTS.md");
  return {
    agents: existsSync(agents) ? readFileSync(agents, "utf8") : "",
    warnings: run.stderr.split("\n").filter((line) => line !== ""),
  };
}

const leftOut = (path: string, why: string) =>
  `contextfmt: warning: import_left_out at CLAUDE.md: not carried: @${path}: ${why}`;

const IGNORED = "ignored by git, so not meant to be committed";
const DOTENV = "a dotenv file, where secrets are kept";
/** Why a path in a version control folder is not carried: it is outside the project. */
const vcs = (path: string, folder: string) => `${path}: ${folder} is outside the project`;

describe("sync carries imports into AGENTS.md", () => {
  it("leaves out .git, a git-ignored file and .env, naming each; an ordinary doc still goes in", () => {
    const dir = repository({
      "CLAUDE.md":
        "Rules: @docs/style.md\n@.git/config\n@.git/logs/HEAD\n@.env\n@notes/private.md\n",
      "docs/style.md": "Tabs, not spaces.\n",
      ".env": "STRIPE_KEY=sk_live_SECRET\n",
      "notes/private.md": "the staging password is hunter2\n",
      ".gitignore": "notes/private.md\n",
    });
    const { agents, warnings } = syncToCodex(dir);
    for (const secret of [TOKEN, EMAIL, "Dana Secret", "sk_live_SECRET", "hunter2"]) {
      expect(agents).not.toContain(secret);
    }
    expect(agents).toContain("<!-- imported from docs/style.md -->\nTabs, not spaces.\n");
    expect(warnings).toEqual([
      leftOut(".git/config", vcs(".git/config", ".git")),
      leftOut(".git/logs/HEAD", vcs(".git/logs/HEAD", ".git")),
      leftOut(".env", DOTENV),
      leftOut("notes/private.md", IGNORED),
    ]);
  });

  it("reads ignore rules as git does: nested files, negation, anchors; a tracked file is not ignored", () => {
    const imported = [
      "a.local.md",
      "team.local.md",
      "top.md",
      "docs/top.md",
      "docs/draft.md",
      "docs/sub/draft.md",
      "kept.local.md",
      "build/out.md",
    ];
    const dir = repository({
      "CLAUDE.md": `${imported.map((path) => `@${path}`).join("\n")}\n`,
      ".gitignore": "*.local.md\n!team.local.md\n/top.md\nbuild/\n",
      "docs/.gitignore": "draft.md\n",
      ...Object.fromEntries(imported.map((path) => [path, `text of ${path}\n`])),
    });
    git(dir, "add", "-f", "kept.local.md");
    git(dir, "commit", "-q", "-m", "a file git would ignore, tracked");
    const { agents, warnings } = syncToCodex(dir);
    for (const path of ["team.local.md", "docs/top.md", "kept.local.md"]) {
      expect(agents).toContain(`<!-- imported from ${path} -->\ntext of ${path}\n`);
    }
    const ignored = ["a.local.md", "top.md", "docs/draft.md", "docs/sub/draft.md", "build/out.md"];
    for (const path of ignored) expect(agents).not.toContain(`text of ${path}`);
    expect(warnings).toEqual(ignored.map((path) => leftOut(path, IGNORED)));
  });

  it("sees through links: one into .git, one to .env, one to an ignored file", () => {
    const dir = repository(
      {
        "CLAUDE.md": "@docs/remote.md @docs/keys.md @docs/later.md @docs/fine.md\n",
        ".env": "AWS_SECRET=abc123SECRET\n",
        ".gitignore": "scratch/\n",
        "scratch/later.md": "unreleased plans\n",
        "docs/real.md": "Real doc.\n",
      },
      {
        "docs/remote.md": "../.git/config",
        "docs/keys.md": "../.env",
        "docs/later.md": "../scratch/later.md",
        "docs/fine.md": "real.md",
      },
    );
    const { agents, warnings } = syncToCodex(dir);
    for (const secret of [TOKEN, "abc123SECRET", "unreleased plans"]) {
      expect(agents).not.toContain(secret);
    }
    expect(agents).toContain("<!-- imported from docs/fine.md -->\nReal doc.\n");
    expect(warnings).toEqual([
      leftOut(
        "docs/remote.md",
        "docs/remote.md is a link to ../.git/config: it leads into .git, which is outside the project",
      ),
      leftOut("docs/keys.md", `it is .env (through a link): ${DOTENV}`),
      leftOut("docs/later.md", IGNORED),
    ]);
  });

  it("leaves out every version control folder, at any depth, in any case", () => {
    const folders = [".git", ".hg", ".svn", ".jj", "vendor/lib/.git", ".HG"];
    const dir = project({
      "CLAUDE.md": `${folders.map((folder) => `@${folder}/secret.md`).join("\n")}\n`,
      ...Object.fromEntries(folders.map((folder) => [`${folder}/secret.md`, "SECRET\n"])),
    });
    const { agents, warnings } = syncToCodex(dir);
    expect(agents).not.toContain("SECRET");
    expect(agents).not.toContain("<!-- imported from");
    expect(warnings).toEqual(
      folders.map((folder) =>
        leftOut(`${folder}/secret.md`, vcs(`${folder}/secret.md`, posix.basename(folder))),
      ),
    );
  });

  it("leaves out dotenv files by name; a name that only starts like one goes in", () => {
    const secrets = [".env", ".env.local", ".env.example", ".envrc", "config/prod.env", ".ENV"];
    const fine = [".environment.md", "env.md", "docs/envoy.md"];
    const dir = project({
      "CLAUDE.md": `${[...secrets, ...fine].map((path) => `@${path}`).join("\n")}\n`,
      ...Object.fromEntries([...secrets, ...fine].map((path) => [path, `text of ${path}\n`])),
    });
    const { agents, warnings } = syncToCodex(dir);
    for (const path of secrets) expect(agents).not.toContain(`text of ${path}\n`);
    for (const path of fine) expect(agents).toContain(`text of ${path}\n`);
    expect(warnings).toEqual(secrets.map((path) => leftOut(path, DOTENV)));
  });

  it("leaves out an imported file over 32 KiB, Codex CLI's cap on all its instructions", () => {
    expect(MAX_IMPORT_BYTES).toBe(CLIENT_LOADING.codex.instructions.maxBytes?.bytes);
    const dir = project({
      "CLAUDE.md": "@at-cap.md @over-cap.md\n",
      "at-cap.md": "a".repeat(MAX_IMPORT_BYTES),
      "over-cap.md": "b".repeat(MAX_IMPORT_BYTES + 1),
    });
    const { agents, warnings } = syncToCodex(dir);
    expect(agents).toContain("a".repeat(MAX_IMPORT_BYTES));
    expect(agents).not.toContain("bbbb");
    expect(warnings).toEqual([
      leftOut(
        "over-cap.md",
        "32 KiB is over the 32 KiB an imported file may have (Codex CLI reads 32 KiB of instructions in all)",
      ),
      // The one at the cap is carried, and with the region's lines the file is over it: said.
      "contextfmt: warning: over_client_limit at AGENTS.md: after this sync, AGENTS.md is cut at byte 32768 of 32910 by Codex CLI's cap of 32768 bytes on instruction files: its last 142 bytes never reach the model",
    ]);
  });

  it("does not follow the imports of a file it leaves out", () => {
    const dir = repository({
      "CLAUDE.md": "@private/index.md\n",
      ".gitignore": "private/\n",
      "private/index.md": "secret index\n@../docs/public.md\n",
      "docs/public.md": "public text\n",
    });
    const { agents, warnings } = syncToCodex(dir);
    expect(agents).not.toContain("secret index");
    expect(agents).not.toContain("public text");
    expect(agents).not.toContain("<!-- imported from");
    expect(warnings).toEqual([leftOut("private/index.md", IGNORED)]);
  });

  it("ignores nothing outside a git work tree, .gitignore or not", () => {
    const dir = project({
      "CLAUDE.md": "@notes/a.md\n",
      ".gitignore": "notes/\n",
      "notes/a.md": "Carried.\n",
    });
    const { agents, warnings } = syncToCodex(dir);
    expect(agents).toContain("<!-- imported from notes/a.md -->\nCarried.\n");
    expect(warnings).toEqual([]);
  });

  it("leaves out every import when git cannot answer (a broken index), saying what git said", () => {
    const dir = repository({ "CLAUDE.md": "@docs/a.md\n", "docs/a.md": "text of a\n" });
    writeFileSync(join(dir, ".git/index"), "garbage");
    const { agents, warnings } = syncToCodex(dir);
    expect(agents).not.toContain("text of a");
    expect(warnings).toEqual([
      leftOut(
        "docs/a.md",
        "git could not say whether it is ignored (fatal: .git/index: index file smaller than expected)",
      ),
    ]);
  });

  it("runs no command of the repository's: neither its core.fsmonitor nor a git inside it", () => {
    const marker = join(project(), "ran");
    const script = `#!/bin/sh\necho "$0" >> ${marker}\n`;
    const dir = repository({
      "CLAUDE.md": "@notes/a.md\n",
      ".gitignore": "notes/\n",
      "notes/a.md": "ignored\n",
      "monitor.sh": script,
      "node_modules/.bin/git": script,
    });
    chmodSync(join(dir, "monitor.sh"), 0o755);
    chmodSync(join(dir, "node_modules/.bin/git"), 0o755);
    git(dir, "config", "core.fsmonitor", join(dir, "monitor.sh"));
    // As `npx contextfmt` runs it: the project's node_modules/.bin first on PATH.
    const PATH = [join(dir, "node_modules/.bin"), process.env.PATH].join(delimiter);
    const { agents, warnings } = syncToCodex(dir, { ...process.env, PATH });
    expect(existsSync(marker)).toBe(false);
    expect(agents).not.toContain("ignored");
    expect(warnings).toEqual([leftOut("notes/a.md", IGNORED)]);
  });
});
