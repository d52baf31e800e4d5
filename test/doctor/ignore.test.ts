/**
 * doctor and the ignore files: which one each client reads and how many patterns it holds (the
 * report, the table, the page), a `!` line Kilo Code reads otherwise than git, and a region sync
 * wrote there that was edited since or whose source changed (out_of_sync).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { applyPlan, type DoctorReport, doctor, doctorHtml, planSync } from "contextfmt/sync";
import { describe, expect, it } from "vitest";
import { doctorTable } from "../../src/cli/doctor-table.js";
import { negationsReadOtherwise } from "../../src/doctor/ignore.js";
import { project } from "../cli/project-dir.js";
import { clientOf, GIT } from "./everything.js";

const report = (dir: string, ...clients: DoctorReport["clients"][number]["client"][]) =>
  doctor({ dir, clients });

describe("doctor shows the ignore file each client reads", () => {
  it("its path and patterns (no blank line, no comment), none where it is not there, nothing for a client that reads none", async () => {
    const dir = project({
      ...GIT,
      ".geminiignore": "# build output\ndist/\n\nsecrets/\r\n*.pem\n!public.pem\n",
    });
    const found = await report(dir, "claude", "gemini", "qwen");
    expect(clientOf(found, "gemini").ignoreFile).toEqual({
      path: ".geminiignore",
      exists: true,
      patterns: 4,
    });
    expect(clientOf(found, "qwen").ignoreFile).toEqual({
      path: ".qwenignore",
      exists: false,
      patterns: 0,
    });
    expect(clientOf(found, "claude")).not.toHaveProperty("ignoreFile");
    expect(found.problems).toEqual([]);
    const table = doctorTable(found);
    expect(table.filter((line) => line.includes("ignore file"))).toEqual([
      "  ignore file: .geminiignore, 4 patterns",
      "  ignore file: none (it reads .qwenignore)",
    ]);
    const page = doctorHtml(found);
    expect(page).toContain(
      '<p class="ignore meta">Ignore file <code>.geminiignore</code>: <span class="patterns">4</span> patterns.</p>',
    );
    expect(page).toContain(
      '<p class="ignore meta">Ignore file: none (it reads <code>.qwenignore</code>).</p>',
    );
  });

  it("Kilo Code: a ! line with a line after it, or inside a folder left out whole, is read_otherwise", async () => {
    const dir = project({
      ...GIT,
      ".kilocodeignore": "build/\n*.pem\n!public.pem\n\n# logs\n!build/keep.txt\n*.log\n",
      // The same lines, for a client that reads them as git does: no problem.
      ".geminiignore": "build/\n*.pem\n!public.pem\n!build/keep.txt\n*.log\n",
    });
    const found = await report(dir, "gemini", "kilo");
    expect(
      found.problems.map(({ code, client, path, message }) => [code, client, path, message]),
    ).toEqual([
      [
        "read_otherwise",
        "kilo",
        ".kilocodeignore",
        ".kilocodeignore line 3: !public.pem: Kilo Code lets a ! line win over every other line, wherever it stands: it wins over line 7 (*.log) too, which git would let decide the files both match",
      ],
      [
        "read_otherwise",
        "kilo",
        ".kilocodeignore",
        ".kilocodeignore line 6: !build/keep.txt: Kilo Code lets a ! line win over every other line, wherever it stands: it re-includes files of build/, which line 1 leaves out whole, where git re-includes none",
      ],
    ]);
    expect(found.problems.map((problem) => problem.severity)).toEqual(["warning", "warning"]);
  });

  it("a ! line after every other line, outside any folder left out, reads alike: no problem", () => {
    expect(negationsReadOtherwise("*.pem\nsecrets/\n!public.pem\n", ".kilocodeignore")).toEqual([]);
    // A folder named with a wildcard is not known to hold the file: not said.
    expect(negationsReadOtherwise("build*/\n!build/keep.txt\n", ".kilocodeignore")).toEqual([]);
    // Leading and trailing slashes name the same folder.
    expect(
      negationsReadOtherwise("/build\n!/build/sub/keep.txt\n", ".kilocodeignore").map(
        (found) => found.line,
      ),
    ).toEqual([".kilocodeignore line 2: !/build/sub/keep.txt"]);
  });

  it("a region sync wrote, edited since or left behind by its source, is out_of_sync for the target", async () => {
    const dir = project({ ...GIT, ".geminiignore": "secrets/\n" });
    applyPlan(planSync({ dir, from: "gemini", to: ["qwen"], kinds: ["ignore"] }));
    expect((await report(dir, "gemini", "qwen")).problems).toEqual([]);
    const qwen = join(dir, ".qwenignore");
    const written = readFileSync(qwen, "utf8");
    writeFileSync(qwen, written.replace("secrets/", "secret/"));
    const outOfSync = [
      {
        code: "out_of_sync",
        client: "qwen",
        path: ".qwenignore",
        message: "sync --from gemini --to qwen --only ignore would change .qwenignore",
      },
    ];
    const problems = async () =>
      (await report(dir, "gemini", "qwen")).problems.map(({ code, client, path, message }) => ({
        code,
        client,
        path,
        message,
      }));
    expect(await problems()).toEqual(outOfSync);
    writeFileSync(qwen, written);
    writeFileSync(join(dir, ".geminiignore"), "secrets/\n*.key\n");
    expect(await problems()).toEqual(outOfSync);
  });
});
