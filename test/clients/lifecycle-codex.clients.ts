/**
 * A Codex CLI session's whole life, with the real client headless against a scripted model (it
 * answers with a shell call, a subagent, text, a context large enough to compact): the context
 * of every event in HOOK_EVENTS reaches the next request; the hook command injects what each
 * moment needs; a resumed or forked session holds the first session's context once; after
 * compaction it is back, once. And the hook schemas the tests use are the binary's own.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { HOOK_EVENTS } from "contextfmt/hooks";
import { afterAll, describe, expect, it } from "vitest";
import { binarySchemas, fixturePath } from "./codex-schemas.js";
import {
  HOOK_OUTPUT,
  hookProject,
  MARKER_FILES,
  type ModelScript,
  marker,
  modelBodies,
  occurrences,
  runScripted,
  STAMPED,
} from "./run-scripted.js";

/** A hook table in Codex's config.toml for one command. */
const table = (event: string, command: string, matcher?: string) =>
  `[[hooks.${event}]]\n${matcher ? `matcher = "${matcher}"\n` : ""}[[hooks.${event}.hooks]]\ntype = "command"\ncommand = '${command}'\ntimeout = 10\n`;

const markerCommand = (event: string, text = marker(event), ...extra: string[]) =>
  [`"${process.execPath}"`, `"${HOOK_OUTPUT}"`, "codex", event, text, ...extra].join(" ");

/** Runs `codex exec` (with `args` after `exec`), its model provider the scripted server. */
function codex(
  project: { dir: string; home: string },
  script: ModelScript,
  args: readonly string[],
  config: readonly string[] = [],
) {
  return runScripted(
    "codex",
    script,
    [
      "exec",
      "--json",
      "--dangerously-bypass-hook-trust",
      "--skip-git-repo-check",
      "-c",
      "model_provider=scripted",
      "-c",
      'model_providers.scripted={name="scripted",base_url="{BASE_URL}/v1",wire_api="responses",env_key="SCRIPTED_KEY"}',
      "-c",
      "model=gpt-5",
      ...config.flatMap((setting) => ["-c", setting]),
      ...args,
    ],
    { CODEX_HOME: project.home, HOME: project.home, SCRIPTED_KEY: "x" },
    project.dir,
  );
}

/** The thread id `codex exec --json` prints first. */
const threadOf = (output: string) => /"thread_id":"([^"]+)"/.exec(output)?.[1] ?? "";

/**
 * A shell call, then a subagent, then (so that `codex exec` does not end before the subagent has
 * asked the model anything) a few seconds of sleep, then text.
 */
const TOOL_THEN_SUBAGENT: ModelScript = {
  replies: [
    {
      when: ["MAIN_PROMPT"],
      unless: ["function_call_output"],
      times: 1,
      reply: { tool: { name: "exec_command", input: { cmd: "echo TOOL_RAN" } } },
    },
    {
      when: ["MAIN_PROMPT", "TOOL_RAN"],
      unless: ["SUBAGENT_TASK"],
      times: 1,
      reply: {
        tool: {
          name: "spawn_agent",
          namespace: "multi_agent_v1",
          input: { message: "SUBAGENT_TASK say hello" },
        },
      },
    },
    {
      when: ["MAIN_PROMPT", "SUBAGENT_TASK"],
      unless: ["sleep 3"],
      times: 1,
      reply: { tool: { name: "exec_command", input: { cmd: "sleep 3" } } },
    },
  ],
};

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("Codex CLI: each event's context reaches the next model request", () => {
  it("every event hookOutput writes for, in one session with a shell call and a subagent", () => {
    const project = hookProject({});
    dirs.push(project.dir);
    const events = Object.keys(HOOK_EVENTS.codex);
    writeFileSync(
      join(project.home, "config.toml"),
      `[features]\nhooks = true\n\n${events.map((event) => table(event, markerCommand(event))).join("\n")}`,
    );
    const bodies = modelBodies(codex(project, TOOL_THEN_SUBAGENT, ["MAIN_PROMPT go"]));
    const first = bodies[0] ?? "";
    expect(first).toContain(marker("SessionStart"));
    expect(first).toContain(marker("UserPromptSubmit"));
    const afterTool = bodies.find((body) => body.includes("TOOL_RAN\\n")) ?? "";
    for (const event of ["PreToolUse", "PostToolUse"]) {
      expect(first, event).not.toContain(marker(event));
      expect(afterTool, event).toContain(marker(event));
    }
    // The subagent's own thread: its start context, not the session's.
    const subagent = bodies.find((body) => body.includes(marker("SubagentStart"))) ?? "";
    expect(subagent).toContain("SUBAGENT_TASK say hello");
    expect(subagent).not.toContain(marker("SessionStart"));
    expect(subagent).not.toContain("MAIN_PROMPT");
  });
});

const EXAMPLE = readFileSync(
  new URL("../../examples/hooks/codex/lifecycle.config.toml", import.meta.url),
  "utf8",
);

