/**
 * A Claude Code session's whole life, with the real client headless against a scripted model
 * (it answers with tool calls, a subagent, text): the context of every event in HOOK_EVENTS
 * reaches the next request the client sends; the hook command injects what each moment needs;
 * a resumed or forked session holds the first session's context once; after compaction it is
 * back, once.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { HOOK_EVENTS } from "contextfmt/hooks";
import { afterAll, describe, expect, it } from "vitest";
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

/** Claude Code's settings with `hooks`, in the project's home. */
function install(home: string, hooks: Record<string, unknown>): void {
  mkdirSync(join(home, ".claude"), { recursive: true });
  writeFileSync(join(home, ".claude", "settings.json"), JSON.stringify({ hooks }));
}

/** One hook entry per event: the hook prints `hookOutput` with the event's marker. */
function markerHooks(events: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(
    events.map((event) => [
      event,
      [
        {
          hooks: [
            {
              type: "command",
              command: `"${process.execPath}" "${HOOK_OUTPUT}" claude ${event} ${marker(event)}`,
            },
          ],
        },
      ],
    ]),
  );
}

const claude = (
  project: { dir: string; home: string },
  script: ModelScript,
  args: readonly string[],
) =>
  runScripted("claude", script, args, { HOME: project.home, ANTHROPIC_API_KEY: "x" }, project.dir);

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("Claude Code: each event's context reaches the next model request", () => {
  it("every event hookOutput writes for, in one session with tools, a subagent and a slash command", () => {
    const project = hookProject({});
    dirs.push(project.dir);
    writeFileSync(join(project.dir, "exists.txt"), "hello\n");
    mkdirSync(join(project.dir, ".claude/commands"), { recursive: true });
    writeFileSync(join(project.dir, ".claude/commands/probe.md"), "PROBE_BODY read the files\n");
    const events = Object.keys(HOOK_EVENTS.claude).filter((event) => event !== "PostModelSwitch");
    install(project.home, markerHooks(events));
    const run = claude(
      project,
      {
        replies: [
          {
            when: ["PROBE_BODY"],
            unless: ["tool_result"],
            times: 1,
            reply: {
              tools: [
                { name: "Read", input: { file_path: join(project.dir, "exists.txt") } },
                { name: "Read", input: { file_path: join(project.dir, "missing.txt") } },
              ],
            },
          },
          {
            when: ["PROBE_BODY", "tool_result"],
            unless: ["SUBAGENT_TASK"],
            times: 1,
            reply: {
              tool: {
                name: "Agent",
                input: {
                  description: "look around",
                  prompt: "SUBAGENT_TASK say hello",
                  subagent_type: "general-purpose",
                },
              },
            },
          },
        ],
      },
      ["-p", "/probe now", "--max-turns", "8", "--allowedTools", "Read", "Agent"],
    );
    const bodies = modelBodies(run);
    const first = bodies.findIndex((body) => body.includes("PROBE_BODY"));
    expect(first).toBeGreaterThanOrEqual(0);
    // Session start, prompt and slash command: in the first request.
    for (const event of ["SessionStart", "UserPromptSubmit", "UserPromptExpansion"]) {
      expect(bodies[first], event).toContain(marker(event));
    }
    // Tool events: not in the first request, in the one after the tool results.
    const afterTools = bodies.findIndex(
      (body) => body.includes("missing.txt") && body.includes("tool_result"),
    );
    for (const event of ["PreToolUse", "PostToolUse", "PostToolUseFailure", "PostToolBatch"]) {
      expect(bodies[first], event).not.toContain(marker(event));
      expect(bodies[afterTools], event).toContain(marker(event));
    }
    // The subagent's own conversation (the only one SubagentStart context goes to): its start
    // context, not the session's.
    const subagent = bodies.filter((body) => body.includes(marker("SubagentStart")));
    expect(subagent.length).toBeGreaterThan(0);
    expect(subagent[0]).not.toContain(marker("SessionStart"));
    expect(subagent[0]).not.toContain(marker("UserPromptSubmit"));
    // A stop's context makes the agent (and the subagent) take one more turn, with the context.
    const main = bodies.filter((body) => body.includes(marker("SessionStart")));
    for (const [bodiesOf, event] of [
      [subagent, "SubagentStop"],
      [main, "Stop"],
    ] as const) {
      const at = bodiesOf.findIndex((body) => body.includes(marker(event)));
      expect(at, event).toBeGreaterThan(0);
    }
  });

  it("PostModelSwitch: the context reaches the request the new model serves", () => {
    const project = hookProject({});
    dirs.push(project.dir);
    install(project.home, markerHooks(["PostModelSwitch"]));
    const lines = [
      {
        type: "control_request",
        request_id: "r1",
        request: { subtype: "set_model", model: "claude-haiku-4-5" },
      },
      { type: "user", message: { role: "user", content: "SWITCHED_PROMPT hello" } },
    ];
    const run = claude(
      project,
      { replies: [], stdin: lines.map((line) => `${JSON.stringify(line)}\n`).join("") },
      ["-p", "--input-format", "stream-json", "--output-format", "stream-json", "--verbose"],
    );
    const served = modelBodies(run).filter((body) => body.includes("SWITCHED_PROMPT"));
    expect(served.length).toBeGreaterThan(0);
    expect(served[0]).toContain('"model":"claude-haiku-4-5"');
    expect(served[0]).toContain(marker("PostModelSwitch"));
  });
});

const EXAMPLE = readFileSync(
  new URL("../../examples/hooks/claude/lifecycle.settings.json", import.meta.url),
  "utf8",
);

