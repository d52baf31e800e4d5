/**
 * `contextfmt/sync` called from code, as an editor extension or a CI step would: a plan is data,
 * applyPlan writes what it said (once), conflicts need `force`, init's plan writes what the bin's
 * `init` writes, the doctor's report is the bin's `--json`, and every verb names a bad argument.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ContextFmtError, InvalidInputError } from "contextfmt";
import {
  applyPlan,
  conflictError,
  doctor,
  initPlaces,
  type PlannedChange,
  ProjectFileError,
  planInit,
  planInitRemoval,
  planSync,
  SYNC_TOOLS,
  type WritePlan,
} from "contextfmt/sync";
import { describe, expect, it } from "vitest";
import { project, tree } from "../cli/project-dir.js";
import { contextfmt } from "../cli/run-bin.js";

const REVIEW = "---\ndescription: Review\n---\nReview the diff.\n";
const EXAMPLE_PROJECT = new URL("../../examples/project", import.meta.url).pathname;

/** What a plan shows as JSON: its data alone. */
const asJson = (plan: WritePlan) => JSON.parse(JSON.stringify(plan)) as Record<string, unknown>;

/** The files under `dir` (the empty folders left out). */
const filesOf = (dir: string) =>
  Object.fromEntries(Object.entries(tree(dir)).filter(([, text]) => text !== "(folder)"));

const paths = (files: readonly PlannedChange[]) => files.map((file) => file.path);

describe("a plan is data", () => {
  it("shows files, changed, warnings, conflicts and what each client loads as JSON, and nothing else", () => {
    const dir = project({ ".claude/commands/review.md": REVIEW, "CLAUDE.md": "Team notes\n" });
    const plan = planSync({ dir, from: "claude", to: ["gemini", "codex"] });
    const json = asJson(plan);
    expect(Object.keys(json)).toEqual(["files", "changed", "warnings", "conflicts", "loads"]);
    // A new file has no `before`: JSON leaves it out, as it does every undefined.
    for (const file of [...plan.files, ...plan.changed]) {
      expect(Object.keys(JSON.parse(JSON.stringify(file))).sort()).toEqual(
        ["after", "path", "warnings"].sort(),
      );
    }
    // Gemini CLI reads .agents/skills beside its own /review: Codex CLI's skill of the command
    // would be a second review there, so Codex CLI gets none, and says so.
    const skipped = {
      code: "item_skipped",
      severity: "warning",
      path: ".claude/commands/review.md",
      message:
        "not written for codex: Gemini CLI reads .agents/skills too, where a command written as a skill would be offered beside its own slash command of the same name",
    };
    const region = Buffer.byteLength(plan.changed[0]?.after ?? "");
    expect(json).toEqual({
      files: plan.files.map((file) => ({ ...file, before: undefined })),
      changed: plan.changed.map((file) => ({ ...file, before: undefined })),
      warnings: [skipped],
      conflicts: [],
      loads: [
        {
          client: "gemini",
          before: { bytes: 0, tokens: 0, items: 0 },
          after: { bytes: region, tokens: expect.any(Number), items: 1 },
        },
        {
          client: "codex",
          before: { bytes: 0, tokens: 0, items: 0 },
          after: { bytes: region, tokens: expect.any(Number), items: 0 },
        },
      ],
    });
    expect(paths(plan.changed)).toEqual(["AGENTS.md", "GEMINI.md", ".gemini/commands/review.toml"]);
    // Planning writes nothing.
    expect(Object.keys(tree(dir))).toEqual([".claude/commands/review.md", "CLAUDE.md"]);
  });

  it("is frozen: nothing can be added to it or taken out", () => {
    const plan = planSync({ dir: project(), from: "claude", to: ["codex"] });
    expect(Object.isFrozen(plan)).toBe(true);
  });

  it("applyPlan takes only a plan made by planSync or planInit: a copy or a hand-made one is refused", () => {
    const dir = project({ ".claude/commands/review.md": REVIEW });
    const plan = planSync({ dir, from: "claude", to: ["gemini"] });
    const handMade: WritePlan = {
      files: [{ path: "x.md", before: undefined, after: "x\n", warnings: [] }],
      changed: [{ path: "x.md", before: undefined, after: "x\n", warnings: [] }],
      warnings: [],
      conflicts: [],
    };
    for (const fake of [handMade, { ...plan }, JSON.parse(JSON.stringify(plan)), undefined]) {
      expect(() => applyPlan(fake)).toThrow(InvalidInputError);
      expect(() => applyPlan(fake)).toThrow(
        /^plan: expected a plan made by planSync or planInit, received /,
      );
    }
    expect(Object.keys(tree(dir))).toEqual([".claude/commands/review.md"]);
  });
});

