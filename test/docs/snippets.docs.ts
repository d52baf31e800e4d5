/**
 * Every TypeScript example of the README and docs/ as a user meets it: the packed package
 * (`npm pack`) installed in a new ES module project, each block compiled on its own under
 * `strict` with `module: nodenext`, then run from the package's own `examples/` folder with a
 * Claude Code SessionStart hook input on stdin, where the block is not for the typechecker only.
 * A block the page shows the output of (`<!-- output -->` before the next block) prints exactly
 * that.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allSnippets, type Snippet, snippetsOf } from "./snippets.js";

const root = new URL("../..", import.meta.url).pathname;
const snippets = allSnippets(root);
const project = mkdtempSync(join(tmpdir(), "contextfmt-docs-"));
const names = snippets.map(
  (snippet) => `${snippet.page.replace(/[/.]/g, "_")}_${String(snippet.line).padStart(4, "0")}`,
);
let diagnostics: Map<string, string[]>;

const options: ts.CompilerOptions = {
  strict: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  skipLibCheck: true,
  // Node's own types, as a user's project has them from @types/node.
  typeRoots: [join(root, "node_modules/@types")],
  types: ["node"],
  outDir: join(project, "out"),
  rootDir: join(project, "src"),
};

/** The package as a user installs it: packed, then installed with the test runners' types. */
function installPackedPackage(): void {
  const packed = execFileSync("npm", ["pack", "--ignore-scripts", "--pack-destination", project], {
    cwd: root,
    encoding: "utf8",
  });
  const tarball = join(project, packed.trim().split("\n").at(-1) as string);
  writeFileSync(
    join(project, "package.json"),
    `${JSON.stringify({ name: "docs-snippets", private: true, type: "module" }, null, 2)}\n`,
  );
  const vitest = JSON.parse(readFileSync(join(root, "node_modules/vitest/package.json"), "utf8"));
  // The testing page's examples import vitest and jest's expect, as a user's tests do; an
  // adapter of your own imports zod, which the adapters page says to install.
  execFileSync(
    "npm",
    [
      "install",
      tarball,
      `vitest@${vitest.version}`,
      "expect@30",
      "zod@4",
      "--prefer-offline",
      "--no-audit",
      "--no-fund",
      "--loglevel=error",
    ],
    { cwd: project, stdio: ["ignore", "ignore", "inherit"] },
  );
}

/** Compiles every snippet in one program, each its own module; diagnostics by snippet name. */
function compile(): Map<string, string[]> {
  mkdirSync(join(project, "src"), { recursive: true });
  const files = names.map((name, index) => {
    const file = join(project, "src", `${name}.ts`);
    writeFileSync(file, snippets[index]?.code ?? "");
    return file;
  });
  const program = ts.createProgram(files, options);
  const emitted = program.emit();
  const byFile = new Map<string, string[]>(names.map((name) => [name, []]));
  for (const diagnostic of [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics]) {
    const index = files.indexOf(diagnostic.file?.fileName ?? "");
    const snippet = snippets[index];
    const at = diagnostic.file?.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line ?? 0;
    const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
    const where = snippet ? `${snippet.page}:${snippet.line + at}` : "(program)";
    const key = names[index] ?? "(program)";
    byFile.set(key, [...(byFile.get(key) ?? []), `${where}: ${text}`]);
  }
  return byFile;
}

beforeAll(() => {
  installPackedPackage();
  // The examples run where a user would run them: the package's own examples folder.
  cpSync(join(project, "node_modules/contextfmt/examples"), join(project, "run"), {
    recursive: true,
  });
  diagnostics = compile();
}, 300_000);

afterAll(() => rmSync(project, { recursive: true, force: true }), 120_000);

const label = (snippet: Snippet) => `${snippet.page}:${snippet.line}`;

describe("the examples of the README and docs/", () => {
  it("are found: every page's ts blocks, some of them run and some show their output", () => {
    expect(snippets.length).toBeGreaterThan(20);
    expect(snippets.filter((snippet) => !snippet.typecheckOnly).length).toBeGreaterThan(15);
    expect(snippets.filter((snippet) => snippet.output !== undefined).length).toBeGreaterThan(3);
  });

  it("the program as a whole compiles", () => {
    expect(diagnostics.get("(program)") ?? []).toEqual([]);
  });

  it.each(snippets.map((snippet, index) => [label(snippet), snippet, names[index]] as const))(
    "%s",
    (_, snippet, name) => {
      expect(diagnostics.get(name as string)).toEqual([]);
      if (snippet.typecheckOnly) return;
      const run = spawnSync(process.execPath, [join(project, "out", `${name}.js`)], {
        cwd: join(project, "run"),
        input: readFileSync(join(project, "run/hooks/claude/session-start.stdin.json")),
        encoding: "utf8",
        timeout: 60_000,
      });
      expect(run.status, `${label(snippet)} exited with ${run.status}: ${run.stderr}`).toBe(0);
      if (snippet.output !== undefined) {
        // Blank lines at the end are not shown: a block cannot end in one. After a change of
        // output, `npm run docs:outputs` rewrites the blocks.
        expect(run.stdout.replace(/\n+$/, "")).toBe(snippet.output.replace(/\n+$/, ""));
      }
    },
  );
});

describe("the snippet reader", () => {
  it("pairs a block with the output block after its marker, and honours the marker", () => {
    const page = [
      "```ts",
      'console.log("a");',
      "```",
      "",
      "<!-- output -->",
      "```text",
      "a",
      "```",
      "```ts",
      "// typecheck only: needs a server",
      "```",
    ].join("\n");
    expect(snippetsOf("p.md", page)).toEqual([
      { page: "p.md", line: 2, code: 'console.log("a");\n', typecheckOnly: false, output: "a\n" },
      {
        page: "p.md",
        line: 10,
        code: "// typecheck only: needs a server\n",
        typecheckOnly: true,
      },
    ]);
  });
});
