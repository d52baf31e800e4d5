/**
 * Gemini CLI on resume, with the real client headless against a scripted model: it does not send
 * the earlier turns' hook context again, so SessionStart injects everything on resume, and the
 * resumed request holds the context exactly once.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  HOOK_OUTPUT,
  hookProject,
  MARKER_FILES,
  modelBodies,
  occurrences,
  runScripted,
  STAMPED,
} from "./run-scripted.js";

/** The marker rules and project, with no session candidates. */
const FILES = {
  "rules.json": MARKER_FILES["rules.json"],
  "project.json": MARKER_FILES["project.json"],
  "session.json": [],
};

const EXAMPLE = JSON.parse(
  readFileSync(
    new URL("../../examples/hooks/gemini/session-start.settings.json", import.meta.url),
    "utf8",
  ),
);

describe("Gemini CLI resume: the context again, once", () => {
  const project = hookProject(FILES);
  afterAll(() => rmSync(project.dir, { recursive: true, force: true }));
  mkdirSync(join(project.home, ".gemini"));
  writeFileSync(
    join(project.home, ".gemini", "settings.json"),
    JSON.stringify({
      security: { auth: { selectedType: "gemini-api-key" } },
      hooks: {
        SessionStart: [
          ...EXAMPLE.hooks.SessionStart,
          // A hook that injects on every source, with the time in its text.
          {
            hooks: [
              {
                type: "command",
                command: `"${process.execPath}" "${HOOK_OUTPUT}" gemini SessionStart ${STAMPED} --stamped`,
              },
            ],
          },
        ],
      },
    }),
  );
  const say = (...args: string[]) =>
    modelBodies(
      runScripted(
        "gemini",
        { replies: [] },
        ["--skip-trust", ...args],
        { HOME: project.home, GEMINI_API_KEY: "x" },
        project.dir,
      ),
    ).filter((body) => body.includes("PROMPT_"));

  it("the resumed request holds the earlier turn, and the context once", () => {
    const first = say("-p", "PROMPT_FIRST hello").at(-1) ?? "";
    expect(occurrences(first, "RULE_MARKER_7Q")).toBe(1);
    const resumed = say("--resume", "latest", "-p", "PROMPT_SECOND again").at(-1) ?? "";
    expect(resumed).toContain("PROMPT_SECOND");
    // Gemini CLI sends the earlier answer again, not the message that carried the earlier context.
    expect(resumed).toContain("Done.");
    expect(occurrences(resumed, "RULE_MARKER_7Q")).toBe(1);
    expect(occurrences(resumed, "PROJECT_MARKER_Beacon")).toBe(1);
    expect(occurrences(resumed, STAMPED)).toBe(1);
  });
});
