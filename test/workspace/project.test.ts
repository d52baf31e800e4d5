/**
 * The project's confinement: paths resolved one component at a time against the real root,
 * links followed only while they stay inside, and files over the size limit refused unread.
 */
import { execFileSync } from "node:child_process";
import { symlinkSync, truncateSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Issue } from "../../src/problems/issue.js";
import { MAX_FILE_BYTES, Project, ProjectFileError } from "../../src/workspace/project.js";
import { project } from "../cli/project-dir.js";

/** A project `repo/` in a scratch folder, beside an `outside/` folder holding a file. */
function withOutside(files: Record<string, string>, links: Record<string, string>) {
  const prefixed = (entries: Record<string, string>) =>
    Object.fromEntries(Object.entries(entries).map(([path, value]) => [`repo/${path}`, value]));
  const scratch = project(
    {
      "outside/secret.txt": "secret\n",
      "outside/dir/x.md": "x\n",
      "repo/.keep": "",
      ...prefixed(files),
    },
    prefixed(links),
  );
  const dir = join(scratch, "repo");
  return { dir, project: Project.at(dir) };
}

describe("Project.locate", () => {
  it("follows a link that stays inside, to its real path", () => {
    const { project: p } = withOutside({ "CLAUDE.md": "x" }, { "AGENTS.md": "CLAUDE.md" });
    expect(p.locate("AGENTS.md")).toEqual({ real: join(p.root, "CLAUDE.md") });
    expect(p.relative(p.resolve("AGENTS.md"))).toBe("CLAUDE.md");
  });

  it("takes missing components as they are: they will be made as plain folders", () => {
    const { project: p } = withOutside({}, {});
    expect(p.locate(".gemini/commands/a/b.toml")).toEqual({
      real: join(p.root, ".gemini/commands/a/b.toml"),
    });
  });

  it.each([
    [
      ".codex/config.toml",
      { ".codex/config.toml": "../../outside/secret.txt" },
      ".codex/config.toml is a link to ../../outside/secret.txt, outside the project",
    ],
    [
      ".gemini/settings.json",
      { ".gemini": "../outside/dir" },
      ".gemini is a link to ../outside/dir, outside the project",
    ],
    [
      ".contextfmt/rules.json",
      { ".contextfmt/rules.json": "../../outside/new.json" },
      ".contextfmt/rules.json is a link to ../../outside/new.json, which does not exist",
    ],
    ["a/b", { a: "a" }, "a is a link that leads to itself"],
    // A link inside that leads to a link outside is outside.
    [
      "AGENTS.md",
      { "AGENTS.md": "CLAUDE.md", "CLAUDE.md": "../outside/secret.txt" },
      "AGENTS.md is a link to CLAUDE.md, outside the project",
    ],
  ])("refuses %s through %j", (path, links, message) => {
    const { project: p } = withOutside({}, links);
    expect(p.locate(path)).toEqual({ refused: message });
    expect(() => p.resolve(path)).toThrow(new ProjectFileError(`${message}; nothing written`));
  });

  it("refuses a path that is not plain", () => {
    const { project: p } = withOutside({}, {});
    for (const path of ["../x", "a/../../x", "/etc/passwd", "a//b", "./a"]) {
      expect(p.locate(path)).toEqual({ refused: `${path}: not a plain path inside the project` });
    }
  });

  it.each([
    [".git/config", {}, ".git/config: .git is outside the project"],
    ["vendor/lib/.git/config", {}, "vendor/lib/.git/config: .git is outside the project"],
    // A case-insensitive disk takes .GIT for .git, as git's own checks do.
    [".GIT/config", {}, ".GIT/config: .GIT is outside the project"],
    [".hg/hgrc", {}, ".hg/hgrc: .hg is outside the project"],
    [".jj/repo/config.toml", {}, ".jj/repo/config.toml: .jj is outside the project"],
    [
      ".gemini/skills/x/commondir",
      { ".gemini/skills/x": "../../.git" },
      ".gemini/skills/x is a link to ../../.git: it leads into .git, which is outside the project",
    ],
    [
      ".claude/commands/hooks/post-checkout",
      { ".claude/commands/hooks": "../../.git/hooks" },
      ".claude/commands/hooks is a link to ../../.git/hooks: it leads into .git, which is outside the project",
    ],
    [
      ".codex/config.toml",
      { ".codex": ".svn" },
      ".codex is a link to .svn: it leads into .svn, which is outside the project",
    ],
    // A link to a link into .git: its real path is inside .git.
    [
      "AGENTS.md",
      { "AGENTS.md": "docs/AGENTS.md", "docs/AGENTS.md": "../.git/config" },
      "AGENTS.md is a link to docs/AGENTS.md: it leads into .git, which is outside the project",
    ],
  ])("refuses %s through %j: version control's own files are outside", (path, links, message) => {
    const { project: p } = withOutside(
      { ".git/config": "[core]\n", ".git/hooks/x": "", ".svn/wc.db": "", ".hg/hgrc": "" },
      links,
    );
    expect(p.locate(path)).toEqual({ refused: message });
    expect(() => p.read(path)).toThrow(new ProjectFileError(`${message}; nothing written`));
    expect(() => p.exists(path)).toThrow(ProjectFileError);
    expect(() => p.isFile(path)).toThrow(ProjectFileError);
  });

  it("a worktree's .git file is outside too", () => {
    const { project: p } = withOutside({ ".git": "gitdir: ../repo.git/worktrees/w\n" }, {});
    expect(p.locate(".git")).toEqual({ refused: ".git: .git is outside the project" });
  });

  it("shows a path with the file it really is when a link makes them differ", () => {
    const { project: p } = withOutside(
      { ".agents/skills/r/SKILL.md": "x" },
      { ".gemini/skills": "../.agents/skills" },
    );
    expect(p.shown(".gemini/skills/r/SKILL.md")).toBe(
      ".gemini/skills/r/SKILL.md (through a link: .agents/skills/r/SKILL.md)",
    );
    expect(p.shown(".agents/skills/r/SKILL.md")).toBe(".agents/skills/r/SKILL.md");
  });

  it("a project given through a link is the folder the link leads to", () => {
    const scratch = project({ "real/CLAUDE.md": "x" }, { alias: "real" });
    const p = Project.at(join(scratch, "alias"));
    expect(p.resolve("CLAUDE.md")).toBe(join(scratch, "real/CLAUDE.md"));
  });
});

