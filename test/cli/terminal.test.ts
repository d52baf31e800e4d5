/**
 * What reaches the terminal, run through the built bin: names and text from a project whose file
 * and folder names carry escape sequences (OSC 52 writing the clipboard, OSC 0 setting the title,
 * SGR 8 hiding every later line) and newlines print no control character and forge no line;
 * `--json` and a rendered context stay exact. A reader that closes the pipe early ends the command
 * quietly with its usual status, and stdin past its cap is a clear error, read no further.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { closeSync, openSync, readFileSync, truncateSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { project } from "./project-dir.js";
import { BIN, contextfmt, RULES } from "./run-bin.js";

/** A command name that writes the clipboard, hides what follows and forges a line of sync's. */
const FORGING = "x\u001b]52;c;aGk=\u0007\u001b[8m\nwrote CLAUDE.md";
/** A folder name that sets the terminal's title. */
const TITLE = "pkg\u001b]0;owned\u0007";

/** A project whose names and texts hold escape sequences, newlines, a CR and a bidi override. */
const hostile = () =>
  project({
    "CLAUDE.md": "Root rules.\n",
    [`${TITLE}/CLAUDE.md`]: "Package rules, and its notes: @notes.md\n",
    [`${TITLE}/notes.md`]: "Notes.\n",
    [`.claude/commands/${FORGING}.md`]:
      "---\ndescription: d\n---\nSay \u001b[8mhidden\u001b[0m, then\rover it.\n",
    ".claude/agents/a\u001b[8m.md": "---\nname: a\ndescription: d\n---\nHi\n",
    ".mcp.json": '{"mcpServers":{"srv\\u001b[8m\\u202eevil":{"command":"x"}}}\n',
  });

/**
 * What a terminal would act on, as characters (UTF-8's own bytes 0x80–0x9f are not C1
 * controls): C0 but tab and line feed, DEL, C1, and the bidirectional overrides and isolates.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const ACTED_ON = /[\0-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/u;

/** `stdout` steers nothing and no line of it starts with what a name forged. */
function expectTerminalSafe(stdout: string): void {
  expect(stdout).not.toMatch(ACTED_ON);
  expect(stdout.split("\n").filter((line) => line.startsWith("wrote CLAUDE.md"))).toEqual([]);
}

