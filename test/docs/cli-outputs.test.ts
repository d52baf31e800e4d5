import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
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

  it("doctor.md: what doctor prints for the bundled example project with the example home", () => {
    const base = mkdtempSync(join(tmpdir(), "contextfmt-doctor-"));
    const dir = join(base, "atlas");
    const home = join(base, "home");
    cpSync(`${root}examples/project`, dir, { recursive: true });
    cpSync(`${root}examples/home`, home, { recursive: true });
    const command = "HOME=/tmp/home npx contextfmt doctor /tmp/atlas --client claude,codex,gemini";
    const run = contextfmt(["doctor", dir, "--client", "claude,codex,gemini"], "", undefined, {
      HOME: home,
    });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(shownAfter(page("doctor.md"), command));
  });

  it("sync.md: a new user's init, --dry-run with the README's examples filled in, and --remove", () => {
    const dir = mkdtempSync(join(tmpdir(), "contextfmt-init-docs-"));
    // A new user's project: a git repository (init finds the project's root by it).
    mkdirSync(join(dir, ".git"));
    const text = page("sync.md");
    const run = (command: string) => {
      const result = contextfmt(command.split(" ").slice(2), "", dir);
      expect(result.status).toBe(0);
      return result;
    };
    const blocks = (command: string) =>
      [...text.slice(text.indexOf(`${command}\n`)).matchAll(/```text\n([\s\S]*?)```/g)].map(
        (match) => match[1],
      );
    expect(run("npx contextfmt init claude").stdout).toBe(blocks("npx contextfmt init claude")[0]);
    // The README's examples, as the page says.
    const readme = readFileSync(join(dir, ".contextfmt/README.md"), "utf8");
    const examples = [...readme.matchAll(/\n\n {6}(\{[\s\S]*?\})\n\n/g)].map((m) => m[1] as string);
    writeFileSync(join(dir, ".contextfmt/rules.json"), examples[0] as string);
    writeFileSync(join(dir, ".contextfmt/project.json"), examples[1] as string);
    expect(run("npx contextfmt init claude --dry-run").stdout).toBe(
      blocks("npx contextfmt init claude --dry-run")[0],
    );
    const removed = run("npx contextfmt init claude --remove");
    const [stdout, stderr] = blocks("npx contextfmt init claude --remove");
    expect([removed.stdout, removed.stderr]).toEqual([stdout, stderr]);
  });
});
