/**
 * `watchSync` with real file events: the targets follow each change of the source's places (an
 * edit, folders made after the start, a file removed), a run's own writes and a save of the same
 * text start no run, a failed run is reported and the next change tries again, and close() leaves
 * no watcher behind. Waits for events are generous (a loaded machine is slow); what must not
 * happen is shown by a later change's run coming next, never by a clock.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ProjectFileError, type SyncRun, type SyncWatcher, watchSync } from "contextfmt/sync";
import { afterEach, describe, expect, it } from "vitest";
import { changedFiles, sourcePlaces, sourceState } from "../../src/sync/source-places.js";
import { settled } from "../../src/sync/watch.js";
import { Project } from "../../src/workspace/project.js";
import { project } from "../cli/project-dir.js";

const REVIEW = "---\ndescription: Review\n---\nReview the diff.\n";
const LINT = "---\nname: lint\ndescription: Lint the code\n---\nRun the linter.\n";
const RULES = JSON.parse(
  readFileSync(new URL("../../examples/rules.json", import.meta.url), "utf8"),
) as unknown;
/** Events come late on a loaded machine: a wait is generous, and never an assertion. */
const PATIENCE_MS = 30_000;
/** Long enough for the events of what was just written to be heard, were they to start a run. */
const SETTLE_MS = 600;