describe("project data printed for a person", () => {
  it("doctor: every name shown, the table's lines its own; --json exact", () => {
    const dir = hostile();
    const { stdout, status } = contextfmt(["doctor", dir]);
    expect(status).toBe(0);
    expectTerminalSafe(stdout);
    expect(stdout).toContain(`  commands: x\\u001b]52;c;aGk=\\u0007\\u001b[8m\\nwrote CLAUDE.md\n`);
    expect(stdout).toContain(
      "not loaded: read when the agent works on a file in pkg\\u001b]0;owned\\u0007/\n",
    );
    expect(stdout).toContain("  MCP servers: srv\\u001b[8m\\u202eevil (stdio)\n");
    // JSON escapes what it holds: the names come back exactly.
    const json = contextfmt(["doctor", dir, "--json", "--client", "claude"]);
    const claude = JSON.parse(json.stdout).clients[0];
    expect(claude.commands.map((item: { name: string }) => item.name)).toEqual([FORGING]);
    expect(claude.mcpServers.map((server: { name: string }) => server.name)).toEqual([
      "srv\u001b[8m\u202eevil",
    ]);
  });

  it("sync --dry-run: paths quoted as git quotes them, the text's controls shown", () => {
    const dir = hostile();
    const { stdout, status } = contextfmt([
      "sync",
      dir,
      "--from",
      "claude",
      "--to",
      "codex",
      "--dry-run",
    ]);
    expect(status).toBe(0);
    expectTerminalSafe(stdout);
    expect(stdout).toContain("+Say \\u001b[8mhidden\\u001b[0m, then\\rover it.\n");
    expect(stdout).toContain('+++ "b/pkg\\033]0;owned\\a/AGENTS.md"\n');
  });

  it("sync and sync --check: one line per file, each name shown", () => {
    const dir = hostile();
    const check = contextfmt(["sync", dir, "--from", "claude", "--to", "gemini", "--check"]);
    expect(check.status).toBe(1);
    expectTerminalSafe(check.stdout);
    expect(check.stdout).toContain(
      "would create .gemini/commands/x\\u001b]52;c;aGk=\\u0007\\u001b[8m\\nwrote CLAUDE.md.toml\n",
    );
    const { stdout, stderr, status } = contextfmt([
      "sync",
      dir,
      "--from",
      "claude",
      "--to",
      "gemini",
    ]);
    expect(status).toBe(0);
    expectTerminalSafe(stdout);
    expect(stdout.split("\n")).toContain(
      "wrote .gemini/commands/x\\u001b]52;c;aGk=\\u0007\\u001b[8m\\nwrote CLAUDE.md.toml",
    );
    expect(stdout.split("\n")).toContain("wrote pkg\\u001b]0;owned\\u0007/GEMINI.md");
    // Warnings name the file on their own line too.
    expect(stderr.split("\n").filter((line) => line.startsWith("wrote"))).toEqual([]);
    // The files themselves carry the names as they are.
    expect(readFileSync(join(dir, TITLE, "GEMINI.md"), "utf8")).toContain("Package rules");
  });

  it("tokens: headings shown; --json exact", () => {
    const dir = project({
      "CLAUDE.md":
        "# Rules \u001b]0;owned\u0007\n\nBe brief.\n\n## Hidden\u001b[8m\u202e\n\nAll of it.\n",
    });
    const { stdout, status } = contextfmt(["tokens", join(dir, "CLAUDE.md")]);
    expect(status).toBe(0);
    expectTerminalSafe(stdout);
    expect(stdout).toMatch(/^# Rules \\u001b\]0;owned\\u0007 +\d+/m);
    expect(stdout).toMatch(/^## Hidden\\u001b\[8m\\u202e +\d+/m);
    const json = JSON.parse(contextfmt(["tokens", join(dir, "CLAUDE.md"), "--json"]).stdout);
    expect(json.sections.map((section: { title: string }) => section.title)).toEqual([
      "# Rules \u001b]0;owned\u0007",
      "## Hidden\u001b[8m\u202e",
    ]);
  });

  it("render: the context into a pipe byte for byte, the report's ids shown", () => {
    const id = "r\u202eevil\u001b[8m";
    const dir = project({
      "rules.json": JSON.stringify([
        { name: id, rule: "Keep \u001b[8m as it is", category: "c", authority: "absolute" },
      ]),
    });
    const { stdout, stderr, status } = contextfmt([
      "render",
      "--format",
      "claude",
      join(dir, "rules.json"),
      "--report",
    ]);
    expect(status).toBe(0);
    // The context is the product, meant for a file or a client: exact.
    expect(stdout).toContain("Keep \u001b[8m as it is");
    expect(stderr).not.toMatch(ACTED_ON);
    expect(stderr).toContain("r\\u202eevil\\u001b[8m");
  });
});

/** Runs the bin with a stdout whose reader is gone before it starts; its stderr and status. */
function withReaderGone(
  args: readonly string[],
): Promise<{ stderr: string; status: number | null }> {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.destroy();
  return finished(child);
}

function finished(child: ChildProcess): Promise<{ stderr: string; status: number | null }> {
  let stderr = "";
  child.stderr?.setEncoding("utf8").on("data", (text: string) => {
    stderr += text;
  });
  return new Promise((resolve) => child.on("close", (status) => resolve({ stderr, status })));
}

describe("a reader that closes the pipe", () => {
  /** A project with something for every command to print, and one problem doctor reports. */
  const plain = () =>
    project({
      "CLAUDE.md": "Be brief.\n",
      ".claude/commands/review.md": "---\ndescription: d\n---\nReview it.\n",
      ".mcp.json": '{"mcpServers":{"srv":{"command":"x"}}}\n',
    });

  it("doctor ends quietly with its usual status, 0, or 1 with --strict and problems", async () => {
    const dir = plain();
    expect(await withReaderGone(["doctor", dir])).toEqual({ stderr: "", status: 0 });
    expect(await withReaderGone(["doctor", dir, "--strict"])).toEqual({ stderr: "", status: 1 });
  });

  it("sync --dry-run and --check end quietly with their usual status", async () => {
    // Targets that lose nothing: with codex, its commands left out beside Gemini's are warned.
    const args = ["sync", plain(), "--from", "claude", "--to", "gemini,qwen"];
    expect(await withReaderGone([...args, "--dry-run"])).toEqual({ stderr: "", status: 0 });
    expect(await withReaderGone([...args, "--check"])).toEqual({ stderr: "", status: 1 });
  });

  it("| head -1: the first line, nothing on stderr, status 0", () => {
    // A diff far larger than a pipe holds: head is gone long before the last line is written.
    const dir = project({
      ".claude/commands/long.md": `---\ndescription: d\n---\n${"A line of the prompt.\n".repeat(50_000)}`,
    });
    const { stdout, stderr } = spawnSync(
      "bash",
      [
        "-c",
        `"$0" "$1" sync "$2" --from claude --to gemini --dry-run | head -1; echo "status \${PIPESTATUS[0]}"`,
        process.execPath,
        BIN,
        dir,
      ],
      { encoding: "utf8" },
    );
    expect(stderr).toBe("");
    expect(stdout).toBe("--- /dev/null\nstatus 0\n");
  });
});

/**
 * Runs `args` with `bytes` of stdin streamed in 1 MiB writes, stopping when the bin stops
 * reading; what it printed, its status and how many bytes the pipe took.
 */
async function streamed(args: readonly string[], head: string, bytes: number, tail: string) {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ["pipe", "pipe", "pipe"] });
  let stdout = "";
  child.stdout.setEncoding("utf8").on("data", (text: string) => {
    stdout += text;
  });
  const done = finished(child);
  let taken = 0;
  let open = true;
  child.stdin.on("error", () => {
    open = false;
  });
  const write = (chunk: string | Buffer) =>
    new Promise<void>((resolve) => {
      child.stdin.write(chunk, (error) => {
        if (error) open = false;
        else taken += Buffer.byteLength(chunk);
        resolve();
      });
    });
  await write(head);
  const filler = Buffer.alloc(1024 * 1024, "a");
  for (let sent = 0; open && sent < bytes; sent += filler.length) await write(filler);
  if (open) await write(tail);
  if (open) child.stdin.end();
  return { ...(await done), stdout, taken };
}

