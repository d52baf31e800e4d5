import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HOOK_EVENTS, type HookTool } from "contextfmt/hooks";
import { makeRules } from "contextfmt/testing";
import { createTiktokenCounter } from "contextfmt/tiktoken";
import { describe, expect, it } from "vitest";
import { hookInputs } from "../fixtures/hook-inputs.js";
import { ALL_FILES, BIN, contextfmt, example, kebab, NOW, RULES } from "./run-bin.js";

const dir = mkdtempSync(join(tmpdir(), "contextfmt-hook-"));

function hook(tool: HookTool, event: string, payload: unknown, ...flags: string[]) {
  return contextfmt(
    ["hook", tool, kebab(event), "--rules", RULES, "--now", NOW, ...flags],
    JSON.stringify(payload),
  );
}

describe("contextfmt hook: SessionStart injects the rules in each tool's own format", () => {
  it("claude: Claude Code markdown", () => {
    const { stdout, stderr, status } = hook(
      "claude",
      "SessionStart",
      hookInputs.claude.SessionStart,
    );
    expect(status).toBe(0);
    expect(stderr).toBe("");
    const output = JSON.parse(stdout);
    expect(Object.keys(output)).toEqual(["hookSpecificOutput"]);
    expect(output.hookSpecificOutput.hookEventName).toBe("SessionStart");
    expect(output.hookSpecificOutput.additionalContext).toMatch(
      /^# Project Memory Rules\n\n[\s\S]*## CRITICAL RULES \(Always Follow\)[\s\S]*- \*\*atomic_commits\*\*/,
    );
  });

  it("codex: plain text, and nothing Codex would reject", () => {
    const { stdout, status } = hook("codex", "SessionStart", hookInputs.codex.SessionStart);
    expect(status).toBe(0);
    const output = JSON.parse(stdout);
    expect(Object.keys(output.hookSpecificOutput).sort()).toEqual([
      "additionalContext",
      "hookEventName",
    ]);
    expect(output.hookSpecificOutput.additionalContext).toMatch(
      /^PROJECT CONTEXT RULES\nGenerated: 2025-10-04T20:00:00Z\n/,
    );
  });

  it("gemini: a system instruction, no XML", () => {
    const { stdout, status } = hook("gemini", "SessionStart", hookInputs.gemini.SessionStart);
    expect(status).toBe(0);
    const context: string = JSON.parse(stdout).hookSpecificOutput.additionalContext;
    expect(context).toMatch(/^You are /);
    expect(context).not.toMatch(/<\/?[a-z]/i);
  });

  it("wire names work as well as kebab-case on the command line", () => {
    const payload = JSON.stringify(hookInputs.claude.SessionStart);
    const wire = contextfmt(
      ["hook", "claude", "SessionStart", "--rules", RULES, "--now", NOW],
      payload,
    );
    expect(wire.stdout).toBe(hook("claude", "SessionStart", hookInputs.claude.SessionStart).stdout);
  });
});

const cases = (Object.keys(hookInputs) as HookTool[]).flatMap((tool) =>
  Object.keys(HOOK_EVENTS[tool]).map((event) => ({ tool, event })),
);

describe("contextfmt hook --exact", () => {
  it("fits the budget in o200k tokens, counted exactly", () => {
    const rules = join(dir, "exact-rules.json");
    writeFileSync(rules, JSON.stringify({ rules: makeRules(400, { absoluteShare: 0.1 }) }));
    const payload = JSON.stringify(hookInputs.claude.SessionStart);
    const flags = ["hook", "claude", "session-start", "--rules", rules, "--now", NOW];
    const { stdout, status } = contextfmt([...flags, "--budget", "1500", "--exact"], payload);
    expect(status).toBe(0);
    const context: string = JSON.parse(stdout).hookSpecificOutput.additionalContext;
    const tokens = createTiktokenCounter({ encoding: "o200k_base" }).count(context);
    expect(tokens).toBeLessThanOrEqual(1500);
    expect(tokens).toBeGreaterThan(1400);
  });
});

