/**
 * `npm run codex-schemas`: writes src/testing/codex-hook-schemas.ts from the Codex CLI hook output
 * schemas in test/fixtures/codex-hook-output-schemas/ (one per event, as Codex generates them),
 * so `checkHookOutput` and `runHook` check Codex's contract without a JSON Schema library.
 * `-- --check` only reports whether the module holds them (exit code 1 if not); a test does the same.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";

export const SCHEMA_DIR = new URL("../test/fixtures/codex-hook-output-schemas/", import.meta.url);
export const MODULE_PATH = new URL("../src/testing/codex-hook-schemas.ts", import.meta.url);

/** The schemas by event, as the kebab-case file name says (`session-start`). */
export function readSchemas(): Record<string, unknown> {
  const names = readdirSync(SCHEMA_DIR)
    .filter((name) => name.endsWith(".command.output.schema.json"))
    .sort();
  return Object.fromEntries(
    names.map((name) => [
      name.replace(".command.output.schema.json", ""),
      JSON.parse(readFileSync(new URL(name, SCHEMA_DIR), "utf8")),
    ]),
  );
}

/** The module's text for `schemas`. */
export function moduleText(schemas: Record<string, unknown>): string {
  return `/**
 * The JSON Schemas of the hook outputs Codex CLI accepts, by event (kebab-case), as Codex
 * generates them (\`codex-rs/hooks/schema/generated/*.command.output.schema.json\`). Written by
 * \`npm run codex-schemas\` from test/fixtures/codex-hook-output-schemas/; do not edit.
 */
export const CODEX_HOOK_OUTPUT_SCHEMAS: Readonly<Record<string, unknown>> = ${JSON.stringify(schemas, null, 2)};
`;
}

if (process.argv[1]?.endsWith("codex-hook-schemas.ts")) {
  const schemas = readSchemas();
  const { CODEX_HOOK_OUTPUT_SCHEMAS } = await import("../src/testing/codex-hook-schemas.js");
  if (isDeepStrictEqual(CODEX_HOOK_OUTPUT_SCHEMAS, schemas)) {
    console.log("src/testing/codex-hook-schemas.ts is current");
  } else if (process.argv.includes("--check")) {
    console.error("src/testing/codex-hook-schemas.ts is out of date; run npm run codex-schemas");
    process.exitCode = 1;
  } else {
    writeFileSync(MODULE_PATH, moduleText(schemas));
    const biome = new URL("../node_modules/.bin/biome", import.meta.url).pathname;
    execFileSync(biome, ["format", "--write", MODULE_PATH.pathname], { stdio: "ignore" });
    console.log("src/testing/codex-hook-schemas.ts written");
  }
}
