import { readFileSync } from "node:fs";
import type { Plugin } from "esbuild";
import { defineConfig, type Options } from "tsup";

/**
 * Loads zod on the first schema built instead of at import: `src/model/load-zod.ts` (a static
 * import of src/model/zod.ts in the source, for tests and types) becomes a `require` of it on the
 * first call, which esbuild turns into a lazy start of the bundled zod in both the ESM and the
 * CommonJS output. zod.ts names the zod functions the library calls, so the bundle keeps only
 * those (not every locale). Importing the core then costs no zod until bad input, a caller's
 * schema or an exported schema needs it.
 */
const lazyZod: Plugin = {
  name: "lazy-zod",
  setup(build) {
    build.onLoad({ filter: /src[\\/]model[\\/]load-zod\.ts$/ }, (args) => {
      const source = readFileSync(args.path, "utf8");
      if (!source.includes('import * as zod from "./zod.js";')) {
        throw new Error("lazy-zod: src/model/load-zod.ts no longer has the import it replaces");
      }
      return {
        loader: "ts",
        contents: `
          import type * as Functions from "./zod.js";
          let zod: typeof Functions | undefined;
          declare const require: (id: string) => typeof Functions;
          export function loadZod(): typeof Functions {
            zod ??= require("./zod.js");
            return zod;
          }`,
      };
    });
  },
};

/** The modules of contextfmt/testing that the index re-exports, each its own ES module. */
const TESTING_PARTS = [
  "index",
  "assertions",
  "factories",
  "fixed-counter",
  "hook-contract",
  "hook-input",
  "hostile-texts",
  "matchers",
  "run-hook",
];

/**
 * Text outside ASCII written as it is (UTF-8), not as `\uXXXX` escapes, which mean the same:
 * escaped, the counter's Chinese words (src/tokens/han-words.ts) take 70 KB of each bundle that
 * counts tokens instead of 35 KB.
 */
const utf8: Options["esbuildOptions"] = (options) => {
  options.charset = "utf8";
};

/** What every library build shares. */
const LIBRARY: Options = {
  // `npm run build` empties dist/ once before the builds run (they run in parallel).
  clean: false,
  sourcemap: false,
  target: "node20",
  treeshake: true,
  // Only fast-xml-parser's validator is used by the core (the XML check); bundling it keeps the
  // rest of that package, and ~20 ms of module loading, out of the core's import.
  noExternal: ["fast-xml-parser"],
  esbuildOptions: utf8,
};

export default defineConfig([
  {
    ...LIBRARY,
    entry: {
      index: "src/index.ts",
      adapters: "src/adapters.ts",
      tiktoken: "src/tiktoken.ts",
      "agent-config": "src/agent-config/index.ts",
      hooks: "src/hooks/index.ts",
    },
    format: ["esm", "cjs"],
    dts: true,
    splitting: true,
    // zod is bundled so that it can start lazily (see lazyZod); it is one copy shared by every
    // entry, and keeps its configuration on globalThis, as any other zod 4 does. Types still come
    // from "zod/mini".
    noExternal: ["fast-xml-parser", "zod"],
    esbuildPlugins: [lazyZod],
  },
  // contextfmt/testing, built on its own: it bundles fast-xml-parser's parser (for the XML round
  // trip), which chunks shared with the core would carry into the core's import. Its copy of the
  // core is only for tests (it imports zod as a dependency, not lazily); errors and counters work across copies (Symbol.for). The ES module
  // build keeps one file per part, so a bundler that takes only `fixedCounter` leaves the hook
  // runner and the XML parser out; CommonJS, which bundlers do not shake, is one file.
  {
    ...LIBRARY,
    entry: Object.fromEntries(TESTING_PARTS.map((part) => [part, `src/testing/${part}.ts`])),
    outDir: "dist/testing",
    format: ["esm"],
    dts: { entry: { index: "src/testing/index.ts" } },
    splitting: true,
  },
  {
    ...LIBRARY,
    entry: { index: "src/testing/index.ts" },
    outDir: "dist/testing",
    format: ["cjs"],
    dts: true,
    splitting: false,
  },
  // contextfmt/sync, for Node only, built on its own so that nothing of it (the file writer, the
  // TOML parser it bundles for in-place edits) reaches the pure entries' chunks. Its copy of the
  // core works with theirs: errors and counters are recognised across copies (Symbol.for).
  {
    ...LIBRARY,
    entry: { sync: "src/sync.ts" },
    format: ["esm", "cjs"],
    dts: true,
    splitting: false,
    platform: "node",
    external: ["js-tiktoken", "yaml", "smol-toml", "jsonc-parser"],
    noExternal: ["fast-xml-parser", "zod", "toml-eslint-parser"],
    esbuildPlugins: [lazyZod],
  },
  {
    // The `contextfmt` bin, CommonJS: Node starts a CommonJS file ~5 ms sooner than an ES module
    // (no ESM loader to set up), which matters to hooks. The entry is tiny; each subcommand is one
    // self-contained file (zod/mini and the core inside) that the entry requires when that
    // subcommand runs, with V8's compiled code cached between runs (src/cli/compile-cache.ts).
    // yaml is required only for YAML files, and exact counting goes through the package's own
    // o200k rank file, required by the bin itself (src/cli/counter.ts), only for --exact.
    entry: {
      cli: "src/cli/main.ts",
      "commands/convert": "src/cli/commands/convert.ts",
      "commands/hook": "src/cli/commands/hook.ts",
      "commands/render": "src/cli/commands/render.ts",
      "commands/schema": "src/cli/commands/schema.ts",
      "commands/tokens": "src/cli/commands/tokens.ts",
      "commands/sync": "src/cli/commands/sync.ts",
      "commands/init": "src/cli/commands/init.ts",
      "commands/doctor": "src/cli/commands/doctor.ts",
    },
    outDir: "dist/bin",
    format: ["cjs"],
    dts: false,
    clean: false,
    sourcemap: false,
    target: "node20",
    platform: "node",
    splitting: false,
    treeshake: true,
    external: ["js-tiktoken", "yaml", "smol-toml", "jsonc-parser", "contextfmt"],
    // toml-eslint-parser (source ranges for in-place TOML edits) and diff (--dry-run) are
    // bundled into the sync and init commands only, so they need not be installed.
    noExternal: ["zod", "fast-xml-parser", "toml-eslint-parser", "diff"],
    // zod starts on the first schema built, as in the library: a hook given valid input never
    // runs zod's module code.
    esbuildPlugins: [lazyZod],
    // Less source to parse at every start; error messages are written out, not taken from names.
    minify: true,
    banner: { js: "#!/usr/bin/env node" },
    esbuildOptions: utf8,
  },
]);
