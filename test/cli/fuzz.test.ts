/**
 * Every subcommand, with arguments and stdin from a hostile pool: it exits 0 or 1, never 2 or by
 * a signal; a failure is one line on stderr (`contextfmt: …`, no raw control character) with
 * nothing on stdout; no error is ever "unexpected" (a non-ContextFmtError). The subcommands and
 * their flags are read from the bin's own help, so a new one is fuzzed without being added here.
 */
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ALIAS_BOMB, contextfmt } from "./run-bin.js";

const dir = mkdtempSync(join(tmpdir(), "contextfmt-cli-fuzz-"));
const file = (name: string, content: string | Buffer) => {
  writeFileSync(join(dir, name), content);
  return join(dir, name);
};
mkdirSync(join(dir, "folder"));

const FILES = [
  file(
    "rules.json",
    '{"rules":[{"name":"r\\u001b[2J","rule":"x\\u0007","category":"c","authority":"absolute"}]}',
  ),
  file("list.yaml", "- name: r\n  rule: x\n  category: c\n  authority: default\n"),
  file("empty.json", ""),
  file("bomb.yaml", ALIAS_BOMB),
  file("latin1.json", Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d])),
  file("bom.json", "\ufeff[]"),
  file("notes.txt", "hello"),
  file("broken.json", '{"rules": ['),
  file(".mcp.json", '{"mcpServers":{"a":{"command":"x\\u001b]0;title\\u0007"}}}'),
  file("servers.json", '{"servers":{"a":{"command":"x"}}}'),
  file("cmd.md", "---\ndescription: [a, b\n---\nHi $1\n"),
  join(dir, "folder"),
  join(dir, "missing.json"),
  "-",
];

/** A project of `files` and `links` (path -> link target) under `dir`/projects/`name`. */
function hostileProject(
  name: string,
  files: Record<string, string>,
  links: Record<string, string> = {},
) {
  const root = join(dir, "projects", name);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  for (const [path, target] of Object.entries(links)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    symlinkSync(target, join(root, path));
  }
  return root;
}

/** Files beside the projects that no run may change (links below lead to them). */
const OUTSIDE = { "outside.toml": "# not the project's\n", "outside.json": '{"mine":true}\n' };
for (const [name, text] of Object.entries(OUTSIDE)) file(name, text);

const SERVERS =
  '{"mcpServers":{"a":{"command":"x"},"b":{"url":"https://b.example/mcp","type":"sse"}}}';

/** What sync and init are pointed at: projects that are fine, hostile or malformed. */
const PROJECTS = [
  join(dir, "project-missing"),
  hostileProject("plain", {
    ".mcp.json": SERVERS,
    ".claude/commands/review.md": "---\ndescription: r\n---\nReview $1\n",
    ".claude/skills/s/SKILL.md": "---\nname: s\ndescription: d\n---\nDo it\n",
    "CLAUDE.md": "mine\n<!-- contextfmt:begin -->\nold\n<!-- contextfmt:end -->\n",
  }),
  hostileProject(
    "links",
    { ".mcp.json": SERVERS, ".claude/agents/a.md": "---\nname: a\ndescription: d\n---\nHi\n" },
    {
      ".codex/config.toml": "../../../outside.toml",
      ".gemini": "../..",
      ".claude/settings.json": "../../../outside.json",
      ".contextfmt/rules.json": "../../nowhere.json",
      ".claude/commands": "../../..",
      "AGENTS.md": "CLAUDE.md",
      "GEMINI.md": "loop.md",
      "loop.md": "GEMINI.md",
    },
  ),
  hostileProject("shapes", {
    ".mcp.json": '{"mcpServers":[]}',
    ".gemini/settings.json": '{"mcpServers":null,"hooks":[],"mcp":{"excluded":7}}',
    ".codex/config.toml": "mcp_servers = 1\nhooks = 1\nfeatures = []\n",
    ".claude/settings.json": "[]",
    "GEMINI.md": "<!-- contextfmt:end -->\n<!-- contextfmt:begin -->\n<!-- contextfmt:begin -->\n",
  }),
  hostileProject("duplicates", {
    ".mcp.json": '{"mcpServers":{"a":{"command":"x"}},"mcpServers":{}}',
    ".gemini/settings.json": '{"hooks":{},"hooks":{}}',
    ".claude/commands/dupe.md": "---\na: 1\na: 2\n---\nHi\n",
    ".contextfmt/written.json": '{"version":1,"written":[{"path":7}]}',
  }),
  // Names that write the clipboard, set the title, hide what follows and forge a line.
  hostileProject("names", {
    "pkg\u001b]0;owned\u0007/CLAUDE.md": "Package rules.\n",
    ".claude/commands/x\u001b]52;c;aGk=\u0007\u001b[8m\nwrote CLAUDE.md.md":
      "---\ndescription: d\n---\nSay \u001b[8mhidden\u202e.\n",
    ".claude/agents/a\u001b[8m\r.md": "---\nname: a\ndescription: d\n---\nHi\n",
    ".mcp.json": '{"mcpServers":{"srv\\u001b[8m\\u202e":{"command":"x"}}}',
  }),
  hostileProject("big", {
    ".claude/skills/s/SKILL.md": "---\nname: s\ndescription: d\n---\nHi\n",
    ".claude/skills/s/big.bin": "",
  }),
];
// A 600 MB file that takes no room on the disk.
truncateSync(join(dir, "projects/big/.claude/skills/s/big.bin"), 600 * 1024 * 1024);

