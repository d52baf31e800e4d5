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
});
