import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const read = (path: string) =>
  readFileSync(new URL(`../../dist/bin/${path}`, import.meta.url), "utf8");
/** The modules a file imports statically (loaded with it), as written in the bundle. */
const staticImports = (code: string) =>
  [...code.matchAll(/^import\s.*?from\s*["']([^"']+)["'];?$/gm)].map((match) => match[1]);

describe("the contextfmt bin bundle", () => {
  it("the entry loads nothing but node built-ins; each subcommand is imported on demand", () => {
    const entry = read("cli.js");
    expect(entry.startsWith("#!/usr/bin/env node\n")).toBe(true);
    expect(staticImports(entry)).toEqual([]);
    for (const command of ["hook", "render", "schema"]) {
      expect(entry).toContain(`import('./commands/${command}.js')`);
    }
  });

  it("hook is one file with zod and the core inside: only node built-ins load with it", () => {
    const hook = read("commands/hook.js");
    expect(
      staticImports(hook).every((name) => ["fs", "path", "util"].includes(name as string)),
    ).toBe(true);
    // The tokenizer only through --exact, YAML only for YAML files.
    expect(hook).toContain("import('contextfmt/tiktoken')");
    expect(hook).toContain("import('yaml')");
    expect(hook).not.toMatch(/js-tiktoken/);
  });
});
