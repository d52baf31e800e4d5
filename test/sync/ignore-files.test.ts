/**
 * The `ignore` kind: a client's ignore file carried into each target's, in a region after the
 * target's own lines, byte for byte around it; every target without an ignore file, and every
 * `!` line a target reads otherwise, named in a warning; the region replaced only while it is as
 * contextfmt wrote it, and taken out once the source no longer has its lines.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { applyPlan, planSync, type SyncTool } from "contextfmt/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ignoreLines } from "../../src/sync/ignore-files.js";
import { project } from "../cli/project-dir.js";

const read = (dir: string, path: string) => readFileSync(join(dir, path), "utf8");
const sync = (dir: string, from: SyncTool, to: SyncTool[]) =>
  planSync({ dir, from, to, kinds: ["ignore"] });

const GEMINI = "# build output\ndist/\n\nsecrets/\n*.pem\n!public.pem\n";

describe("ignore files", () => {
  it("go into each target's ignore file after its own lines; the others are warned of by line", () => {
    const dir = project({
      ".geminiignore": GEMINI,
      ".kilocodeignore": "# mine\nnode_modules/\n",
    });
    const plan = sync(dir, "gemini", ["qwen", "kilo", "cursor", "claude", "codex", "cline"]);
    expect(plan.conflicts).toEqual([]);
    applyPlan(plan);
    const region = "# contextfmt:begin\ndist/\nsecrets/\n*.pem\n!public.pem\n# contextfmt:end\n";
    expect(read(dir, ".qwenignore")).toBe(region);
    expect(read(dir, ".cursorignore")).toBe(region);
    expect(read(dir, ".kilocodeignore")).toBe(`# mine\nnode_modules/\n\n${region}`);
    expect(plan.warnings.map((issue) => issue.message)).toEqual(
      ["claude", "codex", "cline"].map((to) =>
        expect.stringMatching(
          new RegExp(
            `^not written for ${to}: .*reads no .*: dist/, secrets/, \\*\\.pem, !public\\.pem$`,
          ),
        ),
      ),
    );
    // Kilo Code lets a `!` line win wherever it stands: named, with the line.
    const kilo = plan.files.find((file) => file.path === ".kilocodeignore");
    expect(kilo?.warnings.map((issue) => issue.message)).toEqual([
      "read otherwise by Kilo Code: Kilo Code lets a ! line win over every other line, wherever it stands (!public.pem)",
    ]);
    expect(sync(dir, "gemini", ["qwen", "kilo", "cursor"]).changed).toEqual([]);
  });

  it("write nothing where the target's own lines are the source's", () => {
    const dir = project({
      ".geminiignore": GEMINI,
      ".qwenignore": "dist/\nsecrets/\n*.pem\n!public.pem\n",
    });
    expect(sync(dir, "gemini", ["qwen"]).changed).toEqual([]);
  });

  it("a region the user changed is a conflict, and the file is kept byte for byte", () => {
    const dir = project({ ".geminiignore": "secrets/\n" });
    applyPlan(sync(dir, "gemini", ["qwen"]));
    const edited = "# contextfmt:begin\nsecrets/\nlogs/\n# contextfmt:end\n";
    writeFileSync(join(dir, ".qwenignore"), edited);
    writeFileSync(join(dir, ".geminiignore"), "secrets/\n*.key\n");
    const plan = sync(dir, "gemini", ["qwen"]);
    expect(plan.conflicts).toEqual([".qwenignore: the contextfmt region"]);
    expect(() => applyPlan(plan)).toThrow(/not replaced/);
    expect(read(dir, ".qwenignore")).toBe(edited);
  });

  it("the region goes once the source no longer has its lines; the user's own lines stay", () => {
    const dir = project({ ".geminiignore": "secrets/\n", ".kilocodeignore": "node_modules/\n" });
    applyPlan(sync(dir, "gemini", ["qwen", "kilo"]));
    writeFileSync(join(dir, ".geminiignore"), "# nothing left\n");
    const plan = sync(dir, "gemini", ["qwen", "kilo"]);
    expect(plan.changed.map((file) => [file.path, file.after])).toEqual([
      [".qwenignore", undefined],
      [".kilocodeignore", "node_modules/\n"],
    ]);
    applyPlan(plan);
    expect(existsSync(join(dir, ".qwenignore"))).toBe(false);
    expect(read(dir, ".kilocodeignore")).toBe("node_modules/\n");
  });

  it("a region sync did not write is never taken out", () => {
    const text = "mine/\n\n# contextfmt:begin\nsecrets/\n# contextfmt:end\n";
    const dir = project({ ".qwenignore": text });
    const plan = sync(dir, "gemini", ["qwen"]);
    expect(plan.changed).toEqual([]);
    expect(plan.warnings.map((issue) => issue.code)).toEqual(["kept_changed"]);
    expect(read(dir, ".qwenignore")).toBe(text);
  });

  it("keep the target's text outside the region byte for byte, and carry every source line", () => {
    const line = fc.stringMatching(/^[^\n\r]{0,12}$/);
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 6 }),
        fc.array(line, { maxLength: 6 }),
        (own, source) => {
          const ownText = own.map((each) => `${each}\n`).join("");
          const dir = project({ ".geminiignore": source.join("\n"), ".qwenignore": ownText });
          applyPlan(sync(dir, "gemini", ["qwen"]));
          const after = read(dir, ".qwenignore");
          const lines = ignoreLines(source.join("\n"));
          const same =
            ignoreLines(ownText).length === lines.length &&
            ignoreLines(ownText).every((each, at) => each === lines[at]);
          if (lines.length === 0 || same) {
            expect(after).toBe(ownText);
            return;
          }
          expect(after.startsWith(ownText)).toBe(true);
          const region = after.slice(
            after.indexOf("# contextfmt:begin\n") + 19,
            after.lastIndexOf("# contextfmt:end"),
          );
          expect(ignoreLines(region)).toEqual(lines);
        },
      ),
      { numRuns: 40 },
    );
  });
});
