/**
 * init for each client (planInit and applyPlan, in process): hook entries added in place, once,
 * the user's own kept, and the hook they install runs.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { parse as parseToml } from "smol-toml";
import { describe, expect, it } from "vitest";
import { sha256 } from "../../src/workspace/evidence.js";
import { Project } from "../../src/workspace/project.js";
import { WrittenRecord } from "../../src/workspace/record.js";
import { project } from "../cli/project-dir.js";
import { BIN } from "../cli/run-bin.js";
import { init } from "./run-init.js";

/** A project with `files` and the bin installed where the hooks run it. */
const installed = (files: Record<string, string> = {}) =>
  project(files, { "node_modules/.bin/contextfmt": BIN });

describe("init", () => {
  it("is idempotent: a second init writes nothing", () => {
    const dir = project({ ".codex/config.toml": '# mine\r\nmodel = "o3"\r\n' });
    init(dir, "codex");
    const after = readFileSync(join(dir, ".codex/config.toml"), "utf8");
    expect(init(dir, "codex")).toEqual({ written: [], warnings: [] });
    expect(readFileSync(join(dir, ".codex/config.toml"), "utf8")).toBe(after);
    expect(after.startsWith('# mine\r\nmodel = "o3"\r\n\r\n[[hooks.SessionStart]]\r\n')).toBe(true);
    expect(after).not.toMatch(/[^\r]\n/);
    const config = parseToml(after) as {
      features: { hooks: boolean };
      hooks: Record<string, unknown[]>;
    };
    expect(config.features.hooks).toBe(true);
    expect(Object.keys(config.hooks)).toEqual(["SessionStart", "UserPromptSubmit"]);
  });

  it("keeps the user's own hooks and the starter files they already have", () => {
    const own = '{"hooks":{"SessionStart":[{"hooks":[{"type":"command","command":"my-hook"}]}]}}';
    const dir = project({ ".gemini/settings.json": own, ".contextfmt/rules.json": '{"rules":[]}' });
    init(dir, "gemini");
    const settings = JSON.parse(readFileSync(join(dir, ".gemini/settings.json"), "utf8"));
    expect(
      settings.hooks.SessionStart.map(
        (g: { hooks: { command: string }[] }) => g.hooks[0]?.command.split(" ")[0],
      ),
    ).toEqual(["my-hook", '"$GEMINI_PROJECT_DIR"/node_modules/.bin/contextfmt']);
    expect(readFileSync(join(dir, ".contextfmt/rules.json"), "utf8")).toBe('{"rules":[]}');
  });

  it("the hooks it installs inject nothing from the blank starter files, then what the user writes", () => {
    const dir = installed();
    init(dir, "claude");
    const settings = JSON.parse(readFileSync(join(dir, ".claude/settings.json"), "utf8"));
    const run = (event: string, fields: Record<string, string>) => {
      const group = settings.hooks[event][0];
      return execFileSync("/bin/sh", ["-c", group.hooks[0].command as string], {
        input: JSON.stringify({
          session_id: "s",
          transcript_path: "/t",
          cwd: dir,
          hook_event_name: event,
          ...fields,
        }),
        env: {
          ...process.env,
          CLAUDE_PROJECT_DIR: dir,
          PATH: `${dirname(process.execPath)}:${process.env.PATH}`,
        },
        encoding: "utf8",
      });
    };
    // No example rule, project block, TODO or memory goes live: every file is blank.
    for (const name of ["rules", "project", "session", "memories"]) {
      expect(readFileSync(join(dir, `.contextfmt/${name}.json`), "utf8")).toBe("");
    }
    expect(run("SessionStart", { source: "startup" })).toBe("{}\n");
    expect(run("UserPromptSubmit", { prompt: "How does billing store money?" })).toBe("{}\n");
    writeFileSync(
      join(dir, ".contextfmt/rules.json"),
      JSON.stringify({
        rules: [
          {
            name: "cents",
            rule: "Store money as integer cents",
            category: "behavior",
            authority: "absolute",
          },
        ],
      }),
    );
    writeFileSync(
      join(dir, ".contextfmt/project.json"),
      JSON.stringify({ projectId: "shop", name: "Shop", status: "active" }),
    );
    const context = JSON.parse(run("SessionStart", { source: "startup" })).hookSpecificOutput
      .additionalContext as string;
    expect(context).toContain("Store money as integer cents");
    expect(context).toContain('<PROJECT name="Shop"');
  });

  it("a starter file an earlier init wrote with examples, unchanged since, is made blank; a filled one stays", () => {
    const dir = project();
    init(dir, "claude");
    // What an earlier init wrote: example rules and project, live in every session.
    const examples = '{ "rules": [{ "name": "atomic_commits", "rule": "Make atomic commits" }] }\n';
    const own = WrittenRecord.read(Project.at(dir));
    own.set({ path: ".contextfmt/rules.json", kind: "starter", sha256: sha256(examples) });
    own.set({ path: ".contextfmt/project.json", kind: "starter", sha256: sha256("{}") });
    writeFileSync(join(dir, ".contextfmt/written.json"), own.text());
    expect(own.saveEvidence()).toEqual([]);
    writeFileSync(join(dir, ".contextfmt/rules.json"), examples);
    writeFileSync(join(dir, ".contextfmt/project.json"), '{ "projectId": "shop" }');
    expect(init(dir, "claude")).toEqual({ written: [".contextfmt/rules.json"], warnings: [] });
    expect(readFileSync(join(dir, ".contextfmt/rules.json"), "utf8")).toBe("");
    expect(readFileSync(join(dir, ".contextfmt/project.json"), "utf8")).toBe(
      '{ "projectId": "shop" }',
    );
  });
});

