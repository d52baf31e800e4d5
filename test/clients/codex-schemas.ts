/**
 * The JSON Schemas of Codex CLI's hook inputs and outputs, as the installed binary carries them
 * (codex-rs/hooks/schema/generated/*.schema.json, compiled in). `npx tsx
 * test/clients/codex-schemas.ts --write` copies them into test/fixtures/ after the pinned Codex
 * version changes; the clients test checks that the copies there are the binary's.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const root = new URL("../..", import.meta.url).pathname;
const binary = join(
  root,
  ".clients/node_modules/@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/bin/codex",
);

/** Where the copies live: outputs (what a hook prints) and inputs (what it reads). */
export const FIXTURE_DIRS = {
  output: join(root, "test/fixtures/codex-hook-output-schemas"),
  input: join(root, "test/fixtures/codex-hook-input-schemas"),
};

const OPENING = '"$schema": "http://json-schema.org/draft-07/schema#"';

/** The end of the JSON object that starts at `start` (strings and escapes skipped). */
function objectEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let index = start; index < text.length; index += 1) {
    const char = text[index];
    if (inString) {
      if (char === "\\") index += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "{") depth += 1;
    else if (char === "}") {
      depth -= 1;
      if (depth === 0) return index + 1;
    }
  }
  return -1;
}

/** Every hook schema in the binary, by title (`session-start.command.output`, …). */
export function binarySchemas(): Map<string, { title: string }> {
  // latin1 keeps one character per byte, so offsets are byte offsets; the schemas are ASCII.
  const text = readFileSync(binary).toString("latin1");
  const schemas = new Map<string, { title: string }>();
  let at = text.indexOf(OPENING);
  while (at >= 0) {
    const start = text.lastIndexOf("{", at);
    const end = objectEnd(text, start);
    if (end > 0) {
      try {
        const schema = JSON.parse(text.slice(start, end));
        if (typeof schema.title === "string" && schema.title.includes(".command.")) {
          schemas.set(schema.title, schema);
        }
      } catch {
        // Not a whole schema (a fragment in other data): skip it.
      }
    }
    at = text.indexOf(OPENING, at + OPENING.length);
  }
  return schemas;
}

/** The fixture file of a schema title, and the folder it belongs in. */
export function fixturePath(title: string): string {
  const kind = title.endsWith(".output") ? "output" : "input";
  return join(FIXTURE_DIRS[kind], `${title}.schema.json`);
}

/** Sorted keys, two-space indent: the form the fixtures are written in. */
export function canonical(value: unknown): string {
  const sort = (item: unknown): unknown =>
    Array.isArray(item)
      ? item.map(sort)
      : item && typeof item === "object"
        ? Object.fromEntries(
            Object.keys(item)
              .sort()
              .map((key) => [key, sort((item as Record<string, unknown>)[key])]),
          )
        : item;
  return `${JSON.stringify(sort(value), null, 2)}\n`;
}

if (process.argv[1] === new URL(import.meta.url).pathname && process.argv.includes("--write")) {
  for (const [title, schema] of binarySchemas()) {
    writeFileSync(fixturePath(title), canonical(schema));
    console.log(fixturePath(title));
  }
}
