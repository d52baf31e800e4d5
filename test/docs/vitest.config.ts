import { defineConfig } from "vitest/config";
import base from "../../vitest.config.js";

// The docs' examples against the packed package: run by `npm run test:docs`, not by `npm test`
// (packing and installing take a while). Their JSON report is added to the unit tests' in CI's
// closing "N passed, N failed" line.
export default defineConfig({
  ...base,
  // The examples import the installed package, never the source.
  resolve: {},
  test: {
    ...base.test,
    // The client lists too: a page that drifts from the code fails the docs run as well.
    include: ["test/docs/**/*.docs.ts", "test/docs/client-lists.test.ts"],
    typecheck: { enabled: false },
    testTimeout: 60_000,
    outputFile: { json: "node_modules/.cache/contextfmt/vitest-docs.json" },
  },
});
