/**
 * doctor and sync agree: right after a sync, doctor raises nothing of sync's own doing; a file
 * shadowed by one of the same text loses nothing; out_of_sync checks the sync the record names,
 * for its targets only; not_carried is said only where the loading rules say the text is lost.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { applyPlan, type DoctorReport, doctor, planSync, type SyncTool } from "contextfmt/sync";
import { describe, expect, it } from "vitest";
import { project } from "../cli/project-dir.js";
import { CLAUDE_PROJECT } from "../sync/projects.js";
import { GIT } from "./everything.js";

const report = (dir: string, clients?: readonly SyncTool[]): Promise<DoctorReport> =>
  doctor({ dir, ...(clients === undefined ? {} : { clients }) });

/** The problems of `code`, as [client, path]. */
const problems = (result: DoctorReport, code: string) =>
  result.problems.filter((p) => p.code === code).map((p) => [p.client, p.path]);

const sync = (dir: string, from: SyncTool, to: SyncTool[], kinds?: string[]) =>
  applyPlan(planSync({ dir, from, to, ...(kinds ? { kinds: kinds as never } : {}) }));

const RECORD = ".contextfmt/written.json";
const PKG_RULES = "The payments package keeps every amount in integer cents, never floats.";

describe("shadowed compares texts, for a session that reads the file instead", () => {
  const region = (text: string) =>
    `<!-- contextfmt:begin -->\n<!-- contextfmt:instructions -->\n${text}\n<!-- contextfmt:end -->\n`;

  it("nested files of the same text, seen from the root where neither loads: no problem", async () => {
    const dir = project({
      ...GIT,
      "AGENTS.md": "# Root\n",
      "pkg/CLAUDE.md": `${PKG_RULES}\n`,
      "pkg/AGENTS.md": region(PKG_RULES),
    });
    const result = await report(dir);
    // Claude Code reads pkg/CLAUDE.md instead of pkg/AGENTS.md, OpenCode the other way round:
    // the same line either way.
    expect(problems(result, "shadowed")).toEqual([]);
    const claude = result.clients.find((c) => c.client === "claude");
    expect(claude?.files.find((f) => f.path === "pkg/AGENTS.md")?.shadowedBy).toBe("pkg/CLAUDE.md");
  });

  it("nested files of different texts: the lines the session there never gets are a problem", async () => {
    const dir = project({
      ...GIT,
      "AGENTS.md": "# Root\n",
      "pkg/CLAUDE.md": `${PKG_RULES}\n`,
      "pkg/AGENTS.md": "Only in the AGENTS.md of pkg: run its own test runner.\n",
    });
    const result = await report(dir, ["claude", "opencode"]);
    expect(problems(result, "shadowed")).toEqual([
      ["claude", "pkg/AGENTS.md"],
      ["opencode", "pkg/CLAUDE.md"],
    ]);
  });
});