describe("Project.read", () => {
  it("reads a file, says undefined for none, refuses a folder and a file over the limit unread", () => {
    const { dir, project: p } = withOutside({ "a.txt": "hi", "skill/big.bin": "" }, {});
    expect(p.read("a.txt")?.toString()).toBe("hi");
    expect(p.read("missing.txt")).toBeUndefined();
    expect(p.read("a.txt/below")).toBeUndefined();
    expect(() => p.read("skill")).toThrow("skill: is a folder, not a file");
    // A sparse file: 600 MB that take no room on the disk and would not fit in one string.
    truncateSync(join(dir, "skill/big.bin"), 600 * 1024 * 1024);
    expect(() => p.read("skill/big.bin")).toThrow(
      new ProjectFileError("skill/big.bin: 600.0 MB is over the 50.0 MB a file read here may have"),
    );
    truncateSync(join(dir, "skill/big.bin"), MAX_FILE_BYTES);
    expect(p.read("skill/big.bin")?.length).toBe(MAX_FILE_BYTES);
  });
});

describe("Project.read of what is not a regular file", () => {
  it("a socket is refused as one, a folder through a link names its real path", async () => {
    const { dir, project: p } = withOutside({ "docs/x.md": "" }, { ".claude/commands": "../docs" });
    const server = createServer();
    await new Promise<void>((done) => server.listen(join(dir, ".mcp.json"), done));
    try {
      expect(() => p.read(".mcp.json")).toThrow(
        new ProjectFileError(".mcp.json: is a socket, not a regular file"),
      );
    } finally {
      server.close();
    }
    expect(() => p.read(".claude/commands")).toThrow(
      new ProjectFileError(".claude/commands (through a link: docs): is a folder, not a file"),
    );
  });
});

