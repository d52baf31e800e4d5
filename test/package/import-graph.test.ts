import { build } from "esbuild";
import { describe, expect, it } from "vitest";

/** Every module an entry pulls in once bundled, and every import it leaves to the runtime. */
async function graphOf(entry: string) {
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
  const inputs = Object.keys(result.metafile.inputs);
  const external = new Set(
    Object.values(result.metafile.inputs).flatMap((input) =>
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

  it("contextfmt/hooks is pure: only zod, no tokenizer, no node: module", async () => {
    const { inputs, external } = await graphOf("hooks/index.ts");
    expect(external).toEqual(["zod/mini"]);
    expect(inputs.some((path) => path.includes("tiktoken"))).toBe(false);
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
