import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defaultCounter, FormatManager } from "contextfmt";
import { sectionBreakdown } from "contextfmt/adapters";
import { createTiktokenCounter } from "contextfmt/tiktoken";
import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { contextfmt } from "./run-bin.js";

const example = (path: string) => new URL(`../../examples/${path}`, import.meta.url).pathname;
const golden = (name: string) => new URL(`../golden/cli/${name}`, import.meta.url).pathname;
const RULES = example("rules.json");
const NOW = "2025-10-04T20:00:00Z";
const dir = mkdtempSync(join(tmpdir(), "contextfmt-tokens-"));

const CLAUDE_MD = `# Project notes

Use pnpm, never npm.

## Testing
- Run \`pnpm test\` before every commit.
- Property tests live beside the unit tests.

## Style
Small modules; comments say why.
`;
const claudeMd = join(dir, "CLAUDE.md");
writeFileSync(claudeMd, CLAUDE_MD);

interface JsonReport {
  counter: string;
  exact: boolean;
  total: number;
  budget?: number;
  format?: { id: string; included: number; skipped: number };
  sections: { title: string; kind: string; start: number; end: number; tokens: number }[];
}

const json = (args: readonly string[], stdin = "") => {
  const { stdout, stderr, status } = contextfmt(["tokens", ...args, "--json"], stdin);
  expect(stderr).toBe("");
  expect(status).toBe(0);
  return JSON.parse(stdout) as JsonReport;
};

const sum = (report: JsonReport) => report.sections.reduce((total, s) => total + s.tokens, 0);

