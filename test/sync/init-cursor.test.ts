/**
 * `init` for Cursor (planInit and applyPlan, in process): `.cursor/hooks.json` in the shape Cursor's documentation gives
 * (`version: 1`, `hooks.<event>: [{ command, timeout }]`), edited in place, once. Written from
 * the documentation only: no Cursor runs here (see docs/hooks.md).
 */
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { UsageError } from "contextfmt/sync";
import { describe, expect, it } from "vitest";
import { BIN, contextfmt, example } from "../cli/run-bin.js";
import { hookInputs } from "../fixtures/hook-inputs.js";
import { init } from "./run-init.js";

const HOOKS = ".cursor/hooks.json";

function project(files: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), "contextfmt-init-cursor-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  mkdirSync(join(dir, "node_modules/.bin"), { recursive: true });
  symlinkSync(BIN, join(dir, "node_modules/.bin/contextfmt"));
  return dir;
}

const SESSION_START =
  "node_modules/.bin/contextfmt hook cursor session-start --rules .contextfmt/rules.json --project .contextfmt/project.json --session .contextfmt/session.json";
const POST_TOOL_USE =
  "node_modules/.bin/contextfmt hook cursor post-tool-use --session .contextfmt/session.json";

describe("init cursor", () => {
  it("writes .cursor/hooks.json with sessionStart, byte for byte; a second run changes nothing", () => {
    const dir = project();
    expect(init(dir, "cursor").written).toContain(HOOKS);
    const text = readFileSync(join(dir, HOOKS), "utf8");
    expect(text).toBe(`{
  "version": 1,
  "hooks": {
    "sessionStart": [
      {
        "command": "${SESSION_START}",
        "timeout": 10
      }
    ]
  }
}
`);
    expect(init(dir, "cursor").written).toEqual([]);
    expect(readFileSync(join(dir, HOOKS), "utf8")).toBe(text);
  });

  it("--events all adds postToolUse; the user's own hooks, comment and version stay", () => {
    const mine = `{
  // the team's formatter
  "version": 1,
  "hooks": {
    "afterFileEdit": [{ "command": ".cursor/hooks/format.sh" }],
    "sessionStart": [{ "command": ".cursor/hooks/env.sh", "timeout": 5 }]
  }
}
`;
    const dir = project({ [HOOKS]: mine });
    expect(init(dir, "cursor", "all").warnings).toEqual([]);
    const text = readFileSync(join(dir, HOOKS), "utf8");
    expect(text).toBe(`{
  // the team's formatter
  "version": 1,
  "hooks": {
    "afterFileEdit": [{ "command": ".cursor/hooks/format.sh" }],
    "sessionStart": [{ "command": ".cursor/hooks/env.sh", "timeout": 5 }, { "command": "${SESSION_START}", "timeout": 10 }],
    "postToolUse": [
      {
        "command": "${POST_TOOL_USE}",
        "timeout": 10
      }
    ]
  }
}
`);
    expect(init(dir, "cursor", "all").written).toEqual([]);
    expect(readFileSync(join(dir, HOOKS), "utf8")).toBe(text);
  });

  it("events whose output only reaches the user are refused, naming those it can install", () => {
    const dir = project();
    for (const event of ["before-submit-prompt", "stop", "post-tool-use-failure", "pre-compact"]) {
      expect(() => init(dir, "cursor", event)).toThrow(UsageError);
      expect(() => init(dir, "cursor", event)).toThrow(
        `unknown cursor event "${event}"; cursor events: session-start, post-tool-use, all`,
      );
    }
  });

  it("the installed commands answer Cursor's documented stdin with additional_context", () => {
    const dir = project();
    init(dir, "cursor", "all");
    // The examples in place of init's blank starter files, so that each event has context.
    copyFileSync(example("session.json"), join(dir, ".contextfmt/session.json"));
    copyFileSync(example("../rules.json"), join(dir, ".contextfmt/rules.json"));
    const written = JSON.parse(readFileSync(join(dir, HOOKS), "utf8")) as {
      hooks: Record<string, { command: string }[]>;
    };
    const run = (event: string, payload: unknown) => {
      const command = written.hooks[event]?.[0]?.command ?? "";
      // The installed bin is node_modules/.bin/contextfmt: run its arguments with the built one.
      const [, ...args] = command.split(" ");
      // Cursor runs a project's hooks from its root, where the relative paths resolve.
      const result = contextfmt(args, JSON.stringify(payload), dir);
      expect(result.status).toBe(0);
      return JSON.parse(result.stdout) as Record<string, unknown>;
    };
    const start = run("sessionStart", hookInputs.cursor.sessionStart);
    expect(Object.keys(start)).toEqual(["additional_context"]);
    expect(start.additional_context).toContain("PROJECT CONTEXT RULES");
    const tool = run("postToolUse", hookInputs.cursor.postToolUse);
    expect(Object.keys(tool)).toEqual(["additional_context"]);
    expect(tool.additional_context).toMatch(/^Related: /);
  });
});
