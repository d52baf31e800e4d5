import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { contextfmt } from "../cli/run-bin.js";

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");

describe("the README's budget report", () => {
  it("is what render --report prints for the example rules", () => {
    const command = "contextfmt render --format claude examples/rules.json --budget 216 --report";
    const at = readme.indexOf(command);
    expect(at).toBeGreaterThan(0);
    const block = /```text\n([\s\S]*?)```/.exec(readme.slice(at))?.[1];
    const root = new URL("../..", import.meta.url).pathname;
    const run = contextfmt(command.split(" ").slice(1), "", root);
    expect(run.status).toBe(0);
    const report = run.stderr.slice(run.stderr.indexOf("examples/rules.json: claude"));
    expect(report).toBe(block);
  });
});