describe("Codex CLI with the lifecycle example: what contextfmt hook injects at each moment", () => {
  it("session start: everything; after a tool: the brief context; a subagent: rules and project", () => {
    const project = hookProject(MARKER_FILES);
    dirs.push(project.dir);
    writeFileSync(join(project.home, "config.toml"), EXAMPLE);
    const bodies = modelBodies(codex(project, TOOL_THEN_SUBAGENT, ["MAIN_PROMPT go"]));
    const first = bodies[0] ?? "";
    expect(occurrences(first, "RULE_MARKER_7Q")).toBe(1);
    expect(first).toContain("PROJECT_MARKER_Beacon");
    expect(first).toContain("## Relevant Context");
    expect(first).toContain("MEMORY_MARKER_5Z");
    const afterTool = bodies.find((body) => body.includes("TOOL_RAN\\n")) ?? "";
    expect(afterTool).toContain("Related: SESSION_MARKER_3K");
    const subagent = bodies.find(
      (body) => body.includes("SUBAGENT_TASK") && !body.includes("MAIN_PROMPT"),
    );
    expect(subagent).toContain("RULE_MARKER_7Q");
    expect(subagent).toContain("PROJECT_MARKER_Beacon");
    expect(subagent).not.toContain("## Relevant Context");
  });
});

describe("Codex CLI resume, fork and compaction: the context once, never twice, never lost", () => {
  const project = hookProject(MARKER_FILES);
  dirs.push(project.dir);
  // Beside the example, a SessionStart hook that injects on every source, as hooks did before.
  writeFileSync(
    join(project.home, "config.toml"),
    `${EXAMPLE}\n${table("SessionStart", markerCommand("SessionStart", STAMPED, "--stamped"))}`,
  );
  const compactAt = "model_auto_compact_token_limit=1000";
  const say = (
    prompt: string,
    args: readonly string[] = [],
    script: ModelScript = { replies: [] },
  ) => {
    const run = codex(project, script, [...args, prompt], [compactAt]);
    return { thread: threadOf(run.output), bodies: modelBodies(run) };
  };
  const lastWith = (bodies: readonly string[], text: string) =>
    [...bodies].reverse().find((body) => body.includes(text)) ?? "";
  let thread = "";

  it("resume: the first session's context once; a hook that always injects is there twice", () => {
    const started = say("FIRST_PROMPT");
    thread = started.thread;
    expect(thread).not.toBe("");
    expect(occurrences(lastWith(started.bodies, "FIRST_PROMPT"), "RULE_MARKER_7Q")).toBe(1);
    writeFileSync(
      join(project.dir, ".contextfmt/rules.json"),
      JSON.stringify({
        rules: [
          ...MARKER_FILES["rules.json"].rules,
          {
            name: "later",
            rule: "RULE_ADDED_LATER keep commits small",
            category: "behavior",
            authority: "absolute",
          },
        ],
      }),
    );
    const resumed = lastWith(say("SECOND_PROMPT", ["resume", thread]).bodies, "SECOND_PROMPT");
    expect(resumed).toContain("FIRST_PROMPT");
    expect(occurrences(resumed, "RULE_MARKER_7Q")).toBe(1);
    expect(resumed).not.toContain("RULE_ADDED_LATER");
    expect(occurrences(resumed, STAMPED)).toBe(2);
  });

  it("fork: a copy of the conversation, the context once", () => {
    const forked = lastWith(say("FORK_PROMPT", ["fork", thread]).bodies, "FORK_PROMPT");
    expect(forked).toContain("SECOND_PROMPT");
    expect(occurrences(forked, "RULE_MARKER_7Q")).toBe(1);
  });

  it("compaction: the earlier context is summarised away, the context comes back once", () => {
    // The model reports a context far over the limit: Codex compacts before the next request.
    say("THIRD_PROMPT", ["resume", thread], {
      replies: [
        { when: ["THIRD_PROMPT"], times: 1, reply: { text: "noted", totalTokens: 900_000 } },
      ],
    });
    const { bodies } = say("AFTER_COMPACT", ["resume", thread]);
    const after = lastWith(bodies, "AFTER_COMPACT");
    expect(occurrences(after, "RULE_MARKER_7Q")).toBe(1);
    expect(occurrences(after, "RULE_ADDED_LATER")).toBe(1);
    expect(occurrences(after, "PROJECT_MARKER_Beacon")).toBe(1);
  });
});

describe("the Codex hook schemas in test/fixtures are the pinned binary's", () => {
  it("every input and output schema, field for field", () => {
    const schemas = binarySchemas();
    expect(schemas.size).toBeGreaterThanOrEqual(20);
    for (const [title, schema] of schemas) {
      const copy = JSON.parse(readFileSync(fixturePath(title), "utf8"));
      expect(copy, title).toEqual(schema);
    }
  });
});
