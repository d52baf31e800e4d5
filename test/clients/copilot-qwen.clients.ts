/**
 * GitHub Copilot CLI and Qwen Code as hook tools, with the real clients headless and offline
 * against a scripted model (Copilot CLI in its offline mode with an Anthropic-style provider of
 * your own; Qwen Code with its Anthropic provider): the context of each event in HOOK_EVENTS
 * reaches the next request; the example settings inject what each moment needs; a resumed
 * session gets its SessionStart context again, once.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { HOOK_EVENTS } from "contextfmt/hooks";
import { afterAll, describe, expect, it } from "vitest";
import { BIN } from "../cli/run-bin.js";
import { COPILOT_ENV } from "./offline-clients.js";
import {
  HOOK_OUTPUT,
  hookProject,
  MARKER_FILES,
  type ModelScript,
  marker,
  modelBodies,
  occurrences,
  runScripted,
} from "./run-scripted.js";

const example = (path: string) =>
  readFileSync(new URL(`../../examples/hooks/${path}`, import.meta.url), "utf8");

/** Reads a file that exists and one that does not, then answers. */
const readTwo = (dir: string, tool: string, path: string): ModelScript => ({
  replies: [
    {
      when: ["TOOL_PROMPT"],
      unless: ["tool_result"],
      times: 1,
      reply: {
        tools: [
          { name: tool, input: { [path]: join(dir, "exists.txt") } },
          { name: tool, input: { [path]: join(dir, "missing.txt") } },
        ],
      },
    },
  ],
});

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A project with the marker files and a file to read. */
function project() {
  const made = hookProject(MARKER_FILES);
  dirs.push(made.dir);
  writeFileSync(join(made.dir, "exists.txt"), "hello\n");
  return made;
}

describe("GitHub Copilot CLI", () => {
  /** Copilot CLI offline, its model an Anthropic-style provider: the scripted server. */
  const copilotRun = (made: { dir: string; home: string }, script: ModelScript, args: string[]) =>
    runScripted(
      "copilot",
      script,
      args,
      {
        HOME: made.home,
        ...COPILOT_ENV,
      },
      made.dir,
    );
  const copilot = (made: { dir: string; home: string }, script: ModelScript, args: string[]) =>
    modelBodies(copilotRun(made, script, args));
  const install = (dir: string, hooks: string) => {
    mkdirSync(join(dir, ".github/hooks"), { recursive: true });
    writeFileSync(join(dir, ".github/hooks/contextfmt.json"), hooks);
  };

  it("each event's context, read at the top level, reaches the next request", () => {
    const made = project();
    const events = Object.keys(HOOK_EVENTS.copilot);
    install(
      made.dir,
      JSON.stringify({
        version: 1,
        hooks: Object.fromEntries(
          events.map((event) => [
            event,
            [
              {
                type: "command",
                bash: `"${process.execPath}" "${HOOK_OUTPUT}" copilot ${event} ${marker(event)}`,
              },
            ],
          ]),
        ),
      }),
    );
    const bodies = copilot(made, readTwo(made.dir, "view", "path"), ["-p", "TOOL_PROMPT read"]);
    const first = bodies[0] ?? "";
    expect(first).toContain(marker("SessionStart"));
    expect(first).toContain(marker("UserPromptSubmit"));
    const after = bodies.find((body) => body.includes("tool_result")) ?? "";
    for (const event of ["PreToolUse", "PostToolUse", "PostToolUseFailure"]) {
      expect(first, event).not.toContain(marker(event));
      expect(after, event).toContain(marker(event));
    }
  });

  it("the example: rules, project, memories; after a failed tool the brief context; resume: once", () => {
    const made = project();
    install(made.dir, example("copilot/contextfmt.json"));
    const run = copilotRun(made, readTwo(made.dir, "view", "path"), ["-p", "TOOL_PROMPT read"]);
    const bodies = modelBodies(run);
    const first = bodies[0] ?? "";
    expect(occurrences(first, "RULE_MARKER_7Q")).toBe(1);
    expect(first).toContain('<PROJECT name=\\"PROJECT_MARKER_Beacon\\"');
    expect(first).toContain("MEMORY_MARKER_5Z");
    const after = bodies.find((body) => body.includes("tool_result")) ?? "";
    expect(after).toContain("Related: SESSION_MARKER_3K");
    // Copilot CLI does not send the earlier SessionStart context again on resume.
    const session = /copilot --resume=([0-9a-f-]+)/.exec(run.output)?.[1] ?? "";
    expect(session).not.toBe("");
    const resumed = copilot(made, { replies: [] }, [`--resume=${session}`, "-p", "SECOND_PROMPT"]);
    const again = resumed.find((body) => body.includes("SECOND_PROMPT")) ?? "";
    expect(again).toContain("TOOL_PROMPT");
    expect(occurrences(again, "RULE_MARKER_7Q")).toBe(1);
  });
  it("contextfmt init copilot --events all: every event's context reaches the model", () => {
    const made = project();
    execFileSync(process.execPath, [BIN, "init", "copilot", made.dir, "--events", "all"]);
    const bodies = copilot(made, readTwo(made.dir, "view", "path"), ["-p", "TOOL_PROMPT read"]);
    const first = bodies[0] ?? "";
    expect(occurrences(first, "RULE_MARKER_7Q")).toBe(1);
    expect(first).toContain("PROJECT_MARKER_Beacon");
    expect(first).toContain("MEMORY_MARKER_5Z");
    const after = bodies.find((body) => body.includes("tool_result")) ?? "";
    expect(after).toContain("SESSION_MARKER_3K");
  });
});