describe("contextfmt hook: every tool and event, every input file (golden output)", () => {
  it.each(cases)("$tool $event", async ({ tool, event }) => {
    const payload = (hookInputs[tool] as Record<string, unknown>)[event];
    const { stdout, stderr, status } = contextfmt(
      ["hook", tool, kebab(event), ...ALL_FILES, "--now", NOW],
      JSON.stringify(payload),
    );
    expect(status).toBe(0);
    await expect(`${stdout}${stderr ? `--- stderr\n${stderr}` : ""}`).toMatchFileSnapshot(
      `../golden/hooks/${tool}-${kebab(event)}.txt`,
    );
  });

  it.each(cases)(
    "$tool $event: rules alone inject when a conversation starts only",
    ({ tool, event }) => {
      const payload = (hookInputs[tool] as Record<string, unknown>)[event];
      const output = JSON.parse(hook(tool, event, payload).stdout);
      if (event === "SessionStart" || event === "SubagentStart" || event === "sessionStart") {
        // Copilot CLI and Cursor read the context at the top level.
        if (tool === "copilot") expect(Object.keys(output)).toEqual(["additionalContext"]);
        else if (tool === "cursor") expect(Object.keys(output)).toEqual(["additional_context"]);
        else expect(output.hookSpecificOutput.hookEventName).toBe(event);
      } else expect(output).toEqual({});
    },
  );
});

describe("contextfmt hook: what each moment injects", () => {
  const run = (tool: HookTool, event: string, ...flags: string[]) => {
    const payload = (hookInputs[tool] as Record<string, unknown>)[event];
    const result = contextfmt(
      ["hook", tool, kebab(event), ...flags, "--now", NOW],
      JSON.stringify(payload),
    );
    expect(result.status).toBe(0);
    const output = JSON.parse(result.stdout);
    return {
      context: (output.hookSpecificOutput?.additionalContext ?? "") as string,
      stderr: result.stderr,
    };
  };

  it("SessionStart: rules, then the PROJECT block, then the session context", () => {
    const { context } = run("claude", "SessionStart", ...ALL_FILES);
    const rules = context.indexOf("# Project Memory Rules");
    const project = context.indexOf('<PROJECT name="Atlas" status="active">');
    const session = context.indexOf(
      "## Relevant Context\n\n### Recent Related Work\n- **2 hours ago**: Added exponential backoff",
    );
    expect(rules).toBe(0);
    expect(project).toBeGreaterThan(rules);
    expect(session).toBeGreaterThan(project);
    expect(context).not.toContain("<memory"); // memories are for prompts
  });

  it("Gemini CLI SessionStart: the project as a markdown heading (no XML), between rules and session", () => {
    const { context, stderr } = run("gemini", "SessionStart", ...ALL_FILES);
    const rules = context.indexOf("You are ");
    const project = context.indexOf(
      "\n\n### Project: Atlas (active)\nLast session (Oct 4): Added retry with backoff to the payment client.",
    );
    const session = context.indexOf("\n\n## Relevant Context\n");
    expect(rules).toBe(0);
    expect(project).toBeGreaterThan(rules);
    expect(session).toBeGreaterThan(project);
    expect(context).toContain("\nTODOs:\n- [HIGH] Test idempotency keys on retried payments\n");
    expect(context).not.toMatch(/[<>]/);
    expect(stderr).toBe("");
  });

  it("prompt: pinned memories, then those with a score by score, then the rest that match the prompt", () => {
    // m1 (0.87), m3 (0.66) have scores; of the unscored, m2 matches the prompt, m4 does not.
    const { context, stderr } = run(
      "gemini",
      "BeforeAgent",
      "--memories",
      example("memories.json"),
    );
    expect(context).toBe(
      "Related: Always run `uv sync` before running the test suite. Prefers pytest fixtures over setUp methods, and short commit messages. The payment client must send an idempotency key with every retried call.\n",
    );
    expect(stderr).toBe(
      "contextfmt: info: not_matched at --memories: 1 item(s) left out below relevance 0.08 to the prompt: m4\n",
    );
    // Without scores, the one that matches the prompt is kept, though listed last.
    const unscored = join(dir, "unscored.json");
    writeFileSync(
      unscored,
      JSON.stringify([
        { id: "plants", content: "The office plants are watered on Fridays." },
        { id: "keys", content: "The payment client sends an idempotency key with each retry." },
      ]),
    );
    const flags = ["--memories", unscored, "--nonce", "n0nce-7f3a9c2e", "--budget", "60"];
    const xml = run("claude", "UserPromptSubmit", ...flags);
    expect(xml.context).toContain('<memory id="keys" confidence="0.80">');
    expect(xml.context).not.toContain('id="plants"');
    expect(xml.stderr).toBe(
      "contextfmt: info: not_matched at --memories: 1 item(s) left out below relevance 0.08 to the prompt: plants\n",
    );
    // --min-relevance 0: every memory, ranked, as before; the budget alone cuts them.
    const all = run("claude", "UserPromptSubmit", ...flags, "--min-relevance", "0");
    expect(all.context).toBe(xml.context);
    expect(all.stderr).toBe(
      "contextfmt: warning: item_skipped at --memories: 1 item(s) left out over budget: plants\n",
    );
    const pinned = join(dir, "pinned.json");
    writeFileSync(
      pinned,
      JSON.stringify([
        { id: "plants", content: "The office plants are watered on Fridays.", pinned: true },
      ]),
    );
    expect(run("claude", "UserPromptSubmit", "--memories", pinned).context).toContain(
      '<memory id="plants" confidence="0.80">The office plants are watered on Fridays.</memory>',
    );
  });

  it("--min-relevance outside 0–1: a usage error naming the flag, exit 1", () => {
    const result = contextfmt(
      [
        "hook",
        "claude",
        "user-prompt-submit",
        "--memories",
        example("memories.json"),
        "--min-relevance",
        "1.5",
      ],
      JSON.stringify(hookInputs.claude.UserPromptSubmit),
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /^contextfmt: --min-relevance: expected a number from 0 to 1, received "1\.5"/,
    );
  });

  it("tool events: the brief context, one line of at most 200 tokens whatever the budget", () => {
    const { context } = run(
      "codex",
      "PreToolUse",
      "--session",
      example("session.json"),
      "--budget",
      "5000",
    );
    expect(context).toMatch(/^Related: Added exponential backoff[^\n]*\n$/);
    expect(run("gemini", "AfterTool", "--session", example("session.json")).context).toBe(context);
  });

  it("a bad memories file: its path and the path inside it", () => {
    const bad = join(dir, "memories.json");
    writeFileSync(
      bad,
      JSON.stringify({
        memories: [
          { id: "m1", content: "ok" },
          { id: "m2", content: " " },
        ],
      }),
    );
    const result = contextfmt(
      ["hook", "claude", "user-prompt-submit", "--memories", bad],
      JSON.stringify(hookInputs.claude.UserPromptSubmit),
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      `contextfmt: ${bad}: memories[1].content: expected non-blank text, received " "\n`,
    );
  });
});

