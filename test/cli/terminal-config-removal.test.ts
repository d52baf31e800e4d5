/**
 * What `sync --init-config` (writeProjectConfig) and `init --remove` print of a cloned project's
 * names, run through the built bin: a `contextfmt.json` that is a link whose target holds escape
 * sequences (OSC 0 setting the title, SGR 8 hiding every later line) and a newline that forges a
 * line of the command's own, and a shipped record whose entry names the same, print no control
 * character and forge no line; each name is shown escaped, and nothing is written.
 */
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { writeProjectConfig } from "contextfmt/sync";
import { describe, expect, it } from "vitest";
import { project, tree } from "./project-dir.js";
import { contextfmt } from "./run-bin.js";

/** A name that sets the terminal's title, hides what follows and forges a line of the command's. */
const FORGING = "x\u001b]0;owned\u0007\u001b[8m\nwrote contextfmt.json";
/** {@link FORGING} as a name in a listing shows it. */
const SHOWN = "x\\u001b]0;owned\\u0007\\u001b[8m\\nwrote contextfmt.json";
/** The escapes of {@link FORGING} as a message shows them (its line feed is a message's own matter). */
const STEERING_SHOWN = "x\\u001b]0;owned\\u0007\\u001b[8m";

/**
 * What a terminal would act on, as characters: C0 but tab and line feed, DEL, C1, and the
 * bidirectional overrides and isolates.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const ACTED_ON = /[\0-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/u;

/** `text` steers nothing, and no line of it starts with what a name forged. */
function expectTerminalSafe(text: string, forged: string): void {
  expect(text).not.toMatch(ACTED_ON);
  expect(text.split("\n").filter((line) => line.startsWith(forged))).toEqual([]);
}

describe("sync --init-config (writeProjectConfig) in a cloned project", () => {
  it.each([
    ["a link out of the project", `../${FORGING}`],
    ["a dangling link inside it", FORGING],
  ])("contextfmt.json as %s: refused, its target shown escaped, nothing written", (_, target) => {
    const dir = project({ ".git/HEAD": "ref: refs/heads/main\n" }, { "contextfmt.json": target });
    const before = tree(dir);
    const args = ["sync", dir, "--from", "claude", "--to", "codex", "--init-config"];
    const { stdout, stderr, status } = contextfmt(args);
    expect(status).not.toBe(0);
    expect(stdout).toBe("");
    expectTerminalSafe(stderr, "wrote contextfmt.json");
    const shownTarget = target.replace(FORGING, STEERING_SHOWN);
    expect(stderr).toContain(`contextfmt.json is a link to ${shownTarget}`);
    expect(tree(dir)).toEqual(before);
    // From code: the same refusal, the target exact (data, for the caller to show as it prints).
    let message = "";
    try {
      writeProjectConfig(dir, { from: "claude", to: ["codex"] });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(
      `contextfmt.json is a link to ${target}, which does not exist; nothing written`,
    );
    expect(tree(dir)).toEqual(before);
  });
});

describe("init --remove in a cloned project", () => {
  it("a shipped record's entry named with escapes: named escaped, on its own line, nothing taken out of it", () => {
    const dir = project({ ".git/HEAD": "ref: refs/heads/main\n" });
    expect(contextfmt(["init", "claude", dir]).status).toBe(0);
    // The clone's record lists a starter of its own, under a name that steers a terminal.
    const file = join(dir, ".contextfmt/written.json");
    const record = JSON.parse(readFileSync(file, "utf8"));
    const hostile = `.contextfmt/${FORGING}.json`;
    record.written.push({
      path: hostile,
      kind: "starter",
      sha256: createHash("sha256").update("").digest("hex"),
    });
    writeFileSync(file, JSON.stringify(record));
    writeFileSync(join(dir, hostile), "");
    for (const args of [["--dry-run"], []]) {
      const { stdout, stderr, status } = contextfmt(["init", "claude", dir, "--remove", ...args]);
      expect(status).toBe(0);
      expectTerminalSafe(stdout, "wrote contextfmt.json");
      expectTerminalSafe(stderr, "wrote contextfmt.json");
      expect(stderr).toContain(`(".contextfmt/${SHOWN}.json"): ignored: `);
    }
    // init's own files went; the file the record named and contextfmt never wrote stays.
    expect(Object.keys(tree(dir)).filter((path) => path.startsWith(".contextfmt/x"))).toEqual([
      hostile,
    ]);
  });
});