describe("Qwen Code", () => {
  const qwen = (made: { dir: string; home: string }, script: ModelScript, args: string[]) =>
    modelBodies(
      runScripted(
        "qwen",
        script,
        ["--yolo", ...args],
        { HOME: made.home, ANTHROPIC_API_KEY: "x" },
        made.dir,
      ),
    ).filter((body) => !body.includes("memory extraction subagent"));
  const install = (home: string, hooks: unknown) => {
    mkdirSync(join(home, ".qwen"), { recursive: true });
    writeFileSync(
      join(home, ".qwen/settings.json"),
      JSON.stringify({
        security: { auth: { selectedType: "anthropic" } },
        model: { name: "claude-sonnet-4-5" },
        hooks,
      }),
    );
  };

  it("each event's context reaches the next request", () => {
    const made = project();
    const events = Object.keys(HOOK_EVENTS.qwen);
    install(
      made.home,
      Object.fromEntries(
        events.map((event) => [
          event,
          [
            {
              hooks: [
                {
                  type: "command",
                  command: `"${process.execPath}" "${HOOK_OUTPUT}" qwen ${event} ${marker(event)}`,
                },
              ],
            },
          ],
        ]),
      ),
    );
    const bodies = qwen(made, readTwo(made.dir, "read_file", "file_path"), ["TOOL_PROMPT read"]);
    const first = bodies[0] ?? "";
    expect(first).toContain(marker("SessionStart"));
    expect(first).toContain(marker("UserPromptSubmit"));
    const after = bodies.find((body) => body.includes("tool_result")) ?? "";
    for (const event of ["PostToolUse", "PostToolUseFailure"]) {
      expect(first, event).not.toContain(marker(event));
      expect(after, event).toContain(marker(event));
    }
  });

  it("the example: no XML, which Qwen Code escapes; resume: the context again, once", () => {
    const made = project();
    install(made.home, JSON.parse(example("qwen/settings.json")).hooks);
    const first = qwen(made, readTwo(made.dir, "read_file", "file_path"), ["TOOL_PROMPT read"]);
    const start = first[0] ?? "";
    expect(occurrences(start, "RULE_MARKER_7Q")).toBe(1);
    expect(start).toContain("### Project: PROJECT_MARKER_Beacon (active)");
    expect(start).toContain("Related: MEMORY_MARKER_5Z");
    // Nothing of ours was escaped: no tag reached Qwen Code to escape.
    expect(start).not.toMatch(/&lt;\/?(?:PROJECT|memory|directive)/);
    const after = first.find((body) => body.includes("tool_result")) ?? "";
    expect(after).toContain("Related: SESSION_MARKER_3K");
    // The blank prompt Qwen Code sends after the tools gets no memories a second time.
    expect(occurrences(after, "MEMORY_MARKER_5Z")).toBe(1);
    const resumed = qwen(made, { replies: [] }, ["--continue", "SECOND_PROMPT again"]);
    const again = resumed.find((body) => body.includes("SECOND_PROMPT")) ?? "";
    expect(again).toContain("TOOL_PROMPT");
    expect(occurrences(again, "RULE_MARKER_7Q")).toBe(1);
  });

  it("contextfmt init qwen --events all, in the project's .qwen/settings.json: each event's context arrives", () => {
    const made = project();
    install(made.home, undefined);
    execFileSync(process.execPath, [BIN, "init", "qwen", made.dir, "--events", "all"]);
    const bodies = qwen(made, readTwo(made.dir, "read_file", "file_path"), ["TOOL_PROMPT read"]);
    const first = bodies[0] ?? "";
    expect(occurrences(first, "RULE_MARKER_7Q")).toBe(1);
    expect(first).toContain("### Project: PROJECT_MARKER_Beacon (active)");
    expect(first).toContain("Related: MEMORY_MARKER_5Z");
    const after = bodies.find((body) => body.includes("tool_result")) ?? "";
    expect(after).toContain("SESSION_MARKER_3K");
  });
});