describe("Claude Code with the lifecycle example: what contextfmt hook injects at each moment", () => {
  it("session start: everything; a failed tool: the brief context; a subagent: rules and project", () => {
    const project = hookProject(MARKER_FILES);
    dirs.push(project.dir);
    install(project.home, JSON.parse(EXAMPLE).hooks);
    const run = claude(
      project,
      {
        replies: [
          {
            when: ["LIFE_PROMPT"],
            unless: ["tool_result"],
            times: 1,
            reply: { tool: { name: "Read", input: { file_path: join(project.dir, "gone.txt") } } },
          },
          {
            when: ["LIFE_PROMPT", "tool_result"],
            unless: ["SUBAGENT_TASK"],
            times: 1,
            reply: {
              tool: {
                name: "Agent",
                input: {
                  description: "d",
                  prompt: "SUBAGENT_TASK hi",
                  subagent_type: "general-purpose",
                },
              },
            },
          },
        ],
      },
      ["-p", "LIFE_PROMPT go", "--max-turns", "6", "--allowedTools", "Read", "Agent"],
    );
    const bodies = modelBodies(run);
    const first = bodies.find((body) => body.includes("LIFE_PROMPT")) ?? "";
    expect(occurrences(first, "RULE_MARKER_7Q")).toBe(1);
    expect(first).toContain("PROJECT_MARKER_Beacon");
    expect(first).toContain("## Relevant Context");
    expect(first).toContain("MEMORY_MARKER_5Z");
    const afterFailure = bodies.find(
      (body) => body.includes("gone.txt") && body.includes("tool_result"),
    );
    expect(afterFailure).toContain(
      "PostToolUseFailure:Read hook additional context: Related: SESSION_MARKER_3K",
    );
    const subagent = bodies.find(
      (body) => body.includes("SUBAGENT_TASK") && !body.includes("LIFE_PROMPT"),
    );
    expect(subagent).toContain("RULE_MARKER_7Q");
    expect(subagent).toContain("PROJECT_MARKER_Beacon");
    expect(subagent).not.toContain("## Relevant Context");
    expect(subagent).not.toContain("MEMORY_MARKER_5Z");
  });
});

describe("Claude Code resume, fork and compaction: the context once, never twice, never lost", () => {
  const project = hookProject(MARKER_FILES);
  dirs.push(project.dir);
  const session = randomUUID();
  const example = JSON.parse(EXAMPLE).hooks;
  // Beside the example, a SessionStart hook that injects on every source, as hooks did before,
  // with the time in its text (as the Codex format's Generated stamp or "2 hours ago" have):
  // Claude Code drops a resumed SessionStart text only when it is the same as before.
  install(project.home, {
    ...example,
    SessionStart: [
      ...example.SessionStart,
      {
        hooks: [
          {
            type: "command",
            command: `"${process.execPath}" "${HOOK_OUTPUT}" claude SessionStart ${STAMPED} --stamped`,
          },
        ],
      },
    ],
  });
  const say = (prompt: string, ...args: string[]) =>
    modelBodies(claude(project, { replies: [] }, ["-p", prompt, "--max-turns", "2", ...args]));
  const addRule = () =>
    writeFileSync(
      join(project.dir, ".contextfmt/rules.json"),
      JSON.stringify({
        rules: [
          ...MARKER_FILES["rules.json"].rules,
          {
            name: "added_later",
            rule: "RULE_ADDED_LATER keep commits small",
            category: "behavior",
            authority: "absolute",
          },
        ],
      }),
    );
  const lastWith = (bodies: string[], text: string) =>
    [...bodies].reverse().find((body) => body.includes(text)) ?? "";

  it("resume: the first session's context once; a hook that always injects is there twice", () => {
    const started = lastWith(say("FIRST_PROMPT", "--session-id", session), "FIRST_PROMPT");
    expect(occurrences(started, "RULE_MARKER_7Q")).toBe(1);
    expect(occurrences(started, STAMPED)).toBe(1);
    // A rule added between the sessions: injected again, the context would differ and be sent
    // beside the first one.
    addRule();
    const resumed = lastWith(say("SECOND_PROMPT", "--resume", session), "SECOND_PROMPT");
    expect(resumed).toContain("FIRST_PROMPT");
    expect(occurrences(resumed, "RULE_MARKER_7Q")).toBe(1);
    expect(occurrences(resumed, "PROJECT_MARKER_Beacon")).toBe(1);
    // The new rule waits for the next startup, clear or compaction.
    expect(resumed).not.toContain("RULE_ADDED_LATER");
    expect(occurrences(resumed, STAMPED)).toBe(2);
  });

  it("fork: a copy of the conversation, the context once", () => {
    const forked = lastWith(
      say("FORK_PROMPT", "--resume", session, "--fork-session"),
      "FORK_PROMPT",
    );
    expect(forked).toContain("SECOND_PROMPT");
    expect(occurrences(forked, "RULE_MARKER_7Q")).toBe(1);
  });

  it("compaction: the earlier context is summarised away, the context comes back once", () => {
    say("/compact", "--resume", session);
    const after = lastWith(say("AFTER_COMPACT", "--resume", session), "AFTER_COMPACT");
    expect(after).not.toContain("SECOND_PROMPT");
    expect(occurrences(after, "RULE_MARKER_7Q")).toBe(1);
    expect(occurrences(after, "PROJECT_MARKER_Beacon")).toBe(1);
    // The context injected after compaction is the files as they are now.
    expect(occurrences(after, "RULE_ADDED_LATER")).toBe(1);
  });
});
