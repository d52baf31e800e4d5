import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^contextfmt$/, replacement: source("./src/index.ts") },
      { find: /^contextfmt\/adapters$/, replacement: source("./src/adapters.ts") },
      { find: /^contextfmt\/tiktoken$/, replacement: source("./src/tiktoken.ts") },
      { find: /^contextfmt\/hooks$/, replacement: source("./src/hooks/index.ts") },
      {
        find: /^contextfmt\/agent-config$/,
        replacement: source("./src/agent-config/index.ts"),
      },
      { find: /^contextfmt\/testing$/, replacement: source("./src/testing/index.ts") },
    ],
  },
  test: {
    include: ["test/**/*.test.ts", "examples/**/*.test.ts"],
    // Builds dist/ once per run: the bin tests and the hook examples run the built `contextfmt`.
    // Picks the one fast-check seed of the run, which each test file then configures.
    globalSetup: ["test/cli/build.global.ts", "test/fast-check.global.ts"],
    setupFiles: ["test/fast-check.setup.ts"],
    typecheck: { enabled: true, include: ["test/**/*.test-d.ts"] },
    // The JSON report gives CI its closing "N passed, N failed" line.
    reporters: ["default", "json"],
    outputFile: { json: "node_modules/.cache/contextfmt/vitest-results.json" },
  },
});