/** The command lines of a settings file's hooks, by event. */
function commands(settings: { hooks: Record<string, unknown[]> }): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(settings.hooks).map(([event, list]) => [
      event,
      list.flatMap((entry) => {
        const { bash, hooks } = entry as { bash?: string; hooks?: { command: string }[] };
        return bash !== undefined ? [bash] : (hooks ?? []).map((hook) => hook.command);
      }),
    ]),
  );
}

const exampleFile = (path: string) =>
  JSON.parse(readFileSync(new URL(`../../examples/hooks/${path}`, import.meta.url), "utf8"));

describe("init for every hook tool and event", () => {
  it("copilot: .github/hooks/contextfmt.json in Copilot CLI's shape, the example's commands", () => {
    const dir = project();
    expect(init(dir, "copilot").written).toContain(".github/hooks/contextfmt.json");
    const written = JSON.parse(readFileSync(join(dir, ".github/hooks/contextfmt.json"), "utf8"));
    expect(written.version).toBe(1);
    expect(written.hooks.SessionStart).toEqual([
      {
        type: "command",
        bash: "node_modules/.bin/contextfmt hook copilot session-start --rules .contextfmt/rules.json --project .contextfmt/project.json --session .contextfmt/session.json",
        cwd: ".",
        timeoutSec: 10,
      },
    ]);
    // The commands of the example the real client runs (test/clients/copilot-qwen.clients.ts).
    const example = commands(exampleFile("copilot/contextfmt.json"));
    expect(commands(written)).toEqual({
      SessionStart: example.SessionStart,
      UserPromptSubmit: example.UserPromptSubmit,
    });
  });

  it("qwen --events all: every Qwen Code event with context, the example's commands where it has them", () => {
    const dir = project({ ".qwen/settings.json": '{\n  "model": { "name": "x" }\n}\n' });
    expect(init(dir, "qwen", "all").warnings).toEqual([]);
    const written = JSON.parse(readFileSync(join(dir, ".qwen/settings.json"), "utf8"));
    expect(written.model).toEqual({ name: "x" });
    const installed = commands(written);
    expect(Object.keys(installed)).toEqual([
      "SessionStart",
      "UserPromptSubmit",
      "PostToolUse",
      "PostToolUseFailure",
    ]);
    const example = commands(exampleFile("qwen/settings.json"));
    for (const [event, list] of Object.entries(example)) expect(installed[event]).toEqual(list);
    expect(installed.PostToolUse).toEqual([
      "node_modules/.bin/contextfmt hook qwen post-tool-use --session .contextfmt/session.json",
    ]);
  });

  it("claude --events all leaves out the events the hook answers with nothing, and PostToolBatch", () => {
    const dir = project();
    init(dir, "claude", "all");
    const written = JSON.parse(readFileSync(join(dir, ".claude/settings.json"), "utf8"));
    expect(Object.keys(written.hooks)).toEqual([
      "SessionStart",
      "SubagentStart",
      "UserPromptSubmit",
      "PreToolUse",
      "PostToolUse",
      "PostToolUseFailure",
    ]);
    expect(commands(written).SubagentStart?.[0]).toMatch(
      / hook claude subagent-start --rules \S+ --project \S+$/,
    );
    // A second init, with other events, adds only what is missing; the same again writes nothing.
    const more = init(dir, "claude", "post-tool-batch,session-start");
    expect(more.written).toEqual([".claude/settings.json"]);
    expect(init(dir, "claude", "all").written).toEqual([]);
  });
});
