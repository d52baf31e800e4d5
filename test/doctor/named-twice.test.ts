/**
 * doctor knows the duplicates sync named: where a client's own rules make it load something
 * twice (Copilot CLI reads CLAUDE.md and GEMINI.md, none shadowing; it reads .claude/skills and
 * .agents/skills), sync says so in a `loaded_twice` warning and its record keeps it. doctor then
 * reports that duplicate as known (info, `--strict` passes over it), only while the files are
 * what that sync wrote and only for the user whose sync it was: a record that came with a clone
 * silences nothing.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  applyPlan,
  type DoctorReport,
  doctor,
  planSync,
  type ReportedProblem,
  SYNC_TOOLS,
  type SyncTool,
} from "contextfmt/sync";
import { describe, expect, it } from "vitest";
import { doctorHtml } from "../../src/doctor/html.js";
import { namedHash } from "../../src/workspace/record.js";
import { project } from "../cli/project-dir.js";
import { BIN } from "../cli/run-bin.js";
import { GIT } from "./everything.js";

const RULES = [
  "# Payments",
  "",
  "Every amount is kept in integer cents, never in floating point numbers of any kind.",
  "Run the whole test suite with make check before you ask for a review of a change.",
  "",
].join("\n");

const SKILL =
  "---\nname: release\ndescription: Cut a release of the payments service.\n---\nTag, build and publish the service, then announce it.\n";

/** A Claude Code project: its instructions, and a skill when asked. */
const claudeProject = (skill = false) =>
  project({
    ...GIT,
    "CLAUDE.md": RULES,
    ...(skill ? { ".claude/skills/release/SKILL.md": SKILL } : {}),
  });

const sync = (dir: string, to: SyncTool[], kinds: string[]) => {
  const plan = planSync({ dir, from: "claude", to, kinds: kinds as never });
  applyPlan(plan);
  return plan.warnings.concat(plan.changed.flatMap((file) => file.warnings));
};

/** The problems of `client`, as `code path` with ` (known)` for a known one. */
const lines = (report: DoctorReport, client: SyncTool) =>
  report.problems
    .filter((problem) => problem.client === client)
    .map((p) => `${p.severity} ${p.code} ${p.path}${p.known !== undefined ? " (known)" : ""}`);

const known = (report: DoctorReport): ReportedProblem[] =>
  report.problems.filter((problem) => problem.known !== undefined);

/** Runs the built `contextfmt` in `dir`. */
function contextfmt(dir: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: "utf8" });
  expect(result.error).toBeUndefined();
  return result;
}

