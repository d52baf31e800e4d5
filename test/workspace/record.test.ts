/** The record of what contextfmt wrote: its text, read back, and what it says was written. */
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Evidence } from "../../src/workspace/evidence.js";
import { Project } from "../../src/workspace/project.js";
import { RECORD_PATH, sha256, valueHash, WrittenRecord } from "../../src/workspace/record.js";
import { project } from "../cli/project-dir.js";

/** A user's folder of evidence of their own (as `$XDG_STATE_HOME/contextfmt/projects`). */
const userState = () => join(mkdtempSync(join(tmpdir(), "contextfmt-state-")), "projects");

/** The project at `dir` with the evidence of the user whose state is `state`. */
const read = (dir: string, state: string) => {
  const project = Project.at(dir);
  return WrittenRecord.read(project, { evidence: Evidence.read(project.root, state) });
};

describe("WrittenRecord", () => {
  it("names the last sync and its losses, each once, in order; reads them back; init's run keeps them", () => {
    const dir = project();
    const state = userState();
    const record = read(dir, state);
    expect(record.synced).toBeUndefined();
    const lossy = {
      code: "lossy_conversion",
      severity: "warning",
      path: ".claude/agents/a.md: tools",
      message: "not carried",
    } as const;
    record.noteSync({ from: "claude", to: ["codex", "gemini"], kinds: ["command", "agent"] }, [
      { ...lossy, code: "unsupported_kind", path: ".claude/agents/a.md" },
      lossy,
      lossy,
      // Not losses: what sync kept of the user's, and what it only notes.
      { code: "kept_changed", severity: "warning", path: "AGENTS.md", message: "kept" },
      { code: "lossy_conversion", severity: "info", path: "x", message: "noted" },
    ]);
    const text = record.write()?.bytes.toString() ?? "";
    expect(text).toBe(`{
  "about": "What contextfmt sync and init wrote here, with a hash of each: they replace only what this lists, unchanged since. Keep it with the project.",
  "version": 1,
  "synced": {
    "from": "claude",
    "to": ["codex","gemini"],
    "kinds": ["command","agent"],
    "losses": [
      ["lossy_conversion",".claude/agents/a.md: tools"],
      ["unsupported_kind",".claude/agents/a.md"]
    ]
  },
  "written": []
}
`);
    mkdirSync(join(dir, ".contextfmt"));
    writeFileSync(join(dir, RECORD_PATH), text);
    const again = read(dir, state);
    expect(again.synced).toEqual({
      from: "claude",
      to: ["codex", "gemini"],
      kinds: ["command", "agent"],
      losses: [
        ["lossy_conversion", ".claude/agents/a.md: tools"],
        ["unsupported_kind", ".claude/agents/a.md"],
      ],
    });
    expect(again.knownLoss(lossy)).toBe(true);
    expect(again.knownLoss({ ...lossy, path: ".claude/agents/b.md: tools" })).toBe(false);
    // A run that notes no sync (init) writes the record back as it was.
    expect(again.write()).toBeUndefined();
  });

  it("a synced it cannot read is a warning naming it, and the next sync writes its own", () => {
    const dir = project({
      [RECORD_PATH]: JSON.stringify({ version: 1, synced: { to: "codex" }, written: [] }),
    });
    const record = read(dir, userState());
    expect(record.synced).toBeUndefined();
    expect(record.warnings).toEqual([
      {
        code: "record_entry_ignored",
        severity: "warning",
        path: `${RECORD_PATH}: synced`,
        message:
          'ignored: expected { "from"?: a client, "to": [clients], "kinds": [kinds], "carryAllows"?: true, "losses": [[code, path]], "named"?: [{ client, kind, paths, sha256 }] }; the next sync writes its own',
      },
    ]);
    record.noteSync({ to: ["codex"], kinds: ["rules"] }, []);
    expect(record.write()?.bytes.toString()).toContain(
      '  "synced": {\n    "to": ["codex"],\n    "kinds": ["rules"],\n    "losses": []\n  },\n',
    );
  });

  it("a named duplicate with a path out of the project makes the synced unreadable, named", () => {
    const named = { client: "copilot", kind: "instructions", sha256: "a".repeat(64) };
    for (const paths of [["CLAUDE.md", "../GEMINI.md"], ["CLAUDE.md"], ["CLAUDE.md", 3]]) {
      const dir = project({
        [RECORD_PATH]: JSON.stringify({
          version: 1,
          synced: {
            from: "claude",
            to: ["copilot"],
            kinds: [],
            losses: [],
            named: [{ ...named, paths }],
          },
          written: [],
        }),
      });
      const record = read(dir, userState());
      expect(record.synced, JSON.stringify(paths)).toBeUndefined();
      expect(record.provenNamed()).toEqual([]);
      expect(record.warnings.map((w) => w.path)).toEqual([`${RECORD_PATH}: synced`]);
    }
  });

  it("keeps what a loaded_twice warning names, once, and proves it for this user alone", () => {
    const dir = project();
    const state = userState();
    const record = read(dir, state);
    const twice = {
      code: "loaded_twice",
      severity: "warning" as const,
      path: "GEMINI.md",
      message: "GitHub Copilot CLI reads each of CLAUDE.md, GEMINI.md",
      named: {
        client: "copilot" as const,
        kind: "instructions" as const,
        paths: ["CLAUDE.md", "GEMINI.md"],
      },
    };
    record.noteSync(
      { from: "claude", to: ["gemini", "copilot"], kinds: ["instructions"] },
      [twice, twice],
      () => "b".repeat(64),
    );
    const bytes = record.write()?.bytes as Uint8Array;
    expect(Buffer.from(bytes).toString()).toContain(
      `    "named": [\n      {"client":"copilot","kind":"instructions","paths":["CLAUDE.md","GEMINI.md"],"sha256":"${"b".repeat(64)}"}\n    ]\n  },\n`,
    );
    mkdirSync(join(dir, ".contextfmt"));
    writeFileSync(join(dir, RECORD_PATH), bytes);
    expect(record.saveEvidence()).toEqual([]);
    const named = { ...twice.named, sha256: "b".repeat(64) };
    expect(read(dir, state).provenNamed()).toEqual([named]);
    // Another user (or a clone) has the record, not the evidence.
    expect(read(dir, userState()).synced?.named).toEqual([named]);
    expect(read(dir, userState()).provenNamed()).toEqual([]);
  });

  it("keeps one entry a line in path order, the bytes the previous release wrote, and reads back what it wrote", () => {
    const dir = project();
    const state = userState();
    const record = read(dir, state);
    record.set({
      path: ".mcp.json",
      kind: "mcp-server",
      name: "github",
      sha256: valueHash({ a: 1 }),
    });
    record.set({
      sha256: sha256("x"),
      from: ".claude/commands/review.md",
      kind: "command",
      path: ".gemini/commands/review.toml",
    });
    record.set({ path: "CLAUDE.md", kind: "rules-region", sha256: sha256("rules\n") });
    const write = record.write();
    expect(write?.path).toBe(RECORD_PATH);
    expect(write?.before).toBeUndefined();
    expect(write?.bytes.toString()).toBe(`{
  "about": "What contextfmt sync and init wrote here, with a hash of each: they replace only what this lists, unchanged since. Keep it with the project.",
  "version": 1,
  "written": [
    {"path":".gemini/commands/review.toml","kind":"command","from":".claude/commands/review.md","sha256":"${sha256("x")}"},
    {"path":".mcp.json","kind":"mcp-server","name":"github","sha256":"${valueHash({ a: 1 })}"},
    {"path":"CLAUDE.md","kind":"rules-region","sha256":"${sha256("rules\n")}"}
  ]
}
`);
    mkdirSync(join(dir, ".contextfmt"));
    writeFileSync(join(dir, RECORD_PATH), write?.bytes ?? "");
    // Written, but not yet proven: the evidence is saved once the run's writes succeeded.
    expect(read(dir, state).wrote(".mcp.json", "mcp-server", "github", valueHash({ a: 1 }))).toBe(
      false,
    );
    expect(record.saveEvidence()).toEqual([]);
    const again = read(dir, state);
    expect(again.warnings).toEqual([]);
    expect(again.wrote(".mcp.json", "mcp-server", "github", valueHash({ a: 1 }))).toBe(true);
    // A part's hash is of its value, whatever the key order.
    expect(valueHash({ b: [1, { d: 1, c: 2 }], a: null })).toBe(
      valueHash({ a: null, b: [1, { c: 2, d: 1 }] }),
    );
    expect(again.wrote(".mcp.json", "mcp-server", "github", valueHash({ a: 2 }))).toBe(false);
    expect(again.wrote(".mcp.json", "mcp-server", "linear", valueHash({ a: 1 }))).toBe(false);
    // A whole file is one thing, whatever kind asks.
    expect(again.wrote(".gemini/commands/review.toml", "skill", undefined, sha256("x"))).toBe(true);
    expect(again.write()).toBeUndefined();
  });

  it("takes as evidence only what this user's runs wrote in this project's folder", () => {
    const dir = project();
    const state = userState();
    const record = read(dir, state);
    const hash = valueHash({ command: "gh-mcp" });
    record.set({
      path: ".mcp.json",
      kind: "mcp-server",
      name: "github",
      from: "x.json",
      sha256: hash,
    });
    const text = record.text();
    mkdirSync(join(dir, ".contextfmt"));
    writeFileSync(join(dir, RECORD_PATH), text);
    expect(record.saveEvidence()).toEqual([]);
    const holds = (recordDir: string, userState: string) => {
      const held = read(recordDir, userState);
      return [
        held.wrote(".mcp.json", "mcp-server", "github", hash),
        held.claimsUnproven(".mcp.json", "mcp-server", "github", hash),
      ];
    };
    expect(holds(dir, state)).toEqual([true, false]);
    // The same record in another folder (a copy, a clone), or another user's: no evidence.
    expect(holds(project({ [RECORD_PATH]: text }), state)).toEqual([false, true]);
    expect(holds(dir, userState())).toEqual([false, true]);
    // Any field changed: no longer the entry this user's run wrote.
    for (const [from, to] of [
      ['"github"', '"gitlab"'],
      ['"x.json"', '"y.json"'],
      [hash, valueHash({ command: "other" })],
    ] as const) {
      writeFileSync(join(dir, RECORD_PATH), text.replace(from, to));
      const changed = read(dir, state);
      expect(changed.untouched().map((e) => changed.proves(e))).toEqual([false]);
    }
    // The evidence is the user's alone: a file of its own (0600) in a folder of its own (0700),
    // named by the project's real folder.
    const store = join(state, `${sha256(realpathSync(dir))}.json`);
    expect(JSON.parse(readFileSync(store, "utf8"))).toEqual({
      version: 1,
      root: realpathSync(dir),
      written: [expect.stringMatching(/^[0-9a-f]{64}$/)],
    });
    expect(statSync(store).mode & 0o777).toBe(0o600);
    expect(statSync(state).mode & 0o777).toBe(0o700);
  });

  it("ignores, with a warning naming each, an entry that does not parse or names no place of contextfmt's, and keeps it as it is", () => {
    const hash = sha256("x");
    const entries = [
      { path: ".gemini/commands/../../.git/HEAD", kind: "command", sha256: hash },
      { path: ".gemini/commands/./a.toml", kind: "command", sha256: hash },
      { path: ".gemini/commands//a.toml", kind: "command", sha256: hash },
      { path: ".git/HEAD", kind: "command", sha256: hash },
      { path: ".gemini/commands/a.toml", kind: "file", sha256: hash },
      { path: "README.md", kind: "command", sha256: hash },
      { path: ".gemini/skills/.git/x", kind: "skill", sha256: hash },
      { path: "src/app.ts", kind: "mcp-excluded", name: "x", sha256: hash },
      { path: ".gemini/commands/a.toml", kind: "command", from: "../x.md", sha256: hash },
      { path: 7 },
      null,
      { path: ".gemini/commands/b.toml", kind: "command", sha256: hash },
    ];
    const text = JSON.stringify({ version: 1, written: entries });
    const dir = project({ [RECORD_PATH]: text });
    const record = read(dir, userState());
    expect(record.warnings.map((w) => `${w.path}: ${w.message}`)).toEqual([
      '.contextfmt/written.json: written[0] (".gemini/commands/../../.git/HEAD"): ignored: its path is not a plain path inside the project; it stays in the record as it is',
      '.contextfmt/written.json: written[1] (".gemini/commands/./a.toml"): ignored: its path is not a plain path inside the project; it stays in the record as it is',
      '.contextfmt/written.json: written[2] (".gemini/commands//a.toml"): ignored: its path is not a plain path inside the project; it stays in the record as it is',
      '.contextfmt/written.json: written[3] (".git/HEAD"): ignored: no place where contextfmt writes a command; it stays in the record as it is',
      '.contextfmt/written.json: written[4] (".gemini/commands/a.toml"): ignored: expected { path, kind, name?, from?, sha256 }; it stays in the record as it is',
      '.contextfmt/written.json: written[5] ("README.md"): ignored: no place where contextfmt writes a command; it stays in the record as it is',
      '.contextfmt/written.json: written[6] (".gemini/skills/.git/x"): ignored: no place where contextfmt writes a skill; it stays in the record as it is',
      '.contextfmt/written.json: written[7] ("src/app.ts"): ignored: no place where contextfmt writes a mcp-excluded; it stays in the record as it is',
      '.contextfmt/written.json: written[8] (".gemini/commands/a.toml"): ignored: its source is not a plain path inside the project; it stays in the record as it is',
      ".contextfmt/written.json: written[9]: ignored: expected { path, kind, name?, from?, sha256 }; it stays in the record as it is",
      ".contextfmt/written.json: written[10]: ignored: expected { path, kind, name?, from?, sha256 }; it stays in the record as it is",
    ]);
    expect(record.untouched().map((e) => e.path)).toEqual([".gemini/commands/b.toml"]);
    // Written back as they were, after the entries it holds.
    const lines = record.text().split("\n").slice(4, -3);
    expect(lines.map((line) => line.trim().replace(/,$/, ""))).toEqual([
      JSON.stringify(entries[11]),
      ...entries.slice(0, 11).map((e) => JSON.stringify(e)),
    ]);
  });

  it.each([
    ["{", /invalid JSON/],
    ['{"version":2,"written":[]}', /expected \{ "version": 1, "written": \[\.\.\.\] \}/],
    ['{"version":1,"written":{}}', /expected \{ "version": 1, "written": \[\.\.\.\] \}/],
    ["<<<<<<< HEAD\n{}", /invalid JSON/],
  ])("a file that is not a record is an error naming it: %s", (text, message) => {
    const dir = project({ [RECORD_PATH]: text });
    expect(() => WrittenRecord.read(Project.at(dir))).toThrow(message);
    expect(() => WrittenRecord.read(Project.at(dir))).toThrow(
      /^\.contextfmt\/written\.json: .*restore it from version control, or delete it/,
    );
  });
});
