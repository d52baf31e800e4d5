/** The record of what contextfmt wrote: its text, read back, and what it says was written. */
import { describe, expect, it } from "vitest";
import { Project } from "../../../src/cli/writer/project.js";
import { RECORD_PATH, sha256, valueHash, WrittenRecord } from "../../../src/cli/writer/record.js";
import { project } from "../project-dir.js";

describe("WrittenRecord", () => {
  it("keeps one entry a line in path order, and reads back what it wrote", () => {
    const dir = project();
    const record = WrittenRecord.read(Project.at(dir));
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
    const again = WrittenRecord.read(
      Project.at(project({ [RECORD_PATH]: write?.bytes.toString() ?? "" })),
    );
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

  it.each([
    ["{", /invalid JSON/],
    ['{"version":2,"written":[]}', /expected \{ "version": 1, "written": \[\.\.\.\] \}/],
    [
      '{"version":1,"written":[{"path":"a","kind":"file","sha256":"00"}]}',
      /written\[0\]: expected/,
    ],
  ])("a file that is not a record is an error naming it: %s", (text, message) => {
    const dir = project({ [RECORD_PATH]: text });
    expect(() => WrittenRecord.read(Project.at(dir))).toThrow(message);
    expect(() => WrittenRecord.read(Project.at(dir))).toThrow(
      /^\.contextfmt\/written\.json: .*restore it from version control, or delete it/,
    );
  });
});
