/**
 * A project has a root and a config: sync, init and doctor run from a subfolder work on the
 * whole project, run outside any project stop with exit code 2 and write nothing, and a bare
 * `contextfmt sync` does what the root's contextfmt.json says.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SYNC_ORDER } from "../../src/clients/index.js";
import { SYNC_TOOLS } from "../../src/sync.js";
import { project, tree } from "./project-dir.js";
import { contextfmt } from "./run-bin.js";

const COMMAND = "---\ndescription: Review the diff\n---\nReview it.\n";

/** A repository (a `.git` folder) with Claude's instructions, a command and a subfolder. */
function repository(files: Record<string, string> = {}): string {
  const dir = project({
    "CLAUDE.md": "Use tabs.\n",
    ".claude/commands/review.md": COMMAND,
    "pkg/src/index.ts": "export {};\n",
    ...files,
  });
  mkdirSync(join(dir, ".git"));
  return dir;
}

describe("the project's root", () => {
  it("sync from a subfolder writes at the root, as it does from the root", () => {
    const dir = repository();
    const fromRoot = repository();
    const sub = contextfmt(["sync", "--from", "claude", "--to", "codex"], "", join(dir, "pkg"));
    expect(sub.status).toBe(0);
    expect(contextfmt(["sync", "--from", "claude", "--to", "codex"], "", fromRoot).status).toBe(0);
    expect(tree(dir)).toEqual(tree(fromRoot));
    expect(readFileSync(join(dir, "AGENTS.md"), "utf8")).toContain("Use tabs.");
    expect(existsSync(join(dir, ".contextfmt/written.json"))).toBe(true);
    expect(existsSync(join(dir, "pkg/.contextfmt"))).toBe(false);
    // A check from the subfolder sees the same project: up to date.
    const check = contextfmt(
      ["sync", "--from", "claude", "--to", "codex", "--check"],
      "",
      join(dir, "pkg"),
    );
    expect(check.status).toBe(0);
    expect(check.stdout).not.toMatch(/\(0 files\)/);
  });

  it("a contextfmt.json or a .contextfmt/ folder marks the root too", () => {
    for (const marker of ["contextfmt.json", ".contextfmt/README.md"]) {
      const dir = project({
        "CLAUDE.md": "Use tabs.\n",
        [marker]: "{}\n",
        "pkg/a.txt": "a\n",
      });
      const { status } = contextfmt(["init", "claude"], "", join(dir, "pkg"));
      expect(status).toBe(0);
      expect(existsSync(join(dir, ".claude/settings.json"))).toBe(true);
      expect(existsSync(join(dir, "pkg/.claude"))).toBe(false);
    }
  });

  it("sync, init and doctor outside any project: an error naming the folder, exit 2, nothing written", () => {
    const dir = mkdtempSync(join(tmpdir(), "contextfmt-nowhere-"));
    writeFileSync(join(dir, "CLAUDE.md"), "Use tabs.\n");
    for (const args of [
      ["sync", "--from", "claude", "--to", "codex"],
      ["sync", "--from", "claude", "--to", "codex", "--check"],
      ["init", "claude"],
      ["doctor"],
    ]) {
      const { status, stdout, stderr } = contextfmt(args, "", dir);
      expect(stderr).toBe(
        `contextfmt: ${dir}: not in a project: neither it nor a folder above it has .git, contextfmt.json or .contextfmt/; run this in a project, or name its folder\n`,
      );
      expect(status).toBe(2);
      expect(stdout).toBe("");
    }
    expect(tree(dir)).toEqual({ "CLAUDE.md": "Use tabs.\n" });
  });

  it("from / the same error, no crash", () => {
    for (const args of [["sync", "--from", "claude", "--to", "codex"], ["doctor"]]) {
      const { status, stderr } = contextfmt(args, "", "/");
      expect(stderr).toMatch(/^contextfmt: \/: not in a project: /);
      expect(status).toBe(2);
    }
  });

  it("a folder named is the root as given, in a project or not", () => {
    const dir = mkdtempSync(join(tmpdir(), "contextfmt-named-"));
    writeFileSync(join(dir, "CLAUDE.md"), "Use tabs.\n");
    const { status } = contextfmt(["sync", dir, "--to", "all", "--from", "claude"]);
    expect(status).toBe(0);
    expect(readFileSync(join(dir, "AGENTS.md"), "utf8")).toContain("Use tabs.");
  });
});

