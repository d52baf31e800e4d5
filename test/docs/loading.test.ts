/**
 * docs/loading.md is what scripts/loading-table.ts generates from the code, byte for byte, so it
 * cannot drift from the rules `doctor` applies. (Whether a client follows `@path` imports is one
 * fact of its file in src/clients, which sync and doctor both read.)
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LOADING_PATH, loadingTable } from "../../scripts/loading-table.js";

describe("docs/loading.md", () => {
  it("is the page generated from the code (npm run docs:loading rewrites it)", () => {
    expect(readFileSync(LOADING_PATH, "utf8")).toBe(loadingTable());
  });
});
