import { execFileSync } from "node:child_process";
import { expect, it } from "vitest";

it("npm run demo's script prints the three formats of the example rules", () => {
  const output = execFileSync(process.execPath, ["--import", "tsx", "examples/demo.ts"], {
    cwd: new URL("..", import.meta.url).pathname,
    encoding: "utf8",
  });
  expect(output).toContain("# Project Memory Rules");
  expect(output).toContain("PROJECT CONTEXT RULES\nGenerated: 2025-10-04T20:00:00Z");
  expect(output).toContain(
    "You are an AI assistant with the following context-specific rules and guidelines.",
  );
  expect(output).not.toMatch(/\[error\]/);
}, 30_000);
