/**
 * The hook scripts `contextfmt init cline` writes, run by Cline's real CLI (`cline --json
 * "<task>"`, headless, offline, its Anthropic provider pointed at a loopback model): the model's
 * first answer reads a file with `read_files`, so Cline runs `.clinerules/hooks/PostToolUse` (and
 * `PreToolUse` with `--events all`), and the next request the model receives carries the session
 * context `contextfmt hook cline` answered, in Cline's `<hook_context source="…">` block, once per
 * event. The project is set up as a user would: a git repository, contextfmt in
 * node_modules/.bin, `contextfmt init cline` run through the built CLI, the session file in
 * .contextfmt/.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BIN } from "../cli/run-bin.js";
import {
  CLINE_ENV,
  clineProvider,
  MARKER_FILES,
  type ModelScript,
  modelBodies,
  occurrences,
  runScripted,
  syncProject,
} from "./run-scripted.js";

const SESSION_MARKER = "SESSION_MARKER_3K";
const FILE_MARKER = "FILE_MARKER_8W";

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** A git project with one source file, contextfmt installed, `init cline ...initArgs` run. */
function clineProject(...initArgs: string[]): { dir: string; home: string; init: string } {
  const { root, dir, home, contextfmt } = syncProject({
    "src/pay.ts": `export const pay = 1; // ${FILE_MARKER}\n`,
  });
  roots.push(root);
  mkdirSync(join(dir, "node_modules/.bin"), { recursive: true });
  symlinkSync(BIN, join(dir, "node_modules/.bin/contextfmt"));
  const init = contextfmt("init", "cline", ...initArgs);
  // The session candidates in place of init's starter file: what the hook is to inject.
  writeFileSync(
    join(dir, ".contextfmt/session.json"),
    JSON.stringify(MARKER_FILES["session.json"]),
  );
  execFileSync("git", ["add", "-A"], { cwd: dir });
  return { dir, home, init };
}

/** The model reads src/pay.ts first, then says it is done. */
const script = (dir: string, home: string): ModelScript => ({
  replies: [
    {
      times: 1,
      reply: {
        tool: { name: "read_files", input: { files: [{ path: join(dir, "src/pay.ts") }] } },
      },
    },
  ],
  files: clineProvider(home),
});

const env = (home: string) => ({ HOME: home, ...CLINE_ENV });

/** Cline's block for the context `event`'s hook added after the read_files call. */
const block = (event: string) =>
  `<hook_context source="${event}" tool_name="read__files" tool_call_id="toolu__1__0">\n` +
  `Related: ${SESSION_MARKER} retries stop after five attempts\n</hook_context>`;

interface MessagesRequest {
  messages: { role: string; content: { type: string; text?: string; content?: unknown }[] }[];
}

/** Cline's run in `dir`: the model requests' messages, and its closing `done` event. */
function runCline(dir: string, home: string) {
  const run = runScripted(
    "cline",
    script(dir, home),
    ["--json", "Read src/pay.ts"],
    env(home),
    dir,
  );
  expect(run.code).toBe(0);
  const done = run.output
    .split("\n")
    .filter((line) => line.includes('"type":"done"'))
    .map((line) => (JSON.parse(line) as { event: { reason: string; iterations: number } }).event);
  const requests = modelBodies(run).map((body) => JSON.parse(body) as MessagesRequest);
  return { done, requests };
}

/** The text parts of the request's last message, the one that carries the tool's result. */
const lastTexts = (request: MessagesRequest | undefined) =>
  (request?.messages.at(-1)?.content ?? []).flatMap((part) =>
    part.type === "text" ? [part.text ?? ""] : [],
  );

describe("Cline runs the hook scripts contextfmt init wrote", () => {
  it("PostToolUse: the request after the tool call carries the session context once", () => {
    const { dir, home, init } = clineProject();
    expect(init).toContain("wrote .clinerules/hooks/PostToolUse\n");
    const { done, requests } = runCline(dir, home);
    expect(done).toEqual([expect.objectContaining({ reason: "completed", iterations: 2 })]);
    expect(requests).toHaveLength(2);
    // Nothing before the tool ran; after it, the file's text and one PostToolUse block beside it.
    expect(JSON.stringify(requests[0])).not.toContain(SESSION_MARKER);
    const second = JSON.stringify(requests[1]);
    expect(second).toContain(FILE_MARKER);
    expect(occurrences(second, SESSION_MARKER)).toBe(1);
    expect(lastTexts(requests[1])).toEqual([block("PostToolUse")]);
  });

  it("--events all: PreToolUse's context arrives too, beside PostToolUse's, in the same message", () => {
    const { dir, home, init } = clineProject("--events", "all");
    expect(init).toContain("wrote .clinerules/hooks/PreToolUse\n");
    const { done, requests } = runCline(dir, home);
    expect(done).toEqual([expect.objectContaining({ reason: "completed", iterations: 2 })]);
    expect(requests).toHaveLength(2);
    expect(JSON.stringify(requests[0])).not.toContain(SESSION_MARKER);
    expect(lastTexts(requests[1])).toEqual([`${block("PreToolUse")}\n\n${block("PostToolUse")}`]);
  });
});
