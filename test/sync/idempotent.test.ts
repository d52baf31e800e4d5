/**
 * For any servers and any settings files around them: the first sync writes each server where
 * the tool reads it and keeps every other key as it was; the second sync of the same input is a
 * no-op, byte for byte. Planned and written in process, through the same writer the bin uses.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { parse as parseToml } from "smol-toml";
import { describe, expect, it } from "vitest";
import { planChanges } from "../../src/sync/plan.js";
import { readJsonc, valueAt } from "../../src/workspace/json-edit.js";
import { Project } from "../../src/workspace/project.js";
import { WrittenRecord } from "../../src/workspace/record.js";
import { project, tree } from "../cli/project-dir.js";
import { writePlan } from "./write-plan.js";

const name = fc.constantFrom("github", "files", "linear", "db", "a-b", "x_1");
const text = fc.string({ minLength: 1, maxLength: 8 }).filter((s) => !s.includes("$"));
const server = fc.oneof(
  fc.record(
    {
      command: text,
      args: fc.array(text, { maxLength: 3 }),
      env: fc.dictionary(fc.constantFrom("A", "B_C"), text),
    },
    { requiredKeys: ["command"] },
  ),
  fc.record({
    type: fc.constant("http"),
    url: text.map((s) => `https://x.example/${encodeURIComponent(s)}`),
  }),
);
const servers = fc.dictionary(name, server, { minKeys: 1, maxKeys: 4 });

/** The user's own part of a settings file: what sync must leave as it is. */
const geminiSettings = fc.constantFrom(
  undefined,
  "",
  "{}",
  '{"theme":"x","mcpServers":{"mine":{"command":"own"}}}\n',
  '{\r\n  // team\r\n  "theme": "x",\r\n  "mcpServers": {\r\n    "mine": { "command": "own" }, // keep\r\n  },\r\n}\r\n',
  '{\n\t"mcp": { "excluded": ["mine"] },\n\t"mcpServers": {}\n}\n',
);
const codexConfig = fc.constantFrom(
  undefined,
  "",
  '# mine\nmodel = "o3"\n',
  '[mcp_servers.mine]\ncommand = "own" # keep\n\n[profiles.fast]\nmodel = "o3"\n',
  "# crlf\r\n[features]\r\nweb_search = true\r\n",
);

/** Plans and writes a sync of the MCP servers, as the bin does. */
function syncOnce(dir: string): number {
  const p = Project.at(dir);
  const record = WrittenRecord.read(p);
  const plan = planChanges({
    project: p,
    record,
    from: "claude",
    to: ["gemini", "codex"],
    kinds: ["mcp"],
  });
  expect(plan.conflicts).toEqual([]);
  const { changed, recorded } = writePlan(p, plan, record);
  return changed.length + (recorded ? 1 : 0);
}

describe("sync of MCP servers", () => {
  it("writes every server, keeps the user's keys, and a second run writes nothing", () => {
    fc.assert(
      fc.property(servers, geminiSettings, codexConfig, (source, gemini, codex) => {
        const dir = project({
          ".mcp.json": JSON.stringify({ mcpServers: source }),
          ...(gemini === undefined ? {} : { ".gemini/settings.json": gemini }),
          ...(codex === undefined ? {} : { ".codex/config.toml": codex }),
        });
        expect(syncOnce(dir)).toBeGreaterThan(0);
        const once = tree(dir);
        const settings = readJsonc(
          "settings",
          readFileSync(join(dir, ".gemini/settings.json"), "utf8"),
        );
        const config = parseToml(readFileSync(join(dir, ".codex/config.toml"), "utf8"));
        for (const key of Object.keys(source)) {
          expect(valueAt(settings, ["mcpServers", key])).toBeDefined();
          expect(valueAt(config, ["mcp_servers", key])).toBeDefined();
        }
        // What was the user's is still there, as it was.
        const userPart = (text: string | undefined, read: (t: string) => unknown) =>
          read(text?.trim() ? text : "{}");
        const userGemini = userPart(gemini, (t) => readJsonc("settings", t)) as Record<
          string,
          unknown
        >;
        for (const [key, value] of Object.entries(userGemini)) {
          if (key !== "mcpServers") expect(valueAt(settings, [key])).toEqual(value);
        }
        expect(valueAt(settings, ["mcpServers", "mine"])).toEqual(
          valueAt(userGemini, ["mcpServers", "mine"]),
        );
        const userCodex = userPart(codex, (t) => (t === "{}" ? {} : parseToml(t))) as Record<
          string,
          unknown
        >;
        for (const [key, value] of Object.entries(userCodex)) {
          if (key !== "mcp_servers") expect(valueAt(config, [key])).toEqual(value);
        }
        expect(valueAt(config, ["mcp_servers", "mine"])).toEqual(
          valueAt(userCodex, ["mcp_servers", "mine"]),
        );
        // The second run: nothing to write, every byte as it was.
        expect(syncOnce(dir)).toBe(0);
        expect(tree(dir)).toEqual(once);
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});
