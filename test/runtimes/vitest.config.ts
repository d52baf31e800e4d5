import { defineConfig } from "vitest/config";
import base from "../../vitest.config.js";

// The runtimes other than Node: run by `npm run test:runtimes`, not by `npm test`. Their JSON
// report is added to the unit tests' in CI's closing "N passed, N failed" line.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ["test/runtimes/**/*.runtimes.ts"],
    typecheck: { enabled: false },
    testTimeout: 120_000,
    outputFile: { json: "node_modules/.cache/contextfmt/vitest-runtimes.json" },
  },
});