describe("Project.filesBelow", () => {
  it("leaves out version control folders and files (a skill cloned with its .git), with a warning", () => {
    const { project: p } = withOutside(
      {
        ".claude/skills/pdf/SKILL.md": "s",
        ".claude/skills/pdf/.git/config": "[core]\n",
        ".claude/skills/pdf/.git/HEAD": "ref: refs/heads/main\n",
        ".claude/skills/sub/SKILL.md": "s",
        ".claude/skills/sub/.git": "gitdir: ../../../.git/modules/sub\n",
        ".claude/skills/hg/.hg/hgrc": "",
      },
      {},
    );
    const warnings: Issue[] = [];
    expect(p.filesBelow(".claude/skills", (w) => warnings.push(w))).toEqual([
      ".claude/skills/pdf/SKILL.md",
      ".claude/skills/sub/SKILL.md",
    ]);
    expect(warnings.map((w) => `${w.code} ${w.path}: ${w.message}`)).toEqual([
      "outside_project .claude/skills/hg/.hg: left out: .hg is outside the project",
      "outside_project .claude/skills/pdf/.git: left out: .git is outside the project",
      "outside_project .claude/skills/sub/.git: left out: .git is outside the project",
    ]);
  });

  it("a worktree's .git file is left out unsaid where hidden folders are skipped", () => {
    const { project: p } = withOutside({ ".git": "gitdir: ../x\n", "notes.md": "n" }, {});
    const warnings: Issue[] = [];
    expect(
      p.filesBelow(
        "",
        (w) => warnings.push(w),
        (name) => name.startsWith("."),
      ),
    ).toEqual([".keep", "notes.md"]);
    expect(warnings).toEqual([]);
  });

  it("leaves out a FIFO and a link to one, with a warning, never opening them", () => {
    const { dir, project: p } = withOutside({ ".claude/commands/own.md": "o" }, {});
    execFileSync("mkfifo", [join(dir, ".claude/commands/pipe.md")]);
    symlinkSync("pipe.md", join(dir, ".claude/commands/via.md"));
    const warnings: Issue[] = [];
    expect(p.filesBelow(".claude/commands", (w) => warnings.push(w))).toEqual([
      ".claude/commands/own.md",
    ]);
    expect(warnings.map((w) => `${w.code} ${w.path}: ${w.message}`)).toEqual([
      "not_a_file .claude/commands/pipe.md: left out: a FIFO (named pipe), not a regular file",
      "not_a_file .claude/commands/via.md: left out: a FIFO (named pipe), not a regular file",
    ]);
  });

  it("follows links that stay inside (a folder once), leaves out the rest with a warning", () => {
    const { project: p } = withOutside(
      { "shared/review.md": "r", ".claude/commands/own.md": "o", "notes.md": "n" },
      {
        ".claude/commands/shared": "../../shared",
        ".claude/commands/notes.md": "../../notes.md",
        ".claude/commands/loop": "..",
        ".claude/commands/secret.md": "../../../outside/secret.txt",
        ".claude/commands/gone.md": "nowhere.md",
      },
    );
    const warnings: Issue[] = [];
    // loop/ leads back to .claude/, whose commands/ was walked already.
    expect(p.filesBelow(".claude/commands", (w) => warnings.push(w))).toEqual([
      ".claude/commands/notes.md",
      ".claude/commands/own.md",
      ".claude/commands/shared/review.md",
    ]);
    expect(warnings.map((w) => `${w.path}: ${w.message}`)).toEqual([
      ".claude/commands/gone.md: left out: .claude/commands/gone.md is a link to nowhere.md, which does not exist",
      ".claude/commands/secret.md: left out: .claude/commands/secret.md is a link to ../../../outside/secret.txt, outside the project",
    ]);
  });

  it("a source folder that is a link outside is left out whole, with a warning", () => {
    const { project: p } = withOutside({}, { ".claude/commands": "../../outside/dir" });
    const warnings: Issue[] = [];
    expect(p.filesBelow(".claude/commands", (w) => warnings.push(w))).toEqual([]);
    expect(warnings).toEqual([
      {
        code: "outside_project",
        severity: "warning",
        path: ".claude/commands",
        message: "left out: .claude/commands is a link to ../../outside/dir, outside the project",
      },
    ]);
  });
});
