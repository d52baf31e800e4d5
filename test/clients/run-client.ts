import { spawnSync } from "node:child_process";
import { join } from "node:path";

/** Where `npm run test:clients` installed the CLIs. */
const bin = process.env.CONTEXTFMT_CLIENTS ?? join(process.cwd(), ".clients/node_modules/.bin");

/** Whether this machine can give a process an empty network namespace with loopback up. */
const offline = spawnSync("unshare", ["-rn", "sh", "-c", "ip link set lo up"]).status === 0;

/**
 * Runs one of the real CLIs with only the given environment (plus PATH), with no network when
 * unshare allows it, and returns what it printed: `stdout` alone and `output` (stdout then
 * stderr; Gemini CLI lists servers on stderr). A non-zero exit throws with the output.
 */
export function runClient(
  tool: "claude" | "codex" | "gemini" | "copilot" | "qwen" | "opencode",
  args: readonly string[],
  env: Record<string, string>,
  cwd: string,
): { stdout: string; output: string } {
  const command = offline ? "unshare" : join(bin, tool);
  const argv = offline ? ["-rn", join(bin, tool), ...args] : [...args];
  const result = spawnSync(command, argv, {
    cwd,
    encoding: "utf8",
    timeout: 60_000,
    maxBuffer: 64 * 1024 * 1024,
    env: { PATH: process.env.PATH ?? "", NO_COLOR: "1", ...env },
  });
  const output = `${result.stdout ?? ""}${result.stderr ?? ""}`;
  if (result.status !== 0) throw new Error(`${tool} ${args.join(" ")} failed:\n${output}`);
  return { stdout: result.stdout, output };
}

/** What {@link recordModelRequests} saw: the CLI's exit code and output, and every request. */
export interface RecordedRun {
  readonly code: number | null;
  readonly output: string;
  readonly requests: readonly { method: string; url: string; body: string }[];
}

/**
 * Runs a CLI headless against a loopback server standing in for the model API (see
 * record-requests.mjs), inside an empty network namespace when unshare allows it, and returns the
 * requests it sent: what the model would have been given.
 */
export function recordModelRequests(
  tool: "claude" | "gemini" | "codex",
  args: readonly string[],
  env: Record<string, string>,
  cwd: string,
): RecordedRun {
  const recorder = new URL("./record-requests.mjs", import.meta.url).pathname;
  const argv = [recorder, join(bin, tool), ...args];
  // In a fresh namespace even loopback is down until it is brought up.
  const result = offline
    ? spawnSync(
        "unshare",
        ["-rn", "sh", "-c", 'ip link set lo up && exec node "$@"', "sh", ...argv],
        {
          cwd,
          encoding: "utf8",
          timeout: 90_000,
          maxBuffer: 64 * 1024 * 1024,
          env: { PATH: process.env.PATH ?? "", NO_COLOR: "1", ...env },
        },
      )
    : spawnSync("node", argv, {
        cwd,
        encoding: "utf8",
        timeout: 90_000,
        maxBuffer: 64 * 1024 * 1024,
        env: { PATH: process.env.PATH ?? "", NO_COLOR: "1", ...env },
      });
  if (result.status !== 0) throw new Error(`recording ${tool} failed:\n${result.stderr}`);
  return JSON.parse(result.stdout) as RecordedRun;
}

/**
 * `codex exec` arguments for a headless run with `prompt` against the recording server (set as
 * the model provider, its key read from RECORDER_KEY) and project hooks allowed to run.
 */
export function codexExecArgs(prompt: string): string[] {
  return [
    "exec",
    "--dangerously-bypass-hook-trust",
    "--skip-git-repo-check",
    "-c",
    "model_provider=recorder",
    "-c",
    'model_providers.recorder={name="recorder",base_url="{BASE_URL}/v1",wire_api="responses",env_key="RECORDER_KEY"}',
    "-c",
    "model=gpt-5",
    prompt,
  ];
}
