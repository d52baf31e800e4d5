/**
 * The user's hooks and ignore files on the terminal, through the built bin: a hook command, a
 * tool matcher and an event name, an ignore line and a `!` line holding escape sequences (SGR,
 * OSC 0 with BEL, the C1 CSI) print escaped in sync's warnings and its `--dry-run` diff, and in
 * doctor's table, while the files get them as written and doctor's `--json` keeps them exact.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { project } from "./project-dir.js";
import { contextfmt } from "./run-bin.js";

/** SGR red, a title set by OSC 0 (BEL-ended), and the one-character C1 CSI. */
const STEER = "\u001b[31m\u001b]0;owned\u0007\u009b2J";
/** How the bin shows it. */
const SHOWN = "\\u001b[31m\\u001b]0;owned\\u0007\\u009b2J";

/** C0 but tab and line feed, DEL, C1, and the bidirectional overrides and isolates. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const ACTED_ON = /[\0-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/u;

const safe = (run: { stdout: string; stderr: string }) => {
  expect(run.stdout).not.toMatch(ACTED_ON);
  expect(run.stderr).not.toMatch(ACTED_ON);
};

const command = `echo ${STEER}done`;

const hooksProject = () =>
  project({
    ".git/HEAD": "ref: refs/heads/main\n",
    ".claude/settings.json": JSON.stringify({
      hooks: {
        SessionStart: [{ hooks: [{ type: "command", command }] }],
        PostToolUse: [{ matcher: `Bash${STEER}`, hooks: [{ type: "command", command: "x" }] }],
        [`Odd${STEER}`]: [{ hooks: [{ type: "command", command: "y" }] }],
      },
    }),
  });

const ignoreProject = () =>
  project({
    ".git/HEAD": "ref: refs/heads/main\n",
    ".geminiignore": `secrets/\n!keep${STEER}.pem\n${STEER}build/\n`,
  });

describe("hooks and ignore lines with control characters, on the terminal", () => {
  it("sync --dry-run of hooks: the command in the diff, the matcher and event in warnings, escaped", () => {
    const dir = hooksProject();
    const run = contextfmt(
      ["sync", "--from", "claude", "--to", "gemini", "--only", "hooks", "--dry-run"],
      "",
      dir,
    );
    expect(run.status, run.stderr).toBe(0);
    safe(run);
    expect(run.stdout).toContain(`echo ${SHOWN}done`);
    expect(run.stderr).toContain(`its matcher "Bash\\u001b[31m\\u001b]0;owned\\u0007\\u009b2J"`);
    expect(run.stderr).toContain(`hooks.Odd${SHOWN}[0]`);
  });

  it("sync of hooks: written as the source has it; the run's lines escaped", () => {
    const dir = hooksProject();
    const run = contextfmt(
      ["sync", "--from", "claude", "--to", "gemini", "--only", "hooks"],
      "",
      dir,
    );
    expect(run.status, run.stderr).toBe(0);
    safe(run);
    const settings = JSON.parse(readFileSync(join(dir, ".gemini/settings.json"), "utf8"));
    expect(settings.hooks.SessionStart[0].hooks[0].command).toBe(command);
  });

  it("sync of ignore lines: the warnings naming each line, and the diff, escaped; the file as written", () => {
    const dir = ignoreProject();
    const args = ["sync", "--from", "gemini", "--to", "kilo,claude", "--only", "ignore"];
    const dry = contextfmt([...args, "--dry-run"], "", dir);
    expect(dry.status, dry.stderr).toBe(0);
    safe(dry);
    expect(dry.stdout).toContain(`+!keep${SHOWN}.pem`);
    // Claude Code reads no ignore file: every line named; Kilo Code reads the ! line otherwise.
    expect(dry.stderr).toContain(`secrets/, !keep${SHOWN}.pem, ${SHOWN}build/`);
    expect(dry.stderr).toContain(`(!keep${SHOWN}.pem)`);
    const run = contextfmt(args, "", dir);
    expect(run.status, run.stderr).toBe(0);
    safe(run);
    expect(readFileSync(join(dir, ".kilocodeignore"), "utf8")).toBe(
      `# contextfmt:begin\nsecrets/\n!keep${STEER}.pem\n${STEER}build/\n# contextfmt:end\n`,
    );
  });

  it("doctor: the ! line Kilo Code reads otherwise, escaped in the table, exact in --json", () => {
    const dir = ignoreProject();
    expect(
      contextfmt(["sync", "--from", "gemini", "--to", "kilo", "--only", "ignore"], "", dir).status,
    ).toBe(0);
    const table = contextfmt(["doctor", "--client", "kilo"], "", dir);
    expect(table.status, table.stderr).toBe(0);
    safe(table);
    expect(table.stdout).toContain(
      `.kilocodeignore line 3: !keep${SHOWN}.pem: Kilo Code lets a ! line win over every other line, wherever it stands: it wins over line 4 (${SHOWN}build/) too`,
    );
    expect(table.stdout).toContain("  ignore file: .kilocodeignore, 3 patterns");
    // JSON escapes the C0 controls and gives the line back exactly (it leaves C1 as it is, as
    // every --json of the bin does: it is for programs).
    const json = contextfmt(["doctor", "--client", "kilo", "--json"], "", dir);
    expect(json.stdout).not.toContain("\u001b");
    const report = JSON.parse(json.stdout) as { problems: { message: string }[] };
    expect(report.problems.map((problem) => problem.message)).toEqual([
      `.kilocodeignore line 3: !keep${STEER}.pem: Kilo Code lets a ! line win over every other line, wherever it stands: it wins over line 4 (${STEER}build/) too, which git would let decide the files both match`,
    ]);
  });
});