const HOOK_STDIN = JSON.stringify({
  session_id: "s",
  transcript_path: "/t",
  cwd: dir,
  hook_event_name: "SessionStart",
  source: "startup",
});
/** The same event as clients send it less tidily: a BOM, a field left out, a field of another type. */
const HOOK_STDINS = [
  HOOK_STDIN,
  `\uFEFF${HOOK_STDIN}`,
  JSON.stringify({ hook_event_name: "SessionStart", source: "startup" }),
  JSON.stringify({ hook_event_name: "SessionStart", session_id: 7, source: "startup", cwd: [] }),
  JSON.stringify({ hook_event_name: "UserPromptSubmit", session_id: "s" }),
];

const help = contextfmt(["--help"]).stdout;
const SUBCOMMANDS = [...help.matchAll(/^ {2}([a-z]+) /gm)].map((m) => m[1] as string);
const flagsOf = (command: string) => [
  ...new Set(
    [...contextfmt([command, "--help"]).stdout.matchAll(/(--[a-z-]+)/g)].map((m) => m[1] as string),
  ),
];

const word = fc.oneof(
  fc.constantFrom(
    "claude",
    "codex",
    "gemini",
    "command",
    "mcp",
    "agent",
    "skill",
    "rules",
    "session-start",
    "xml-memory",
    "-1",
    "NaN",
    "1e99",
    "",
    "--",
    "-x",
  ),
  fc.constantFrom(...FILES),
  fc.string({ maxLength: 12 }),
);

/** What a terminal acts on (C0 but tab and line feed, DEL, C1, bidi overrides and isolates). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: what must not reach a terminal
const ACTED_ON = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/**
 * Exit 0 or 1; a failure is one line on stderr (`contextfmt: …`, no raw control character, never
 * "unexpected"), after any warnings, with nothing on stdout; nothing outside a project changed.
 */
function expectCleanEnd({ status, stdout, stderr }: ReturnType<typeof contextfmt>): void {
  expect([0, 1, 2]).toContain(status);
  // 2 is sync, init or doctor run outside any project (the fuzz folder is none), alone.
  if (status === 2) expect(stderr).toMatch(/^contextfmt: [^\n]*: not in a project: [^\n]*\n$/);
  // Nothing outside a project is ever written through its links.
  for (const [name, text] of Object.entries(OUTSIDE)) {
    expect(readFileSync(join(dir, name), "utf8")).toBe(text);
  }
  expect(stderr).not.toContain("unexpected error");
  // biome-ignore lint/suspicious/noControlCharactersInRegex: what must not reach a terminal
  expect(stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
  const lines = stderr.split("\n").filter(Boolean);
  const issue = /^contextfmt: (warning|error|info): /;
  const failure = lines.filter((line) => !issue.test(line));
  if (status !== 0 && failure.length > 0) {
    expect(failure).toHaveLength(1);
    expect(failure[0]).toMatch(/^contextfmt: /);
    expect(lines.at(-1)).toBe(failure[0]);
    expect(stdout).toBe("");
  }
}

describe("every subcommand fails cleanly", () => {
  it("the subcommands come from the help", () => {
    expect(SUBCOMMANDS).toEqual(
      expect.arrayContaining(["render", "hook", "convert", "sync", "init", "schema", "tokens"]),
    );
  });

  for (const command of SUBCOMMANDS) {
    const flags = flagsOf(command).filter((flag) => flag !== "--help");
    it(command, () => {
      fc.assert(
        fc.property(
          fc.array(flags.length ? fc.oneof(fc.constantFrom(...flags), word) : word, {
            maxLength: 6,
          }),
          fc.constantFrom("", ...HOOK_STDINS, "{", "\u001b[31m"),
          fc.constantFrom(...PROJECTS),
          (args, stdin, target) => {
            // init and sync write into the folder they are given: only into a scratch project.
            const safe = command === "init" || command === "sync" ? [...args, target] : args;
            expectCleanEnd(contextfmt([command, ...safe], stdin, dir));
          },
        ),
        { numRuns: 12 },
      );
      // Twelve runs of the bin each; on two shared cores that can take a while.
    }, 60_000);
  }
});

describe("sync and init on hostile projects end cleanly", () => {
  const tools = ["claude", "codex", "gemini"];
  const command = fc.oneof(
    fc.tuple(fc.constantFrom(...tools)).map(([tool]) => ["init", tool]),
    fc.constant<string[]>(["doctor"]),
    fc
      .tuple(
        fc.constantFrom(...tools),
        fc.subarray(tools, { minLength: 1 }),
        fc.constantFrom([], ["--only", "mcp"], ["--only", "commands,skills,agents"]),
        fc.constantFrom([], ["--check"], ["--dry-run"], ["--force"], ["--strict"]),
      )
      .map(([from, to, only, mode]) => [
        "sync",
        "--from",
        from,
        "--to",
        to.join(","),
        ...only,
        ...mode,
      ]),
    fc
      .tuple(fc.subarray(tools, { minLength: 1 }), fc.constantFrom([], ["--force"], ["--check"]))
      .map(([to, mode]) => [
        "sync",
        "--only",
        "rules",
        "--rules",
        FILES[0] as string,
        "--to",
        to.join(","),
        ...mode,
      ]),
  );

  it("every sync, init or doctor of a linked, malformed, duplicated, oversized or badly named project", () => {
    fc.assert(
      fc.property(command, fc.constantFrom(...PROJECTS), (line: string[], target) => {
        // The project is the first positional: after the subcommand's name (init: after its tool).
        const [name, ...args] = line as [string, ...string[]];
        const at = name === "init" ? [name, ...args, target] : [name, target, ...args];
        const result = contextfmt(at, "", dir);
        expectCleanEnd(result);
        // Their lines are for a person: no name from the project steers the terminal.
        expect(result.stdout).not.toMatch(ACTED_ON);
      }),
      { numRuns: 40 },
    );
  }, 180_000);
});
