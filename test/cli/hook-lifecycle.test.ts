/**
 * `contextfmt hook` over a session's whole life: what SessionStart injects per `source`, what a
 * subagent gets, the events that inject nothing, and Codex CLI's byte limit.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type HookTool, SESSION_START_CONTEXT, utf8Length } from "contextfmt/hooks";
import { describe, expect, it } from "vitest";
import { hookInputs } from "../fixtures/hook-inputs.js";
import { manyRules } from "../fixtures/rules.js";
import { ALL_FILES, contextfmt, example, kebab, NOW, RULES } from "./run-bin.js";

const dir = mkdtempSync(join(tmpdir(), "contextfmt-hook-lifecycle-"));

function run(
  tool: HookTool,
  payload: { hook_event_name: string; [field: string]: unknown },
  ...flags: string[]
) {
  const result = contextfmt(
    ["hook", tool, kebab(payload.hook_event_name), ...flags, "--now", NOW],
    JSON.stringify(payload),
  );
  expect(result.status).toBe(0);
  return { output: JSON.parse(result.stdout), stderr: result.stderr };
}

/** The context a hook printed: in hookSpecificOutput, or for Copilot CLI at the top level. */
const contextOf = (output: {
  hookSpecificOutput?: { additionalContext?: string };
  additionalContext?: string;
}) => output.hookSpecificOutput?.additionalContext ?? output.additionalContext ?? "";

describe("SessionStart injects what the moment needs, by source", () => {
  const sources = (Object.keys(SESSION_START_CONTEXT) as HookTool[]).flatMap((tool) =>
    Object.entries(SESSION_START_CONTEXT[tool]).map(([source, context]) => ({
      tool,
      source,
      context,
    })),
  );

  it.each(sources)("$tool $source: $context", ({ tool, source, context }) => {
    // Only tools whose session start names a source have rows (Cursor's names none).
    const start = (hookInputs[tool] as Readonly<Record<string, { hook_event_name: string }>>)
      .SessionStart as { hook_event_name: string };
    const payload = { ...start, source };
    const { output } = run(tool, payload, ...ALL_FILES);
    if (context === "none") {
      expect(output).toEqual({});
    } else {
      const startup = run(tool, start, ...ALL_FILES).output;
      expect(output).toEqual(startup);
      expect(contextOf(output)).toMatch(/Project Memory Rules|PROJECT CONTEXT RULES|You are/);
    }
  });

  it("the whole context again after compaction and clear; nothing on a Claude Code resume", () => {
    const claude = hookInputs.claude.SessionStart;
    const compact = contextOf(run("claude", { ...claude, source: "compact" }, ...ALL_FILES).output);
    expect(compact).toContain("# Project Memory Rules");
    expect(compact).toContain('<PROJECT name="Atlas" status="active">');
    expect(compact).toContain("## Relevant Context");
    const resume = run(
      "claude",
      { ...claude, source: "resume", context_tokens: 48_213, prompt_cache_likely_expired: true },
      ...ALL_FILES,
    );
    expect(resume.output).toEqual({});
    expect(resume.stderr).toBe("");
  });

  it("Cursor's sessionStart names no source: a new conversation, everything", () => {
    const { output, stderr } = run("cursor", hookInputs.cursor.sessionStart, ...ALL_FILES);
    expect(Object.keys(output)).toEqual(["additional_context"]);
    // The rules in the format its AGENTS.md gets.
    expect((output as { additional_context: string }).additional_context).toContain(
      "PROJECT CONTEXT RULES",
    );
    expect(stderr).toBe("");
  });

  it("a source the table does not know gets everything: twice is better than lost", () => {
    const payload = { ...hookInputs.codex.SessionStart, source: "teleport" };
    expect(contextOf(run("codex", payload, "--rules", RULES).output)).toContain(
      "PROJECT CONTEXT RULES",
    );
  });

  it("reads no file when a resume injects nothing (a broken file does not matter then)", () => {
    const broken = join(dir, "broken.json");
    writeFileSync(broken, "{ not json");
    const payload = { ...hookInputs.claude.SessionStart, source: "resume" };
    expect(run("claude", payload, "--rules", broken).output).toEqual({});
  });
});

