import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The growth checks: each times a path at two sizes and asserts the ratio (linear time). They run
 * by `npm run test:growth` (vitest.growth.config.ts), one file at a time, never inside `npm test`,
 * where other files running beside them would make a ratio a matter of luck.
 */
export const GROWTH_TESTS = "test/**/*growth*.test.ts";

export default defineConfig({
  resolve: {
    alias: [
      { find: /^contextfmt$/, replacement: source("./src/index.ts") },
      { find: /^contextfmt\/adapters$/, replacement: source("./src/adapters.ts") },
      { find: /^contextfmt\/tiktoken$/, replacement: source("./src/tiktoken.ts") },
      { find: /^contextfmt\/hooks$/, replacement: source("./src/hooks/index.ts") },
      { find: /^contextfmt\/sync$/, replacement: source("./src/sync.ts") },
      {
        find: /^contextfmt\/agent-config$/,
        replacement: source("./src/agent-config/index.ts"),
      },
      { find: /^contextfmt\/testing$/, replacement: source("./src/testing/index.ts") },
    ],
  },
  test: {
    include: ["test/**/*.test.ts", "examples/**/*.test.ts"],
    exclude: [...configDefaults.exclude, GROWTH_TESTS],
    // A temporary folder of the run's own, removed at its end (nothing left in the system's).
    // Builds dist/ once per run: the bin tests and the hook examples run the built `contextfmt`.
    // Picks the one fast-check seed of the run, which each test file then configures.
    globalSetup: [
      "test/temp-dir.global.ts",
      "test/cli/build.global.ts",
      "test/fast-check.global.ts",
    ],
    setupFiles: ["test/fast-check.setup.ts"],
    // The type tests (test/**/*.test-d.ts) are checked by `npm run typecheck`, which compiles
    // every file of test/ anyway: a second compiler run here doubled that work.
    typecheck: { enabled: false, include: ["test/**/*.test-d.ts"] },
    // Vitest's default on two cores is one worker. Most of the slow files wait on a spawned bin
    // (the CLI tests) while the other core idles; two workers keep both busy. The time limit is
    // generous because a shared machine can be slow; a hang still ends.
    maxWorkers: 2,
    testTimeout: 30_000,
    // The JSON report gives CI its closing "N passed, N failed" line.
    reporters: ["default", "json"],
    outputFile: { json: "node_modules/.cache/contextfmt/vitest-results.json" },
  },
});
