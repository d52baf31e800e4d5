import { spawnSync } from "node:child_process";
import { join } from "node:path";

/** Where `npm run test:clients` installed the CLIs. */
const bin = process.env.CONTEXTFMT_CLIENTS ?? join(process.cwd(), ".clients/node_modules/.bin");

/** Whether this machine can give a process an empty network namespace. */
const offline = spawnSync("unshare", ["-rn", "true"]).status === 0;

/**
 * Runs one of the real CLIs with only the given environment (plus PATH), with no network when
 * unshare allows it, and returns what it printed: `stdout` alone and `output` (stdout then
 * stderr; Gemini CLI lists servers on stderr). A non-zero exit throws with the output.
 */
export function runClient(
  tool: "claude" | "codex" | "gemini",
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
