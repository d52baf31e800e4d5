import { defineConfig } from "vitest/config";
import base from "../../vitest.config.js";

// The real-client checks: run by `npm run test:clients`, not by `npm test`. Their JSON report is
// added to the unit tests' in CI's closing "N passed, N failed" line.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ["test/clients/**/*.clients.ts"],
    typecheck: { enabled: false },
    testTimeout: 60_000,
    // Several checks run their client once in beforeAll: as long as a test may take, and more on
    // a loaded machine (a Gemini CLI run once took over 10 s there).
    hookTimeout: 120_000,
    outputFile: { json: "node_modules/.cache/contextfmt/vitest-clients.json" },
  },
});
