/**
 * Every subcommand, with arguments and stdin from a hostile pool: it exits 0 or 1, never 2 or by
 * a signal; a failure is one line on stderr (`contextfmt: …`, no raw control character) with
 * nothing on stdout; no error is ever "unexpected" (a non-ContextFmtError). The subcommands and
 * their flags are read from the bin's own help, so a new one is fuzzed without being added here.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
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
          (args, stdin) => {
            // init and sync write into the folder they are given: only into the scratch one.
            const safe =
              command === "init" || command === "sync" ? [...args, join(dir, "project")] : args;
            const { status, stdout, stderr } = contextfmt([command, ...safe], stdin, dir);
            expect([0, 1]).toContain(status);
            expect(stderr).not.toContain("unexpected error");
            // biome-ignore lint/suspicious/noControlCharactersInRegex: what must not reach a terminal
            expect(stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
            const lines = stderr.split("\n").filter(Boolean);
            const issue = /^contextfmt: (warning|error|info): /;
            const failure = lines.filter((line) => !issue.test(line));
            if (status === 1 && failure.length > 0) {
              expect(failure).toHaveLength(1);
              expect(failure[0]).toMatch(/^contextfmt: /);
              expect(lines.at(-1)).toBe(failure[0]);
              expect(stdout).toBe("");
            }
          },
        ),
        { numRuns: 12 },
      );
    });
  }
});
