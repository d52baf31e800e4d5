/** The record of what contextfmt wrote: its text, read back, and what it says was written. */
import { createHmac } from "node:crypto";
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Project } from "../../../src/cli/writer/project.js";
import {
  RECORD_PATH,
  sha256,
  valueHash,
  type WrittenEntry,
  WrittenRecord,
} from "../../../src/cli/writer/record.js";
import { UserKey } from "../../../src/cli/writer/user-key.js";
import { project } from "../project-dir.js";

/** A key file of known bytes, as a user's configuration folder would hold it. */
function keyFile(secret = Buffer.alloc(32, 7)): string {
  const path = join(mkdtempSync(join(tmpdir(), "contextfmt-config-")), "record-key");
  writeFileSync(path, secret, { mode: 0o600 });
  return path;
}

/** The signature an entry gets from the key of {@link keyFile} in the project at `dir`. */
const signature = (dir: string, e: WrittenEntry, secret = Buffer.alloc(32, 7)) =>
  createHmac("sha256", secret)
    .update(
      JSON.stringify([
        "contextfmt written",
        2,
        realpathSync(dir),
        e.path,
        e.kind,
        e.name ?? null,
        e.from ?? null,
        e.sha256,
      ]),
    )
    .digest("hex");

describe("WrittenRecord", () => {
  it("keeps one entry a line in path order, each signed, and reads back what it wrote", () => {
    const dir = project();
    const key = UserKey.read(keyFile());
    const record = WrittenRecord.read(Project.at(dir), key);
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
    const command = {
      path: ".gemini/commands/review.toml",
      kind: "command",
      from: ".claude/commands/review.md",
      sha256: sha256("x"),
    } as const;
    const server = {
      path: ".mcp.json",
      kind: "mcp-server",
      name: "github",
      sha256: valueHash({ a: 1 }),
    } as const;
    const region = { path: "CLAUDE.md", kind: "rules-region", sha256: sha256("rules\n") } as const;
    expect(write?.bytes.toString()).toBe(`{
  "about": "What contextfmt sync and init wrote here, with a hash of each, signed by the key of the user whose run wrote it: they replace or remove only what their user signed, unchanged since. Keep it with the project.",
  "version": 2,
  "written": [
    {"path":".gemini/commands/review.toml","kind":"command","from":".claude/commands/review.md","sha256":"${sha256("x")}","signature":"${signature(dir, command)}"},
    {"path":".mcp.json","kind":"mcp-server","name":"github","sha256":"${valueHash({ a: 1 })}","signature":"${signature(dir, server)}"},
    {"path":"CLAUDE.md","kind":"rules-region","sha256":"${sha256("rules\n")}","signature":"${signature(dir, region)}"}
  ]
}
`);
    mkdirSync(join(dir, ".contextfmt"));
    writeFileSync(join(dir, RECORD_PATH), write?.bytes ?? "");
    const again = WrittenRecord.read(Project.at(dir), key);
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

  it("takes as evidence only what this user's key signed for this project", () => {
    const dir = project();
    const key = UserKey.read(keyFile());
    const record = WrittenRecord.read(Project.at(dir), key);
    const hash = valueHash({ command: "gh-mcp" });
    record.set({
      path: ".mcp.json",
      kind: "mcp-server",
      name: "github",
      from: "x.json",
      sha256: hash,
    });
    const text = record.text();
    const holds = (recordDir: string, other: UserKey) => {
      const read = WrittenRecord.read(Project.at(recordDir), other);
      return [
        read.wrote(".mcp.json", "mcp-server", "github", hash),
        read.claimsUnsigned(".mcp.json", "mcp-server", "github", hash),
      ];
    };
    expect(holds(project({ [RECORD_PATH]: text }), key)).toEqual([false, true]);
    mkdirSync(join(dir, ".contextfmt"));
    writeFileSync(join(dir, RECORD_PATH), text);
    expect(holds(dir, key)).toEqual([true, false]);
    // Another user's key, or none, verifies nothing.
    expect(holds(dir, UserKey.read(keyFile(Buffer.alloc(32, 8))))).toEqual([false, true]);
    expect(holds(dir, UserKey.read(join(keyFile(), "..", "absent")))).toEqual([false, true]);
    // Any field changed: no longer this user's signature.
    for (const [from, to] of [
      ['"github"', '"gitlab"'],
      ['"x.json"', '"y.json"'],
      [hash, valueHash({ command: "other" })],
    ] as const) {
      writeFileSync(join(dir, RECORD_PATH), text.replace(from, to));
      const read = WrittenRecord.read(Project.at(dir), key);
      expect(read.untouched().map((e) => read.verifies(e))).toEqual([false]);
    }
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
    const record = WrittenRecord.read(Project.at(dir), UserKey.read(keyFile()));
    expect(record.warnings.map((w) => `${w.path}: ${w.message}`)).toEqual([
      '.contextfmt/written.json: written[0] (".gemini/commands/../../.git/HEAD"): ignored: its path is not a plain path inside the project; it stays in the record as it is',
      '.contextfmt/written.json: written[1] (".gemini/commands/./a.toml"): ignored: its path is not a plain path inside the project; it stays in the record as it is',
      '.contextfmt/written.json: written[2] (".gemini/commands//a.toml"): ignored: its path is not a plain path inside the project; it stays in the record as it is',
      '.contextfmt/written.json: written[3] (".git/HEAD"): ignored: no place where contextfmt writes a command; it stays in the record as it is',
      '.contextfmt/written.json: written[4] (".gemini/commands/a.toml"): ignored: expected { path, kind, name?, from?, sha256, signature? }; it stays in the record as it is',
      '.contextfmt/written.json: written[5] ("README.md"): ignored: no place where contextfmt writes a command; it stays in the record as it is',
      '.contextfmt/written.json: written[6] (".gemini/skills/.git/x"): ignored: no place where contextfmt writes a skill; it stays in the record as it is',
      '.contextfmt/written.json: written[7] ("src/app.ts"): ignored: no place where contextfmt writes a mcp-excluded; it stays in the record as it is',
      '.contextfmt/written.json: written[8] (".gemini/commands/a.toml"): ignored: its source is not a plain path inside the project; it stays in the record as it is',
      ".contextfmt/written.json: written[9]: ignored: expected { path, kind, name?, from?, sha256, signature? }; it stays in the record as it is",
      ".contextfmt/written.json: written[10]: ignored: expected { path, kind, name?, from?, sha256, signature? }; it stays in the record as it is",
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
    ['{"version":3,"written":[]}', /expected \{ "version": 2, "written": \[\.\.\.\] \}/],
    ['{"version":2,"written":{}}', /expected \{ "version": 2, "written": \[\.\.\.\] \}/],
    ["<<<<<<< HEAD\n{}", /invalid JSON/],
  ])("a file that is not a record is an error naming it: %s", (text, message) => {
    const dir = project({ [RECORD_PATH]: text });
    expect(() => WrittenRecord.read(Project.at(dir))).toThrow(message);
    expect(() => WrittenRecord.read(Project.at(dir))).toThrow(
      /^\.contextfmt\/written\.json: .*restore it from version control, or delete it/,
    );
  });
});