describe("contextfmt hook: fits the tool's inline limit", () => {
  it("claude: 400 rules and a large budget stay under 10,000 characters, skips reported", () => {
    const rules = join(dir, "many.json");
    writeFileSync(rules, JSON.stringify({ rules: makeRules(400, { absoluteShare: 0.1 }) }));
    const { stdout, stderr, status } = contextfmt(
      ["hook", "claude", "session-start", "--rules", rules, "--budget", "100000"],
      JSON.stringify(hookInputs.claude.SessionStart),
    );
    expect(status).toBe(0);
    expect(JSON.parse(stdout).hookSpecificOutput.additionalContext.length).toBeLessThanOrEqual(
      10_000,
    );
    expect(stderr).toMatch(
      /^contextfmt: warning: item_skipped at --rules: \d+ item\(s\) left out over budget/,
    );
  });

  it("claude: required rules alone over the limit: cut at a line with a note, over_hook_limit on stderr, exit 0", () => {
    const rules = join(dir, "absolute.yaml");
    writeFileSync(rules, JSON.stringify(makeRules(300, { absoluteShare: 1 })));
    const { stdout, stderr, status } = contextfmt(
      ["hook", "claude", "session-start", "--rules", rules],
      JSON.stringify(hookInputs.claude.SessionStart),
    );
    expect(status).toBe(0);
    const context: string = JSON.parse(stdout).hookSpecificOutput.additionalContext;
    expect(context.length).toBeLessThanOrEqual(10_000);
    expect(context).toMatch(
      /\n\[… \d+ more characters cut here: Claude Code takes at most 10000 characters of hook context inline\]\n$/,
    );
    expect(stderr).toMatch(
      /contextfmt: warning: over_hook_limit at hookSpecificOutput\.additionalContext: the required items alone are over Claude Code's inline limit of 10000 characters: cut \d+ characters from line \d+ on/,
    );
  });
});