describe("out_of_sync: the sync the record names, for its targets only", () => {
  const synced = () => {
    const dir = project({
      ...GIT,
      ...CLAUDE_PROJECT,
      "CLAUDE.md": "# Team\n\nRun the tests before every commit.\n",
      "pkg/CLAUDE.md": `${PKG_RULES}\n`,
    });
    sync(dir, "claude", ["codex"]);
    return dir;
  };

  it("right after a plain sync of the shared project, nothing of sync's own doing", async () => {
    const dir = synced();
    const result = await report(dir);
    expect(readFileSync(join(dir, "pkg/AGENTS.md"), "utf8")).toContain(PKG_RULES);
    expect(problems(result, "out_of_sync")).toEqual([]);
    // No instruction file shadowed: pkg/CLAUDE.md and the pkg/AGENTS.md written from it hold the
    // same text. (The skill copied into .agents/skills, beside .claude/skills, is the plan's:
    // OpenCode and Kilo Code use the .agents/skills one, the others their own first.)
    expect(
      problems(result, "shadowed").filter(
        ([, path]) => !/^\.(agents|claude)\/skills\//.test(path ?? ""),
      ),
    ).toEqual([]);
  });

  it("a project synced --to codex: out_of_sync for Codex CLI alone, not for the others reading AGENTS.md", async () => {
    const dir = synced();
    writeFileSync(
      join(dir, "CLAUDE.md"),
      "# Team\n\nRun the tests and the linter before every commit.\n",
    );
    const result = await report(dir);
    expect(result.problems.filter((p) => p.code === "out_of_sync")).toMatchObject([
      {
        code: "out_of_sync",
        client: "codex",
        path: "AGENTS.md",
        message:
          "sync --from claude --to codex --only command,mcp,agent,skill,instructions,rule-file,hook,ignore,permission would change AGENTS.md",
      },
    ]);
  });

  it("names the last sync run, not one made of every sync the record holds entries of", async () => {
    const dir = synced();
    sync(dir, "claude", ["gemini"], ["command"]);
    writeFileSync(
      join(dir, ".claude/commands/git/commit.md"),
      "---\ndescription: Commit staged work\n---\nCommit it, signed. $ARGUMENTS\n",
    );
    expect((await report(dir)).problems.filter((p) => p.code === "out_of_sync")).toMatchObject([
      {
        code: "out_of_sync",
        client: "gemini",
        path: ".gemini/commands/git/commit.toml",
        message:
          "sync --from claude --to gemini --only command would change .gemini/commands/git/commit.toml",
      },
    ]);
  });

  it("the record keeps the last request and its losses; a record from before is still read", async () => {
    const dir = synced();
    const record = JSON.parse(readFileSync(join(dir, RECORD), "utf8"));
    expect(record.synced).toMatchObject({
      from: "claude",
      to: ["codex"],
      kinds: [
        "command",
        "mcp",
        "agent",
        "skill",
        "instructions",
        "rule-file",
        "hook",
        "ignore",
        "permission",
      ],
    });
    expect(record.synced.losses.length).toBeGreaterThan(0);
    for (const loss of record.synced.losses) {
      expect(loss).toEqual([expect.any(String), expect.any(String)]);
    }
    // A second sync of the same request leaves the record's bytes as they are.
    const bytes = readFileSync(join(dir, RECORD), "utf8");
    sync(dir, "claude", ["codex"]);
    expect(readFileSync(join(dir, RECORD), "utf8")).toBe(bytes);
    // As a record written before it named its sync: the entries alone.
    delete record.synced;
    writeFileSync(join(dir, RECORD), JSON.stringify(record));
    writeFileSync(
      join(dir, "CLAUDE.md"),
      "# Team\n\nRun the tests and the linter before every commit.\n",
    );
    expect(problems(await report(dir), "out_of_sync")).toEqual([["codex", "AGENTS.md"]]);
  });
});

describe("not_carried follows the loading rules", () => {
  const nested = () =>
    project({ ...GIT, "CLAUDE.md": "# Team\n", "pkg/CLAUDE.md": `${PKG_RULES}\n` });
  const notCarried = (dir: string, to: SyncTool[]) =>
    planSync({ dir, from: "claude", to, kinds: ["instructions"] })
      .warnings.filter((w) => w.code === "not_carried")
      .map((w) => [w.path, w.message]);

  it("none where the target reads the nested file written for another, or the source itself", () => {
    const dir = nested();
    // Each reads pkg/AGENTS.md (written for Codex CLI) or pkg/CLAUDE.md in a session there.
    expect(
      notCarried(dir, ["codex", "copilot", "qwen", "opencode", "cursor", "cline", "kilo"]),
    ).toEqual([]);
    // OpenCode alone: no pkg/AGENTS.md, so it reads pkg/CLAUDE.md; Copilot CLI reads it too.
    expect(notCarried(dir, ["opencode", "copilot"])).toEqual([]);
  });

  it("said, naming what the target reads there, where nothing it reads holds the text", () => {
    expect(notCarried(nested(), ["qwen", "cursor"])).toEqual([
      [
        "pkg/CLAUDE.md",
        "not carried to qwen: in pkg/ it reads QWEN.md or AGENTS.md, none of which holds this text after the sync",
      ],
      [
        "pkg/CLAUDE.md",
        "not carried to cursor: in pkg/ it reads AGENTS.md, none of which holds this text after the sync",
      ],
    ]);
  });
});
