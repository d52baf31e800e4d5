/**
 * The layers of src/ and which may import which: imports point one way, from the CLI down to
 * problems. A folder is a layer; the files at the root of src/ are the entries.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = resolve(new URL("../../src", import.meta.url).pathname);

const BASE = ["problems", "model", "tokens"];
const BELOW_FORMATS = [...BASE, "budget"];
const BELOW_ENGINE = [...BELOW_FORMATS, "formats", "templates", "project"];
const BELOW_FACADES = [...BELOW_ENGINE, "manager"];

/** Layer → the layers it may import (besides itself). */
const MAY_IMPORT: Readonly<Record<string, readonly string[]>> = {
  problems: [],
  model: ["problems"],
  tokens: ["problems"],
  budget: BASE,
  tiktoken: BASE,
  formats: BELOW_FORMATS,
  templates: [...BELOW_FORMATS, "formats"],
  project: [...BELOW_FORMATS, "formats"],
  manager: [...BELOW_FORMATS, "formats"],
  facades: BELOW_FACADES,
  hooks: BELOW_FACADES,
  "agent-config": BELOW_FACADES,
  entries: [...BELOW_FACADES, "facades", "hooks", "agent-config", "tiktoken"],
  // The bin is a user of the library: its entries, the hooks layer, and the errors below all.
  cli: ["problems", "hooks", "agent-config", "entries"],
  testing: [...BELOW_FACADES, "facades", "hooks"],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** The layer of a file under src/: its first folder, or `entries` for the files at the root. */
function layerOf(file: string): string {
  const [first, ...rest] = relative(SRC, file).split("/");
  return rest.length === 0 ? "entries" : (first as string);
}

/** Every relative module a file imports: statically, for its side effects, or with `import()`. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const specifiers = [
    ...text.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+"(\.[^"]+)"/gms),
    ...text.matchAll(/\bimport\(\s*"(\.[^"]+)"\s*\)/g),
    // A side-effect import (`import "./x.js";`) is an import too.
    ...text.matchAll(/^\s*import\s+"(\.[^"]+)"/gm),
  ].map((match) => match[1] as string);
  return specifiers.map((specifier) => resolve(dirname(file), specifier));
}

/** Every import that breaks the table, as `layer → layer: file imports target`. */
function violations(table: Readonly<Record<string, readonly string[]>>): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(SRC)) {
    const from = layerOf(file);
    const allowed = table[from];
    for (const target of importsOf(file)) {
      const to = layerOf(target);
      if (to === from) continue;
      if (!allowed?.includes(to)) {
        found.push(`${from} → ${to}: ${relative(SRC, file)} imports ${relative(SRC, target)}`);
      }
    }
  }
  return found;
}

describe("layers", () => {
  it("every folder of src/ has a place in the table", () => {
    const layers = new Set(sourceFiles(SRC).map(layerOf));
    expect([...layers].sort()).toEqual(Object.keys(MAY_IMPORT).sort());
  });

  it("imports point one way: each layer imports only the layers the table allows", () => {
    expect(violations(MAY_IMPORT)).toEqual([]);
  });

  it("the check finds what a table forbids (a CLI allowed to import nothing)", () => {
    const stricter = { ...MAY_IMPORT, cli: [] };
    expect(violations(stricter).length).toBeGreaterThan(0);
    expect(violations(stricter).every((line) => line.startsWith("cli →"))).toBe(true);
  });
});
