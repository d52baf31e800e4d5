/**
 * The layers of src/ and which may import which: imports point one way, from the CLI down to
 * problems. A folder is a layer; the files at the root of src/ are the entries: the pure ones,
 * and `sync.ts`, the Node-only entry of the project verbs (`node-entry`).
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
  clients: ["problems"],
  model: ["problems"],
  tokens: ["problems"],
  budget: BASE,
  tiktoken: BASE,
  formats: BELOW_FORMATS,
  templates: [...BELOW_FORMATS, "formats"],
  project: [...BELOW_FORMATS, "formats"],
  manager: [...BELOW_FORMATS, "formats"],
  facades: BELOW_FACADES,
  hooks: [...BELOW_FACADES, "clients"],
  "agent-config": BELOW_FACADES,
  entries: [...BELOW_FACADES, "facades", "hooks", "agent-config", "tiktoken"],
  // The Node-only wing: the project folder (read and written the way git does), sync's plans
  // (init's among them), and the doctor, which may read sync's tables but never the reverse.
  workspace: ["problems", "clients", "hooks"],
  sync: [...BELOW_FACADES, "clients", "hooks", "agent-config", "workspace"],
  doctor: [...BELOW_FACADES, "hooks", "agent-config", "workspace", "sync"],
  // A project's contextfmt.json: it chooses among sync's clients and kinds and doctor's codes.
  config: ["problems", "hooks", "workspace", "sync", "doctor"],
  "node-entry": ["problems", "hooks", "workspace", "sync", "doctor", "config"],
  // The bin is a user of the library: its entries, the hooks layer it runs, the workspace's
  // file reading, and the errors below all; and the exact counter's factory, so that `--exact`
  // loads o200k's vocabulary alone.
  cli: [
    "problems",
    "clients",
    "hooks",
    "agent-config",
    "workspace",
    "entries",
    "node-entry",
    "tiktoken",
  ],
  testing: [...BELOW_FACADES, "facades", "hooks"],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** The Node-only entry: it alone of the root files may reach the workspace. */
const NODE_ENTRY = "sync.ts";

/** The layer of a file under src/: its first folder, or the entries' for the files at the root. */
function layerOf(file: string): string {
  const [first, ...rest] = relative(SRC, file).split("/");
  if (rest.length > 0) return first as string;
  return first === NODE_ENTRY ? "node-entry" : "entries";
}

/** The entry files of src/: the root files and each wing's index that package.json exports. */
const ENTRY_FILES = new Set([
  "index.ts",
  "adapters.ts",
  "tiktoken.ts",
  NODE_ENTRY,
  "hooks/index.ts",
  "agent-config/index.ts",
  "testing/index.ts",
]);

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

/** Every file of src/ with the files it imports, type-only imports included. */
function importGraph(): Map<string, string[]> {
  return new Map(
    sourceFiles(SRC).map((file) => [
      relative(SRC, file),
      importsOf(file).map((target) => relative(SRC, target).replace(/\.js$/, ".ts")),
    ]),
  );
}

/** The first import circle of `graph`, as the files around it, the first one again last; [] for none. */
function firstCircle(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (file: string): string[] => {
    if (state.get(file) === "done") return [];
    if (state.get(file) === "open") return [...path.slice(path.indexOf(file)), file];
    state.set(file, "open");
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      const circle = visit(next);
      if (circle.length > 0) return circle;
    }
    path.pop();
    state.set(file, "done");
    return [];
  };
  for (const file of graph.keys()) {
    const circle = visit(file);
    if (circle.length > 0) return circle;
  }
  return [];
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

/** Every file `from` imports, directly or through others. */
function reached(graph: ReadonlyMap<string, readonly string[]>, from: string): Set<string> {
  const seen = new Set<string>();
  const queue = [from];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    for (const next of graph.get(file) ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

/** The wings whose modules read or write files, which no pure entry may reach. */
const NODE_WINGS = ["workspace/", "sync/", "doctor/", "cli/", NODE_ENTRY];

describe("the Node-only wing", () => {
  it("no pure entry reaches the workspace, sync, the doctor or the bin, even through others", () => {
    const graph = importGraph();
    const reaching = [...ENTRY_FILES]
      .filter((entry) => entry !== NODE_ENTRY)
      .flatMap((entry) =>
        [...reached(graph, entry)]
          .filter((file) => NODE_WINGS.some((wing) => file.startsWith(wing)))
          .map((file) => `${entry} reaches ${file}`),
      );
    expect(reaching).toEqual([]);
  });

  it("the bin reaches sync and the doctor only through contextfmt/sync, agent-config only through its entry", () => {
    const through = [...importGraph()]
      .filter(([file]) => file.startsWith("cli/"))
      .flatMap(([file, targets]) =>
        targets
          .filter((target) => /^(sync|doctor|agent-config)\//.test(target))
          .filter((target) => !ENTRY_FILES.has(target))
          .map((target) => `${file} imports ${target}`),
      );
    expect(through).toEqual([]);
  });

  it("the check finds a pure entry that reaches the workspace (one arrow added)", () => {
    const graph = importGraph();
    graph.set("adapters.ts", [...(graph.get("adapters.ts") ?? []), "doctor/doctor.ts"]);
    expect(reached(graph, "adapters.ts").has("workspace/project.ts")).toBe(true);
  });
});

describe("import circles", () => {
  it("no module of src/ reaches itself through its imports (type-only imports included)", () => {
    expect(firstCircle(importGraph())).toEqual([]);
  });

  it("the check finds a circle (the graph with one arrow back added)", () => {
    const graph = importGraph();
    graph.set("problems/received.ts", [
      ...(graph.get("problems/received.ts") ?? []),
      "problems/errors.ts",
    ]);
    expect(firstCircle(graph)).toEqual([
      "problems/errors.ts",
      "problems/received.ts",
      "problems/errors.ts",
    ]);
  });
});
