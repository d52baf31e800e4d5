/**
 * `init --remove` in process (planInitRemoval, then applyPlan): exactly what init added goes,
 * byte for byte back to the user's file; what the user changed since stays, named in a warning.
 */
import { existsSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { applyPlan, planInitRemoval } from "contextfmt/sync";
import { describe, expect, it } from "vitest";
import type { HookTool } from "../../src/hooks/events.js";
import { project, tree } from "../cli/project-dir.js";
import { init, warningLine } from "./run-init.js";

/** `init <client> --remove` in process: the paths written or removed, and every warning. */
function remove(dir: string, client: HookTool) {
  const plan = planInitRemoval({ dir, client });
  const applied = applyPlan(plan);
  return {
    done: applied.done.map(
      (file) => `${file.after === undefined ? "removed" : "wrote"} ${file.path}`,
    ),
    hooks: plan.hooks.map((hook) => `${hook.path} ${hook.event}`),
    warnings: [...plan.warnings, ...applied.warnings].map(warningLine),
  };
}

const STARTERS = [
  ".contextfmt/rules.json",
  ".contextfmt/project.json",
  ".contextfmt/session.json",
  ".contextfmt/memories.json",
  ".contextfmt/README.md",
];

const CLAUDE = `{
  // shared with the team
  "model": "sonnet",
  "hooks": {
    "SessionStart": [
      // the team's own
      { "hooks": [{ "type": "command", "command": "./env.sh" }] }
    ]
  }
}
`;

const CODEX = '# mine\r\nmodel = "o3"\r\n\r\n[features]\r\nweb_search = true\r\n';

describe("init --remove", () => {
  it("claude: the settings file is byte for byte the user's again; init's files and the record go", () => {
    const dir = project({ ".claude/settings.json": CLAUDE });
    init(dir, "claude");
    expect(readFileSync(join(dir, ".claude/settings.json"), "utf8")).not.toBe(CLAUDE);
    expect(remove(dir, "claude")).toEqual({
      done: ["wrote .claude/settings.json", ...STARTERS.map((path) => `removed ${path}`)],
      hooks: [".claude/settings.json SessionStart", ".claude/settings.json UserPromptSubmit"],
      warnings: [],
    });
    expect(tree(dir)).toEqual({ ".claude/settings.json": CLAUDE });
    // Nothing of init's is left: a second removal takes nothing out.
    expect(remove(dir, "claude")).toEqual({ done: [], hooks: [], warnings: [] });
  });

  it("codex: its hooks' tables and features.hooks go, CRLF and comments as they were", () => {
    const dir = project({ ".codex/config.toml": CODEX });
    init(dir, "codex");
    expect(remove(dir, "codex").hooks).toEqual([
      ".codex/config.toml SessionStart",
      ".codex/config.toml UserPromptSubmit",
    ]);
    expect(tree(dir)).toEqual({ ".codex/config.toml": CODEX });
  });

  it("a settings file init made is removed once empty; so are Cline's scripts and OpenCode's plugin", () => {
    for (const client of ["gemini", "cursor", "copilot", "cline", "opencode"] as const) {
      const dir = project();
      init(dir, client);
      expect(remove(dir, client).warnings).toEqual([]);
      expect(tree(dir)).toEqual({});
    }
  });

  it("what the user changed stays, each named: a filled starter, an edited hook entry", () => {
    const dir = project({ ".claude/settings.json": CLAUDE });
    init(dir, "claude");
    const rules = '{ "rules": [{ "name": "cents", "rule": "Store money as integer cents" }] }\n';
    writeFileSync(join(dir, ".contextfmt/rules.json"), rules);
    const settings = join(dir, ".claude/settings.json");
    // The user gives init's prompt hook a longer timeout.
    const edited = readFileSync(settings, "utf8").replace(
      /(user-prompt-submit[^\n]*\n\s*"timeout": )10/,
      "$130",
    );
    writeFileSync(settings, edited);
    const result = remove(dir, "claude");
    expect(result.hooks).toEqual([".claude/settings.json SessionStart"]);
    expect(result.warnings).toEqual([
      ".claude/settings.json: hooks.UserPromptSubmit: kept: changed since contextfmt init wrote it (take it out by hand if it should go)",
      ".contextfmt/: kept: the hooks of claude still read it",
    ]);
    const after = readFileSync(settings, "utf8");
    expect(after).toContain('"timeout": 30');
    expect(after).not.toContain("session-start");
    expect(after).toContain("// the team's own");
    // The files the kept hook reads stay.
    expect(readFileSync(join(dir, ".contextfmt/rules.json"), "utf8")).toBe(rules);
  });

  it("a filled starter stays with a line saying so; the blank ones and the README go", () => {
    const dir = project();
    init(dir, "claude");
    writeFileSync(join(dir, ".contextfmt/project.json"), '{ "projectId": "shop", "name": "Shop" }');
    const result = remove(dir, "claude");
    expect(result.warnings).toEqual([
      ".contextfmt/project.json: kept: changed since contextfmt init wrote it (take it out by hand if it should go)",
    ]);
    expect(Object.keys(tree(dir))).toEqual([".contextfmt/project.json"]);
  });

  it("the starter files stay while another client's hooks read them, and go with the last", () => {
    const dir = project();
    init(dir, "claude");
    init(dir, "codex");
    const first = remove(dir, "claude");
    expect(first.warnings).toEqual([".contextfmt/: kept: the hooks of codex still read it"]);
    expect(existsSync(join(dir, ".contextfmt/rules.json"))).toBe(true);
    expect(existsSync(join(dir, ".claude/settings.json"))).toBe(false);
    expect(remove(dir, "codex").done).toEqual([
      "removed .codex/config.toml",
      ...STARTERS.map((path) => `removed ${path}`),
    ]);
    expect(tree(dir)).toEqual({});
  });

  it("a hook entry the record does not hold is the user's: never taken out", () => {
    const dir = project({ ".claude/settings.json": CLAUDE });
    init(dir, "claude");
    // The record lost (deleted by the user): nothing is known to be init's any more.
    writeFileSync(join(dir, ".contextfmt/written.json"), '{ "version": 1, "written": [] }');
    const before = tree(dir);
    expect(remove(dir, "claude")).toEqual({ done: [], hooks: [], warnings: [] });
    const after = tree(dir);
    for (const files of [before, after]) delete files[".contextfmt/written.json"];
    expect(after).toEqual(before);
  });
});

describe("init --remove in a cloned project", () => {
  it("a record shipped with the project removes nothing: its entries are kept, each named", () => {
    // Another project's init, its record and settings copied in as a clone would ship them.
    const other = project({ ".git/HEAD": "ref: refs/heads/main\n" });
    init(other, "claude");
    const dir = project({
      ".git/HEAD": "ref: refs/heads/main\n",
      ".contextfmt/written.json": readFileSync(join(other, ".contextfmt/written.json"), "utf8"),
      ".claude/settings.json": readFileSync(join(other, ".claude/settings.json"), "utf8"),
      ".contextfmt/rules.json": "",
    });
    const before = tree(dir);
    const { done, hooks, warnings } = remove(dir, "claude");
    expect(done).toEqual([]);
    expect(hooks).toEqual([]);
    const kept = (event: string) =>
      `.claude/settings.json: hooks.${event}: kept: the record lists it as contextfmt's, but this user's contextfmt has no evidence of writing it here (an init by whoever wrote it can take it out)`;
    expect(warnings).toEqual([
      kept("SessionStart"),
      kept("UserPromptSubmit"),
      ".contextfmt/: kept: the hooks of claude still read it",
    ]);
    expect(tree(dir)).toEqual(before);
  });

  it("a settings file that is a link into .git is neither read through nor written", () => {
    const dir = project({ ".git/config": "[core]\n\tbare = false\n" });
    init(dir, "claude");
    const config = readFileSync(join(dir, ".git/config"), "utf8");
    rmSync(join(dir, ".claude/settings.json"));
    symlinkSync("../.git/config", join(dir, ".claude/settings.json"));
    expect(() => remove(dir, "claude")).toThrow(/\.claude\/settings\.json/);
    expect(readFileSync(join(dir, ".git/config"), "utf8")).toBe(config);
  });
});
