/**
 * The names doctor and `init --dry-run` print for a hook's items (`writtenNames`: a rule's name,
 * a memory's first words, a project's name and part), its test of a shadowed file's lines that
 * only point at the file shadowing it (`pointsAt`), and the hash doctor checks a duplicate sync
 * named by (`namedHash`), the lines a client misses in a shadowed file and its copies, and the
`!` lines of an ignore file Kilo Code reads otherwise (`negationsReadOtherwise`), take time linear in the input: at
 * 100k characters at most ~15× what they take at 10k (a linear path takes ~10×, a quadratic one
 * ~100×). So do the lines doctor counts as lost in a shadowed file (its contextfmt region's rules
 * part left out), and a session's start listing many skills and agents. Only the ratio is
 * asserted; a ratio over the limit is measured again, up to five times.
 */
import { describe, expect, it } from "vitest";
import { doctor } from "../../src/doctor/doctor.js";
import { negationsReadOtherwise } from "../../src/doctor/ignore.js";
import { writtenNames } from "../../src/doctor/item-names.js";
import { clientFiles, pointsAt } from "../../src/sync/loads/files.js";
import { textLines } from "../../src/sync/loads/text-lines.js";
import { ProjectView } from "../../src/sync/loads/view.js";
import { defaultCounter } from "../../src/tokens/heuristic.js";
import { Project } from "../../src/workspace/project.js";
import { namedHash } from "../../src/workspace/record.js";
import { project } from "../cli/project-dir.js";
import { describeGrowth } from "../growth-suite.js";
import type { GrowthCase } from "../hostile/growth-cases.js";

/** Names every id of `ids` from the file `data`, as doctor does for each item it lists. */
const nameAll = (flag: "rules" | "memories" | "project", data: unknown, ids: readonly string[]) => {
  const name = writtenNames(flag, data);
  return ids.map(name);
};

interface Input {
  readonly data: unknown;
  readonly ids: readonly string[];
}

