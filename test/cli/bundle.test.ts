import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const read = (path: string) =>
  readFileSync(new URL(`../../dist/bin/${path}`, import.meta.url), "utf8");
/** Every module a file requires by a literal name, in order. */
const requires = (code: string) =>
  [...code.matchAll(/require\(["']([^"']+)["']\)/g)].map((match) => match[1]);

describe("the contextfmt bin bundle", () => {
  it("the entry is CommonJS and requires each subcommand only when it runs", () => {
    const entry = read("cli.cjs");
    expect(entry.startsWith("#!/usr/bin/env node\n")).toBe(true);
    for (const command of ["hook", "render", "schema"]) {
      expect(entry).toMatch(new RegExp(`load:\\(\\)=>\\w+\\("\\./commands/${command}\\.cjs"\\)`));
    }
    // Besides the commands, only node:module (for the compile cache of Node 22+).
    expect(requires(entry).filter((name) => !name?.startsWith("./commands/"))).toEqual(["module"]);
  });

  it("hook is one file with zod and the core inside: it requires only node built-ins", () => {
    const hook = read("commands/hook.cjs");
    expect(new Set(requires(hook))).toEqual(new Set(["fs", "path", "util"]));
    // The tokenizer only through --exact, YAML only for YAML files.
    expect(hook).toContain("import('contextfmt/tiktoken')");
    expect(hook).toContain("import('yaml')");
    expect(hook).not.toMatch(/js-tiktoken/);
  });
});
