/**
 * The batch writer on real files: all or nothing, modes kept, every target checked first, and a
 * failure after the first replacement put back. A rename that fails after the checks passed is
 * what no test can make a real disk do on cue (a disk pulled out, a chattr by another process);
 * those tests replace `rename` to fail there.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, readdirSync, readFileSync, renameSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Project } from "../../../src/cli/writer/project.js";
import { type FileWrite, writeBatch } from "../../../src/cli/writer/write-batch.js";
import { project, tree } from "../project-dir.js";

const write = (dir: string, path: string, text: string): FileWrite => {
  let before: Buffer | undefined;
  try {
    before = readFileSync(join(dir, path));
  } catch {
    before = undefined;
  }
  return { path, bytes: Buffer.from(text), before };
};

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
    writeBatch(Project.at(dir), [
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
    writeBatch(Project.at(dir), [write(dir, "AGENTS.md", "new")]);
    expect(tree(dir)).toEqual({ "AGENTS.md": "-> CLAUDE.md", "CLAUDE.md": "new" });
  });

  it("checks every target first: one that cannot be written stops the batch before any write", () => {
    // A target whose folder would have to be made where a file is (works for root too).
    const dir = project({ "a.md": "old", ".gemini/commands": "a file, not a folder" });
    const before = tree(dir);
    expect(() =>
      writeBatch(Project.at(dir), [
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
          writeBatch(Project.at(dir), [
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
          writeBatch(Project.at(dir), [
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
      writeBatch(
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
      writeBatch(Project.at(dir), [write(dir, "a.md", "new a"), write(dir, "b.md", "new b")], {
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
    writeBatch(Project.at(dir), [write(dir, "a.md", "new")]);
    expect(tree(dir)).toEqual({ "a.md": "new" });
  });

  it("refuses two paths of one file in one batch", () => {
    const dir = project({ "CLAUDE.md": "x" }, { "AGENTS.md": "CLAUDE.md" });
    expect(() =>
      writeBatch(Project.at(dir), [write(dir, "CLAUDE.md", "a"), write(dir, "AGENTS.md", "b")]),
    ).toThrow("AGENTS.md and CLAUDE.md are one file; nothing written");
    expect(tree(dir)).toEqual({ "AGENTS.md": "-> CLAUDE.md", "CLAUDE.md": "x" });
  });
});