describe("contextfmt hook --report: what each file gave up, and why", () => {
  const sessionStart = (...extra: string[]) =>
    contextfmt(
      [
        "hook",
        "claude",
        "session-start",
        "--rules",
        RULES,
        "--project",
        example("project.json"),
        "--session",
        example("session.json"),
        "--budget",
        "300",
        "--now",
        NOW,
        "--report",
        ...extra,
      ],
      JSON.stringify(hookInputs.claude.SessionStart),
    );

  it("prints a table per file: rules left out over budget, project parts shortened", () => {
    const { stdout, stderr, status } = sessionStart();
    expect(status).toBe(0);
    expect(JSON.parse(stdout).hookSpecificOutput.additionalContext).toContain("<PROJECT");
    expect(stderr).toMatch(/^--rules: claude, \d+ of \d+ tokens \(heuristic-o200k\)$/m);
    expect(stderr).toMatch(/^ {2}skipped +\d+ +r6 +rules\[5\] +over_budget$/m);
    expect(stderr).toMatch(/^ {2}shortened +\d+ +1 +atlas:stack +projects\[0\]$/m);
    expect(stderr).toMatch(/^--session: session-full, \d+ of \d+ tokens/m);
    expect(stderr).toMatch(/^ {2}frame +\d+$/m);
  });

  it("--json: one report per file, the same facts", () => {
    const { stderr } = sessionStart("--json");
    const line = stderr.split("\n").find((text) => text.startsWith("[")) ?? "";
    const reports = JSON.parse(line) as {
      label: string;
      tokenCount: number;
      report: {
        items: { id: string; status: string; reason?: string; tokens: number }[];
        frameTokens: number;
      };
    }[];
    expect(reports.map((report) => report.label)).toEqual(["--rules", "--project", "--session"]);
    const rules = reports[0]?.report;
    expect(rules?.items.find((item) => item.id === "r6")).toMatchObject({
      status: "skipped",
      reason: "over_budget",
    });
    for (const { report, tokenCount } of reports) {
      const shown = report.items.filter((item) => item.status !== "skipped");
      expect(shown.reduce((sum, item) => sum + item.tokens, 0) + report.frameTokens).toBe(
        tokenCount,
      );
    }
  });

  it("--json without --report is a usage error", () => {
    const { stderr, status } = contextfmt(
      ["hook", "claude", "session-start", "--rules", RULES, "--json"],
      JSON.stringify(hookInputs.claude.SessionStart),
    );
    expect(status).toBe(1);
    expect(stderr).toBe('contextfmt: --json goes with --report; see "contextfmt hook --help"\n');
  });
});

