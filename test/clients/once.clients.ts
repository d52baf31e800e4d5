/**
 * The loading-model claim, checked by the real clients: after one multi-target sync, each
 * instruction line of the source reaches each client's model request once. Three Claude Code
 * projects (headless runs, offline, a loopback server standing in for the model):
 * - CLAUDE.md with its own lines, and a nested pkg/CLAUDE.md with its own;
 * - a real monorepo (test/fixtures/real-layouts/b-monorepo-nested): CLAUDE.md, AGENTS.md a link
 *   to it, and js/CLAUDE.md;
 * - CLAUDE.md that is the line `@AGENTS.md`, the text in AGENTS.md (the shared source).
 * `contextfmt sync --from claude --to all` runs once; then each client runs at the root and, for
 * the nested file, in its folder. Each line counted is one no other line has, counted in each
 * request the client sends. GitHub Copilot CLI may get a line twice, exactly where sync's
 * `loaded_twice` warning says so.
 * Where a real client does otherwise today, DEVIATIONS says what it does and why, so the finding
 * stays visible until the client's loading rules or the plan account for it.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN } from "../cli/run-bin.js";
import { COPILOT_ENV, KILO_ENV, MODEL_CONFIG } from "./offline-clients.js";
import { codexExecArgs, type RecordedRun, recordModelRequests } from "./run-client.js";
import { CLINE_ENV, clineProvider, modelBodies, runScripted, syncProject } from "./run-scripted.js";

/** The clients run here, the source among them. */
const CLIENTS = [
  "claude",
  "codex",
  "gemini",
  "copilot",
  "opencode",
  "qwen",
  "kilo",
  "cline",
] as const;
type Client = (typeof CLIENTS)[number];

/** One line of a source file: a marker no other line has. */
const line = (marker: string, text: string) => `- ${marker} ${text}`;

const ROOT_LINES = ["ONCE_ROOT_A7", "ONCE_ROOT_B7"];
const NESTED_LINES = ["ONCE_NESTED_C7"];
const SHARED_LINES = ["ONCE_SHARED_D7", "ONCE_SHARED_E7"];

/** A project with CLAUDE.md's own lines and a nested pkg/CLAUDE.md. */
const OWN_FILES = {
  "CLAUDE.md": `# House rules\n\n${line("ONCE_ROOT_A7", "answer in English.")}\n${line("ONCE_ROOT_B7", "run the tests before a commit.")}\n`,
  "pkg/CLAUDE.md": `# The pkg package\n\n${line("ONCE_NESTED_C7", "keep pkg free of runtime dependencies.")}\n`,
  "pkg/index.js": "export const answer = 42;\n",
};

/** A project whose CLAUDE.md only imports AGENTS.md. */
const SHARED_FILES = {
  "CLAUDE.md": "@AGENTS.md\n",
  "AGENTS.md": `# Agents\n\n${line("ONCE_SHARED_D7", "answer in English.")}\n${line("ONCE_SHARED_E7", "run the tests before a commit.")}\n`,
};

interface Synced {
  readonly root: string;
  readonly dir: string;
  readonly home: string;
  /** Source file → how many times sync's warning says Copilot CLI reads its instructions. */
  readonly copilotTimes: ReadonlyMap<string, number>;
}

/** The sync's `loaded_twice` warnings for Copilot CLI: which file's instructions, how often. */
function copilotTimes(stderr: string): Map<string, number> {
  const times = new Map<string, number>();
  const pattern =
    /loaded_twice at \S+: GitHub Copilot CLI reads each of .*?, so the instructions of (\S+) reach it (twice|(\d+) times)/g;
  for (const match of stderr.matchAll(pattern)) {
    times.set(match[1] as string, match[2] === "twice" ? 2 : Number(match[3]));
  }
  return times;
}

/**
 * The project (`files`, and `links`: path → target) synced once from Claude Code to every client,
 * and homes that trust it and its folder `nested`.
 */
