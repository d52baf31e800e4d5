/**
 * The package's entries as a user's tools see them: the exports map (types first, ES module and
 * CommonJS each with its own declarations), typesVersions for TypeScript's older `node10`
 * resolution, every file they name built; contextfmt/testing shaken per part and free of any test
 * runner. Reads dist/, which the global setup builds.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

const root = new URL("../../", import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(`${root}package.json`, "utf8"));

const SUBPATHS: Record<string, string> = {
  adapters: "adapters",
  tiktoken: "tiktoken",
  "agent-config": "agent-config",
  hooks: "hooks",
  sync: "sync",
  testing: "testing/index",
};

describe("package.json entries", () => {
  it("exports each entry as an ES module and as CommonJS, types first", () => {
    const expected: Record<string, unknown> = { "./package.json": "./package.json" };
    for (const [name, file] of [["", "index"], ...Object.entries(SUBPATHS)] as const) {
      expected[name ? `./${name}` : "."] = {
        import: { types: `./dist/${file}.d.ts`, default: `./dist/${file}.js` },
        require: { types: `./dist/${file}.d.cts`, default: `./dist/${file}.cjs` },
      };
    }
    expect(pkg.exports).toEqual(expected);
    for (const conditions of Object.values(pkg.exports).filter((v) => typeof v === "object")) {
      for (const target of Object.values(conditions as Record<string, object>)) {
        expect(Object.keys(target)[0]).toBe("types");
      }
    }
  });

  it("gives node10 resolution every subpath's types through typesVersions", () => {
    expect(pkg.types).toBe("./dist/index.d.cts");
    expect(pkg.typesVersions).toEqual({
      "*": Object.fromEntries(
        Object.entries(SUBPATHS).map(([name, file]) => [name, [`./dist/${file}.d.cts`]]),
      ),
    });
  });

  it("names only files the build writes", () => {
    const named = JSON.stringify([pkg.exports, pkg.typesVersions, pkg.main, pkg.module, pkg.bin]);
    const files = [...named.matchAll(/"\.\/(dist\/[^"]+)"/g)].map((match) => match[1] as string);
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) expect(existsSync(`${root}${file}`), file).toBe(true);
  });
});

/** The bytes and the modules a bundler keeps of the built contextfmt/testing for `code`. */
async function bundled(code: string) {
  const result = await build({
    stdin: { contents: code, resolveDir: `${root}dist/testing`, loader: "js" },
    bundle: true,
    write: false,
    minify: true,
    metafile: true,
    format: "esm",
    platform: "neutral",
    mainFields: ["module", "main"],
    logLevel: "silent",
  });
  // What the output holds (metafile.inputs lists every file read, kept or shaken off).
  const inputs = Object.values(result.metafile.outputs).flatMap((output) =>
    Object.keys(output.inputs),
  );
  const text = result.outputFiles[0]?.text ?? "";
  // fast-xml-parser is bundled into dist/ (tsup's noExternal): its option names tell it apart.
  return { bytes: text.length, inputs, xmlParser: text.includes("ignoreAttributes") };
}

describe("contextfmt/testing as published", () => {
  it("imports no test runner: vitest, jest and expect appear nowhere in its files", () => {
    const files = readdirSync(`${root}dist/testing`).filter((file) => /\.[cm]?js$/.test(file));
    expect(files.length).toBeGreaterThan(9);
    for (const file of files) {
      const text = readFileSync(`${root}dist/testing/${file}`, "utf8");
      expect(text, file).not.toMatch(
        /(from |require\(|import\()\s*["'](vitest|jest|@jest\/[\w-]+|expect)["']/,
      );
    }
  });

  it("is shaken per part: the fixed counter alone leaves the XML parser, YAML and the hook runner out", async () => {
    const counter = await bundled(
      'import { fixedCounter } from "./index.js"; console.log(fixedCounter.count("x"));',
    );
    const all = await bundled('import * as testing from "./index.js"; console.log(testing);');
    expect(counter.xmlParser).toBe(false);
    expect(counter.inputs.some((path) => path.includes("node_modules/yaml"))).toBe(false);
    expect(counter.inputs.some((path) => /run-hook|hook-contract/.test(path))).toBe(false);
    expect(all.xmlParser).toBe(true);
    expect(all.inputs.some((path) => path.includes("node_modules/yaml"))).toBe(true);
    // The counter alone is a small part of the whole entry (sizes are in the closing notes).
    expect(counter.bytes * 10).toBeLessThan(all.bytes);
  });
});
