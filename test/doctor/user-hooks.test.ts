/**
 * doctor shows the user's own hooks beside contextfmt's: biandeshen/claude-code-init's
 * `.claude/settings.json` (test/fixtures/real-hooks/SOURCES.md) holds PreToolUse and PostToolUse
 * hooks of its own, which doctor used to call "hooks: none".
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { doctorTable } from "../../src/cli/doctor-table.js";
import { doctor } from "../../src/doctor/doctor.js";
import { project } from "../cli/project-dir.js";

const SETTINGS = readFileSync(
  new URL("../fixtures/real-hooks/claude-code-init/settings.json", import.meta.url),
  "utf8",
);

describe("the user's own hooks in doctor", () => {
  it("per event: how many commands and under which matchers, marked apart from contextfmt's", async () => {
    const dir = project({ ".claude/settings.json": SETTINGS, "CLAUDE.md": "# x\n" });
    const report = await doctor({ dir, clients: ["claude"] });
    const claude = report.clients[0];
    expect(claude?.hooks).toEqual([]);
    expect(claude?.userHooks).toEqual([
      {
        event: "PreToolUse",
        path: ".claude/settings.json",
        commands: 1,
        matchers: ["Edit|Write|MultiEdit|Bash"],
      },
      { event: "PostToolUse", path: ".claude/settings.json", commands: 1, matchers: ["Bash"] },
    ]);
    const text = doctorTable(report);
    expect(text).not.toContain("  hooks: none");
    expect(text).toContain(
      "  your hooks in .claude/settings.json: PreToolUse 1 (Edit|Write|MultiEdit|Bash), PostToolUse 1 (Bash)",
    );
  });

  it("contextfmt's own calls are not counted as the user's; no hooks at all is still none", async () => {
    const own = JSON.stringify({
      hooks: {
        SessionStart: [
          {
            hooks: [
              {
                type: "command",
                command:
                  '"$CLAUDE_PROJECT_DIR"/node_modules/.bin/contextfmt hook claude session-start --rules "$CLAUDE_PROJECT_DIR"/.contextfmt/rules.json',
              },
            ],
          },
        ],
      },
    });
    const report = await doctor({
      dir: project({ ".claude/settings.json": own }),
      clients: ["claude"],
    });
    expect(report.clients[0]?.userHooks).toEqual([]);
    const none = await doctor({ dir: project({ "CLAUDE.md": "# x\n" }), clients: ["claude"] });
    expect(doctorTable(none)).toContain("  hooks: none");
  });
});
