/**
 * `init` for Cline (planInit and applyPlan, in process): one executable shell script per event in `.clinerules/hooks/`, named
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
import { UsageError } from "contextfmt/sync";
import { describe, expect, it } from "vitest";
import { BIN, example } from "../cli/run-bin.js";
import { hookInputs } from "../fixtures/hook-inputs.js";
import { init, warningLine } from "./run-init.js";

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

describe("init cline", () => {
  it("writes .clinerules/hooks/PostToolUse, byte for byte, mode 755; a second run changes nothing", () => {
    const dir = project();
    const first = init(dir, "cline");
    expect(first.warnings).toEqual([]);
    expect(first.written).toContain(`${HOOKS}/PostToolUse`);
    expect(readdirSync(join(dir, HOOKS))).toEqual(["PostToolUse"]);
    const path = join(dir, HOOKS, "PostToolUse");
    expect(readFileSync(path, "utf8")).toBe(script("post-tool-use"));
    expect(statSync(path).mode & 0o777).toBe(0o755);
    expect(init(dir, "cline")).toEqual({ written: [], warnings: [] });
    expect(readFileSync(path, "utf8")).toBe(script("post-tool-use"));
  });

  it("--events all adds PreToolUse; a script the user changed is kept, with a warning", () => {
    const dir = project();
    init(dir, "cline");
    const mine = "#!/bin/sh\necho mine\n";
    writeFileSync(join(dir, HOOKS, "PostToolUse"), mine);
    const { written, warnings } = init(dir, "cline", "all");
    expect(written).toEqual([`${HOOKS}/PreToolUse`]);
    expect(warnings.map(warningLine)).toEqual([
      expect.stringContaining(`${HOOKS}/PostToolUse: kept: changed since contextfmt init wrote it`),
    ]);
    expect(readFileSync(join(dir, HOOKS, "PostToolUse"), "utf8")).toBe(mine);
    expect(readFileSync(join(dir, HOOKS, "PreToolUse"), "utf8")).toBe(script("pre-tool-use"));
    expect(statSync(join(dir, HOOKS, "PreToolUse")).mode & 0o777).toBe(0o755);
  });

  it("events whose context does not reach the model are refused, naming those it can install", () => {
    const dir = project();
    for (const event of ["task-start", "user-prompt-submit", "task-complete", "pre-compact"]) {
      expect(() => init(dir, "cline", event)).toThrow(UsageError);
      expect(() => init(dir, "cline", event)).toThrow(
        `unknown cline event "${event}"; cline events: pre-tool-use, post-tool-use, all`,
      );
    }
  });

  it("the installed scripts answer Cline's stdin with contextModification, run from anywhere", () => {
    const dir = project();
    init(dir, "cline", "all");
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
