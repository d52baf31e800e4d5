/**
 * Sync on the layouts real repositories have (test/fixtures/real-layouts, SOURCES.md names each
 * repository, commit and licence): `contextfmt sync --from <the shape's own client> --to all`,
 * then what it wrote (paths and sizes), a second sync that changes no byte, and what doctor
 * reports before and after, with `doctor --strict`'s exit code. Each shape's golden file
 * (test/golden/sync/real-layouts/) holds all of it, the problems doctor still finds after a sync
 * included: they are read there, not hidden.
 */
import { spawnSync } from "node:child_process";
import {
  cpSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import type { DoctorReport, SyncTool } from "contextfmt/sync";
import { afterAll, describe, expect, it } from "vitest";
import { tree } from "../cli/project-dir.js";
import { BIN } from "../cli/run-bin.js";

/** One repository shape: its fixture folder, the client it is written for, and its links. */
interface Shape {
  readonly name: string;
  readonly fixture: string;
  readonly from: SyncTool;
  /** Link path → the target written into it, as the repository has them (SOURCES.md). */
  readonly links?: Readonly<Record<string, string>>;
  /** Files put over the fixture's, for a variant of the same layout. */
  readonly files?: Readonly<Record<string, string>>;
}

const SHAPES: readonly Shape[] = [
  { name: "claude-md-imports-agents-md", fixture: "a-claude-imports-agents", from: "claude" },
  {
    // The same repository with CLAUDE.md reduced to the import alone, the shape's shortest form.
    name: "claude-md-is-the-line-at-agents-md",
    fixture: "a-claude-imports-agents",
    from: "claude",
    files: { "CLAUDE.md": "@AGENTS.md\n" },
  },
  {
    name: "monorepo-nested-pairs",
    fixture: "b-monorepo-nested",
    from: "claude",
    links: { "AGENTS.md": "CLAUDE.md", "drafts/AGENTS.md": "CLAUDE.md" },
  },
  {
    name: "skills-and-commands-through-links",
    fixture: "c-linked-skills-commands",
    from: "claude",
    links: {
      "CLAUDE.md": "AGENTS.md",
      ".claude/skills/fix-lint": "../../.agents/skills/fix-lint",
      ".claude/skills/quick-fix": "../../.agents/skills/quick-fix",
      ".cursor/commands": "../.claude/commands",
    },
  },
  {
    name: "opencode-agents-and-commands",
    fixture: "d-opencode-agents-commands",
    from: "opencode",
    links: {
      "AGENTS.md": ".github/copilot-instructions.md",
      "CLAUDE.md": ".github/copilot-instructions.md",
    },
  },
  {
    name: "cursor-rules-and-remote-server",
    fixture: "e-cursor-rules-mcp",
    from: "cursor",
    links: { "AGENTS.md": ".cursor/rules/general.mdc" },
  },
  {
    name: "cline-rules-folder",
    fixture: "f-cline-rules-folder",
    from: "cline",
    links: { ".clinerules/coding-standards.md": "../rule.md" },
  },
  { name: "cline-rules-file", fixture: "f-cline-rules-file", from: "cline" },
  {
    name: "readme-in-claude-agents",
    fixture: "g-readme-in-agents",
    from: "claude",
    links: { "CLAUDE.md": "AGENTS.md" },
  },
];

const FIXTURES = new URL("../fixtures/real-layouts/", import.meta.url).pathname;
const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** The shape's files in a new git project, its links made as the repository has them. */
function projectOf(shape: Shape): string {
  const root = mkdtempSync(join(tmpdir(), "contextfmt-real-"));
  roots.push(root);
  const dir = join(root, "project");
  cpSync(join(FIXTURES, shape.fixture), dir, { recursive: true });
  for (const [path, text] of Object.entries(shape.files ?? {}))
    writeFileSync(join(dir, path), text);
  for (const [path, target] of Object.entries(shape.links ?? {})) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    symlinkSync(target, join(dir, path));
  }
  expect(spawnSync("git", ["init", "-q", dir]).status).toBe(0);
  return dir;
}

/** Runs the built `contextfmt` in `dir`; a failure to start or a crash fails the test. */
function contextfmt(dir: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: "utf8" });
  expect(result.error).toBeUndefined();
  return result;
}

/** doctor's report, as JSON. */
function doctorReport(dir: string): DoctorReport {
  const run = contextfmt(dir, "doctor", "--json");
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as DoctorReport;
}

/** Every file below `dir` (links not followed, .git left out), by path, with its size. */
function sizes(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const full = join(at, entry.name);
      const path = relative(dir, full);
      if (path === ".git") continue;
      const stat = lstatSync(full);
      if (stat.isSymbolicLink()) out.set(path, "link");
      else if (stat.isDirectory()) walk(full);
      else out.set(path, `${stat.size} bytes`);
    }
  };
  walk(dir);
  return out;
}

/**
 * One line per problem: its client, code and file (the message would pin every word), and
 * `(known: named by the sync)` for one the sync's loaded_twice warning named.
 */
const problemLines = (report: DoctorReport) =>
  report.problems.map(
    (problem) =>
      `  ${problem.client} ${problem.code}${problem.path ? ` ${problem.path}` : ""}${problem.known !== undefined ? " (known: named by the sync)" : ""}`,
  );

describe("sync on the layouts of real repositories", () => {
  for (const shape of SHAPES) {
    it(`${shape.name}: sync --from ${shape.from} --to all, once and again, and doctor`, async () => {
      const dir = projectOf(shape);
      const before = doctorReport(dir);
      const sourceBytes = tree(dir);
      const sourceSizes = sizes(dir);

      const sync = contextfmt(dir, "sync", "--from", shape.from, "--to", "all");
      expect(sync.status, sync.stderr).toBe(0);
      const after = tree(dir);
      const written = [...sizes(dir)]
        .filter(([path]) => after[path] !== sourceBytes[path])
        .map(([path, size]) => `  ${path}  ${size}${sourceSizes.has(path) ? " (changed)" : ""}`);
      // Nothing that was there is rewritten: these layouts leave sync nothing to change in place.
      for (const [path, text] of Object.entries(sourceBytes)) {
        expect(after[path], `${path} was there before`).toBe(text);
      }

      // A second sync changes nothing, to the byte.
      const again = contextfmt(dir, "sync", "--from", shape.from, "--to", "all");
      expect(again.status, again.stderr).toBe(0);
      expect(tree(dir)).toEqual(after);

      const report = doctorReport(dir);
      const strict = contextfmt(dir, "doctor", "--strict");
      // --strict fails exactly when doctor finds a problem the sync did not name (no config
      // accepts any here).
      const unknown = report.problems.filter((problem) => problem.known === undefined);
      expect(strict.status).toBe(unknown.length > 0 ? 1 : 0);

      const golden = [
        `sync --from ${shape.from} --to all wrote:`,
        ...(written.length > 0 ? written : ["  nothing"]),
        `doctor problems before -> after the sync: ${before.problems.length} -> ${unknown.length} (and ${report.problems.length - unknown.length} known)`,
        "before:",
        ...problemLines(before),
        "after:",
        ...problemLines(report),
        `doctor --strict after the sync: exit ${strict.status}`,
        "",
      ].join("\n");
      await expect(golden).toMatchFileSnapshot(`../golden/sync/real-layouts/${shape.name}.txt`);
      // Five runs of the built bin: up to 10 s a shape alone, more beside other test files.
    }, 90_000);
  }
});
