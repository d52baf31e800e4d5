import { spawnSync } from "node:child_process";

/** The built bin (test/cli/build.global.ts builds it before the tests run). */
export const BIN = new URL("../../dist/bin/cli.cjs", import.meta.url).pathname;

/**
 * Runs `contextfmt` with `args`, `stdin` piped in, and returns what it wrote and its exit code;
 * `env` is set over the test's environment (a fake `HOME`).
 */
export function contextfmt(
  args: readonly string[],
  stdin = "",
  cwd?: string,
  env?: Record<string, string>,
) {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    input: stdin,
    encoding: "utf8",
    ...(cwd ? { cwd } : {}),
    ...(env ? { env: { ...process.env, ...env } } : {}),
  });
  return { stdout: result.stdout, stderr: result.stderr, status: result.status };
}

/** The bundled example rules, as `--rules` takes them. */
export const RULES = new URL("../../examples/rules.json", import.meta.url).pathname;

/** A file of examples/hooks/, by name. */
export const example = (name: string) =>
  new URL(`../../examples/hooks/${name}`, import.meta.url).pathname;

/** Every input file of the bundled hook examples, and a fixed nonce, as `hook` flags. */
export const ALL_FILES = [
  "--rules",
  RULES,
  "--project",
  example("project.json"),
  "--session",
  example("session.json"),
  "--memories",
  example("memories.json"),
  "--nonce",
  "n0nce-7f3a9c2e",
];

/** The clock of the hook tests' `--now`. */
export const NOW = "2025-10-04T20:00:00Z";

export { kebab } from "../../src/hooks/events.js";

/** A YAML file of nested aliases that expands to 10^8 values: an alias bomb. */
export const ALIAS_BOMB = (() => {
  const lines = ["a: &a [1,1,1,1,1,1,1,1,1,1]"];
  for (const name of "bcdefgh") {
    const previous = String.fromCharCode(name.charCodeAt(0) - 1);
    lines.push(`${name}: &${name} [${Array(10).fill(`*${previous}`).join(",")}]`);
  }
  return `${lines.join("\n")}\n`;
})();
