/**
 * docs/loading.md is what scripts/loading-table.ts generates from the code, byte for byte, so it
 * cannot drift from the rules `doctor` applies; and the loading rules agree with what sync
 * assumes of the same clients.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LOADING_PATH, loadingTable } from "../../scripts/loading-table.js";
import { CLIENT_LOADING } from "../../src/sync/loading.js";
import { instructionReading, SYNC_TOOLS } from "../../src/sync/locations.js";

describe("docs/loading.md", () => {
  it("is the page generated from the code (npm run docs:loading rewrites it)", () => {
    expect(readFileSync(LOADING_PATH, "utf8")).toBe(loadingTable());
  });

  it("says of each client's imports what sync assumes when it carries instructions", () => {
    for (const tool of SYNC_TOOLS) {
      expect(CLIENT_LOADING[tool].instructions.imports, tool).toBe(
        instructionReading(tool).imports,
      );
    }
  });
});
