/**
 * Every function contextfmt/agent-config exports, called with anything: it returns, or throws a
 * ContextFmtError (never a TypeError or RangeError from inside). The list comes from the module's
 * exports, so a new export is fuzzed without being added here.
 */
import { ContextFmtError } from "contextfmt";
import * as agentConfig from "contextfmt/agent-config";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

const functions = (Object.entries(agentConfig) as [string, unknown][]).filter(
  (entry): entry is [string, (...args: unknown[]) => unknown] =>
    typeof entry[1] === "function" && !/^class\b/.test(Function.prototype.toString.call(entry[1])),
);

const ids = fc.constantFrom("claude", "gemini", "codex", "codex-skill", "cursor", "", "__proto__");
const kinds = fc.constantFrom("command", "mcp", "agent", "skill", "rule", "toString");
const texts = fc.oneof(
  fc.string(),
  fc.constantFrom(
    "---\nname: a\ndescription: d\n---\nHi $1 !`x` @a.b\n",
    '{"mcpServers":{"a":{"command":"x"}}}',
    '[mcp_servers.a]\nurl = "h"\n',
    'prompt = "x {{args}} !{y"\n',
    "---\n&a [*a, *a]\n---\n",
  ),
);
/** Arguments shaped like the real ones half the time, anything at all the other half. */
const args = fc.oneof(
  fc.array(fc.anything(), { maxLength: 4 }),
  fc.tuple(ids, texts, fc.anything()),
  fc.tuple(kinds, ids, texts, fc.record({ from: ids, to: ids, name: fc.anything() })),
  fc.tuple(texts, fc.record({ from: ids, to: ids, name: fc.option(fc.string()) })),
  fc.tuple(ids, fc.anything()),
);

describe("agent-config functions throw only ContextFmtError", () => {
  it("the list is derived from the exports", () => {
    expect(functions.map(([name]) => name)).toContain("convertAgentConfig");
    expect(functions.length).toBeGreaterThanOrEqual(16);
  });

  for (const [name, fn] of functions) {
    it(name, async () => {
      await fc.assert(
        fc.asyncProperty(args, async (list) => {
          try {
            await fn(...list);
          } catch (error) {
            if (!ContextFmtError.is(error)) throw error;
          }
        }),
        { numRuns: 300 },
      );
    });
  }
});