describe("applyPlan", () => {
  it("writes what the plan said, byte for byte; a second planSync then changes nothing", () => {
    const dir = project({ ".claude/commands/review.md": REVIEW, "CLAUDE.md": "Team notes\n" });
    const plan = planSync({ dir, from: "claude", to: ["gemini", "codex"] });
    const applied = applyPlan(plan);
    expect(applied).toEqual({ done: plan.changed, warnings: [] });
    const files = tree(dir);
    for (const file of plan.changed) expect(files[file.path]).toBe(file.after);
    expect(files[".contextfmt/written.json"]).toBeDefined();
    const again = planSync({ dir, from: "claude", to: ["gemini", "codex"] });
    expect(again.changed).toEqual([]);
    expect(paths(again.files)).toEqual(paths(plan.files));
    expect(applyPlan(again)).toEqual({ done: [], warnings: [] });
    expect(tree(dir)).toEqual(files);
  });

  it("writes a plan once: applied again it is a typed error, nothing written", () => {
    const dir = project({ ".claude/commands/review.md": REVIEW });
    const plan = planSync({ dir, from: "claude", to: ["gemini"] });
    applyPlan(plan);
    const files = tree(dir);
    expect(() => applyPlan(plan)).toThrow(ProjectFileError);
    expect(() => applyPlan(plan)).toThrow(/^\.gemini\/commands\/review\.toml changed while/);
    expect(tree(dir)).toEqual(files);
  });

  it("refuses a plan whose file changed since it was planned, naming it, writing nothing", () => {
    const dir = project({ ".claude/commands/review.md": REVIEW, "CLAUDE.md": "Team notes\n" });
    const plan = planSync({ dir, from: "claude", to: ["gemini"] });
    writeFileSync(join(dir, "GEMINI.md"), "mine\n");
    const files = tree(dir);
    expect(() => applyPlan(plan)).toThrow(ProjectFileError);
    expect(() => applyPlan(plan)).toThrow(/^GEMINI\.md changed while/);
    // No file written (the folders planned for them may be left, empty).
    expect(filesOf(dir)).toEqual(files);
  });

  it("throws ProjectFileError for a plan with conflicts unless forced, writing nothing", () => {
    const mine = '{\n  "mcpServers": { "github": { "command": "my-own-github" } }\n}\n';
    const dir = project({
      ".mcp.json": JSON.stringify({ mcpServers: { github: { command: "gh-mcp" } } }),
      ".gemini/settings.json": mine,
    });
    const plan = planSync({ dir, from: "claude", to: ["gemini"], kinds: ["mcp"] });
    expect(plan.conflicts).toEqual([".gemini/settings.json: mcpServers.github"]);
    const error = conflictError(plan);
    expect(error).toBeInstanceOf(ProjectFileError);
    expect(() => applyPlan(plan)).toThrow(error?.message as string);
    expect(() => applyPlan(plan, { force: false })).toThrow(ProjectFileError);
    expect(readFileSync(join(dir, ".gemini/settings.json"), "utf8")).toBe(mine);
    expect(tree(dir)[".contextfmt/written.json"]).toBeUndefined();
    expect(paths(applyPlan(plan, { force: true }).done)).toEqual([".gemini/settings.json"]);
    expect(readFileSync(join(dir, ".gemini/settings.json"), "utf8")).toContain('"gh-mcp"');
  });

  it("a plan without conflicts has no conflict error", () => {
    expect(conflictError(planSync({ dir: project(), from: "claude", to: ["codex"] }))).toBe(
      undefined,
    );
  });
});

describe("planInit", () => {
  it.each([
    ["claude", undefined],
    ["codex", "all"],
    ["cline", "all"],
    ["opencode", undefined],
    ["cursor", "session-start,post-tool-use"],
  ] as const)(
    "%s (events %s) written by applyPlan is what `contextfmt init` writes, byte for byte",
    (client, events) => {
      const settings = { ".claude/settings.json": '{\n  // mine\n  "model": "sonnet"\n}\n' };
      const byBin = project(settings);
      const byCode = project(settings);
      const flags = events === undefined ? [] : ["--events", events];
      expect(contextfmt(["init", client, byBin, ...flags]).status).toBe(0);
      const plan = planInit({ dir: byCode, client, ...(events === undefined ? {} : { events }) });
      expect(applyPlan(plan).done).toEqual(plan.changed);
      expect(tree(byCode)).toEqual(tree(byBin));
      // Again: nothing to write, by either.
      expect(planInit({ dir: byCode, client }).changed).toEqual([]);
    },
  );

  it("names the files it writes, as the help lists them", () => {
    expect(initPlaces("claude")).toEqual([".claude/settings.json"]);
    expect(initPlaces("cline")).toEqual([".clinerules/hooks/<Event>"]);
  });
});

