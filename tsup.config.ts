import type { Plugin } from "esbuild";
import { defineConfig } from "tsup";

/** Keeps the bin entry's `import("./commands/x.js")` as it is: each command is its own file. */
const lazyCommands: Plugin = {
  name: "lazy-commands",
  setup(build) {
    build.onResolve({ filter: /^\.\/commands\/[\w-]+\.js$/ }, (args) => ({
      path: args.path,
      external: true,
    }));
  },
};

export default defineConfig([
  {
    entry: {
      index: "src/index.ts",
      tiktoken: "src/tiktoken.ts",
      hooks: "src/hooks/index.ts",
    },
    format: ["esm", "cjs"],
    dts: true,
    // `npm run build` empties dist/ once before both builds run (they run in parallel).
    clean: false,
    sourcemap: false,
    target: "node20",
    splitting: true,
    treeshake: true,
    // Only fast-xml-parser's validator is used (the XML check); bundling it keeps the rest of that
    // package, and ~20 ms of module loading, out of the core's import.
    noExternal: ["fast-xml-parser"],
  },
  {
    // The `contextfmt` bin. The entry is tiny; each subcommand is one self-contained ESM file
    // (zod/mini and the core inside) that the entry imports when that subcommand runs, so a hook
    // loads one file and never the others. yaml is imported only for YAML files, and exact
    // counting goes through the package's own `contextfmt/tiktoken` entry, only for --exact.
    entry: {
      cli: "src/cli/main.ts",
      "commands/hook": "src/cli/commands/hook.ts",
      "commands/render": "src/cli/commands/render.ts",
      "commands/schema": "src/cli/commands/schema.ts",
    },
    outDir: "dist/bin",
    format: ["esm"],
    dts: false,
    clean: false,
    sourcemap: false,
    target: "node20",
    platform: "node",
    splitting: false,
    treeshake: true,
    external: ["js-tiktoken", "yaml", "contextfmt"],
    noExternal: ["zod", "fast-xml-parser"],
    esbuildPlugins: [lazyCommands],
    banner: { js: "#!/usr/bin/env node" },
  },
]);
