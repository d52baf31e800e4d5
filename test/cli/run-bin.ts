import { spawnSync } from "node:child_process";

/** The built bin (test/cli/build.global.ts builds it before the tests run). */
export const BIN = new URL("../../dist/bin/cli.cjs", import.meta.url).pathname;

/** Runs `contextfmt` with `args`, `stdin` piped in, and returns what it wrote and its exit code. */
export function contextfmt(args: readonly string[], stdin = "", cwd?: string) {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    input: stdin,
    encoding: "utf8",
    ...(cwd ? { cwd } : {}),
  });
  return { stdout: result.stdout, stderr: result.stderr, status: result.status };
}

/** A YAML file of nested aliases that expands to 10^8 values: an alias bomb. */
export const ALIAS_BOMB = (() => {
  const lines = ["a: &a [1,1,1,1,1,1,1,1,1,1]"];
  for (const name of "bcdefgh") {
    const previous = String.fromCharCode(name.charCodeAt(0) - 1);
    lines.push(`${name}: &${name} [${Array(10).fill(`*${previous}`).join(",")}]`);
  }
  return `${lines.join("\n")}\n`;
})();