describe("doctor()", () => {
  it("deep-equals what `contextfmt doctor --json` prints on the bundled example project", async () => {
    const { stdout, stderr, status } = contextfmt(["doctor", EXAMPLE_PROJECT, "--json"]);
    expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
    // The bin reads the user's files as its environment names them (the suite's home is empty).
    const user = { env: process.env, platform: process.platform };
    const fromCode = await doctor({ dir: EXAMPLE_PROJECT, user });
    // Through JSON as the bin prints it: the same data, undefined fields left out alike.
    expect(JSON.parse(JSON.stringify(fromCode))).toStrictEqual(JSON.parse(stdout));
    expect(fromCode.clients.length).toBe(SYNC_TOOLS.length);
  });
});

/** Calls `verb` and returns what it threw (or rejected with). */
async function thrown(verb: () => unknown): Promise<unknown> {
  try {
    await verb();
  } catch (error) {
    return error;
  }
  throw new Error("nothing thrown");
}

describe("bad arguments are a typed error naming the argument", () => {
  const dir = project();
  const cases: [string, () => unknown, string][] = [
    ["planSync: options not an object", () => planSync("." as never), "options: expected"],
    ["planSync: no `to`", () => planSync({ from: "claude" } as never), "to: expected clients"],
    ["planSync: `to` a string", () => planSync({ to: "codex" } as never), "to: expected clients"],
    [
      "planSync: an unknown client",
      () => planSync({ dir, from: "claude", to: ["vim" as never] }),
      "to: expected clients among claude,",
    ],
    [
      "planSync: an unknown source",
      () => planSync({ dir, from: "vim" as never, to: ["codex"] }),
      "from: expected one of claude,",
    ],
    [
      "planSync: a bad kind",
      () => planSync({ dir, from: "claude", to: ["codex"], kinds: ["command", "toml" as never] }),
      "kinds: expected kinds among command,",
    ],
    [
      "planSync: kinds not a list",
      () => planSync({ dir, from: "claude", to: ["codex"], kinds: "mcp" as never }),
      "kinds: expected kinds among",
    ],
    [
      "planSync: no source for commands",
      () => planSync({ dir, to: ["codex"], kinds: ["command"] }),
      "from: expected the source client",
    ],
    [
      "planSync: the rules kind without rules",
      () => planSync({ dir, to: ["codex"], kinds: ["rules"] }),
      "rules: expected the rules input",
    ],
    [
      "planSync: a bad budget",
      () => planSync({ dir, to: ["codex"], kinds: ["rules"], rules: [], budget: -1 }),
      "budget: expected a whole number >= 0",
    ],
    ["planSync: dir not a string", () => planSync({ dir: 1 as never, to: [] }), "dir: expected"],
    ["applyPlan: no plan", () => applyPlan(null as never), "plan: expected a plan"],
    ["planInit: options not an object", () => planInit([] as never), "options: expected"],
    [
      "planInit: an unknown client",
      () => planInit({ dir, client: "vim" as never }),
      'client: expected "claude" |',
    ],
    ["planInit: no client", () => planInit({ dir } as never), "client: expected"],
    [
      "planInit: events not a string",
      () => planInit({ dir, client: "claude", events: ["all"] as never }),
      "events: expected a string",
    ],
    [
      "planInit: an unknown event",
      () => planInit({ dir, client: "claude", events: "nope" }),
      '--events: unknown claude event "nope"',
    ],
    ["initPlaces: an unknown client", () => initPlaces("vim" as never), "client: expected"],
    [
      "planInitRemoval: an unknown client",
      () => planInitRemoval({ dir, client: "vim" as never }),
      'client: expected "claude" |',
    ],
    [
      "planInitRemoval: dir not a string",
      () => planInitRemoval({ dir: 1 as never, client: "claude" }),
      "dir: expected",
    ],
    ["doctor: options not an object", () => doctor(3 as never), "options: expected"],
    [
      "doctor: an unknown client",
      () => doctor({ dir, clients: ["claude", "vim" as never] }),
      "clients: expected clients among claude,",
    ],
    ["doctor: clients a string", () => doctor({ dir, clients: "claude" as never }), "clients:"],
    [
      "doctor: a bad counter",
      () => doctor({ dir, counter: { count: "3" } as never }),
      "counter: expected a token counter",
    ],
    ["doctor: dir not a string", () => doctor({ dir: 1 as never }), "dir: expected a string"],
  ];

  it.each(cases)("%s", async (_name, verb, message) => {
    const error = await thrown(verb);
    expect(ContextFmtError.is(error)).toBe(true);
    // The message opens with the argument's name.
    expect((error as Error).message.startsWith(message)).toBe(true);
  });

  it("a folder that is not there is a ProjectFileError naming it", async () => {
    const gone = join(dir, "nope");
    for (const verb of [
      () => planSync({ dir: gone, from: "claude", to: ["codex"] }),
      () => planInit({ dir: gone, client: "claude" }),
      () => doctor({ dir: gone }),
    ]) {
      const error = await thrown(verb);
      expect(ProjectFileError.is(error)).toBe(true);
      expect((error as Error).message).toContain(gone);
    }
  });
});
