/**
 * The `rule-file` kind on real layouts: each client's rules folder (`.claude/rules`,
 * `.cursor/rules`, `.clinerules`, `.github/instructions`) carried into each target's own folder
 * with its condition, the rules loaded at every start into the instruction region of a target
 * without a folder, every rule a target gets none of named in a warning; each target loads each
 * rule once, a second sync changes nothing, and doctor finds nothing after it.
 *
 * The layouts are shaped after public repositories of each kind (a Claude Code project with
 * path-scoped rules in subfolders, a Cursor project mixing the four rule types beside AGENTS.md,
 * a Cline project whose instructions are all in `.clinerules/`, Cline's older single-file
 * `.clinerules`); their texts are written here.
 */
import { existsSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { applyPlan, doctor, planSync, type SyncTool } from "contextfmt/sync";
import { describe, expect, it } from "vitest";
import { summedLosses } from "../../src/cli/loss-summary.js";
import { parseProjectConfig } from "../../src/config/project-config.js";
import { project } from "../cli/project-dir.js";

const read = (dir: string, path: string) => readFileSync(join(dir, path), "utf8");

const EVERY: SyncTool[] = [
  "claude",
  "codex",
  "gemini",
  "copilot",
  "qwen",
  "opencode",
  "cursor",
  "cline",
  "kilo",
];
const others = (from: SyncTool) => EVERY.filter((tool) => tool !== from);

/** Syncs; a second sync changes nothing; doctor then finds no problem for a client of the run. */
async function syncTwice(dir: string, from: SyncTool, to: SyncTool[], only?: string[]) {
  const kinds = only as Parameters<typeof planSync>[0]["kinds"];
  const plan = planSync({ dir, from, to, ...(kinds ? { kinds } : {}) });
  expect(plan.conflicts).toEqual([]);
  applyPlan(plan);
  const again = planSync({ dir, from, to, ...(kinds ? { kinds } : {}) });
  expect(again.changed.map((file) => file.path)).toEqual([]);
  const report = await doctor({ dir, clients: [...new Set([from, ...to])] });
  expect(report.problems).toEqual([]);
  return plan;
}

/** The not_carried warnings of a plan, as `path: message`. */
const notCarried = (plan: ReturnType<typeof planSync>) =>
  plan.warnings
    .filter((issue) => issue.code === "not_carried")
    .map((issue) => `${issue.path}: ${issue.message}`);

const CLAUDE_PROJECT = {
  "CLAUDE.md": "# Shop\n\nUse pnpm, never npm.\n",
  ".claude/rules/style.md": "# Style\n\n- Tabs, not spaces.\n- No default exports.\n",
  ".claude/rules/frontend/react.md":
    '---\npaths:\n  - "src/**/*.{ts,tsx}"\n---\n\n# React\n\n- Function components only.\n',
};

describe("from Claude Code's .claude/rules", () => {
  it("into every client: folders keep the condition, the rest goes into the region or is said", async () => {
    const dir = project(CLAUDE_PROJECT);
    const plan = await syncTwice(dir, "claude", others("claude"));
    // Cursor's globs are one comma-separated text: the brace's comma would split there.
    expect(read(dir, ".cursor/rules/frontend/react.mdc")).toBe(
      "---\nglobs: src/**/*.ts,src/**/*.tsx\nalwaysApply: false\n---\n\n# React\n\n- Function components only.\n",
    );
    expect(read(dir, ".clinerules/frontend-react.md")).toBe(
      "---\npaths:\n  - src/**/*.{ts,tsx}\n---\n\n# React\n\n- Function components only.\n",
    );
    expect(read(dir, ".github/instructions/frontend/react.instructions.md")).toBe(
      "---\napplyTo: src/**/*.ts,src/**/*.tsx\n---\n\n# React\n\n- Function components only.\n",
    );
    // The rule loaded at every start follows the instructions in AGENTS.md, which Cursor,
    // Cline and Copilot read too: none of them gets a file of it besides.
    expect(read(dir, "AGENTS.md")).toBe(
      "<!-- contextfmt:begin -->\n<!-- contextfmt:instructions -->\n# Shop\n\nUse pnpm, never npm.\n\n<!-- rule from .claude/rules/style.md -->\n# Style\n\n- Tabs, not spaces.\n- No default exports.\n<!-- contextfmt:end -->\n",
    );
    expect(existsSync(join(dir, ".cursor/rules/style.mdc"))).toBe(false);
    expect(existsSync(join(dir, ".clinerules/style.md"))).toBe(false);
    expect(read(dir, "GEMINI.md")).toContain("<!-- rule from .claude/rules/style.md -->");
    // The scoped rule cannot go where it would load at every start: said, once per kind of loss.
    expect(notCarried(plan)).toEqual(
      ["codex", "gemini", "qwen", "opencode", "kilo"].map(
        (to) =>
          `.claude/rules/frontend/react.md: frontend/react.applies: frontend/react: not carried to ${to}: ${
            {
              codex: "Codex CLI",
              gemini: "Gemini CLI",
              qwen: "Qwen Code",
              opencode: "OpenCode",
              kilo: "Kilo Code",
            }[to]
          } reads no rule files, and a rule loaded for matching files cannot go into its instruction file (it would load it at every start)`,
      ),
    );
  });

  it("a rule gone from the source is taken out of each target; one the user changed stays, said", async () => {
    const dir = project(CLAUDE_PROJECT);
    await syncTwice(dir, "claude", ["cursor", "copilot"]);
    writeFileSync(join(dir, ".github/instructions/frontend/react.instructions.md"), "mine now\n");
    rmSync(join(dir, ".claude/rules/frontend/react.md"));
    const plan = planSync({ dir, from: "claude", to: ["cursor", "copilot"] });
    expect(plan.changed.map((file) => [file.path, file.after])).toContainEqual([
      ".cursor/rules/frontend/react.mdc",
      undefined,
    ]);
    expect(plan.warnings).toContainEqual(
      expect.objectContaining({
        code: "kept_changed",
        path: ".github/instructions/frontend/react.instructions.md",
      }),
    );
    applyPlan(plan);
    expect(existsSync(join(dir, ".cursor/rules/frontend/react.mdc"))).toBe(false);
    expect(read(dir, ".github/instructions/frontend/react.instructions.md")).toBe("mine now\n");
  });

  it("a rule that became a link out of the project keeps its copy, said in the warning", async () => {
    const dir = project(CLAUDE_PROJECT);
    await syncTwice(dir, "claude", ["cursor"]);
    const copy = read(dir, ".cursor/rules/frontend/react.mdc");
    const outside = project({ "react.md": CLAUDE_PROJECT[".claude/rules/frontend/react.md"] });
    rmSync(join(dir, ".claude/rules/frontend/react.md"));
    symlinkSync(join(outside, "react.md"), join(dir, ".claude/rules/frontend/react.md"));
    const plan = planSync({ dir, from: "claude", to: ["cursor"], kinds: ["rule-file"] });
    expect(plan.changed).toEqual([]);
    expect(read(dir, ".cursor/rules/frontend/react.mdc")).toBe(copy);
    expect(plan.warnings).toContainEqual(
      expect.objectContaining({
        code: "outside_project",
        path: ".claude/rules/frontend/react.md",
        message: expect.stringMatching(
          /; what contextfmt wrote from it stays: \.cursor\/rules\/frontend\/react\.mdc$/,
        ),
      }),
    );
  });

  it("a rule file an earlier sync wrote goes once the target reads the rule elsewhere, saying where", async () => {
    const dir = project(CLAUDE_PROJECT);
    await syncTwice(dir, "claude", ["cursor"]);
    expect(read(dir, ".cursor/rules/style.mdc")).toBe(
      "---\nalwaysApply: true\n---\n# Style\n\n- Tabs, not spaces.\n- No default exports.\n",
    );
    const plan = await syncTwice(dir, "claude", ["cursor", "codex"]);
    expect(plan.changed.find((file) => file.path === ".cursor/rules/style.mdc")).toMatchObject({
      after: undefined,
      warnings: [
        {
          code: "removed",
          message: "the file taken out: Cursor reads the rule in AGENTS.md",
        },
      ],
    });
  });

  it("a user's own rule file where sync would write is a conflict, replaced only with force", () => {
    const dir = project({ ...CLAUDE_PROJECT, ".cursor/rules/frontend/react.mdc": "my own rule\n" });
    const plan = planSync({ dir, from: "claude", to: ["cursor"] });
    expect(plan.conflicts).toEqual([".cursor/rules/frontend/react.mdc"]);
    expect(() => applyPlan(plan)).toThrow(/not replaced/);
    expect(read(dir, ".cursor/rules/frontend/react.mdc")).toBe("my own rule\n");
  });

  it("--only rule-file: the rule loaded at every start is said for Codex CLI, with the way to carry it", () => {
    const dir = project(CLAUDE_PROJECT);
    const plan = planSync({ dir, from: "claude", to: ["codex"], kinds: ["rule-file"] });
    expect(plan.changed).toEqual([]);
    expect(notCarried(plan)).toContain(
      ".claude/rules/style.md: style.applies: style: not carried to codex: Codex CLI reads no rule files (with the instructions kind, its instruction file AGENTS.md holds it)",
    );
  });

  it("the loss summary says each kind of loss once, naming every rule", () => {
    const dir = project({
      ...CLAUDE_PROJECT,
      ".claude/rules/api.md": "---\npaths: src/api/**\n---\nValidate input with zod.\n",
    });
    const plan = planSync({ dir, from: "claude", to: ["codex"] });
    expect(summedLosses(plan.warnings.filter((issue) => issue.code === "not_carried"))).toEqual([
      {
        code: "not_carried",
        severity: "warning",
        message:
          "not carried to codex: Codex CLI reads no rule files, and a rule loaded for matching files cannot go into its instruction file (it would load it at every start), for 2 items: api (.claude/rules/api.md), frontend/react (.claude/rules/frontend/react.md)",
      },
    ]);
  });
});

const CURSOR_PROJECT = {
  "AGENTS.md": "# Agents\n\nRun `make test` before a commit.\n",
  ".cursor/rules/base.mdc":
    "---\ndescription: House rules\nalwaysApply: true\n---\nWrite commit messages in English.\n",
  ".cursor/rules/tests.mdc":
    "---\nglobs: tests/**/*.py, conftest.py\nalwaysApply: false\n---\nUse pytest fixtures.\n",
  ".cursor/rules/migrations.mdc":
    "---\ndescription: How to write a database migration\nalwaysApply: false\n---\nNever edit an applied migration.\n",
  ".cursor/rules/release.mdc": "---\nalwaysApply: false\n---\nTag releases as vX.Y.Z.\n",
};

describe("from Cursor's .cursor/rules", () => {
  it("each rule type by meaning: always, globs, when the model asks, only when named", async () => {
    const dir = project(CURSOR_PROJECT);
    const to: SyncTool[] = ["claude", "copilot", "cline", "codex", "gemini"];
    const plan = await syncTwice(dir, "cursor", to);
    expect(read(dir, ".claude/rules/base.md")).toBe(
      "---\ndescription: House rules\n---\nWrite commit messages in English.\n",
    );
    expect(read(dir, ".claude/rules/tests.md")).toBe(
      "---\npaths:\n  - tests/**/*.py\n  - conftest.py\n---\nUse pytest fixtures.\n",
    );
    expect(read(dir, ".github/instructions/tests.instructions.md")).toBe(
      "---\napplyTo: tests/**/*.py,conftest.py\n---\nUse pytest fixtures.\n",
    );
    // Cline reads AGENTS.md, which holds no rule: it gets its own file. Copilot CLI reads
    // GEMINI.md, which holds it for Gemini CLI: no second copy.
    expect(existsSync(join(dir, ".github/instructions/base.instructions.md"))).toBe(false);
    expect(read(dir, ".clinerules/base.md")).toBe(
      "---\ndescription: House rules\n---\nWrite commit messages in English.\n",
    );
    // Gemini CLI gets it after the instructions; Codex CLI reads AGENTS.md, Cursor's own file.
    expect(read(dir, "GEMINI.md")).toContain(
      "<!-- rule from .cursor/rules/base.mdc -->\nWrite commit messages in English.",
    );
    expect(read(dir, "AGENTS.md")).toBe(CURSOR_PROJECT["AGENTS.md"]);
    const said = notCarried(plan);
    expect(said).toContain(
      ".cursor/rules/base.mdc: base.applies: base: not carried to codex: Codex CLI reads no rule files, and its instruction file AGENTS.md is read by Cursor too, which would load the rule twice (move the rule into AGENTS.md to share it)",
    );
    for (const target of ["claude", "copilot", "cline"]) {
      expect(
        said.filter((line) => line.includes(`migrations: not carried to ${target}:`)),
      ).toHaveLength(1);
      expect(
        said.filter((line) => line.includes(`release: not carried to ${target}:`)),
      ).toHaveLength(target === "copilot" ? 0 : 1);
    }
    expect(said).toContain(
      ".cursor/rules/migrations.mdc: migrations.applies: migrations: not carried to claude: Claude Code has no rule loaded when the model asks for it by its description",
    );
  });
});

describe("from Cline's .clinerules", () => {
  const CLINE_PROJECT = {
    ".clinerules/01-architecture.md": "# Architecture\n\nServices talk through the queue only.\n",
    ".clinerules/02-testing.md":
      '---\npaths:\n  - "services/**"\n---\nEvery service has a contract test.\n',
    ".clinerules/workflows/release.md": "Release steps.\n",
  };

  it("all of Cline's instructions in rule files: each target loads them, its way", async () => {
    const dir = project(CLINE_PROJECT);
    const plan = await syncTwice(
      dir,
      "cline",
      ["claude", "cursor", "gemini", "codex"],
      ["instructions", "rule-file"],
    );
    expect(read(dir, ".claude/rules/01-architecture.md")).toBe(
      CLINE_PROJECT[".clinerules/01-architecture.md"],
    );
    expect(read(dir, ".claude/rules/02-testing.md")).toBe(
      "---\npaths:\n  - services/**\n---\nEvery service has a contract test.\n",
    );
    expect(read(dir, ".cursor/rules/01-architecture.mdc")).toBe(
      "---\nalwaysApply: true\n---\n# Architecture\n\nServices talk through the queue only.\n",
    );
    expect(read(dir, "GEMINI.md")).toBe(
      "<!-- contextfmt:begin -->\n<!-- contextfmt:instructions -->\n<!-- rule from .clinerules/01-architecture.md -->\n# Architecture\n\nServices talk through the queue only.\n<!-- contextfmt:end -->\n",
    );
    // Cline reads AGENTS.md beside its rules: Codex CLI's copy there would reach Cline twice.
    expect(existsSync(join(dir, "AGENTS.md"))).toBe(false);
    expect(notCarried(plan)).toContain(
      ".clinerules/01-architecture.md: 01-architecture.applies: 01-architecture: not carried to codex: Codex CLI reads no rule files, and its instruction file AGENTS.md is read by Cline too, which would load the rule twice (move the rule into AGENTS.md to share it)",
    );
  });

  it("Cline's older single .clinerules file: a source rule, and as a target no stop", async () => {
    const dir = project({ ".clinerules": "Prefer small pull requests.\n" });
    await syncTwice(dir, "cline", ["claude"], ["instructions", "rule-file"]);
    expect(read(dir, ".claude/rules/clinerules.md")).toBe("Prefer small pull requests.\n");

    const target = project({ ...CLAUDE_PROJECT, ".clinerules": "Cline's own rules.\n" });
    const plan = await syncTwice(target, "claude", ["cline"]);
    // Its rule loaded at every start goes into AGENTS.md, which Cline reads.
    expect(read(target, "AGENTS.md")).toContain("<!-- rule from .claude/rules/style.md -->");
    expect(read(target, ".clinerules")).toBe("Cline's own rules.\n");
    expect(notCarried(plan)).toEqual([
      ".claude/rules/frontend/react.md: frontend/react.applies: frontend/react: not carried to cline: .clinerules is a file, where its rule files need a folder, and a rule loaded for matching files cannot go into its instruction file (it would load it at every start)",
    ]);
  });
});

describe("from Copilot's .github/instructions", () => {
  it("applyTo ** is always; globs stay globs", async () => {
    const dir = project({
      ".github/copilot-instructions.md": "Answer briefly.\n",
      ".github/instructions/general.instructions.md":
        '---\napplyTo: "**"\n---\nUse British spelling.\n',
      ".github/instructions/docs.instructions.md":
        '---\napplyTo: "docs/**/*.md"\ndescription: Docs style\n---\nOne sentence per line.\n',
    });
    await syncTwice(dir, "copilot", ["claude", "cursor"]);
    expect(read(dir, ".claude/rules/general.md")).toBe("Use British spelling.\n");
    expect(read(dir, ".cursor/rules/docs.mdc")).toBe(
      "---\ndescription: Docs style\nglobs: docs/**/*.md\nalwaysApply: false\n---\nOne sentence per line.\n",
    );
    expect(read(dir, ".cursor/rules/general.mdc")).toBe(
      "---\nalwaysApply: true\n---\nUse British spelling.\n",
    );
  });
});

describe("rule files an AGENTS.md imports, when CLAUDE.md imports that AGENTS.md", () => {
  it("a target that does not follow imports is told what it misses, unless it reads the file itself", () => {
    const dir = project({
      "CLAUDE.md": "@AGENTS.md\n",
      "AGENTS.md": "# Agents\n\nRun the tests.\n\n@rules/style.mdc\n@.cursor/rules/db.mdc\n",
      "rules/style.mdc": "---\nalwaysApply: true\n---\nTabs only.\n",
      ".cursor/rules/db.mdc": "---\nalwaysApply: true\n---\nNo raw SQL.\n",
    });
    const plan = planSync({
      dir,
      from: "claude",
      to: ["codex", "cursor"],
      kinds: ["instructions"],
    });
    expect(notCarried(plan)).toEqual([
      "rules/style.mdc: not carried to codex, cursor: AGENTS.md imports it, which Claude Code follows and Codex CLI, Cursor do not; nothing is written into AGENTS.md, which Claude Code reads already (put its text into AGENTS.md to share it)",
      // Cursor reads its own rules folder: only Codex CLI misses it.
      ".cursor/rules/db.mdc: not carried to codex: AGENTS.md imports it, which Claude Code follows and Codex CLI does not; nothing is written into AGENTS.md, which Claude Code reads already (put its text into AGENTS.md to share it)",
    ]);
    expect(plan.changed).toEqual([]);
  });
});

describe("two rules, one name in a folder without subfolders", () => {
  it("the second is a warning naming both, and the rest is written", async () => {
    const dir = project({
      ".claude/rules/api/auth.md": "Check tokens.\n",
      ".claude/rules/api-auth.md": "Rotate keys.\n",
    });
    const plan = await syncTwice(dir, "claude", ["cline"], ["rule-file"]);
    // The folder's order: api/ before api-auth.md.
    expect(read(dir, ".clinerules/api-auth.md")).toBe("Check tokens.\n");
    expect(notCarried(plan)).toEqual([
      ".claude/rules/api-auth.md: api-auth.applies: api-auth: not carried to cline: .claude/rules/api/auth.md goes to .clinerules/api-auth.md already",
    ]);
  });
});

describe("every client with a rules folder, into every other client, one at a time", () => {
  /** Each source layout, and its rule loaded at every start with a line only it holds. */
  const LAYOUTS: [SyncTool, Record<string, string>, string, string][] = [
    ["claude", CLAUDE_PROJECT, ".claude/rules/style.md", "- No default exports."],
    ["cursor", CURSOR_PROJECT, ".cursor/rules/base.mdc", "Write commit messages in English."],
    [
      "cline",
      {
        "AGENTS.md": "# Agents\n\nKeep services small.\n",
        ".clinerules/base.md": "Log in JSON.\n",
        ".clinerules/web.md": "---\npaths:\n  - web/**\n---\nUse CSS modules.\n",
      },
      ".clinerules/base.md",
      "Log in JSON.",
    ],
    [
      "copilot",
      {
        ".github/copilot-instructions.md": "Answer briefly.\n",
        ".github/instructions/general.instructions.md":
          '---\napplyTo: "**"\n---\nUse British spelling.\n',
        ".github/instructions/go.instructions.md": '---\napplyTo: "**/*.go"\n---\nWrap errors.\n',
      },
      ".github/instructions/general.instructions.md",
      "Use British spelling.",
    ],
  ];
  for (const [from, files, always, line] of LAYOUTS) {
    for (const to of others(from)) {
      it(`${from} → ${to}: the rule loaded at every start reaches it once, or is named`, async () => {
        const dir = project(files);
        const plan = await syncTwice(dir, from, [to], ["instructions", "rule-file"]);
        const [report] = (await doctor({ dir, clients: [to] })).clients;
        const loaded = (report?.files ?? []).filter((file) => file.loaded);
        const text = loaded.map((file) => read(dir, file.path)).join("\n");
        const times = text.split(line).length - 1;
        const named = notCarried(plan).some((each) => each.startsWith(`${always}:`));
        expect({ times, named }).toEqual(named ? { times: 0, named } : { times: 1, named });
      });
    }
  }
});

describe("the kind's name", () => {
  it("contextfmt.json takes rule-files in only and exclude, and rules stays contextfmt's own", () => {
    expect(parseProjectConfig("contextfmt.json", '{ "only": ["rule-files", "rules"] }')).toEqual({
      only: ["rule-file", "rules"],
    });
    expect(() => parseProjectConfig("contextfmt.json", '{ "exclude": ["rule-file"] }')).toThrow(
      /rule-files/,
    );
  });
});
