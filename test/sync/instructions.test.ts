/**
 * The `instructions` kind: the source tool's own instruction text goes into each target's file
 * inside the managed region, for every pair of tools; the target's own text stays byte for byte;
 * a second sync is a no-op; a cycle (A → B, then B → A) neither nests nor duplicates. Imports
 * (`@path`) and nested files, planned and written in process through the bin's writer.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SKIPPED_FOLDERS } from "../../src/sync/instructions.js";
import { RULES_FILES, SYNC_TOOLS, type SyncTool } from "../../src/sync/locations.js";
import { changedWrites, planChanges, type SyncRequest } from "../../src/sync/plan.js";
import {
  INSTRUCTIONS_MARK,
  outsideRegion,
  REGION_BEGIN,
  REGION_END,
  regionParts,
} from "../../src/workspace/managed-region.js";
import { Project } from "../../src/workspace/project.js";
import { WrittenRecord } from "../../src/workspace/record.js";
import { writeBatch } from "../../src/workspace/write-batch.js";
import { project, tree } from "../cli/project-dir.js";

/** Plans and writes a sync as the bin does; returns the plan. */
function sync(
  dir: string,
  from: SyncTool | undefined,
  to: SyncTool[],
  extra: Partial<SyncRequest> = {},
) {
  const p = Project.at(dir);
  const record = WrittenRecord.read(p);
  const plan = planChanges({ project: p, record, from, to, kinds: ["instructions"], ...extra });
  expect(plan.conflicts).toEqual([]);
  const recordWrite = record.write();
  writeBatch(p, [...changedWrites(plan.files), ...(recordWrite ? [recordWrite] : [])]);
  expect(record.saveEvidence()).toEqual([]);
  return plan;
}

const read = (dir: string, path: string) => readFileSync(join(dir, path), "utf8");

/** The inside of the file's region, `\n` line endings. */
const inside = (text: string) => {
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  return lines.slice(lines.indexOf(REGION_BEGIN) + 1, lines.indexOf(REGION_END)).join("\n");
};

/** The instructions the file's region holds. */
const carried = (text: string) => regionParts(inside(text)).instructions;

const count = (text: string, line: string) =>
  text.split(/\r?\n/).filter((l) => l.trim() === line).length;

/** Every ordered pair of tools whose instruction files differ. */
const PAIRS = SYNC_TOOLS.flatMap((a) =>
  SYNC_TOOLS.filter((b) => b !== a && RULES_FILES[b] !== RULES_FILES[a]).map(
    (b) => [a, b] as const,
  ),
);

/** A user's own instruction text: prose, headings, quoted markers, code, either line ending. */
const ownText = fc
  .tuple(
    fc.array(
      fc.oneof(
        fc.string({ maxLength: 20 }).map((s) => s.replace(/[\r\n]/g, "")),
        fc.constantFrom(
          "# Team rules",
          "- Use pnpm, never npm.",
          `Our markers look like \`${REGION_BEGIN}\`.`,
          `see ${REGION_END} above`,
          `x ${INSTRUCTIONS_MARK}`,
          "```sh",
          "Ask @alice about deploys.",
        ),
      ),
      { minLength: 1, maxLength: 8 },
    ),
    fc.constantFrom("\n", "\r\n"),
  )
  .map(([lines, eol]) => `${lines.join(eol)}${eol}`)
  .filter((text) => text.trim() !== "");

/**
 * The instruction files a client reads beside its own, even where its own is there: Copilot CLI
 * reads AGENTS.md, CLAUDE.md and GEMINI.md, Qwen Code AGENTS.md. Sync writes nothing into its
 * own file for a source it reads already.
 */
const ALSO_READS: Partial<Record<SyncTool, readonly string[]>> = {
  copilot: ["AGENTS.md", "CLAUDE.md", "GEMINI.md"],
  qwen: ["AGENTS.md"],
  // Antigravity reads GEMINI.md beside its AGENTS.md.
  antigravity: ["GEMINI.md"],
};
const readsItself = (to: SyncTool, from: SyncTool) =>
  ALSO_READS[to]?.includes(RULES_FILES[from]) === true;

/** The file as `to` should have it after a sync from a source whose own text is `source`. */
function expectSynced(dir: string, from: SyncTool, to: SyncTool, own: string, source: string) {
  const text = read(dir, RULES_FILES[to]);
  if (readsItself(to, from)) {
    expect(text).toBe(own);
    return;
  }
  expect(outsideRegion(RULES_FILES[to], text)).toBe(own);
  expect(carried(text)).toBe(source.replace(/\r\n/g, "\n").trim());
  expect(count(text, REGION_BEGIN)).toBe(1);
  expect(count(text, REGION_END)).toBe(1);
}