describe("stdin past its cap", () => {
  const MiB = 1024 * 1024;

  it("hook: 24 MiB of a valid payload is one clear error, read no further", async () => {
    const { stdout, stderr, status, taken } = await streamed(
      ["hook", "claude", "session-start", "--rules", RULES],
      '{"hook_event_name":"SessionStart","source":"startup","pad":"',
      24 * MiB,
      '"}',
    );
    expect(status).toBe(1);
    // Exit 1 with one line on stderr and nothing on stdout: what every client reads as a hook
    // that failed without blocking, as for any bad input.
    expect(stdout).toBe("");
    expect(stderr).toBe(
      "contextfmt: <stdin>: more than the 16.0 MB a hook's JSON may have; read no further\n",
    );
    expect(taken).toBeLessThan(17 * MiB);
  });

  it("hook: a 600 MB file as stdin is refused by its size, unread", () => {
    const dir = project({ "payload.json": "" });
    // As large as the case, and taking no room on the disk.
    truncateSync(join(dir, "payload.json"), 600 * MiB);
    const stdin = openSync(join(dir, "payload.json"), "r");
    try {
      const { stdout, stderr, status } = spawnSync(
        process.execPath,
        [BIN, "hook", "claude", "session-start", "--rules", RULES],
        { stdio: [stdin, "pipe", "pipe"], encoding: "utf8" },
      );
      expect({ stdout, stderr, status }).toEqual({
        stdout: "",
        stderr:
          "contextfmt: <stdin>: more than the 16.0 MB a hook's JSON may have; read no further\n",
        status: 1,
      });
    } finally {
      closeSync(stdin);
    }
  });

  it("an input file on stdin (-): over the cap of a file, read no further", async () => {
    const { stdout, stderr, status, taken } = await streamed(
      ["tokens", "-"],
      "# Notes\n\n",
      51 * MiB,
      "\n",
    );
    expect(status).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toBe(
      "contextfmt: <stdin>: more than the 50.0 MB an input file may have; read no further\n",
    );
    expect(taken).toBeLessThan(51 * MiB);
  });
});
