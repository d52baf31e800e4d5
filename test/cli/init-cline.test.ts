/**
 * `contextfmt init cline`: one executable shell script per event in `.clinerules/hooks/`, named
 * after the event as Cline's CLI looks them up, running the hook from the project folder; init's
 * own files, written once, replaced while unchanged, kept once the user changed them.
 */
import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hookInputs } from "../fixtures/hook-inputs.js";
import { BIN, contextfmt, example } from "./run-bin.js";

const HOOKS = ".clinerules/hooks";

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), "contextfmt-init-cline-"));
  mkdirSync(join(dir, "node_modules/.bin"), { recursive: true });
  symlinkSync(BIN, join(dir, "node_modules/.bin/contextfmt"));
  return dir;
}

const script = (event: string) => `#!/bin/sh
cd "$(dirname "$0")/../.." || exit 1
exec node_modules/.bin/contextfmt hook cline ${event} --session .contextfmt/session.json
`;

describe("contextfmt init cline", () => {
  it("writes .clinerules/hooks/PostToolUse, byte for byte, mode 755; a second run changes nothing", () => {
    const dir = project();
    const first = contextfmt(["init", "cline", dir]);
    expect(first.status).toBe(0);
    expect(first.stderr).toBe("");
    expect(first.stdout).toContain(`wrote ${HOOKS}/PostToolUse\n`);
    expect(readdirSync(join(dir, HOOKS))).toEqual(["PostToolUse"]);
    const path = join(dir, HOOKS, "PostToolUse");
    expect(readFileSync(path, "utf8")).toBe(script("post-tool-use"));
    expect(statSync(path).mode & 0o777).toBe(0o755);
    const second = contextfmt(["init", "cline", dir]);
    expect(second.status).toBe(0);
    expect(second.stdout).toBe("up to date\n");
    expect(readFileSync(path, "utf8")).toBe(script("post-tool-use"));
  });

  it("--events all adds PreToolUse; a script the user changed is kept, with a warning", () => {
    const dir = project();
    contextfmt(["init", "cline", dir]);
    const mine = "#!/bin/sh\necho mine\n";
    writeFileSync(join(dir, HOOKS, "PostToolUse"), mine);
    const { status, stdout, stderr } = contextfmt(["init", "cline", dir, "--events", "all"]);
    expect(status).toBe(0);
    expect(stdout).toBe(`wrote ${HOOKS}/PreToolUse\n`);
    expect(stderr).toContain(`${HOOKS}/PostToolUse: kept: changed since contextfmt init wrote it`);
    expect(readFileSync(join(dir, HOOKS, "PostToolUse"), "utf8")).toBe(mine);
    expect(readFileSync(join(dir, HOOKS, "PreToolUse"), "utf8")).toBe(script("pre-tool-use"));
    expect(statSync(join(dir, HOOKS, "PreToolUse")).mode & 0o777).toBe(0o755);
  });

  it("events whose context does not reach the model are refused, naming those it can install", () => {
    const dir = project();
    for (const event of ["task-start", "user-prompt-submit", "task-complete", "pre-compact"]) {
      const { status, stderr } = contextfmt(["init", "cline", dir, "--events", event]);
      expect(status).toBe(1);
      expect(stderr).toContain(
        `unknown cline event "${event}"; cline events: pre-tool-use, post-tool-use, all`,
      );
    }
  });

  it("the installed scripts answer Cline's stdin with contextModification, run from anywhere", () => {
    const dir = project();
    contextfmt(["init", "cline", dir, "--events", "all"]);
    // The example session in place of init's starter one, so that a tool event has context.
    copyFileSync(example("session.json"), join(dir, ".contextfmt/session.json"));
    for (const event of ["PreToolUse", "PostToolUse"] as const) {
      // The script itself, as Cline runs it, from another folder: it moves to the project's.
      const result = spawnSync(join(dir, HOOKS, event), [], {
        input: JSON.stringify(hookInputs.cline[event]),
        encoding: "utf8",
        cwd: tmpdir(),
      });
      expect(result.status).toBe(0);
      expect(result.stderr).toBe("");
      const output = JSON.parse(result.stdout) as Record<string, unknown>;
      expect(Object.keys(output)).toEqual(["contextModification"]);
      expect(output.contextModification).toMatch(/^Related: /);
    }
  });
});
