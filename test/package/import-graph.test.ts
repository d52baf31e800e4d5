import { build } from "esbuild";
import { describe, expect, it } from "vitest";

/** esbuild's metafile of an entry bundled with its packages left external. */
async function metafileOf(entry: string) {
  const result = await build({
    entryPoints: [new URL(`../../src/${entry}`, import.meta.url).pathname],
    bundle: true,
    write: false,
    metafile: true,
    format: "esm",
    platform: "neutral",
    packages: "external",
    external: ["node:*"],
    logLevel: "silent",
  });
  return result.metafile;
}

/** Every module an entry pulls in once bundled, and every import it leaves to the runtime. */
async function graphOf(entry: string) {
  const metafile = await metafileOf(entry);
  const inputs = Object.keys(metafile.inputs);
  const external = new Set(
    Object.values(metafile.inputs).flatMap((input) =>
      input.imports.filter((imported) => imported.external).map((imported) => imported.path),
    ),
  );
  return { inputs, external: [...external].sort() };
}

describe("import graph", () => {
  it("the core entry imports only zod/mini and fast-xml-parser: no classic zod, no tokenizer, no node: module", async () => {
    const { inputs, external } = await graphOf("index.ts");
    expect(external).toEqual(["fast-xml-parser", "zod/mini"]);
    expect(inputs.some((path) => path.includes("tiktoken"))).toBe(false);
    expect(inputs.every((path) => path.startsWith("src/"))).toBe(true);
  });

  it("bundles only fast-xml-parser's validator into the core (tsup's noExternal)", async () => {
    const result = await build({
      entryPoints: [new URL("../../src/index.ts", import.meta.url).pathname],
      bundle: true,
      write: false,
      metafile: true,
      format: "esm",
      platform: "neutral",
      mainFields: ["module", "main"],
      external: ["zod", "node:*"],
      logLevel: "silent",
    });
    const emitted = Object.values(result.metafile.outputs).flatMap((output) =>
      Object.keys(output.inputs).filter((path) => path.startsWith("node_modules/")),
    );
    expect(emitted.sort()).toEqual([
      "node_modules/fast-xml-parser/src/fxp.js",
      "node_modules/fast-xml-parser/src/util.js",
      "node_modules/fast-xml-parser/src/validator.js",
    ]);
  });

  it("contextfmt/hooks is pure: the core's own dependencies, no tokenizer, no node: module", async () => {
    const { inputs, external } = await graphOf("hooks/index.ts");
    // The hook's answer runs the engine, whose XML check is fast-xml-parser's validator.
    expect(external).toEqual(["fast-xml-parser", "zod/mini"]);
    expect(inputs.some((path) => path.includes("tiktoken"))).toBe(false);
  });

  it("contextfmt/testing is pure: no node: module, no test runner, no file read; YAML only on demand", async () => {
    const { inputs, external } = await graphOf("testing/index.ts");
    expect(external).toEqual(["fast-xml-parser", "yaml", "zod/mini"]);
    expect(inputs.every((path) => path.startsWith("src/"))).toBe(true);
    expect(inputs.some((path) => path.includes("tiktoken"))).toBe(false);
    // The library below the command line: nothing of the bin.
    expect(inputs.filter((path) => path.startsWith("src/cli/"))).toEqual([]);
  });

  it("contextfmt/tiktoken brings only js-tiktoken's rank files (its own byte-pair merge), nothing from node:", async () => {
    const { external } = await graphOf("tiktoken.ts");
    expect(external).toEqual(["js-tiktoken/ranks/cl100k_base", "js-tiktoken/ranks/o200k_base"]);
  });

  it("contextfmt/agent-config brings only zod/mini, yaml and smol-toml, and the core never imports it", async () => {
    const { inputs, external } = await graphOf("agent-config/index.ts");
    expect(external).toEqual(["smol-toml", "yaml", "zod/mini"]);
    expect(inputs.every((path) => path.startsWith("src/"))).toBe(true);
    const core = await graphOf("index.ts");
    expect(core.inputs.some((path) => path.includes("agent-config"))).toBe(false);
  });
});

/** Every src/ module an entry reaches, with the src/ modules each one imports. */
async function edgesOf(entry: string): Promise<Map<string, string[]>> {
  const { inputs } = await metafileOf(entry);
  return new Map(
    Object.entries(inputs).map(([path, input]) => [
      path,
      input.imports.filter((i) => !i.external && i.path.startsWith("src/")).map((i) => i.path),
    ]),
  );
}

describe("agent-config structure", () => {
  it("the registry is the only module that imports the codecs", async () => {
    const edges = await edgesOf("agent-config/index.ts");
    const codecs = [...edges.keys()].filter((file) =>
      /agent-config\/(?:\w+\/)?(?:(?:claude|codex|gemini)-(?:command|mcp|agent)|codex-skill-command|skill-formats)\.ts$/.test(
        file,
      ),
    );
    expect(codecs).toHaveLength(11);
    const importers = [...edges]
      .filter(([, imports]) => imports.some((file) => codecs.includes(file)))
      .map(([file]) => file);
    expect(importers).toEqual(["src/agent-config/registry.ts"]);
  });
});
