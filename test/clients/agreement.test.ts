/**
 * The facts the per-tool tables used to disagree on, checked from the outside: a client gets its
 * rules in one format, from the hook as in the instruction file sync writes for it, and is
 * called by one name, in the hooks' messages as in sync's and doctor's.
 */
import { FormatManager } from "contextfmt";
import {
  HOOK_EVENTS,
  HOOK_TOOLS,
  hookContext,
  hookContextLimit,
  hookOutput,
  parseHookInput,
} from "contextfmt/hooks";
import { makeHookInput, makeRules } from "contextfmt/testing";
import { describe, expect, it } from "vitest";
import { SYNC_TOOL_PLACES } from "../../src/sync/locations.js";

const formats = new FormatManager();

/** The tool's events, by wire name. */
const eventsOf = (tool: (typeof HOOK_TOOLS)[number]): Readonly<Record<string, string>> =>
  HOOK_EVENTS[tool];

describe("one fact per client, whoever asks", () => {
  const NOW = "2025-10-04T20:00:00Z";
  const rules = makeRules(3);

  it.each(HOOK_TOOLS.filter((tool) => Object.values(eventsOf(tool)).includes("session-start")))(
    "%s: the hook's rules come in the format sync writes into its instruction file",
    (tool) => {
      const event = Object.keys(eventsOf(tool)).find(
        (name) => eventsOf(tool)[name] === "session-start",
      ) as string;
      const hook = parseHookInput(tool, makeHookInput(tool, event), { strict: false });
      const { content } = hookContext({
        hook,
        files: { rules: { path: "rules.json", data: { rules } } },
        budget: 100_000,
        limit: hookContextLimit(tool, event),
        now: NOW,
      });
      const synced = formats.format(
        SYNC_TOOL_PLACES[tool].rulesFormat,
        { rules },
        {
          now: NOW,
        },
      ).content;
      expect(content.split("\n")[0]).toBe(synced.split("\n")[0]);
    },
  );

  it("GitHub Copilot CLI is named so by the hooks as by sync and doctor", () => {
    const { issues } = hookOutput("copilot", "PostToolUse", {
      additionalContext: "x".repeat(10_241),
    });
    expect(issues[0]?.message).toContain(`: ${SYNC_TOOL_PLACES.copilot.label} cuts`);
  });
});