describe("contextfmt tokens <text file>", () => {
  it("prints a table per markdown heading whose rows add up to the total line", async () => {
    const { stdout, stderr, status } = contextfmt(["tokens", claudeMd]);
    expect(status).toBe(0);
    expect(stderr).toBe("");
    await expect(stdout).toMatchFileSnapshot(golden("tokens-claude-md.txt"));
    const expected = sectionBreakdown(CLAUDE_MD, defaultCounter);
    const rows = stdout.split("\n").filter((line) => /\s\d+\s+\d+\.\d%$/.test(line));
    expect(rows.map((row) => row.replace(/\s+\d+\s+\d+\.\d%$/, ""))).toEqual([
      "# Project notes",
      "## Testing",
      "## Style",
      "total",
    ]);
    expect(rows.map((row) => Number(/(\d+)\s+\S+%$/.exec(row)?.[1]))).toEqual([
      ...expected.sections.map((s) => s.tokens),
      defaultCounter.count(CLAUDE_MD),
    ]);
    expect(stdout).toMatch(/^counter: heuristic-o200k \(heuristic estimate of o200k/);
  });

  it("--json gives the same breakdown for scripts; its sections tile the file", () => {
    const report = json([claudeMd]);
    expect(report).toEqual({ exact: false, ...sectionBreakdown(CLAUDE_MD, defaultCounter) });
    expect(report.sections.map((s) => CLAUDE_MD.slice(s.start, s.end)).join("")).toBe(CLAUDE_MD);
    expect(sum(report)).toBe(report.total);
  });

  it("- reads stdin, with the same result as the file", () => {
    expect(contextfmt(["tokens", "-"], CLAUDE_MD).stdout).toBe(
      contextfmt(["tokens", claudeMd]).stdout,
    );
  });

  it("a text without structure is one section", () => {
    const report = json(["-"], "Just one paragraph of prose.\n");
    expect(report.sections.map((s) => s.title)).toEqual(["(whole text)"]);
  });

  it("--exact counts with o200k and says so; sections still add up", () => {
    const counter = createTiktokenCounter({ encoding: "o200k_base" });
    const text = new FormatManager().format("codex", JSON.parse(readFileSync(RULES, "utf8")), {
      now: NOW,
    }).content;
    const report = json(["-", "--exact"], text);
    expect(report.counter).toBe("tiktoken-o200k_base");
    expect(report.exact).toBe(true);
    expect(report.total).toBe(counter.count(text));
    expect(sum(report)).toBe(report.total);
    expect(contextfmt(["tokens", claudeMd, "--exact"]).stdout).toMatch(
      /^counter: tiktoken-o200k_base \(exact o200k\)\n/,
    );
  }, 30_000);

  it("--budget: what is left, or exit 1 with budget_exceeded and the table printed", () => {
    const total = defaultCounter.count(CLAUDE_MD);
    const fits = contextfmt(["tokens", claudeMd, "--budget", String(total + 5)]);
    expect(fits.status).toBe(0);
    expect(fits.stdout).toMatch(new RegExp(`\\nbudget: ${total + 5} \\(fits, 5 to spare\\)\\n$`));
    const over = contextfmt(["tokens", claudeMd, "--budget", "10"]);
    expect(over.status).toBe(1);
    expect(over.stdout).toMatch(new RegExp(`\\nbudget: 10 \\(over by ${total - 10}\\)\\n$`));
    expect(over.stderr).toBe(
      `contextfmt: error: budget_exceeded: content is ${total} tokens; the budget is 10\n`,
    );
  });
});

describe("contextfmt tokens --format <id> <input file>", () => {
  const manager = new FormatManager();
  const inputs: Record<string, string> = {
    claude: RULES,
    codex: RULES,
    gemini: RULES,
    "xml-memory": example("hooks/memories.json"),
    project: example("hooks/project.json"),
    "project-markdown": example("hooks/project.json"),
    "session-full": example("hooks/session.json"),
    "session-brief": example("hooks/session.json"),
  };

  it("every registered format has an input here", () => {
    expect(Object.keys(inputs).sort()).toEqual([...manager.list()].sort());
  });

  it.each(Object.entries(inputs))(
    "%s: counts the rendered context, with the render's counts of items",
    (id, file) => {
      const result = manager.format(id, JSON.parse(readFileSync(file, "utf8")), { now: NOW });
      const report = json(["--format", id, file, "--now", NOW]);
      expect(report.format).toEqual({
        id,
        included: result.rulesIncluded,
        skipped: result.rulesSkipped,
      });
      expect(report.budget).toBe(result.budget);
      expect(sum(report)).toBe(report.total);
      if (id === "xml-memory") {
        // A fresh random nonce per render: compare the structure.
        expect(report.sections.map((s) => s.title.replace(/nonce="\w+"/, 'nonce="…"'))).toEqual([
          "<directive>",
          ...["procedural", "factual", "preference", "episodic"].map(
            (category) => `<${category}_memories nonce="…">`,
          ),
        ]);
      } else {
        expect(report.total).toBe(result.tokenCount);
        expect(report).toMatchObject(sectionBreakdown(result.content, defaultCounter));
      }
    },
  );

  it("prints the table with the format line and the render's budget", async () => {
    const { stdout, status } = contextfmt([
      "tokens",
      "--format",
      "claude",
      RULES,
      "--budget",
      "300",
      "--now",
      NOW,
    ]);
    expect(status).toBe(0);
    await expect(stdout).toMatchFileSnapshot(golden("tokens-format-claude.txt"));
  });

  it("reads YAML, and the input from stdin with -", () => {
    const yamlFile = join(dir, "rules.yaml");
    writeFileSync(yamlFile, stringify(JSON.parse(readFileSync(RULES, "utf8"))));
    const fromJson = contextfmt(["tokens", "--format", "codex", RULES, "--now", NOW]).stdout;
    expect(contextfmt(["tokens", "--format", "codex", yamlFile, "--now", NOW]).stdout).toBe(
      fromJson,
    );
    expect(
      contextfmt(["tokens", "--format", "codex", "-", "--now", NOW], readFileSync(RULES, "utf8"))
        .stdout,
    ).toBe(fromJson);
  });

  it("--exact counts the render with o200k", () => {
    const counter = createTiktokenCounter({ encoding: "o200k_base" });
    const result = manager.format("gemini", JSON.parse(readFileSync(RULES, "utf8")), {
      now: NOW,
      counter,
    });
    const report = json(["--format", "gemini", RULES, "--now", NOW, "--exact"]);
    expect(report.total).toBe(result.tokenCount);
    expect(report.counter).toBe("tiktoken-o200k_base");
  }, 30_000);

  it("exits 1 with the breakdown printed when the render has error issues", () => {
    const { stdout, stderr, status } = contextfmt([
      "tokens",
      "--format",
      "claude",
      RULES,
      "--budget",
      "10",
    ]);
    expect(status).toBe(1);
    expect(stdout).toContain("## CRITICAL RULES (Always Follow)");
    expect(stderr).toMatch(/^contextfmt: error: budget_exceeded: /m);
  });
});

describe("contextfmt tokens: errors are one line, exit 1", () => {
  const badJson = join(dir, "bad.json");
  writeFileSync(badJson, '{ "rules": [ }');
  const notes = join(dir, "notes.yaml");
  writeFileSync(notes, "title: notes\n");

  it.each([
    [
      ["tokens"],
      /^contextfmt: missing the file to count \(or - for stdin\); see "contextfmt tokens --help"$/,
    ],
    [["tokens", join(dir, "nope.md")], /^contextfmt: .*nope\.md: cannot read: no such file$/],
    [
      ["tokens", "--format", "markdown", join(dir, "nope.json")],
      /^contextfmt: --format: unknown format "markdown"; formats: claude, codex, gemini,/,
    ],
    [
      ["tokens", claudeMd, "--frob"],
      /^contextfmt: unknown option "--frob"; see "contextfmt tokens --help"$/,
    ],
    [
      ["tokens", claudeMd, "--budget", "lots"],
      /^contextfmt: --budget: expected a non-negative integer, received "lots"$/,
    ],
    [
      ["tokens", claudeMd, "--now", NOW],
      /^contextfmt: --now needs --format; see "contextfmt tokens --help"$/,
    ],
    [["tokens", claudeMd, "extra"], /^contextfmt: unexpected argument "extra"/],
    [
      ["tokens", "--format", "claude", badJson],
      /^contextfmt: .*bad\.json(:\d+:\d+)?: invalid JSON: /,
    ],
    [
      ["tokens", "--format", "claude", notes],
      /^contextfmt: .*notes\.yaml: rules: expected array, received nothing$/,
    ],
    [
      ["tokens", "--format", "claude", RULES, "--now", "yesterday"],
      /^contextfmt: options\.now: expected an ISO 8601 date-time/,
    ],
    [
      ["tokens", "--format", "claude", claudeMd],
      /^contextfmt: .*CLAUDE\.md: cannot read a \.md file here; input files are \.json, \.yaml or \.yml$/,
    ],
  ])("%j", (args, message) => {
    const { stdout, stderr, status } = contextfmt(args);
    expect(status).toBe(1);
    expect(stdout).toBe("");
    expect(stderr.trimEnd()).toMatch(message);
    expect(stderr.trimEnd().split("\n")).toHaveLength(1);
  });

  it("invalid input on stdin is named <stdin>", () => {
    const { stderr, status } = contextfmt(["tokens", "--format", "claude", "-"], "{ nope");
    expect(status).toBe(1);
    expect(stderr).toMatch(/^contextfmt: <stdin>(:\d+:\d+)?: invalid JSON: /);
  });
});

describe("contextfmt tokens --help", () => {
  it("prints usage with the options and the formats, exit 0", () => {
    const { stdout, status } = contextfmt(["tokens", "--help"]);
    expect(status).toBe(0);
    expect(stdout).toMatch(/^Usage: contextfmt tokens <file\|-> \[options\]\n/);
    for (const option of ["--exact", "--format <id>", "--budget <n>", "--now <iso>", "--json"]) {
      expect(stdout).toContain(`  ${option}`);
    }
    expect(stdout).toContain("claude, codex, gemini");
  });

  it("is listed in contextfmt --help", () => {
    expect(contextfmt(["--help"]).stdout).toMatch(/^ {2}tokens {3}count tokens per section/m);
  });
});