function synced(
  files: Record<string, string>,
  nested: string,
  links: Record<string, string> = {},
): Synced {
  const { root, dir, home } = syncProject(files);
  for (const [path, target] of Object.entries(links)) symlinkSync(target, join(dir, path));
  const run = spawnSync(process.execPath, [BIN, "sync", "--from", "claude", "--to", "all"], {
    cwd: dir,
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`sync failed:\n${run.stderr}`);
  const trusted = [dir, join(dir, nested)];
  writeFileSync(
    join(home, "config.toml"),
    trusted.map((path) => `[projects."${path}"]\ntrust_level = "trusted"\n`).join("\n"),
  );
  mkdirSync(join(home, ".gemini"));
  writeFileSync(
    join(home, ".gemini/settings.json"),
    JSON.stringify({ security: { auth: { selectedType: "gemini-api-key" } } }),
  );
  writeFileSync(
    join(home, ".gemini/trustedFolders.json"),
    JSON.stringify({ [dir]: "TRUST_FOLDER" }),
  );
  mkdirSync(join(home, ".qwen"));
  writeFileSync(
    join(home, ".qwen/settings.json"),
    JSON.stringify({
      security: { auth: { selectedType: "anthropic" } },
      model: { name: "claude-sonnet-4-5" },
    }),
  );
  return { root, dir, home, copilotTimes: copilotTimes(run.stderr) };
}

/** A headless run of `client` with a plain prompt in `cwd`: the bodies of its model requests. */
function requests(client: Client, project: Synced, cwd: string): string[] {
  const home = project.home;
  const prompt = "Say hi.";
  const recorded = (run: RecordedRun) => modelBodies(run);
  switch (client) {
    case "claude":
      return recorded(
        recordModelRequests(
          "claude",
          ["-p", prompt, "--max-turns", "1"],
          { HOME: home, ANTHROPIC_API_KEY: "x" },
          cwd,
        ),
      );
    case "gemini":
      return recorded(
        recordModelRequests("gemini", ["-p", prompt], { HOME: home, GEMINI_API_KEY: "x" }, cwd),
      );
    case "codex":
      return recorded(
        recordModelRequests(
          "codex",
          codexExecArgs(prompt),
          { HOME: home, CODEX_HOME: home, RECORDER_KEY: "x" },
          cwd,
        ),
      );
    case "copilot":
      return recorded(
        runScripted(
          "copilot",
          { replies: [] },
          ["--disable-builtin-mcps", "-p", prompt],
          {
            HOME: home,
            ...COPILOT_ENV,
          },
          cwd,
        ),
      );
    case "opencode":
      return recorded(
        runScripted(
          "opencode",
          { replies: [] },
          ["run", prompt],
          { HOME: home, npm_config_offline: "true", OPENCODE_CONFIG_CONTENT: MODEL_CONFIG },
          cwd,
        ),
      );
    case "qwen":
      return recorded(
        runScripted("qwen", { replies: [] }, [prompt], { HOME: home, ANTHROPIC_API_KEY: "x" }, cwd),
      ).filter((body) => !body.includes("memory extraction subagent"));
    case "kilo":
      return recorded(
        runScripted(
          "kilo",
          { replies: [] },
          ["run", "--pure", prompt],
          {
            HOME: home,
            ...KILO_ENV,
          },
          cwd,
        ),
      );
    case "cline":
      return recorded(
        runScripted(
          "cline",
          { replies: [], files: clineProvider(home) },
          ["--json", prompt],
          { HOME: home, ...CLINE_ENV },
          cwd,
        ),
      );
  }
}

/**
 * How often each marker reaches the model: the most any one request carries it (a client may
 * send more requests than one, such as a title's, and each carries what it carries).
 */
function counts(bodies: readonly string[], markers: readonly string[]): Record<string, number> {
  expect(bodies.length, "the client sent no model request").toBeGreaterThan(0);
  return Object.fromEntries(
    markers.map((marker) => [
      marker,
      Math.max(...bodies.map((body) => body.split(marker).length - 1)),
    ]),
  );
}

/**
 * Where a real client contradicts the claim today: what it carries instead, and why. Each is a
 * finding to fix (in the client's loading rules or the plan), pinned here so that a fix shows:
 * when the client carries the line once, the entry goes.
 */
const DEVIATIONS: Readonly<Record<string, { readonly counts: number; readonly why: string }>> = {
  // Cline takes the folder it starts in as its workspace: in pkg/ it reads pkg/AGENTS.md and
  // never the root's, where Claude Code reads both.
  "cline nested CLAUDE.md": {
    counts: 0,
    why: "a session in a subfolder is a workspace of its own",
  },
};

/**
 * What `client` should carry of each line of `file` in `session`: once; for Copilot CLI as
 * often as sync's loaded_twice warning says, and never more than twice; or a known deviation.
 */
function expected(
  client: Client,
  project: Synced,
  session: "root" | "nested",
  file: string,
  markers: readonly string[],
): Record<string, number> {
  const deviation = DEVIATIONS[`${client} ${session} ${file}`] ?? DEVIATIONS[`${client} ${file}`];
  let times = deviation?.counts ?? 1;
  // Copilot CLI, exactly as often as sync's loaded_twice warning says (its loading model: the
  // imports of AGENTS.md and CLAUDE.md, two files alike read once, a subfolder's files).
  if (!deviation && client === "copilot") times = project.copilotTimes.get(file) ?? 1;
  return Object.fromEntries(markers.map((marker) => [marker, times]));
}

/** A project whose CLAUDE.md has lines of its own, and a nested folder's CLAUDE.md too. */
interface NestedCase {
  readonly title: string;
  readonly files: Record<string, string>;
  readonly links?: Record<string, string>;
  /** Lines of the root's CLAUDE.md. */
  readonly rootLines: readonly string[];
  /** The nested folder, and lines of its CLAUDE.md. */
  readonly nested: string;
  readonly nestedLines: readonly string[];
}

/** The files below `dir`, by path relative to it (a fixture folder as `syncProject` takes it). */
function fixtureFiles(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = join(entry.parentPath, entry.name);
    files[full.slice(dir.length + 1)] = readFileSync(full, "utf8");
  }
  return files;
}