describe("contextfmt.json", () => {
  const CONFIG = `// The team's sync.
{
  "from": "claude",
  /* Codex and Gemini only */
  "to": ["codex", "gemini"],
}
`;

  it("a bare sync does what it says, byte for byte as the flags would", () => {
    const configured = repository({ "contextfmt.json": CONFIG });
    const typed = repository({ "contextfmt.json": CONFIG });
    const bare = contextfmt(["sync"], "", join(configured, "pkg"));
    expect(bare.status).toBe(0);
    const flags = contextfmt(["sync", typed, "--from", "claude", "--to", "codex,gemini"]);
    expect(flags.status).toBe(0);
    // The same warnings (Codex CLI gets no skill of a command Gemini CLI offers as its own).
    expect(bare.stderr).toBe(flags.stderr);
    expect(bare.stderr).toMatch(/item_skipped at \.claude\/commands\/review\.md/);
    expect(tree(configured)).toEqual(tree(typed));
    expect(existsSync(join(configured, "GEMINI.md"))).toBe(true);
    expect(existsSync(join(configured, ".cursor"))).toBe(false);
    // A flag wins over its field.
    const cursor = contextfmt(["sync", "--to", "cursor", "--check"], "", configured);
    expect(cursor.stdout).toMatch(/\.cursor\//);
  });

  it("only and exclude choose the kinds", () => {
    const dir = repository({
      "contextfmt.json": '{ "from": "claude", "to": ["codex"], "exclude": ["instructions"] }\n',
    });
    expect(contextfmt(["sync"], "", dir).status).toBe(0);
    expect(existsSync(join(dir, "AGENTS.md"))).toBe(false);
    expect(existsSync(join(dir, ".agents/skills/review/SKILL.md"))).toBe(true);
    const only = repository({
      "contextfmt.json": '{ "from": "claude", "to": ["codex"], "only": ["instructions"] }\n',
    });
    expect(contextfmt(["sync"], "", only).status).toBe(0);
    expect(existsSync(join(only, "AGENTS.md"))).toBe(true);
    expect(existsSync(join(only, ".agents"))).toBe(false);
    // --exclude on the command line, over the config's only.
    expect(contextfmt(["sync", "--exclude", "instructions"], "", only).stderr).toMatch(
      /nothing to sync: every kind of instructions is excluded/,
    );
  });

  it("--to all writes every client but the source", () => {
    const dir = repository();
    const { status, stdout } = contextfmt(
      ["sync", "--from", "claude", "--to", "all", "--check"],
      "",
      dir,
    );
    expect(status).toBe(1);
    for (const file of ["AGENTS.md", "GEMINI.md", ".qwen/commands/review.toml"]) {
      expect(stdout).toContain(file);
    }
    // Every client but the source is a target: each has its line of what it loads.
    for (const client of SYNC_ORDER.filter(({ id }) => id !== "claude")) {
      expect(stdout).toContain(`${client.label} loads`);
    }
    expect(stdout).not.toMatch(/CLAUDE\.md|Claude Code loads/);
    const config = repository({ "contextfmt.json": '{ "from": "claude", "to": "all" }\n' });
    const plan = contextfmt(["sync", "--check"], "", config);
    expect(plan.stdout).toBe(stdout);
  });

  it("sync --init-config writes one, never over one", () => {
    const dir = repository();
    const first = contextfmt(
      ["sync", "--init-config", "--from", "claude", "--to", "codex,gemini", "--exclude", "mcp"],
      "",
      join(dir, "pkg"),
    );
    expect(first.stdout).toBe("wrote contextfmt.json\n");
    expect(first.status).toBe(0);
    const text = `// What a bare "contextfmt sync" does in this project; see "contextfmt sync --help".
{
  "from": "claude",
  "to": ["codex", "gemini"],
  "exclude": ["mcp"]
}
`;
    expect(readFileSync(join(dir, "contextfmt.json"), "utf8")).toBe(text);
    // It wrote nothing else: no record, no target.
    expect(existsSync(join(dir, ".contextfmt"))).toBe(false);
    const again = contextfmt(["sync", "--init-config", "--from", "codex", "--to", "all"], "", dir);
    expect(again.stderr).toBe(
      "contextfmt: contextfmt.json: there already; not replaced (edit it, or remove it first)\n",
    );
    expect(again.status).toBe(1);
    expect(readFileSync(join(dir, "contextfmt.json"), "utf8")).toBe(text);
    expect(contextfmt(["sync"], "", dir).status).toBe(0);
    expect(existsSync(join(dir, "GEMINI.md"))).toBe(true);
  });

  it("an invalid one: an error naming the file, line:column and field; nothing written", () => {
    const cases: [string, string][] = [
      [
        '{\n  "from": "claude",\n  "to": ["codex", "cursorr"]\n}\n',
        `contextfmt.json:3:19: to[1]: expected "all" or a list of clients among ${SYNC_TOOLS.join(", ")}, received "cursorr"`,
      ],
      [
        '{ "from": "../../etc" }\n',
        `contextfmt.json:1:11: from: expected one of ${SYNC_TOOLS.join(", ")}, received "../../etc"`,
      ],
      [
        '{\n  "from": "claude",\n  "tos": "all"\n}\n',
        'contextfmt.json:3:3: "tos": not a field of contextfmt.json; its fields: $schema, from, to, only, exclude, accept (did you mean "to"?)',
      ],
      ['{\n  "from": "claude",\n  "to": \n', "contextfmt.json:4:1: invalid JSON: ValueExpected"],
      [
        '{ "accept": ["untrusted", 3] }\n',
        "contextfmt.json:1:27: accept[1]: expected a list of doctor's problem codes among over_client_limit, shadowed, not_loaded, duplicate_content, hook_over_limit, out_of_sync, read_otherwise, untrusted, unreadable, received a number",
      ],
    ];
    for (const [text, message] of cases) {
      const dir = repository({ "contextfmt.json": text });
      const before = tree(dir);
      const { status, stderr } = contextfmt(["sync", "--to", "codex"], "", dir);
      expect(stderr).toBe(`contextfmt: ${dir}/${message}\n`);
      expect(status).toBe(1);
      expect(tree(dir)).toEqual(before);
    }
  });

  it("doctor reports the clients it syncs, and --strict passes over the codes it accepts", () => {
    const MCP = '{ "mcpServers": { "db": { "command": "db-server" } } }\n';
    const dir = repository({ ".mcp.json": MCP });
    const plain = contextfmt(["doctor", "--json", "--strict"], "", dir);
    const codes = (JSON.parse(plain.stdout) as { problems: { code: string }[] }).problems.map(
      (problem) => problem.code,
    );
    expect(codes).toContain("untrusted");
    writeFileSync(
      join(dir, "contextfmt.json"),
      `{ "from": "claude", "to": ["codex"], "accept": [${[...new Set(codes)].map((c) => JSON.stringify(c)).join(", ")}] }\n`,
    );
    const configured = contextfmt(["doctor", "--json", "--strict"], "", join(dir, "pkg"));
    const report = JSON.parse(configured.stdout) as { clients: { client: string }[] };
    expect(report.clients.map((client) => client.client)).toEqual(["claude", "codex"]);
    expect(configured.status).toBe(0);
    const table = contextfmt(["doctor"], "", dir);
    expect(table.stdout).toMatch(
      /of them of a code contextfmt\.json accepts \(--strict passes over them\)\n$/,
    );
  });

  it("contextfmt schema config prints its JSON Schema", () => {
    const { stdout, status } = contextfmt(["schema", "config"]);
    expect(status).toBe(0);
    const schema = JSON.parse(stdout) as {
      properties: Record<string, unknown>;
      additionalProperties: boolean;
    };
    expect(Object.keys(schema.properties)).toEqual([
      "$schema",
      "from",
      "to",
      "only",
      "exclude",
      "accept",
    ]);
    expect(schema.additionalProperties).toBe(false);
  });
});
