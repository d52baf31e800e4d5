/**
 * The project's confinement: paths resolved one component at a time against the real root,
 * links followed only while they stay inside, and files over the size limit refused unread.
 */
import { truncateSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MAX_FILE_BYTES, Project, ProjectFileError } from "../../../src/cli/writer/project.js";
import type { Issue } from "../../../src/problems/issue.js";
import { project } from "../project-dir.js";

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

describe("Project.filesBelow", () => {
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
