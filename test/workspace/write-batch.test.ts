/**
 * The batch writer on real files: all or nothing, modes kept, every target checked first, and a
 * failure after the first replacement put back. A rename that fails after the checks passed is
 * what no test can make a real disk do on cue (a disk pulled out, a chattr by another process);
 * those tests replace `rename` to fail there.
 */
import { execFileSync } from "node:child_process";
import {
  chmodSync,
  lstatSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Project, ProjectFileError } from "../../src/workspace/project.js";
import { type BatchOptions, type FileWrite, writeBatch } from "../../src/workspace/write-batch.js";
import { project, tree } from "../cli/project-dir.js";

const write = (dir: string, path: string, text: string): FileWrite => {
  let before: Buffer | undefined;
  try {
    before = readFileSync(join(dir, path));
  } catch {
    before = undefined;
  }
  return { path, bytes: Buffer.from(text), before };
};

/** The batch with every place allowed: these tests are about how it writes, not where. */
const writeAnywhere = (
  project: Project,
  writes: readonly FileWrite[],
  options: BatchOptions = {},
) => writeBatch(project, writes, { isPlace: () => true, ...options });

/** Whether `chattr +i` works here (root on a file system that has the flag). */
const immutableWorks = (() => {
  const dir = project({ probe: "x" });
  try {
    execFileSync("chattr", ["+i", join(dir, "probe")], { stdio: "ignore" });
    execFileSync("chattr", ["-i", join(dir, "probe")], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

describe("writeBatch", () => {
  it("writes every file, making folders, keeping each replaced file's mode", () => {
    const dir = project({ "a.json": "{}", "run.sh": "old" });
    chmodSync(join(dir, "a.json"), 0o600);
    chmodSync(join(dir, "run.sh"), 0o755);
    writeAnywhere(Project.at(dir), [
      write(dir, "a.json", '{"x":1}'),
      write(dir, "run.sh", "new"),
      write(dir, "deep/new/file.md", "hi"),
    ]);
    expect(tree(dir)).toEqual({ "a.json": '{"x":1}', "deep/new/file.md": "hi", "run.sh": "new" });
    expect(statSync(join(dir, "a.json")).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, "run.sh")).mode & 0o777).toBe(0o755);
  });

  it("writes through a link inside the project into its target, keeping the link", () => {
    const dir = project({ "CLAUDE.md": "old" }, { "AGENTS.md": "CLAUDE.md" });
    writeAnywhere(Project.at(dir), [write(dir, "AGENTS.md", "new")]);
    expect(tree(dir)).toEqual({ "AGENTS.md": "-> CLAUDE.md", "CLAUDE.md": "new" });
  });

  it("checks every target first: one that cannot be written stops the batch before any write", () => {
    // A target whose folder would have to be made where a file is (works for root too).
    const dir = project({ "a.md": "old", ".gemini/commands": "a file, not a folder" });
    const before = tree(dir);
    expect(() =>
      writeAnywhere(Project.at(dir), [
        write(dir, "a.md", "new"),
        write(dir, "new/folder/b.md", "b"),
        write(dir, ".gemini/commands/review.toml", "x"),
        write(dir, ".gemini/commands/git/commit.toml", "x"),
      ]),
    ).toThrow(
      "cannot write .gemini/commands/review.toml: a part of its path is a file, not a folder; .gemini/commands/git/commit.toml: a part of its path is a file, not a folder; nothing written",
    );
    expect(tree(dir)).toEqual(before);
  });

  it.skipIf(!immutableWorks)(
    "an immutable target (chattr +i) stops the batch before any write",
    () => {
      const dir = project({ "a.md": "old", "locked.json": "{}" });
      const before = tree(dir);
      execFileSync("chattr", ["+i", join(dir, "locked.json")]);
      try {
        expect(() =>
          writeAnywhere(Project.at(dir), [
            write(dir, "a.md", "new"),
            write(dir, "locked.json", '{"x":1}'),
          ]),
        ).toThrow(
          "cannot write locked.json: operation not permitted (an immutable file or folder?); nothing written",
        );
        expect(tree(dir)).toEqual(before);
      } finally {
        execFileSync("chattr", ["-i", join(dir, "locked.json")]);
      }
    },
  );

  it.skipIf(!immutableWorks)(
    "a folder that refuses new files stops it while staging: temporary files and new folders go",
    () => {
      const dir = project({ "a.md": "old", "locked/x.md": "x" });
      const before = tree(dir);
      execFileSync("chattr", ["+i", join(dir, "locked")]);
      try {
        // The check sees the folder writable (W_OK ignores the flag on folders); creating in it fails.
        expect(() =>
          writeAnywhere(Project.at(dir), [
            write(dir, "a.md", "new"),
            write(dir, "fresh/b.md", "b"),
            write(dir, "locked/y.md", "y"),
          ]),
        ).toThrow(/^cannot (write|replace) locked\/y\.md: .*nothing written/);
        expect(tree(dir)).toEqual(before);
      } finally {
        execFileSync("chattr", ["-i", join(dir, "locked")]);
      }
    },
  );

  it("a rename failing after others succeeded puts them back byte for byte, and says so", () => {
    const dir = project({
      "a.md": "old a",
      "b.bin": Buffer.from([0xff, 0x00, 0xfe]),
      "c.md": "old c",
    });
    const before = tree(dir);
    let calls = 0;
    const rename = (from: string, to: string) => {
      calls++;
      if (to.endsWith("c.md") && !from.endsWith(".restore")) {
        throw Object.assign(new Error("EIO"), { code: "EIO" });
      }
      renameSync(from, to);
    };
    expect(() =>
      writeAnywhere(
        Project.at(dir),
        [
          write(dir, "a.md", "new a"),
          write(dir, "new.md", "created"),
          write(dir, "b.bin", "new b"),
          write(dir, "c.md", "new c"),
        ],
        { rename },
      ),
    ).toThrow(
      "cannot replace c.md: EIO; nothing written (put back as they were: a.md, new.md, b.bin)",
    );
    expect(tree(dir)).toEqual(before);
    expect(calls).toBe(4 + 2); // 4 tries, then a.md and b.bin renamed back (new.md removed)
  });

  it("names a file it could not put back, and what holds what", () => {
    const dir = project({ "a.md": "old a", "b.md": "old b" });
    const rename = (from: string, to: string) => {
      if (to.endsWith("b.md") || from.endsWith(".restore")) {
        throw Object.assign(new Error("EIO"), { code: "EIO" });
      }
      renameSync(from, to);
    };
    expect(() =>
      writeAnywhere(Project.at(dir), [write(dir, "a.md", "new a"), write(dir, "b.md", "new b")], {
        rename,
      }),
    ).toThrow(
      "cannot replace b.md: EIO; written, could not be put back: a.md (EIO); as they were: b.md",
    );
    expect(tree(dir)).toEqual({ "a.md": "new a", "b.md": "old b" });
    // No temporary file is left behind, even then.
    expect(readdirSync(dir).sort()).toEqual(["a.md", "b.md"]);
  });

  it("a temporary file left by a killed run of the same process number is replaced", () => {
    const dir = project({ "a.md": "old", [`.a.md.contextfmt-${process.pid}-0.tmp`]: "stale" });
    writeAnywhere(Project.at(dir), [write(dir, "a.md", "new")]);
    expect(tree(dir)).toEqual({ "a.md": "new" });
  });

  it("two paths of one file with the same bytes are one place: written once", () => {
    const dir = project({ "CLAUDE.md": "x" }, { "AGENTS.md": "CLAUDE.md" });
    writeBatch(Project.at(dir), [write(dir, "CLAUDE.md", "same"), write(dir, "AGENTS.md", "same")]);
    expect(tree(dir)).toEqual({ "AGENTS.md": "-> CLAUDE.md", "CLAUDE.md": "same" });
  });

  it("refuses two paths of one file with different bytes, naming both and the real file", () => {
    const dir = project(
      { "CLAUDE.md": "x", ".agents/skills/r/SKILL.md": "s" },
      {
        "AGENTS.md": "CLAUDE.md",
        ".gemini/skills": "../.agents/skills",
        ".cursor/skills": "../.agents/skills",
      },
    );
    const before = tree(dir);
    expect(() =>
      writeBatch(Project.at(dir), [write(dir, "CLAUDE.md", "a"), write(dir, "AGENTS.md", "b")]),
    ).toThrow(
      "cannot write AGENTS.md: one file with CLAUDE.md through a link, and the two would get different bytes; nothing written",
    );
    expect(() =>
      writeBatch(Project.at(dir), [
        write(dir, ".gemini/skills/r/SKILL.md", "a"),
        write(dir, ".cursor/skills/r/SKILL.md", "b"),
      ]),
    ).toThrow(
      "cannot write .cursor/skills/r/SKILL.md: one file with .gemini/skills/r/SKILL.md, .agents/skills/r/SKILL.md, through a link, and the two would get different bytes; nothing written",
    );
    expect(tree(dir)).toEqual(before);
  });
});

describe("writeBatch writes only where a client reads", () => {
  it("a skill folder linked into .git is refused, naming the link and where it leads; .git stays", () => {
    const dir = project(
      { ".git/config": "[core]\n\tbare = false\n", ".git/HEAD": "ref: refs/heads/main\n" },
      { ".gemini/skills/x": "../../.git" },
    );
    const before = tree(dir);
    expect(() =>
      writeBatch(Project.at(dir), [
        write(dir, ".gemini/skills/x/SKILL.md", "---\nname: x\n---\n"),
        write(dir, ".gemini/skills/x/commondir", "../evil\n"),
      ]),
    ).toThrow(
      ".gemini/skills/x is a link to ../../.git: it leads into .git, which is outside the project; nothing written",
    );
    expect(tree(dir)).toEqual(before);
  });

  it("a target folder linked to a place no client reads is refused, naming the real path", () => {
    const dir = project(
      { "docs/SKILL.md": "the team's own page\n", "src/index.ts": "export {};\n" },
      { ".gemini/skills/x": "../../docs" },
    );
    const before = tree(dir);
    expect(() =>
      writeBatch(Project.at(dir), [
        write(dir, "GEMINI.md", "rules\n"),
        write(dir, ".gemini/skills/x/SKILL.md", "replaced\n"),
        write(dir, "src/index.ts", "replaced\n"),
      ]),
    ).toThrow(
      "cannot write .gemini/skills/x/SKILL.md (through a link: docs/SKILL.md): no client reads its configuration there; src/index.ts: no client reads its configuration there; nothing written",
    );
    expect(tree(dir)).toEqual(before);
  });

  it("every place sync and init write is one: settings, instruction files nested or not, item folders, .contextfmt", () => {
    const paths = [
      ".mcp.json",
      ".codex/config.toml",
      ".claude/settings.json",
      ".github/hooks/contextfmt.json",
      ".opencode/plugins/contextfmt.js",
      ".clinerules/hooks/PostToolUse",
      "packages/web/AGENTS.md",
      "packages/web/CLAUDE.md",
      ".github/copilot-instructions.md",
      ".agents/skills/pdf/scripts/fill.py",
      ".claude/commands/git/commit.md",
      ".contextfmt/written.json",
    ];
    const dir = project();
    writeBatch(
      Project.at(dir),
      paths.map((path) => write(dir, path, "x")),
    );
    expect(Object.keys(tree(dir)).sort()).toEqual([...paths].sort());
  });
});

describe("writeBatch refuses what is not a regular file", () => {
  it("a FIFO where a file goes stops the batch before any write", () => {
    const dir = project({ "CLAUDE.md": "old" });
    execFileSync("mkfifo", [join(dir, "GEMINI.md")]);
    expect(() =>
      writeBatch(Project.at(dir), [
        write(dir, "CLAUDE.md", "new"),
        { path: "GEMINI.md", bytes: Buffer.from("new"), before: undefined },
      ]),
    ).toThrow(
      "cannot write GEMINI.md: is a FIFO (named pipe), not a regular file; nothing written",
    );
    expect(readFileSync(join(dir, "CLAUDE.md"), "utf8")).toBe("old");
    expect(lstatSync(join(dir, "GEMINI.md")).isFIFO()).toBe(true);
  });
});

describe("writeBatch re-checks each file right before it changes it", () => {
  it("a file edited after it was read stops the batch: what was replaced is put back", () => {
    const dir = project({ "CLAUDE.md": "old claude", "AGENTS.md": "old agents" });
    const writes = [write(dir, "CLAUDE.md", "new claude"), write(dir, "AGENTS.md", "new agents")];
    // The user saves AGENTS.md while the batch replaces CLAUDE.md.
    const rename = (from: string, to: string) => {
      renameSync(from, to);
      if (to.endsWith("CLAUDE.md")) writeFileSync(join(dir, "AGENTS.md"), "the user's edit");
    };
    expect(() => writeBatch(Project.at(dir), writes, { rename })).toThrow(
      new ProjectFileError(
        "AGENTS.md changed while contextfmt ran; nothing written (put back as they were: CLAUDE.md); run it again",
      ),
    );
    expect(tree(dir)).toEqual({ "AGENTS.md": "the user's edit", "CLAUDE.md": "old claude" });
  });

  it("a file made where the plan saw none stops the batch too", () => {
    const dir = project({});
    const writes = [write(dir, "GEMINI.md", "new")];
    writeFileSync(join(dir, "GEMINI.md"), "made meanwhile");
    expect(() => writeBatch(Project.at(dir), writes)).toThrow(
      "GEMINI.md changed while contextfmt ran; nothing written; run it again",
    );
    expect(tree(dir)).toEqual({ "GEMINI.md": "made meanwhile" });
  });

  it("a file to be removed that was edited after it was read stays, with a warning; the rest is written", () => {
    const dir = project({
      ".gemini/commands/old.toml": "prompt = 'as sync wrote it'\n",
      ".gemini/commands/new.toml": "prompt = 'old'\n",
    });
    const removal: FileWrite = {
      path: ".gemini/commands/old.toml",
      bytes: undefined,
      before: readFileSync(join(dir, ".gemini/commands/old.toml")),
    };
    const writes = [removal, write(dir, ".gemini/commands/new.toml", "prompt = 'new'\n")];
    writeFileSync(
      join(dir, ".gemini/commands/old.toml"),
      "prompt = 'the user kept working on it'\n",
    );
    const warnings = writeBatch(Project.at(dir), writes);
    expect(warnings).toEqual([
      {
        code: "kept_changed",
        severity: "warning",
        path: ".gemini/commands/old.toml",
        message:
          "the file stays: it changed while contextfmt ran, after it was read (take it out by hand if it should go)",
      },
    ]);
    expect(tree(dir)).toEqual({
      ".gemini/commands/new.toml": "prompt = 'new'\n",
      ".gemini/commands/old.toml": "prompt = 'the user kept working on it'\n",
    });
  });

  it("a folder swapped for a link into .git during the batch stops it; .git stays", () => {
    const dir = project({ ".git/config": "[core]\n", "CLAUDE.md": "old" });
    const git = tree(join(dir, ".git"));
    const writes = [write(dir, "CLAUDE.md", "new"), write(dir, ".claude/commands/review.md", "x")];
    const rename = (from: string, to: string) => {
      renameSync(from, to);
      if (to.endsWith("CLAUDE.md") && !from.endsWith(".restore")) {
        renameSync(join(dir, ".claude/commands"), join(dir, ".claude/elsewhere"));
        symlinkSync("../.git", join(dir, ".claude/commands"));
      }
    };
    expect(() => writeBatch(Project.at(dir), writes, { rename })).toThrow(
      new ProjectFileError(
        ".claude/commands/review.md changed while contextfmt ran; nothing written (put back as they were: CLAUDE.md); run it again",
      ),
    );
    expect(tree(join(dir, ".git"))).toEqual(git);
    expect(readFileSync(join(dir, "CLAUDE.md"), "utf8")).toBe("old");
  });
});