describe("contextfmt hook: errors are one line on stderr and exit 1, never 2", () => {
  const session = JSON.stringify(hookInputs.claude.SessionStart);
  const oneLine = (stderr: string) => {
    expect(stderr.endsWith("\n")).toBe(true);
    expect(stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(stderr).not.toMatch(/\n\s+at /);
  };

  it.each([
    [
      "stdin that is not JSON",
      ["hook", "claude", "session-start", "--rules", RULES],
      "{oops",
      /^contextfmt: \(stdin\): not JSON: /,
    ],
    [
      "empty stdin",
      ["hook", "claude", "session-start", "--rules", RULES],
      "",
      /^contextfmt: \(stdin\): expected hook JSON, received nothing$/,
    ],
    [
      "a missing field the event needs",
      ["hook", "claude", "session-start", "--rules", RULES],
      JSON.stringify({ hook_event_name: "SessionStart" }),
      /^contextfmt: source: expected string, received nothing$/,
    ],
    [
      "stdin of another event",
      ["hook", "claude", "pre-tool-use", "--rules", RULES],
      session,
      /^contextfmt: stdin holds a SessionStart event, but the hook was called for PreToolUse$/,
    ],
    [
      "an unknown tool",
      ["hook", "acme", "session-start", "--rules", RULES],
      session,
      /^contextfmt: unknown tool "acme"; tools: claude, gemini, codex, copilot, qwen, opencode, cursor, cline$/,
    ],
    [
      "an unknown event",
      ["hook", "gemini", "pre-tool-use", "--rules", RULES],
      session,
      /^contextfmt: unknown gemini event "pre-tool-use"; gemini events: session-start, before-agent,/,
    ],
    [
      "an event of Cursor's that only shows text to the user",
      ["hook", "cursor", "before-submit-prompt", "--rules", RULES],
      session,
      /^contextfmt: unknown cursor event "before-submit-prompt"; cursor events: session-start, post-tool-use$/,
    ],
    [
      "a missing file",
      ["hook", "claude", "session-start", "--rules", "nope.json"],
      session,
      /^contextfmt: nope\.json: cannot read: no such file$/,
    ],
    [
      "a bad flag",
      ["hook", "claude", "session-start", "--rulez", RULES],
      session,
      /^contextfmt: unknown option "--rulez"; did you mean "--rules"\? see "contextfmt hook --help"$/,
    ],
    [
      "a bad budget",
      ["hook", "claude", "session-start", "--rules", RULES, "--budget", "lots"],
      session,
      /^contextfmt: --budget: expected a non-negative integer, received "lots"$/,
    ],
    [
      "a bad --now",
      ["hook", "claude", "session-start", "--rules", RULES, "--now", "yesterday"],
      session,
      /^contextfmt: --now: expected an ISO 8601 date-time, epoch milliseconds or a Date, received "yesterday"$/,
    ],
    [
      "a bad --nonce",
      [
        "hook",
        "claude",
        "user-prompt-submit",
        "--memories",
        example("memories.json"),
        "--nonce",
        "not one",
      ],
      JSON.stringify(hookInputs.claude.UserPromptSubmit),
      /^contextfmt: --nonce: expected 8–128 letters, digits, "-" or "_", received "not one"$/,
    ],
    [
      "no input file at all",
      ["hook", "claude", "session-start"],
      session,
      /^contextfmt: nothing to inject: give --rules/,
    ],
  ])("%s", (_name, args, stdin, message) => {
    const { stdout, stderr, status } = contextfmt(args, stdin);
    expect(status).toBe(1);
    expect(stdout).toBe("");
    expect(stderr.trimEnd()).toMatch(message);
    oneLine(stderr);
  });

  it("a malformed rules file: its path, line and column", () => {
    const bad = join(dir, "bad.json");
    writeFileSync(bad, '{\n  "rules": [\n    { "name": "x", }\n  ]\n}\n');
    const { stderr, status } = contextfmt(
      ["hook", "claude", "session-start", "--rules", bad],
      session,
    );
    expect(status).toBe(1);
    expect(stderr).toBe(
      `contextfmt: ${bad}:3:20: invalid JSON: Expected double-quoted property name\n`,
    );
  });

  it("a malformed YAML rules file: its path, line and column", () => {
    const bad = join(dir, "bad.yaml");
    writeFileSync(bad, "rules:\n  - name: x\n    rule: [unclosed\n");
    const { stderr, status } = contextfmt(
      ["hook", "claude", "session-start", "--rules", bad],
      session,
    );
    expect(status).toBe(1);
    expect(stderr).toMatch(new RegExp(`^contextfmt: ${bad}:\\d+:\\d+: invalid YAML: `));
    oneLine(stderr);
  });

  it("rules that break the schema: the file and the path inside it", () => {
    const bad = join(dir, "bad-rule.yaml");
    writeFileSync(
      bad,
      "rules:\n  - name: x\n    rule: y\n    category: behavior\n    authority: sometimes\n",
    );
    const { stderr, status } = contextfmt(
      ["hook", "claude", "session-start", "--rules", bad],
      session,
    );
    expect(status).toBe(1);
    expect(stderr).toBe(
      `contextfmt: ${bad}: rules[0].authority: expected "absolute" | "default", received "sometimes"\n`,
    );
  });
});

describe("contextfmt hook: requires of stdin only what it reads", () => {
  /** `payload` without `field`. */
  const without = (payload: object, field: string) =>
    Object.fromEntries(Object.entries(payload).filter(([key]) => key !== field));
  const warnings = (stderr: string) => stderr.split("\n").filter((line) => line !== "");

  it.each(["claude", "codex", "gemini"] as const)(
    "the preview command init writes into .contextfmt/README.md runs clean and shows the rules and the project (%s)",
    (tool) => {
      const project = mkdtempSync(join(tmpdir(), "contextfmt-preview-"));
      mkdirSync(join(project, "node_modules/.bin"), { recursive: true });
      symlinkSync(BIN, join(project, "node_modules/.bin/contextfmt"));
      expect(contextfmt(["init", tool, project]).status).toBe(0);
      const readme = readFileSync(join(project, ".contextfmt", "README.md"), "utf8");
      // The README's examples of the rules and the project, written where it says.
      const [rules, state] = [...readme.matchAll(/\n\n {6}(\{[\s\S]*?\})\n\n/g)].map((m) => m[1]);
      writeFileSync(join(project, ".contextfmt/rules.json"), rules as string);
      writeFileSync(join(project, ".contextfmt/project.json"), state as string);
      const [, command] = readme.match(/\n\n {4}(npx contextfmt [^\n]*)\n/) ?? [];
      expect(command).toBe("npx contextfmt init claude --dry-run");
      // As written, with the bin under test for `npx contextfmt` and this tool for claude.
      const args = (command as string).split(" ").slice(2);
      args[1] = tool;
      const run = contextfmt(args, "", project);
      expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: "" });
      expect(run.stdout).toContain("Run the test suite before calling a change done");
      expect(run.stdout).toContain("Move billing to integer cents");
      expect(run.stdout).toMatch(tool === "gemini" ? /### Project: Shop/ : /<PROJECT name="Shop"/);
    },
  );

  it.each([
    ["claude", "transcript_path"],
    ["gemini", "timestamp"],
    ["codex", "model"],
    ["gemini", "session_id"],
  ] as const)("%s without %s: the same answer, and a warning naming the field", (tool, field) => {
    const full = hook(tool, "SessionStart", hookInputs[tool].SessionStart);
    const missing = hook(tool, "SessionStart", without(hookInputs[tool].SessionStart, field));
    expect(missing.status).toBe(0);
    expect(missing.stdout).toBe(full.stdout);
    expect(warnings(missing.stderr)).toEqual([
      `contextfmt: warning: invalid_input at ${field}: expected string, received nothing (not needed for SessionStart: ignored)`,
      ...warnings(full.stderr),
    ]);
  });

  it("a field of another type that it does not read: a warning, exit 0", () => {
    const payload = { ...hookInputs.claude.UserPromptSubmit, session_id: 42, cwd: null };
    const { stdout, stderr, status } = contextfmt(
      ["hook", "claude", "user-prompt-submit", ...ALL_FILES],
      JSON.stringify(payload),
    );
    expect(status).toBe(0);
    expect(JSON.parse(stdout).hookSpecificOutput.additionalContext).toContain("<directive>");
    expect(warnings(stderr)).toEqual([
      "contextfmt: warning: invalid_input at session_id: expected string, received 42 (not needed for UserPromptSubmit: ignored)",
      "contextfmt: warning: invalid_input at cwd: expected string, received null (not needed for UserPromptSubmit: ignored)",
      "contextfmt: info: not_matched at --memories: 1 item(s) left out below relevance 0.08 to the prompt: m4",
    ]);
  });

  it("stdin without hook_event_name: the command line's event, with a warning", () => {
    const payload = without(hookInputs.claude.SessionStart, "hook_event_name");
    const { stdout, stderr, status } = hook("claude", "SessionStart", payload);
    expect(status).toBe(0);
    expect(stdout).toBe(hook("claude", "SessionStart", hookInputs.claude.SessionStart).stdout);
    expect(warnings(stderr)[0]).toBe(
      "contextfmt: warning: invalid_input at hook_event_name: expected string, received nothing (not needed for SessionStart: ignored)",
    );
  });

  it("a UTF-8 byte order mark before the JSON is accepted, as in files", () => {
    const plain = JSON.stringify(hookInputs.gemini.SessionStart);
    const args = ["hook", "gemini", "session-start", "--rules", RULES, "--now", NOW];
    const withBom = contextfmt(args, `\uFEFF${plain}`);
    expect(withBom.status).toBe(0);
    expect(withBom.stderr).toBe("");
    expect(withBom.stdout).toBe(contextfmt(args, plain).stdout);
  });

  it.each([
    [
      "SessionStart without source",
      ["hook", "codex", "session-start", "--rules", RULES],
      without(hookInputs.codex.SessionStart, "source"),
      "contextfmt: source: expected string, received nothing\n",
    ],
    [
      "SessionStart with a source of another type",
      ["hook", "claude", "session-start", "--rules", RULES],
      { ...hookInputs.claude.SessionStart, source: 7 },
      "contextfmt: source: expected string, received 7\n",
    ],
    [
      "a prompt event without prompt",
      ["hook", "gemini", "before-agent", "--memories", example("memories.json")],
      without(hookInputs.gemini.BeforeAgent, "prompt"),
      "contextfmt: prompt: expected string, received nothing\n",
    ],
  ])("what it reads is still required: %s", (_name, args, payload, message) => {
    const { stdout, stderr, status } = contextfmt(args, JSON.stringify(payload));
    expect(status).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toBe(message);
  });
});
