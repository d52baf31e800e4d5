/**
 * A Cursor project's .cursorignore synced to Gemini CLI, Qwen Code and Kilo Code, then each real
 * CLI run headless and offline against a loopback model that asks it to read two files: one the
 * ignore file names (secrets/key.txt) and one it does not (open.txt). The open file's text
 * reaches the next request, so the read tool works; the ignored file's never does. Cursor itself
 * does not run here: its file is only the source, so whatever keeps the secret from each client
 * is what sync wrote for it.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KILO_ENV } from "./offline-clients.js";
import { type ModelScript, modelBodies, runScripted, syncProject } from "./run-scripted.js";

const SECRET = "SECRET_MARKER_4X";
const OPEN = "OPEN_MARKER_2Y";

let root: string;
let dir: string;
let home: string;
beforeAll(() => {
  const project = syncProject({
    ".cursorignore": "# keys stay out\nsecrets/\n",
    "secrets/key.txt": `${SECRET} do not share\n`,
    "open.txt": `${OPEN} fine to read\n`,
  });
  ({ root, dir, home } = project);
  project.contextfmt("sync", "--from", "cursor", "--to", "gemini,qwen,kilo", "--only", "ignore");
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The model asks for both files at once with `tool`, naming the path by `key`. */
const readBoth = (tool: string, key: string): ModelScript => ({
  replies: [
    {
      when: ["IGNORE_PROMPT"],
      unless: [OPEN],
      times: 1,
      reply: {
        tools: [
          { name: tool, input: { [key]: join(dir, "open.txt") } },
          { name: tool, input: { [key]: join(dir, "secrets/key.txt") } },
        ],
      },
    },
  ],
});

/** The requests after the tools ran: the open file's text is in them, the secret's never. */
function expectKeptOut(bodies: readonly string[]): void {
  const after = bodies.filter((body) => body.includes(OPEN));
  expect(after.length).toBeGreaterThan(0);
  for (const body of bodies) expect(body).not.toContain(SECRET);
}

describe("an ignore file synced from Cursor keeps the file from each client", () => {
  it("sync wrote each client's ignore file", () => {
    const region = "# contextfmt:begin\nsecrets/\n# contextfmt:end\n";
    for (const file of [".geminiignore", ".qwenignore", ".kilocodeignore"]) {
      expect(readFileSync(join(dir, file), "utf8")).toBe(region);
    }
  });

  it("Gemini CLI", () => {
    mkdirSync(join(home, ".gemini"), { recursive: true });
    writeFileSync(
      join(home, ".gemini/settings.json"),
      JSON.stringify({ security: { auth: { selectedType: "gemini-api-key" } } }),
    );
    const run = runScripted(
      "gemini",
      readBoth("read_file", "file_path"),
      ["--skip-trust", "-p", "IGNORE_PROMPT read both"],
      { HOME: home, GEMINI_API_KEY: "x" },
      dir,
    );
    expectKeptOut(modelBodies(run));
  });

  it("Qwen Code", () => {
    mkdirSync(join(home, ".qwen"), { recursive: true });
    writeFileSync(
      join(home, ".qwen/settings.json"),
      JSON.stringify({
        security: { auth: { selectedType: "anthropic" } },
        model: { name: "claude-sonnet-4-5" },
      }),
    );
    const run = runScripted(
      "qwen",
      readBoth("read_file", "file_path"),
      ["--yolo", "IGNORE_PROMPT read both"],
      { HOME: home, ANTHROPIC_API_KEY: "x" },
      dir,
    );
    expectKeptOut(modelBodies(run).filter((body) => !body.includes("memory extraction subagent")));
  });

  it("Kilo Code", () => {
    const run = runScripted(
      "kilo",
      readBoth("read", "filePath"),
      ["run", "--pure", "IGNORE_PROMPT read both"],
      {
        HOME: home,
        ...KILO_ENV,
      },
      dir,
    );
    expectKeptOut(modelBodies(run));
  }, 150_000);
});