describe("a duplicate sync named is known to doctor", () => {
  it("instructions Copilot CLI reads from CLAUDE.md and GEMINI.md: info, named by the sync", async () => {
    const dir = claudeProject();
    const warnings = sync(dir, ["gemini", "copilot"], ["instructions"]);
    expect(warnings.filter((w) => w.code === "loaded_twice").map((w) => w.path)).toEqual([
      "GEMINI.md",
    ]);
    const record = JSON.parse(readFileSync(join(dir, ".contextfmt/written.json"), "utf8"));
    expect(record.synced.named).toEqual([
      {
        client: "copilot",
        kind: "instructions",
        paths: ["CLAUDE.md", "GEMINI.md"],
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    ]);
    const report = await doctor({ dir });
    expect(lines(report, "copilot")).toEqual(["info duplicate_content GEMINI.md (known)"]);
    expect(known(report)[0]?.known).toBe(
      "the last sync named it: GitHub Copilot CLI reads the same instructions from each of CLAUDE.md, GEMINI.md, by its own rules; they hold what that sync left there",
    );
    expect(report.knownBy).toBe("sync --from claude --to gemini,copilot");
  });

  it("skills Copilot CLI reads from .claude/skills and .agents/skills: the second is known", async () => {
    const dir = claudeProject(true);
    const warnings = sync(dir, ["codex", "copilot"], ["skill"]);
    expect(warnings.some((w) => w.code === "loaded_twice")).toBe(true);
    const report = await doctor({ dir });
    expect(lines(report, "copilot")).toEqual([
      "info shadowed .agents/skills/release/SKILL.md (known)",
    ]);
  });

  it("after --to all, the sync is named once, as --to all, however many duplicates it named", async () => {
    const dir = claudeProject(true);
    const plan = planSync({ dir, from: "claude", to: SYNC_TOOLS.filter((t) => t !== "claude") });
    applyPlan(plan);
    const json = JSON.parse(contextfmt(dir, "doctor", "--json").stdout);
    const knownOnes = json.problems.filter((p: ReportedProblem) => p.known !== undefined);
    expect(knownOnes.length).toBeGreaterThan(1);
    expect(json.knownBy).toBe("sync --from claude --to all");
    const table = contextfmt(dir, "doctor").stdout;
    // One line names the sync; each known problem says what it named, not which sync it was.
    expect(table.split("sync --from").length - 1).toBe(1);
    expect(table).toContain(
      "  the last sync, which named the known ones: sync --from claude --to all\n",
    );
    expect(table.split("    known: the last sync named it: ").length - 1).toBe(knownOnes.length);
    expect(doctorHtml(json)).toContain(
      'the known ones named by the last sync, <code class="known-by">sync --from claude --to all</code>',
    );
    // Without the known ones, nothing names the sync.
    const clean = project({ ...GIT, "CLAUDE.md": RULES });
    expect(contextfmt(clean, "doctor", "--json").stdout).not.toContain("knownBy");
  });

  it("the source edited since the sync: the duplicate is a problem again", async () => {
    const dir = claudeProject();
    sync(dir, ["gemini", "copilot"], ["instructions"]);
    writeFileSync(
      join(dir, "CLAUDE.md"),
      `${RULES}One more line the sync has not carried to GEMINI.md yet, long enough.\n`,
    );
    const report = await doctor({ dir });
    expect(lines(report, "copilot")).toContain("warning duplicate_content GEMINI.md");
    expect(known(report)).toEqual([]);
  });

  it("a skill edited in one folder since the sync: the two skills are a problem again", async () => {
    const dir = claudeProject(true);
    sync(dir, ["codex", "copilot"], ["skill"]);
    writeFileSync(join(dir, ".agents/skills/release/SKILL.md"), `${SKILL}Edited by hand.\n`);
    const report = await doctor({ dir });
    expect(lines(report, "copilot")).toEqual(["warning shadowed .agents/skills/release/SKILL.md"]);
  });

  it("a clone of the synced project, its record shipped with it: nothing is known", async () => {
    const dir = claudeProject();
    sync(dir, ["gemini", "copilot"], ["instructions"]);
    expect(known(await doctor({ dir }))).toHaveLength(1);
    // Another folder is another project to the evidence: as a clone is for whoever clones it.
    const clone = join(mkdtempSync(join(tmpdir(), "contextfmt-clone-")), "project");
    cpSync(dir, clone, { recursive: true });
    const report = await doctor({ dir: clone });
    expect(lines(report, "copilot")).toEqual(["warning duplicate_content GEMINI.md"]);
  });

  it("the record's hash rewritten to match an edit: not proven, so a problem", async () => {
    const dir = claudeProject();
    sync(dir, ["gemini", "copilot"], ["instructions"]);
    writeFileSync(
      join(dir, "CLAUDE.md"),
      `${RULES}One more line the sync has not carried to GEMINI.md yet, long enough.\n`,
    );
    const path = join(dir, ".contextfmt/written.json");
    const record = JSON.parse(readFileSync(path, "utf8"));
    const named = record.synced.named[0];
    // What the files hold now, as the record's author could compute it.
    const now = namedHash(
      "instructions",
      named.paths,
      (file) => readFileSync(join(dir, file)),
      () => [],
    );
    expect(now).not.toBe(named.sha256);
    record.synced.named = [{ ...named, sha256: now }];
    writeFileSync(path, JSON.stringify(record));
    const report = await doctor({ dir });
    expect(lines(report, "copilot")).toContain("warning duplicate_content GEMINI.md");
    expect(known(report)).toEqual([]);
  });

  it("doctor --strict passes over the known duplicate, --json shows it; after an edit it fails", () => {
    const dir = claudeProject();
    sync(dir, ["gemini", "copilot"], ["instructions"]);
    expect(contextfmt(dir, "doctor", "--strict", "--client", "copilot").status).toBe(0);
    const json = JSON.parse(contextfmt(dir, "doctor", "--json", "--client", "copilot").stdout);
    expect(
      json.problems.map((p: ReportedProblem) => [p.code, p.severity, p.other, p.path]),
    ).toEqual([["duplicate_content", "info", "CLAUDE.md", "GEMINI.md"]]);
    expect(json.problems[0].known).toMatch(/^the last sync named it: GitHub Copilot CLI reads /);
    expect(json.knownBy).toBe("sync --from claude --to gemini,copilot");
    const table = contextfmt(dir, "doctor", "--client", "copilot").stdout;
    expect(table).toContain("    known: the last sync named it: GitHub Copilot CLI reads ");
    expect(table).toContain(
      "  the last sync, which named the known ones: sync --from claude --to gemini,copilot\n",
    );
    writeFileSync(join(dir, "GEMINI.md"), `${readFileSync(join(dir, "GEMINI.md"), "utf8")}\n`);
    expect(contextfmt(dir, "doctor", "--strict", "--client", "copilot").status).toBe(1);
  });
});