const MONOREPO = new URL("../fixtures/real-layouts/b-monorepo-nested", import.meta.url).pathname;

const NESTED_CASES: readonly NestedCase[] = [
  {
    title: "CLAUDE.md's own lines and a nested pkg/CLAUDE.md",
    files: OWN_FILES,
    rootLines: ROOT_LINES,
    nested: "pkg",
    nestedLines: NESTED_LINES,
  },
  {
    // A real monorepo (moq-dev/moq, see the fixture's SOURCES.md): AGENTS.md links to CLAUDE.md
    // at the root; js/ has a CLAUDE.md alone. One line of each, as its authors wrote it.
    title: "a real monorepo's CLAUDE.md and js/CLAUDE.md",
    files: fixtureFiles(MONOREPO),
    links: { "AGENTS.md": "CLAUDE.md", "drafts/AGENTS.md": "CLAUDE.md" },
    rootLines: ["MoQ (Media over QUIC) is a next-generation live media delivery protocol"],
    nested: "js",
    nestedLines: ["Scopes the `/js` TypeScript/JavaScript workspace."],
  },
];

for (const only of NESTED_CASES) {
  const nestedFile = `${only.nested}/CLAUDE.md`;
  describe(`${only.title}, synced to every client`, () => {
    let project: Synced;
    beforeAll(() => {
      project = synced(only.files, only.nested, only.links);
    });
    afterAll(() => rmSync(project.root, { recursive: true, force: true }));

    it("sync warns that Copilot CLI reads CLAUDE.md's instructions twice, and the nested file's", () => {
      // AGENTS.md and CLAUDE.md; GEMINI.md, written alike to AGENTS.md (or CLAUDE.md read
      // through its link AGENTS.md), it reads once between them. In the nested folder: its
      // CLAUDE.md, and the AGENTS.md written there for the others.
      expect(project.copilotTimes.get("CLAUDE.md")).toBe(2);
      expect(project.copilotTimes.get(nestedFile)).toBe(2);
    });

    for (const client of CLIENTS) {
      it(`${client}, at the root: each line of CLAUDE.md once; ${nestedFile}'s at most once`, () => {
        const bodies = requests(client, project, project.dir);
        expect(counts(bodies, only.rootLines)).toEqual(
          expected(client, project, "root", "CLAUDE.md", only.rootLines),
        );
        for (const count of Object.values(counts(bodies, only.nestedLines))) {
          expect(count).toBeLessThanOrEqual(1);
        }
      }, 150_000);

      it(`${client}, in ${only.nested}/: each line of CLAUDE.md and of ${nestedFile} once`, () => {
        const bodies = requests(client, project, join(project.dir, only.nested));
        expect(counts(bodies, only.rootLines)).toEqual(
          expected(client, project, "nested", "CLAUDE.md", only.rootLines),
        );
        expect(counts(bodies, only.nestedLines)).toEqual(
          expected(client, project, "nested", nestedFile, only.nestedLines),
        );
      }, 150_000);
    }
  });
}

describe("CLAUDE.md = @AGENTS.md, synced to every client", () => {
  let project: Synced;
  beforeAll(() => {
    project = synced(SHARED_FILES, "pkg");
  });
  afterAll(() => rmSync(project.root, { recursive: true, force: true }));

  it("sync warns that Copilot CLI reads AGENTS.md itself and as CLAUDE.md's import", () => {
    expect(project.copilotTimes.get("CLAUDE.md")).toBe(2);
  });

  for (const client of CLIENTS) {
    it(`${client}: each line of AGENTS.md (CLAUDE.md's import) once`, () => {
      const bodies = requests(client, project, project.dir);
      expect(counts(bodies, SHARED_LINES)).toEqual(
        expected(client, project, "root", "CLAUDE.md", SHARED_LINES),
      );
    }, 150_000);
  }
});