describe("what each new event injects", () => {
  it("SubagentStart: the rules and the project for the subagent's own conversation", () => {
    for (const tool of ["claude", "codex"] as const) {
      const context = contextOf(run(tool, hookInputs[tool].SubagentStart, ...ALL_FILES).output);
      expect(context).toContain('<PROJECT name="Atlas" status="active">');
      expect(context).not.toContain("## Relevant Context");
      expect(context).not.toContain("<memory");
      const rules = contextOf(run(tool, hookInputs[tool].SessionStart, "--rules", RULES).output);
      expect(context.startsWith(rules.trimEnd())).toBe(true);
    }
  });

  it("PostToolUseFailure and PostToolBatch: the brief context, as after any tool", () => {
    const after = contextOf(
      run("claude", hookInputs.claude.PostToolUse, "--session", example("session.json")).output,
    );
    expect(after).toMatch(/^Related: /);
    for (const payload of [hookInputs.claude.PostToolUseFailure, hookInputs.claude.PostToolBatch]) {
      const { output } = run("claude", payload, ...ALL_FILES);
      expect(output).toEqual({
        hookSpecificOutput: { hookEventName: payload.hook_event_name, additionalContext: after },
      });
    }
  });

  it.each([
    hookInputs.claude.Stop,
    hookInputs.claude.SubagentStop,
    hookInputs.claude.UserPromptExpansion,
    hookInputs.claude.PostModelSwitch,
  ])("$hook_event_name: nothing, whatever the files", (payload) => {
    const { output, stderr } = run("claude", payload, ...ALL_FILES);
    expect(output).toEqual({});
    expect(stderr).toBe("");
  });
});

describe("Copilot CLI and Qwen Code", () => {
  it("Copilot CLI: the context at the top level; after a failed tool the brief context", () => {
    const start = run("copilot", hookInputs.copilot.SessionStart, ...ALL_FILES).output;
    expect(Object.keys(start)).toEqual(["additionalContext"]);
    expect(start.additionalContext).toContain('<PROJECT name="Atlas" status="active">');
    const { output } = run("copilot", hookInputs.copilot.PostToolUseFailure, ...ALL_FILES);
    expect(output).toEqual({
      additionalContext: expect.stringMatching(/^Related: Added exponential backoff/),
    });
  });

  it("Qwen Code: no XML (it escapes it); nothing for the blank prompt it sends after each tool", () => {
    const start = contextOf(run("qwen", hookInputs.qwen.SessionStart, ...ALL_FILES).output);
    expect(start).toContain("### Project: Atlas (active)");
    expect(start).not.toMatch(/<\/?[A-Za-z]/);
    const prompt = run("qwen", hookInputs.qwen.UserPromptSubmit, ...ALL_FILES);
    expect(contextOf(prompt.output)).toMatch(/^Related: /);
    const blank = run("qwen", { ...hookInputs.qwen.UserPromptSubmit, prompt: "" }, ...ALL_FILES);
    expect(blank.output).toEqual({});
  });
});

describe("Codex CLI: context kept under its 10,000 bytes, not 10,000 characters", () => {
  it("two-byte text: fewer characters, every byte counted", () => {
    const rules = join(dir, "accented.json");
    const accented = manyRules(300).map((rule) => ({
      ...rule,
      rule: `${rule.rule.replace(/[aeiou]/g, "é")} ${"ü".repeat(40)}`,
    }));
    writeFileSync(rules, JSON.stringify({ rules: accented }));
    const { output, stderr } = run(
      "codex",
      hookInputs.codex.SessionStart,
      "--rules",
      rules,
      "--budget",
      "100000",
    );
    const context = contextOf(output);
    expect(utf8Length(context)).toBeLessThanOrEqual(10_000);
    expect(utf8Length(context)).toBeGreaterThan(9_000);
    expect(context.length).toBeLessThan(9_000);
    expect(stderr).toMatch(/item_skipped at --rules/);
    expect(stderr).not.toMatch(/over_hook_limit/);
  });
});

describe("--cache-stable: the same files give the same text, whenever the hook runs", () => {
  it("every format in its cache-stable layout, independent of --now", () => {
    const at = (now: string) =>
      contextfmt(
        ["hook", "codex", "session-start", ...ALL_FILES, "--cache-stable", "--now", now],
        JSON.stringify(hookInputs.codex.SessionStart),
      ).stdout;
    const first = at("2025-10-04T20:00:00Z");
    expect(at("2025-10-05T09:30:00Z")).toBe(first);
    const context = contextOf(JSON.parse(first));
    expect(context).toContain("[1] CRITICAL atomic_commits (Behavior)");
    expect(context).not.toContain("Generated:");
    expect(context).toContain("- Recent related work (2025-10-04 17:30 UTC): Added exponential");
    // Without the flag the clock shows: the check above can fail.
    const plain = (now: string) =>
      contextfmt(
        ["hook", "codex", "session-start", ...ALL_FILES, "--now", now],
        JSON.stringify(hookInputs.codex.SessionStart),
      ).stdout;
    expect(plain("2025-10-05T09:30:00Z")).not.toBe(plain("2025-10-04T20:00:00Z"));
  });
});
