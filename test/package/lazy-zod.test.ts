import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { COMMON_OPTION_KEYS, CommonOptionsSchema } from "../../src/manager/options.js";

// The built package (test/cli/build.global.ts builds it before the tests run).
const CJS = new URL("../../dist/index.cjs", import.meta.url).pathname;
const ESM = new URL("../../dist/index.js", import.meta.url).href;
const ADAPTERS = new URL("../../dist/adapters.cjs", import.meta.url).pathname;

/** zod keeps its configuration on `globalThis` from the moment it starts: the probe for it. */
const STARTED = "globalThis.__zod_globalConfig !== undefined";

/** Runs `body` in a new Node process with the package as `lib`; returns the lines it printed. */
function run(body: string, esm = false, flags: readonly string[] = []): string[] {
  const load = esm
    ? `const lib = await import(${JSON.stringify(ESM)});`
    : `const lib = require(${JSON.stringify(CJS)});`;
  const result = spawnSync(
    process.execPath,
    [...flags, ...(esm ? ["--input-type=module"] : []), "-e", `${load}\n${body}`],
    { encoding: "utf8" },
  );
  expect(result.stderr).toBe("");
  return result.stdout.trim().split("\n");
}

const VALID_CALLS = `
  const now = "2025-10-04T20:00:00Z";
  const rules = [{ name: "a", rule: "Always test", category: "behavior", authority: "absolute", createdAt: now }];
  const manager = new lib.FormatManager();
  for (const id of ["claude", "codex", "gemini"]) manager.format(id, { rules }, { budget: 100, now });
  manager.format("xml-memory", { memories: [{ id: "m", content: "The user is Ada" }] }, { nonce: "abcdefgh" });
  const candidates = [{ id: "c", content: "Did it", relevance: 0.5, category: "recent_session", createdAt: now }];
  lib.formatFullContext(candidates, [], { now });
  lib.formatBriefContext(candidates);
  const project = { projectId: "p", name: "P", status: "active", activeTodos: [{ text: "Ship" }] };
  lib.formatProjectContext(project, { now, budget: 100 });
  lib.buildCombinedContext({ user: { userId: "u", facts: ["Likes tea"] }, projects: project, now });
  lib.injectMemories([{ role: "user", content: "hi" }], { memories: [{ id: "m", content: "x" }], nonce: "abcdefgh" });
  lib.updateProjectContext(project, "finished Ship", { now });
`;

describe("zod starts on first need, not on import (built package)", () => {
  for (const esm of [false, true]) {
    it(`${esm ? "import" : "require"}: not at import, nor for valid input; for bad input, with the same message`, () => {
      const lines = run(
        `console.log(${STARTED});
        ${VALID_CALLS}
        console.log(${STARTED});
        try { new lib.FormatManager().format("claude", { rules: [{ name: "a" }] }); } catch (error) { console.log(error.message.split("\\n")[0]); }
        console.log(${STARTED});`,
        esm,
      );
      expect(lines).toEqual([
        "false",
        "false",
        "rules[0].rule: expected string, received nothing",
        "true",
      ]);
    });
  }

  it("where code may not be generated (as under a content security policy), zod parses valid input: the same output", () => {
    const body = `
      ${VALID_CALLS}
      const more = [
        { name: "a", rule: "Always test", category: "behavior", authority: "absolute", createdAt: now, tags: ["x"] },
        { name: "b", rule: "Prefer small diffs", category: "style", authority: "default", scope: ["git"] },
      ];
      console.log(JSON.stringify(require(${JSON.stringify(ADAPTERS)}).parseWith(lib.RuleSetSchema, { rules: more })));
      console.log(JSON.stringify(manager.format("gemini", { rules: more }, { budget: 40, now }).content));
      console.log(${STARTED});`;
    const compiled = run(body);
    const refused = run(body, false, ["--disallow-code-generation-from-strings"]);
    expect(compiled.at(-1)).toBe("false");
    expect(refused.at(-1)).toBe("true");
    expect(refused.slice(0, -1)).toEqual(compiled.slice(0, -1));
    expect(compiled[0]).toContain('"priority":50');
  });

  it("contextfmt/hooks: not at import, nor for a valid hook stdin", () => {
    const hooks = new URL("../../dist/hooks.cjs", import.meta.url).pathname;
    const lines = run(`
      const hooks = require(${JSON.stringify(hooks)});
      const stdin = JSON.stringify({ session_id: "s", transcript_path: "/t", cwd: "/", hook_event_name: "UserPromptSubmit", prompt: "hi" });
      console.log(hooks.parseHookInput("claude", stdin).moment, ${STARTED});
      hooks.parseHookInput("claude", JSON.stringify({ hook_event_name: "UserPromptSubmit", prompt: "hi" }), { strict: false });
      console.log(${STARTED});`);
    expect(lines).toEqual(["prompt false", "true"]);
  });

  it("every exported schema builds and parses when first used (core and contextfmt/adapters)", () => {
    const lines = run(`
      const all = { ...lib, ...require(${JSON.stringify(ADAPTERS)}) };
      const schemas = Object.keys(all).filter((name) => name.endsWith("Schema")).sort();
      for (const name of schemas) {
        const result = all[name].safeParse(undefined);
        console.log(name, typeof result.success, typeof all[name]._zod.def.type);
      }
    `);
    expect(lines.length).toBeGreaterThan(15);
    for (const line of lines) expect(line).toMatch(/^\w+Schema boolean string$/);
  });
});

it("the common option keys are the schema's", () => {
  expect(COMMON_OPTION_KEYS).toEqual(Object.keys(CommonOptionsSchema.shape));
});
