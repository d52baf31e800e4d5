import { configDefaults, defineConfig } from "vitest/config";
import base, { GROWTH_TESTS } from "./vitest.config.js";

// The growth checks (`npm run test:growth`): time ratios, so one file at a time and nothing else
// of the suite beside them. CI adds their JSON report to the closing "N passed, N failed" line.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: [GROWTH_TESTS],
    exclude: configDefaults.exclude,
    // They run the sources, not dist/: only the seed of the run is set up.
    globalSetup: ["test/temp-dir.global.ts", "test/fast-check.global.ts"],
    typecheck: { enabled: false },
    fileParallelism: false,
    outputFile: { json: "node_modules/.cache/contextfmt/vitest-growth.json" },
  },
});
