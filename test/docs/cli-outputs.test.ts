import { cpSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contextfmt } from "../cli/run-bin.js";

const root = new URL("../..", import.meta.url).pathname;
const page = (name: string) => readFileSync(`${root}docs/${name}`, "utf8");

/** The first ```text block after `command` on the page. */
function shownAfter(text: string, command: string): string | undefined {
  const at = text.indexOf(command);
  expect(at, command).toBeGreaterThan(0);
  return /```text\n([\s\S]*?)```/.exec(text.slice(at))?.[1];
}

describe("the command outputs the docs show", () => {
  it("budgets.md: the report render --report prints for the example rules", () => {
    const command = "contextfmt render --format claude examples/rules.json --budget 216 --report";
    const run = contextfmt(command.split(" ").slice(1), "", root);
    expect(run.status).toBe(0);
    const report = run.stderr.slice(run.stderr.indexOf("examples/rules.json: claude"));
    expect(report).toBe(shownAfter(page("budgets.md"), command));
  });

  it("cli.md: what tokens prints for the example rules", () => {
    const command = "contextfmt tokens examples/rules.json --format claude --budget 300";
    const run = contextfmt(command.split(" ").slice(1), "", root);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(shownAfter(page("cli.md"), command));
  });

  it("doctor.md: what doctor prints for the bundled example project, copied out as the page says", () => {
    const dir = join(mkdtempSync(join(tmpdir(), "contextfmt-doctor-")), "atlas");
    cpSync(`${root}examples/project`, dir, { recursive: true });
    const run = contextfmt(["doctor", dir]);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(shownAfter(page("doctor.md"), "npx contextfmt doctor /tmp/atlas"));
  });
});