/** Resolves once `ready` holds, looking every 25 ms; fails after {@link PATIENCE_MS}. */
async function until(ready: () => boolean, what: string): Promise<void> {
  const start = Date.now();
  while (!ready()) {
    if (Date.now() - start > PATIENCE_MS) throw new Error(`waited in vain for ${what}`);
    await pause(25);
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const text = (dir: string, path: string) =>
  existsSync(join(dir, path)) ? readFileSync(join(dir, path), "utf8") : undefined;

const write = (dir: string, path: string, content: string) => {
  mkdirSync(join(dir, path, ".."), { recursive: true });
  writeFileSync(join(dir, path), content);
};

/** The folder watchers of this process (fs.watch's handles). */
const folderWatchers = () =>
  process.getActiveResourcesInfo().filter((kind) => kind === "FSEventWrap").length;

let open: SyncWatcher | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

/** A watched sync from Claude Code of `dir`, with its runs and errors as they come. */
function watched(dir: string, more: Partial<Parameters<typeof watchSync>[0]> = {}) {
  const runs: SyncRun[] = [];
  const errors: unknown[] = [];
  open = watchSync(
    { dir, from: "claude", to: ["codex"], debounceMs: 50, ...more },
    { onRun: (run) => runs.push(run), onError: (error) => errors.push(error) },
  );
  return { runs, errors, watcher: open };
}

const changedOf = (runs: readonly SyncRun[]) => runs.map((run) => run.changed);

describe("watchSync follows the source", () => {
  it("syncs at the start, then after each edit of the instruction file", async () => {
    const dir = project({ "CLAUDE.md": "Team notes\n" });
    const { runs } = watched(dir);
    expect(runs.length).toBe(1);
    expect(text(dir, "AGENTS.md")).toContain("Team notes");
    writeFileSync(join(dir, "CLAUDE.md"), "Team notes\nUse tabs.\n");
    await until(() => text(dir, "AGENTS.md")?.includes("Use tabs.") === true, "AGENTS.md");
    expect(changedOf(runs)).toEqual([[], ["CLAUDE.md"]]);
    expect(runs[1]?.applied.done.map((file) => file.path)).toEqual(["AGENTS.md"]);
  });

  it("picks up a skill folder made after the start, its parent folders new too", async () => {
    const dir = project({ "CLAUDE.md": "Team notes\n" });
    const { runs } = watched(dir);
    // .claude did not exist when the watch began: made, then filled once it is watched.
    mkdirSync(join(dir, ".claude/skills"), { recursive: true });
    await pause(SETTLE_MS);
    write(dir, ".claude/skills/lint/SKILL.md", LINT);
    await until(() => text(dir, ".agents/skills/lint/SKILL.md") !== undefined, "the skill");
    expect(text(dir, ".agents/skills/lint/SKILL.md")).toContain("Run the linter.");
    expect(changedOf(runs).at(-1)).toEqual([".claude/skills/lint/SKILL.md"]);
  });

  it("takes out what a removed command was written as", async () => {
    const dir = project({ "CLAUDE.md": "Team notes\n", ".claude/commands/review.md": REVIEW });
    const { runs } = watched(dir);
    const written = runs[0]?.applied.done.map((file) => file.path) ?? [];
    const skill = written.find((path) => path.includes("review"));
    expect(skill).toBe(".agents/skills/review/SKILL.md");
    rmSync(join(dir, ".claude/commands/review.md"));
    await until(() => text(dir, skill as string) === undefined, "the removal");
    expect(changedOf(runs).at(-1)).toEqual([".claude/commands/review.md"]);
    expect(runs.at(-1)?.applied.done).toEqual([
      expect.objectContaining({ path: skill, after: undefined }),
    ]);
  });

  it("follows a nested instruction file in a folder made after the start", async () => {
    const dir = project({ "CLAUDE.md": "Team notes\n" });
    watched(dir);
    mkdirSync(join(dir, "pkg"));
    await pause(SETTLE_MS);
    write(dir, "pkg/CLAUDE.md", "Package notes\n");
    await until(() => text(dir, "pkg/AGENTS.md")?.includes("Package notes") === true, "pkg");
  });

  it("follows a file the instruction file imports", async () => {
    const dir = project({
      "CLAUDE.md": "Team notes\n@docs/style.md\n",
      "docs/style.md": "Tabs.\n",
    });
    watched(dir);
    expect(text(dir, "AGENTS.md")).toContain("Tabs.");
    writeFileSync(join(dir, "docs/style.md"), "Spaces.\n");
    await until(() => text(dir, "AGENTS.md")?.includes("Spaces.") === true, "the import");
  });
});

describe("watchSync starts a run only for a change", () => {
  it("starts none for its own writes, a new folder beside the watched ones among them", async () => {
    const dir = project({ "CLAUDE.md": "Team notes\n", ".claude/commands/review.md": REVIEW });
    const { runs } = watched(dir);
    // The first run made .agents in the project's root, which is watched (a folder made there
    // may hold a nested CLAUDE.md), and wrote AGENTS.md beside CLAUDE.md.
    expect(runs[0]?.applied.done.map((file) => file.path)).toEqual([
      "AGENTS.md",
      ".agents/skills/review/SKILL.md",
    ]);
    await pause(SETTLE_MS);
    write(dir, ".claude/commands/lint.md", REVIEW);
    await until(() => runs.length >= 2, "the command's run");
    await pause(SETTLE_MS);
    // The run after the first is the command's: none came of the first run's writes.
    expect(changedOf(runs)).toEqual([[], [".claude/commands/lint.md"]]);
  });

  it("starts none for a file saved with the same text, or a file beside the places", async () => {
    const dir = project({ "CLAUDE.md": "Team notes\n", "src/index.ts": "x\n" });
    const { runs } = watched(dir);
    writeFileSync(join(dir, "CLAUDE.md"), "Team notes\n");
    writeFileSync(join(dir, "src/index.ts"), "y\n");
    writeFileSync(join(dir, "AGENTS.md"), `${text(dir, "AGENTS.md")}`);
    await pause(SETTLE_MS);
    write(dir, ".claude/commands/review.md", REVIEW);
    await until(() => runs.length >= 2, "the command's run");
    await pause(SETTLE_MS);
    expect(changedOf(runs)).toEqual([[], [".claude/commands/review.md"]]);
  });
});

describe("watchSync goes on after a failed run", () => {
  it("reports a conflict, writes nothing of that run, and syncs on the next change", async () => {
    const dir = project({ "CLAUDE.md": "Team notes\n" });
    const { runs, errors } = watched(dir);
    // The user's own skill of that name: the command's skill would replace it.
    write(dir, ".agents/skills/review/SKILL.md", "mine\n");
    write(dir, ".claude/commands/review.md", REVIEW);
    await until(() => errors.length === 1, "the conflict");
    expect(ProjectFileError.is(errors[0])).toBe(true);
    expect(String((errors[0] as Error).message)).toContain(".agents/skills/review/SKILL.md");
    expect(text(dir, ".agents/skills/review/SKILL.md")).toBe("mine\n");
    rmSync(join(dir, ".agents/skills/review/SKILL.md"));
    writeFileSync(join(dir, ".claude/commands/review.md"), REVIEW.replace("diff", "change"));
    await until(() => text(dir, ".agents/skills/review/SKILL.md") !== undefined, "the retry");
    expect(text(dir, ".agents/skills/review/SKILL.md")).toContain("Review the change.");
    expect(runs.length).toBe(2);
  });
});

describe("watchSync.close", () => {
  it("leaves no watcher and starts no run after it", async () => {
    const before = folderWatchers();
    const dir = project({ "CLAUDE.md": "Team notes\n", ".claude/commands/review.md": REVIEW });
    const { runs, watcher } = watched(dir, { debounceMs: 1000 });
    expect(folderWatchers()).toBeGreaterThan(before);
    // A change heard but not yet run when it closes: its run never comes.
    writeFileSync(join(dir, "CLAUDE.md"), "Other notes\n");
    await pause(300);
    await watcher.close();
    expect(folderWatchers()).toBe(before);
    await pause(1500);
    expect(runs.length).toBe(1);
    expect(text(dir, "AGENTS.md")).toContain("Team notes");
  });

  it("names a bad option before it watches anything", () => {
    const dir = project({});
    const before = folderWatchers();
    expect(() => watchSync({ dir, from: "claude", to: ["codex"], debounceMs: -1 })).toThrow(
      /debounceMs/,
    );
    expect(() =>
      watchSync({ dir, to: ["codex"], kinds: ["rules"], rules: RULES } as never),
    ).toThrow(/from/);
    // The rules alone come from their input, given once: no place of the source to watch.
    expect(() =>
      watchSync({ dir, from: "claude", to: ["codex"], kinds: ["rules"], rules: RULES }),
    ).toThrow(/kinds: expected a kind read from the source's files/);
    expect(folderWatchers()).toBe(before);
  });
});

describe("the state after a run", () => {
  it("counts the run's own writes as seen, and keeps anyone else's change to see next", () => {
    const dir = project({ "CLAUDE.md": "a\n", ".claude/commands/x.md": REVIEW });
    const p = Project.at(dir);
    const places = sourcePlaces("claude", ["instructions", "command"]);
    const before = sourceState(p, places);
    writeFileSync(join(dir, "CLAUDE.md"), "b\n");
    writeFileSync(join(dir, ".claude/commands/x.md"), "edited while the run ran\n");
    const after = sourceState(p, places);
    const ours = [{ path: "CLAUDE.md", before: "a\n", after: "b\n", warnings: [] }];
    const next = settled(p, before.files, after.files, ours);
    expect(changedFiles(next, after.files).map((real) => p.relative(real))).toEqual([
      ".claude/commands/x.md",
    ]);
    // What the run wrote but someone changed again before the look is theirs too.
    writeFileSync(join(dir, "CLAUDE.md"), "c\n");
    const later = sourceState(p, places);
    expect(settled(p, before.files, later.files, ours).get(p.resolve("CLAUDE.md"))).toBe(
      before.files.get(p.resolve("CLAUDE.md")),
    );
  });
});