describe("sync --only instructions between every pair of tools", () => {
  it.each(PAIRS)("%s → %s and back: own text kept, no nesting, second sync a no-op", (a, b) => {
    fc.assert(
      fc.property(ownText, ownText, (textA, textB) => {
        const dir = project({ [RULES_FILES[a]]: textA, [RULES_FILES[b]]: textB });
        sync(dir, a, [b]);
        expectSynced(dir, a, b, textB, textA);
        // A second sync writes nothing.
        const again = sync(dir, a, [b]);
        expect(changedWrites(again.files)).toEqual([]);
        // Back: B's own text into A's region; A's own text stays, and neither file nests.
        sync(dir, b, [a]);
        sync(dir, a, [b]);
        expectSynced(dir, a, b, textB, textA);
        expectSynced(dir, b, a, textA, textB);
        expect(changedWrites(sync(dir, b, [a]).files)).toEqual([]);
      }),
      { numRuns: 15 },
    );
  });
});

describe("sync --only instructions", () => {
  it("writes a new target file holding only the region, and one for each tool", () => {
    const dir = project({ "CLAUDE.md": "# Team\n\nUse pnpm.\n" });
    sync(dir, "claude", ["codex", "gemini"]);
    const expected = `${REGION_BEGIN}\n${INSTRUCTIONS_MARK}\n# Team\n\nUse pnpm.\n${REGION_END}\n`;
    expect(read(dir, "AGENTS.md")).toBe(expected);
    expect(read(dir, "GEMINI.md")).toBe(expected);
    expect(read(dir, "CLAUDE.md")).toBe("# Team\n\nUse pnpm.\n");
  });

  it("adds the files a CLAUDE.md imports for a target that does not import; leaves @path to one that does", () => {
    const dir = project({
      "CLAUDE.md": [
        "See @docs/style.md and @docs/git.md.",
        "Not these: `@docs/code.md`, @~/.claude/mine.md, @../up.md, @nobody",
        "```",
        "@docs/fenced.md",
        "```",
        "",
      ].join("\n"),
      "docs/style.md": "Tabs.\nAlso @./deeper/x.md\n",
      "docs/deeper/x.md": "Deeper, and back: @../style.md\n",
      "docs/git.md": "Rebase.\n",
      "docs/code.md": "never\n",
      "docs/fenced.md": "never\n",
    });
    const plan = sync(dir, "claude", ["codex", "gemini"]);
    expect(carried(read(dir, "AGENTS.md"))).toBe(
      [
        "See @docs/style.md and @docs/git.md.",
        "Not these: `@docs/code.md`, @~/.claude/mine.md, @../up.md, @nobody",
        "```",
        "@docs/fenced.md",
        "```",
        "",
        "<!-- imported from docs/style.md -->",
        "Tabs.",
        "Also @./deeper/x.md",
        "",
        "<!-- imported from docs/deeper/x.md -->",
        "Deeper, and back: @../style.md",
        "",
        "<!-- imported from docs/git.md -->",
        "Rebase.",
      ].join("\n"),
    );
    // Gemini CLI reads @path itself, relative to the file: the text goes as it is.
    expect(carried(read(dir, "GEMINI.md"))).toBe(read(dir, "CLAUDE.md").trim());
    expect(plan.warnings.map((w) => `${w.path}: ${w.message}`)).toEqual([
      "CLAUDE.md: not carried: @~/.claude/mine.md is outside the project",
      "CLAUDE.md: not carried: @../up.md is outside the project",
    ]);
  });

  it("does not follow an import through a link that leads outside the project", () => {
    const outside = project({ "secret.md": "SECRET\n" });
    const dir = project({ "CLAUDE.md": "Read @shared/secret.md\n" }, { shared: outside });
    const plan = sync(dir, "claude", ["codex"]);
    expect(read(dir, "AGENTS.md")).not.toContain("SECRET");
    expect(plan.warnings.map((w) => w.message)).toEqual([
      `not carried: @shared/secret.md: shared is a link to ${outside}, outside the project`,
    ]);
  });

  it("carries nested files to the same folder, and skips dependencies, build output and hidden folders", () => {
    const dir = project({
      "CLAUDE.md": "root\n",
      "pkg/api/CLAUDE.md": "api rules\n",
      ".cache/CLAUDE.md": "never\n",
      ".git/CLAUDE.md": "never\n",
      // Each skipped folder, at the root and deeper down.
      ...Object.fromEntries(
        [...SKIPPED_FOLDERS].flatMap((folder) => [
          [`${folder}/CLAUDE.md`, "never\n"],
          [`pkg/${folder}/x/CLAUDE.md`, "never\n"],
        ]),
      ),
      // Only the folder's own name counts: "distribution" is no "dist".
      "distribution/CLAUDE.md": "kept\n",
    });
    const plan = sync(dir, "claude", ["codex", "gemini"]);
    expect(plan.files.map((f) => f.path).sort()).toEqual([
      "AGENTS.md",
      "GEMINI.md",
      "distribution/AGENTS.md",
      "distribution/GEMINI.md",
      "pkg/api/AGENTS.md",
      "pkg/api/GEMINI.md",
    ]);
    expect(carried(read(dir, "pkg/api/AGENTS.md"))).toBe("api rules");
    expect([...SKIPPED_FOLDERS]).toEqual(
      expect.arrayContaining(["node_modules", "dist", "vendor", "build", "target"]),
    );
  });

  it("writes a file two targets read once, and leaves a target that is the source itself", () => {
    const dir = project(
      { "GEMINI.md": "gemini's\n", "CLAUDE.md": "claude's\n" },
      { "AGENTS.md": "CLAUDE.md" },
    );
    const plan = sync(dir, "gemini", ["claude", "codex"]);
    expect(plan.files.map((f) => f.path)).toEqual(["CLAUDE.md"]);
    expect(plan.files[0]?.warnings.map((w) => w.message)).toEqual([
      "AGENTS.md is CLAUDE.md (a link): the region is written there once, in the claude format, which codex reads as well",
    ]);
    const fromClaude = sync(dir, "claude", ["codex"]);
    expect(fromClaude.files).toEqual([]);
    expect(fromClaude.warnings.map((w) => w.message)).toEqual([
      "AGENTS.md is the source CLAUDE.md: left as it is",
    ]);
  });

  it("shares the region with the rules: a run of one keeps the other", () => {
    const dir = project({ "CLAUDE.md": "claude's own\n", "AGENTS.md": "mine\n" });
    const renderRules = () => "RULES";
    sync(dir, undefined, ["codex"], { kinds: ["rules"], renderRules });
    sync(dir, "claude", ["codex"]);
    const both = `mine\n\n${REGION_BEGIN}\nRULES\n\n${INSTRUCTIONS_MARK}\nclaude's own\n${REGION_END}\n`;
    expect(read(dir, "AGENTS.md")).toBe(both);
    sync(dir, undefined, ["codex"], { kinds: ["rules"], renderRules });
    expect(read(dir, "AGENTS.md")).toBe(both);
    sync(dir, "claude", ["codex"], { kinds: ["instructions", "rules"], renderRules });
    expect(read(dir, "AGENTS.md")).toBe(both);
  });

  it("takes out a region it wrote when the source's text is gone, and a file that held only it", () => {
    const dir = project({ "CLAUDE.md": "claude's own\n", "AGENTS.md": "mine\r\n" });
    sync(dir, "claude", ["codex", "gemini"]);
    writeFileSync(join(dir, "CLAUDE.md"), "\n");
    const plan = sync(dir, "claude", ["codex", "gemini"]);
    expect(plan.files.map((f) => [f.path, f.after])).toEqual([
      ["AGENTS.md", "mine\r\n"],
      ["GEMINI.md", undefined],
    ]);
    expect(read(dir, "AGENTS.md")).toBe("mine\r\n");
    expect(() => read(dir, "GEMINI.md")).toThrow(/ENOENT/);
    expect(read(dir, ".contextfmt/written.json")).not.toContain("rules-region");
  });

  it("keeps a region changed since sync wrote it when its source is gone, and names it", () => {
    const dir = project({ "CLAUDE.md": "claude's own\n" });
    sync(dir, "claude", ["gemini"]);
    writeFileSync(join(dir, "CLAUDE.md"), "");
    const edited = read(dir, "GEMINI.md").replace("claude's own", "edited by hand");
    writeFileSync(join(dir, "GEMINI.md"), edited);
    const plan = sync(dir, "claude", ["gemini"]);
    expect(plan.files).toEqual([]);
    expect(plan.warnings.map((w) => `${w.path}: ${w.message}`)).toEqual([
      "GEMINI.md: the contextfmt region stays: its sources are gone, but contextfmt did not write it as it is now (take it out by hand)",
    ]);
    expect(read(dir, "GEMINI.md")).toBe(edited);
  });

  it("takes out a nested file's region when the source file itself is deleted; another source's text stays", () => {
    const dir = project({ "CLAUDE.md": "claude's own\n", "pkg/CLAUDE.md": "pkg rules\n" });
    sync(dir, "claude", ["codex", "gemini"]);
    rmSync(join(dir, "pkg/CLAUDE.md"));
    rmSync(join(dir, "CLAUDE.md"));
    // A run from Gemini, which has no instruction file, leaves Claude's text where it is.
    expect(changedWrites(sync(dir, "gemini", ["codex"]).files)).toEqual([]);
    const plan = sync(dir, "claude", ["codex", "gemini"]);
    expect(plan.files.map((f) => [f.path, f.after]).sort()).toEqual([
      ["AGENTS.md", undefined],
      ["GEMINI.md", undefined],
      ["pkg/AGENTS.md", undefined],
      ["pkg/GEMINI.md", undefined],
    ]);
    expect(Object.keys(tree(dir))).toEqual([".contextfmt/written.json"]);
  });
});
