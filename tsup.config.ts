import { defineConfig } from "tsup";

export default defineConfig({
  entry: {
    index: "src/index.ts",
    tiktoken: "src/tiktoken.ts",
    "agent-config": "src/agent-config/index.ts",
  },
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  sourcemap: false,
  target: "node20",
  splitting: true,
  treeshake: true,
  // Only fast-xml-parser's validator is used (the XML check); bundling it keeps the rest of that
  // package, and ~20 ms of module loading, out of the core's import.
  noExternal: ["fast-xml-parser"],
});
