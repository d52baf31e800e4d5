/**
 * docs/support.md is what scripts/support-table.ts generates from the code, byte for byte, so it
 * cannot drift from where sync and init write; and each real-client check it claims names a file
 * of the suite that runs that tool.
 */
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SUPPORT_PATH, supportTable } from "../../scripts/support-table.js";
import { REAL_CLIENT_CHECKS } from "../clients/checked.js";

const clientFile = (name: string) => new URL(`../clients/${name}`, import.meta.url).pathname;

/**
 * How each client's test files run it: `runClient("claude", …)`, `runScripted("qwen", …)`,
 * `runOffline("kilo", …)`, ….
 */
const RUNS = /\b(?:runClient|runScripted|runOffline|recordModelRequests)\(\s*"([a-z]+)"/g;

describe("docs/support.md", () => {
  it("is the table generated from the code (npm run docs:support rewrites it)", () => {
    expect(readFileSync(SUPPORT_PATH, "utf8")).toBe(supportTable());
  });

  it("says in every cell of the table either the pinned client with its test, or documentation", () => {
    const rows = supportTable()
      .split("\n")
      .filter((line) => line.startsWith("| `"));
    expect(rows.length).toBeGreaterThanOrEqual(20);
    const checked = /<br>✓ `[^`]+@[^`@]+` \(`test\/clients\/[\w.-]+\.clients\.ts`\)$/;
    const documented = /<br>(?:documentation|\[documentation\]\(https:\/\/[^)\s]+\))$/;
    for (const row of rows) {
      const cells = row.split(" | ").slice(2);
      for (const cell of cells) {
        const text = cell.replace(/ \|$/, "");
        if (text === "—") continue;
        expect(checked.test(text) || documented.test(text), `${row.slice(0, 30)}: ${text}`).toBe(
          true,
        );
      }
    }
  });

  it("names, for each real-client check, a file of the suite that runs that tool", () => {
    for (const [tool, kinds] of Object.entries(REAL_CLIENT_CHECKS)) {
      for (const [kind, file] of Object.entries(kinds ?? {})) {
        expect(existsSync(clientFile(file)), `${tool} ${kind}: ${file}`).toBe(true);
        const text = readFileSync(clientFile(file), "utf8");
        const run = [...text.matchAll(RUNS)].map((m) => m[1]);
        // sync.clients.ts runs each tool through a loop over the three names.
        const loops = /\["claude", "codex", "gemini"\]/.test(text)
          ? ["claude", "codex", "gemini"]
          : [];
        expect([...run, ...loops], `${tool} ${kind}: ${file}`).toContain(tool);
      }
    }
  });
});