const cases: GrowthCase[] = [
  {
    // Many rules, each named once, and as many ids asked for (some the file has no entry for).
    name: "writtenNames: many rules",
    build: (size): Input => {
      const rules = Array.from({ length: Math.floor(size / 60) }, (_, at) => ({
        id: `r${at}`,
        name: `rule_${at}`,
        rule: "Run the test suite first",
      }));
      return { data: { rules }, ids: [...rules.map((rule) => rule.id), "r-none"] };
    },
    run: (input) => nameAll("rules", (input as Input).data, (input as Input).ids),
  },
  {
    // One memory whose content is one long line of blanks and words: shortened to its first line.
    name: "writtenNames: one long memory, no line feed",
    build: (size): Input => ({
      data: {
        memories: [{ id: "m1", content: `${" ".repeat(size / 2)}${"word ".repeat(size / 10)}` }],
      },
      ids: ["m1"],
    }),
    run: (input) => nameAll("memories", (input as Input).data, (input as Input).ids),
  },
  {
    // Many projects, each id asked for with every part of its block.
    name: "writtenNames: many projects and their parts",
    build: (size): Input => {
      const projects = Array.from({ length: Math.floor(size / 50) }, (_, at) => ({
        projectId: `p${at}`,
        name: `Project ${at}`,
      }));
      const ids = projects.flatMap((project) => [
        `${project.projectId}:todos`,
        `${project.projectId}:close`,
      ]);
      return { data: { projects }, ids };
    },
    run: (input) => nameAll("project", (input as Input).data, (input as Input).ids),
  },
  {
    // A shadowed file's lines, each asked whether it only points at the file shadowing it: one
    // line of many `@` tokens, and many short pointer lines.
    name: "pointsAt: a shadowed file's import lines",
    build: (size): string =>
      `${"See @AGENTS.md and @./AGENTS.md ".repeat(size / 64)}\n${"@AGENTS.md\n".repeat(size / 22)}`,
    run: (input) =>
      textLines(input as string).filter((line) =>
        pointsAt(line, "CLAUDE.md", (path) => path === "AGENTS.md"),
      ).length,
  },
  {
    // A shadowed AGENTS.md whose contextfmt region holds many rules and carried lines: the lines
    // Claude Code misses are counted without the rules part (one split of the region).
    name: "clientFiles: a shadowed file with a long contextfmt region",
    build: (size): string => {
      const lines = Math.floor(size / 40);
      const rules = Array.from({ length: lines }, (_, at) => `- rule ${at}: run the tests`);
      const carried = Array.from({ length: lines }, (_, at) => `carried line ${at}`);
      return project({
        "CLAUDE.md": "# Notes\n",
        "AGENTS.md": `# Guide\n\n<!-- contextfmt:begin -->\n${rules.join("\n")}\n\n<!-- contextfmt:instructions -->\n${carried.join("\n")}\n<!-- contextfmt:end -->\n`,
      });
    },
    run: (dir) =>
      clientFiles(new ProjectView(Project.at(dir as string), ""), "claude", defaultCounter),
  },
  {
    // Zed passes over CLAUDE.md and the GEMINI.md sync copied it into: the copy's lines are
    // looked up among those reported at CLAUDE.md, each once.
    name: "clientFiles: a long CLAUDE.md and its copy in GEMINI.md, both shadowed for Zed",
    build: (size): string => {
      const own = Array.from({ length: Math.floor(size / 60) }, (_, at) => `own line ${at}`);
      const text = `${own.join("\n")}\n`;
      return project({
        "AGENTS.md": "# Agents\n",
        "CLAUDE.md": text,
        "GEMINI.md": `<!-- contextfmt:begin -->\n<!-- contextfmt:instructions -->\n${text}<!-- contextfmt:end -->\n`,
      });
    },
    run: (dir) =>
      clientFiles(new ProjectView(Project.at(dir as string), ""), "zed", defaultCounter),
  },
  {
    // Kilo Code's ignore file: many `!` lines before one long line, each quoting it.
    name: "negationsReadOtherwise: many ! lines before a long line",
    build: (size): string => `${"!keep.pem\n".repeat(size / 20)}${"x".repeat(size / 2)}\n`,
    run: (text) => negationsReadOtherwise(text as string, ".kilocodeignore").length,
  },
  {
    // doctor over a huge .kilocodeignore: read once, its patterns counted, its `!` lines checked.
    name: "doctor: a huge ignore file of many lines, ! lines among them",
    build: (size): string => {
      let text = "";
      for (let at = 0; text.length < size; at += 1)
        text += at % 4 === 0 ? `!keep-${at}\n` : `dir-${at}/\n`;
      return project({ ".git/HEAD": "ref: refs/heads/main\n", ".kilocodeignore": text });
    },
    run: (dir) => doctor({ dir: dir as string, clients: ["kilo"] }),
  },
  {
    // A deep folder left out, then a `!` line as deep below it; and a run of slashes.
    name: "negationsReadOtherwise: deep folders and runs of slashes",
    build: (size): string => {
      const deep = "a/".repeat(size / 8);
      return `${deep}\n!${deep}b/keep.txt\n!x${"/".repeat(size / 4)}y\n`;
    },
    run: (text) => negationsReadOtherwise(text as string, ".kilocodeignore").length,
  },
  {
    // A session's start: many skills and agents, each listed as Claude Code lists it (one line
    // per item, its file parsed once, the listing counted once), and one with a long description.
    name: "sessionStart: many skills and agents listed",
    build: (size): string => {
      const files: Record<string, string> = {
        ".claude/skills/long/SKILL.md": `---\nname: long\ndescription: ${"use it well ".repeat(size / 24)}\n---\nx\n`,
      };
      for (let at = 0; at < Math.floor(size / 200); at += 1) {
        files[`.claude/skills/s${at}/SKILL.md`] =
          `---\nname: s${at}\ndescription: Does ${at}.\n---\nx\n`;
        files[`.claude/agents/a${at}.md`] =
          `---\nname: a${at}\ndescription: Helps ${at}.\n---\nx\n`;
      }
      return project({ ".git/HEAD": "ref: refs/heads/main\n", ...files });
    },
    run: (dir) => doctor({ dir: dir as string, clients: ["claude"] }),
  },
  {
    // A folder sync named (skills read twice): many files below it, each hashed by its bytes.
    name: "namedHash: a named folder of many files",
    build: (size): Map<string, Buffer> =>
      new Map(
        Array.from({ length: Math.floor(size / 50) }, (_, at) => [
          `.agents/skills/s${at}/SKILL.md`,
          Buffer.from(`---\nname: s${at}\n---\n${"x".repeat(30)}`),
        ]),
      ),
    run: (input) => {
      const files = input as Map<string, Buffer>;
      return namedHash(
        "skill",
        [".agents/skills", ".claude/skills"],
        (path) => files.get(path),
        (dir) => [...files.keys()].filter((path) => path.startsWith(`${dir}/`)),
      );
    },
  },
  {
    // Named instruction files, each one long text.
    name: "namedHash: two long named files",
    build: (size): Buffer => Buffer.from("Every amount in integer cents. ".repeat(size / 31)),
    run: (input) =>
      namedHash(
        "instructions",
        ["CLAUDE.md", "GEMINI.md"],
        () => input as Buffer,
        () => [],
      ),
  },
];

describeGrowth("the names of a hook's items in linear time (10k vs 100k characters)", cases);

describe("what the growth checks time", () => {
  it("what is timed names the items (the real names, not ids)", () => {
    const input = (cases[2] as GrowthCase).build(500) as Input;
    expect(nameAll("project", input.data, input.ids.slice(0, 2))).toEqual([
      "Project 0: TODOs",
      "Project 0: end of the block",
    ]);
  });
});
