/**
 * The loading model as the real clients were seen to load (GitHub Copilot CLI 1.0.102, OpenCode,
 * Kilo Code): which files' `@path` lines import, an import of a file read in its own right, two
 * files alike, a session in a subfolder, and a file shadowed by the one it only imports.
 */
import { describe, expect, it } from "vitest";
import { clientFiles } from "../../src/sync/loads/files.js";
import { ProjectView } from "../../src/sync/loads/view.js";
import type { SyncTool } from "../../src/sync/locations.js";
import { defaultCounter } from "../../src/tokens/heuristic.js";
import { Project } from "../../src/workspace/project.js";
import { project } from "../cli/project-dir.js";

const AGENTS = "# Agents\n\n- Answer in English, and run the tests before each commit.\n";

/** What `client` loads in a session started in `start`: each file, why, and the problems. */
function loads(files: Record<string, string>, client: SyncTool, start = "") {
  const view = new ProjectView(Project.at(project(files)), start);
  const found = clientFiles(view, client, defaultCounter);
  return {
    files: found.files.map((file) =>
      [file.path, file.loaded, file.importedBy ?? file.reason ?? ""].join(" | "),
    ),
    kept: found.kept.map((file) => file.path),
    problems: found.problems.map((problem) => `${problem.code} ${problem.path}`),
  };
}

describe("GitHub Copilot CLI", () => {
  it("follows CLAUDE.md's @AGENTS.md although it reads AGENTS.md itself: the text reaches it twice", () => {
    const found = loads({ "CLAUDE.md": "@AGENTS.md\n", "AGENTS.md": AGENTS }, "copilot");
    expect(found.files).toEqual([
      "AGENTS.md | true | ",
      "CLAUDE.md | true | ",
      "AGENTS.md | true | CLAUDE.md",
    ]);
    expect(found.kept).toEqual(["AGENTS.md", "CLAUDE.md", "AGENTS.md"]);
  });

  it("follows imports in AGENTS.md, not in GEMINI.md", () => {
    const found = loads(
      {
        "AGENTS.md": "@docs/a.md\n",
        "GEMINI.md": "@docs/b.md\n",
        "docs/a.md": "A\n",
        "docs/b.md": "B\n",
      },
      "copilot",
    );
    expect(found.kept).toEqual(["AGENTS.md", "docs/a.md", "GEMINI.md"]);
  });

  it("drops a file whose text is that of one it read before, and the doctor does not call it a duplicate", () => {
    const region =
      "<!-- contextfmt:begin -->\n# Notes\n\n- Use pnpm, never npm, in every package of this project.\n<!-- contextfmt:end -->\n";
    const found = loads(
      { "AGENTS.md": region, "GEMINI.md": region, "CLAUDE.md": AGENTS },
      "copilot",
    );
    expect(found.files).toEqual([
      "AGENTS.md | true | ",
      "CLAUDE.md | true | ",
      "GEMINI.md | false | its text is that of AGENTS.md, which GitHub Copilot CLI read already: dropped",
    ]);
    expect(found.kept).toEqual(["AGENTS.md", "CLAUDE.md"]);
    // One byte apart: both reach it.
    const apart = loads({ "AGENTS.md": region, "GEMINI.md": `${region}\n` }, "copilot");
    expect(apart.kept).toEqual(["AGENTS.md", "GEMINI.md"]);
  });

  it("in a subfolder reads that folder's CLAUDE.md and AGENTS.md after the root's", () => {
    const found = loads(
      {
        "CLAUDE.md": AGENTS,
        "pkg/CLAUDE.md": "pkg's own\n",
        "pkg/AGENTS.md": "pkg's for others\n",
      },
      "copilot",
      "pkg",
    );
    expect(found.kept).toEqual(["CLAUDE.md", "pkg/AGENTS.md", "pkg/CLAUDE.md"]);
  });
});

describe("a file shadowed by the file it only imports loses nothing", () => {
  for (const client of ["opencode", "kilo"] as const) {
    it(`${client}: CLAUDE.md = @AGENTS.md is no shadowed problem; a line of its own is`, () => {
      for (const pointer of ["@AGENTS.md\n", "See @AGENTS.md.\n", "@./AGENTS.md\n"]) {
        const found = loads({ "CLAUDE.md": pointer, "AGENTS.md": AGENTS }, client);
        expect(found.kept).toEqual(["AGENTS.md"]);
        expect(found.problems).toEqual([]);
      }
      const own = loads(
        { "CLAUDE.md": "@AGENTS.md\n\nNever push to main.\n", "AGENTS.md": AGENTS },
        client,
      );
      expect(own.problems).toEqual(["shadowed CLAUDE.md"]);
      // A line pointing elsewhere is lost text too.
      const elsewhere = loads(
        { "CLAUDE.md": "@docs/notes.md\n", "AGENTS.md": AGENTS, "docs/notes.md": "N\n" },
        client,
      );
      expect(elsewhere.problems).toEqual(["shadowed CLAUDE.md"]);
    });
  }
});

describe("a missed line is said once, at the file a person wrote", () => {
  const CLAUDE = "# Claude\n\nNever push to main.\n\n@AGENTS.md\n";
  /** GEMINI.md as sync writes it for Gemini CLI: CLAUDE.md's text in its region. */
  const region = (text: string) =>
    `<!-- contextfmt:begin -->\n<!-- contextfmt:instructions -->\n${text}<!-- contextfmt:end -->\n`;

  it("Zed: the GEMINI.md written from CLAUDE.md is not reported beside CLAUDE.md", () => {
    const found = loads(
      { "AGENTS.md": AGENTS, "CLAUDE.md": CLAUDE, "GEMINI.md": region(CLAUDE) },
      "zed",
    );
    expect(found.kept).toEqual(["AGENTS.md"]);
    expect(found.problems).toEqual(["shadowed CLAUDE.md"]);
  });

  it("Zed: a line only the copy holds, or a copy of a file Zed does not list, is reported at the copy", () => {
    const edited = loads(
      {
        "AGENTS.md": AGENTS,
        "CLAUDE.md": CLAUDE,
        "GEMINI.md": region(`${CLAUDE}\nOnly here.\n`),
      },
      "zed",
    );
    expect(edited.problems).toEqual(["shadowed CLAUDE.md", "shadowed GEMINI.md"]);
    // The source is a file Zed never lists (Claude's .claude/CLAUDE.md): the copy is all it has.
    const unlisted = loads(
      { "AGENTS.md": AGENTS, ".claude/CLAUDE.md": CLAUDE, "GEMINI.md": region(CLAUDE) },
      "zed",
    );
    expect(unlisted.problems).toEqual(["shadowed GEMINI.md"]);
    // Lines outside the region are a person's: reported whatever other file holds them.
    const outside = loads(
      {
        "AGENTS.md": AGENTS,
        "CLAUDE.md": CLAUDE,
        "GEMINI.md": `Never push to main.\n\n${region(CLAUDE)}`,
      },
      "zed",
    );
    expect(outside.problems).toEqual(["shadowed CLAUDE.md", "shadowed GEMINI.md"]);
  });

  for (const client of ["pi", "continue", "zed"] as const) {
    it(`${client}: a CLAUDE.md beside AGENTS.md with lines of its own is reported (the user's to mend)`, () => {
      const found = loads({ "AGENTS.md": AGENTS, "CLAUDE.md": CLAUDE }, client);
      expect(found.kept).toEqual(["AGENTS.md"]);
      expect(found.problems).toEqual(["shadowed CLAUDE.md"]);
    });
  }
});
