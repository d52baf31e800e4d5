/**
 * Guard once: a hook call checks its arguments where it enters (`answerHook`) and walks only
 * unchecked cores from there. Counted by V8 during one call, so a check that comes back in any
 * function, exported or not, shows.
 */
import * as hooks from "contextfmt/hooks";
import { makeCandidates, makeMemories, makeProject, makeRules, runHook } from "contextfmt/testing";
import { describe, expect, it } from "vitest";
import { hookInputs } from "../fixtures/hook-inputs.js";
import { type CallCounts, callCounts } from "./call-counts.js";

const NOW = "2026-01-25T10:00:00Z";
/** A counter of the caller's own: checked once (each count it returns then is). */
const words = { name: "words", count: (text: string) => text.split(/\s+/).filter(Boolean).length };

const files = {
  rules: { path: "rules.json", load: () => ({ rules: makeRules(40) }) },
  project: { path: "project.json", load: () => ({ projects: [makeProject()] }) },
  session: { path: "session.json", load: () => ({ candidates: makeCandidates(12) }) },
  memories: { path: "memories.json", load: () => ({ memories: makeMemories(12) }) },
};

const CALLED = ["answerHook", "isHookTool"];

/** Calls of `name` in `file` (under src/). */
const calls = (counts: CallCounts, file: string, name: string) =>
  counts.get(`${file}#${name}`) ?? 0;

/**
 * The exported functions of contextfmt/hooks that ran, besides the one called and `isHookTool`
 * (what `checkTool` asks: the check itself, which checks nothing of its own).
 */
const climbs = (counts: CallCounts) =>
  Object.entries(hooks)
    .filter(([name, value]) => typeof value === "function" && !CALLED.includes(name))
    .flatMap(([name]) =>
      [...counts].filter(([key]) => key.startsWith("hooks/") && key.endsWith(`#${name}`)),
    );

describe.each([
  ["claude", "SessionStart", hookInputs.claude.SessionStart],
  ["gemini", "BeforeAgent", hookInputs.gemini.BeforeAgent],
  ["copilot", "PostToolUse", hookInputs.copilot.PostToolUse],
  ["cline", "PreToolUse", hookInputs.cline.PreToolUse],
] as const)("one %s %s call", (tool, event, input) => {
  const answer = () =>
    hooks.answerHook({
      tool,
      event,
      stdin: JSON.stringify(input),
      files,
      counter: words,
      now: NOW,
      nonce: "n0nce-7f3a9c2e",
    });

  it("injects context (the walk goes all the way to the output)", async () => {
    const { stdout } = await answer();
    expect(stdout).not.toBe("{}\n");
  });

  it("checks the tool once and the caller's counter once", async () => {
    const counts = await callCounts(answer);
    expect(calls(counts, "hooks/events.ts", "checkTool")).toBe(1);
    // The engine's pipeline reads its options through `CounterOption` once per part it fits; the
    // counter it is given there is the composition's own, already marked checked.
    const pipelines = calls(counts, "manager/pipeline.ts", "runPipeline");
    expect(calls(counts, "tokens/counter.ts", "checkedCounter")).toBe(1 + pipelines);
  });

  it("climbs back into no exported function and makes no FormatManager", async () => {
    const counts = await callCounts(answer);
    expect(climbs(counts)).toEqual([]);
    expect(calls(counts, "manager/format-manager.ts", "FormatManager")).toBe(0);
    expect(calls(counts, "formats/adapter.ts", "checkAdapter")).toBe(0);
  });
});

describe("runHook (contextfmt/testing), the same walk with the contract checked after", () => {
  it("checks the tool once and the caller's counter once", async () => {
    const counts = await callCounts(() =>
      runHook(
        "claude",
        "SessionStart",
        hookInputs.claude.SessionStart,
        { rules: { rules: makeRules(40) } },
        { counter: words, now: NOW },
      ),
    );
    expect(calls(counts, "hooks/events.ts", "checkTool")).toBe(1);
    const pipelines = calls(counts, "manager/pipeline.ts", "runPipeline");
    expect(calls(counts, "tokens/counter.ts", "checkedCounter")).toBe(1 + pipelines);
    expect(calls(counts, "hooks/answer.ts", "answerHook")).toBe(0);
    expect(calls(counts, "testing/hook-contract.ts", "checkHookOutput")).toBe(0);
  });
});
