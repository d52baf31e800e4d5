/** The user's evidence of what contextfmt wrote in a project: where it is, how it is kept, what is no store. */
import { execFileSync } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Evidence, evidenceFolder } from "../../src/workspace/evidence.js";
import { sha256 } from "../../src/workspace/record.js";

const folder = () => join(mkdtempSync(join(tmpdir(), "contextfmt-state-")), "projects");
const ROOT = "/home/u/project";
const DIGEST = sha256("an entry");
const storeOf = (projects: string) => join(projects, `${sha256(ROOT)}.json`);

describe("Evidence", () => {
  it("lives in $XDG_STATE_HOME/contextfmt/projects, or ~/.local/state without an absolute one", () => {
    expect(evidenceFolder({ XDG_STATE_HOME: "/x/state" })).toBe("/x/state/contextfmt/projects");
    expect(evidenceFolder({ XDG_STATE_HOME: "state" })).toBe(
      join(homedir(), ".local/state/contextfmt/projects"),
    );
    expect(evidenceFolder({})).toBe(join(homedir(), ".local/state/contextfmt/projects"));
  });

  it("is saved whole, private, and only when it changes", () => {
    const projects = folder();
    const none = Evidence.read(ROOT, projects);
    expect([none.problem, none.holds(DIGEST)]).toEqual([undefined, false]);
    // Nothing to prove, nothing there: no file made.
    expect(none.save(new Set())).toEqual([]);
    expect(() => readdirSync(projects)).toThrow(/ENOENT/);
    expect(none.save(new Set([DIGEST]))).toEqual([]);
    expect(readFileSync(storeOf(projects), "utf8")).toBe(
      `{"version":1,"root":"/home/u/project","written":["${DIGEST}"]}\n`,
    );
    expect(statSync(storeOf(projects)).mode & 0o777).toBe(0o600);
    expect(statSync(projects).mode & 0o777).toBe(0o700);
    // No temporary file left beside it.
    expect(readdirSync(projects)).toEqual([`${sha256(ROOT)}.json`]);
    const read = Evidence.read(ROOT, projects);
    expect(read.holds(DIGEST)).toBe(true);
    // Another project's folder holds nothing of this one's.
    expect(Evidence.read("/home/u/other", projects).holds(DIGEST)).toBe(false);
    // The same digests again: the file is not rewritten.
    writeFileSync(storeOf(projects), readFileSync(storeOf(projects)), { mode: 0o600 });
    const mtime = statSync(storeOf(projects)).mtimeMs;
    expect(read.save(new Set([DIGEST]))).toEqual([]);
    expect(statSync(storeOf(projects)).mtimeMs).toBe(mtime);
  });

  it.each([
    ["not JSON", "{", /is not a store of contextfmt's for \/home\/u\/project/],
    [
      "another folder's",
      `{"version":1,"root":"/elsewhere","written":[]}`,
      /is not a store of contextfmt's for \/home\/u\/project/,
    ],
    [
      "a digest that is none",
      `{"version":1,"root":"${ROOT}","written":["x"]}`,
      /is not a store of contextfmt's/,
    ],
  ])("a store that is %s proves nothing and says why", (_, text, problem) => {
    const projects = folder();
    mkdirSync(projects, { recursive: true });
    writeFileSync(storeOf(projects), text);
    const evidence = Evidence.read(ROOT, projects);
    expect(evidence.problem).toMatch(problem);
    expect(evidence.holds(DIGEST)).toBe(false);
    // Saved anew, in its place.
    expect(evidence.save(new Set([DIGEST]))).toEqual([]);
    expect(Evidence.read(ROOT, projects).holds(DIGEST)).toBe(true);
  });

  it("a FIFO at the store's place is no store, not a wait", () => {
    const projects = folder();
    mkdirSync(projects, { recursive: true });
    execFileSync("mkfifo", [storeOf(projects)]);
    expect(Evidence.read(ROOT, projects).problem).toBe(
      `${storeOf(projects)} is not a store of contextfmt's (a file of at most 67108864 bytes)`,
    );
  });

  it("a store that cannot be saved is one warning naming it", () => {
    const file = join(mkdtempSync(join(tmpdir(), "contextfmt-state-")), "file");
    writeFileSync(file, "");
    const evidence = Evidence.read(ROOT, join(file, "projects"));
    expect(evidence.problem).toBe(
      `cannot read ${storeOf(join(file, "projects"))}: a part of its path is a file, not a folder`,
    );
    const [warning, ...rest] = evidence.save(new Set([DIGEST]));
    expect(rest).toEqual([]);
    expect(warning).toMatchObject({
      code: "evidence_not_saved",
      severity: "warning",
      path: storeOf(join(file, "projects")),
    });
  });
});
