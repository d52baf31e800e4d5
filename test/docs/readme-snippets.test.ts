/**
 * Every TypeScript snippet of the README compiles as pasted: each block alone, as an ES module,
 * under `strict` with NodeNext resolution, against the package's built declarations (dist/, which
 * the global setup builds) as a user's project sees them once it is installed.
 */
import { readFileSync } from "node:fs";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = new URL("../..", import.meta.url).pathname;
const readme = readFileSync(`${root}README.md`, "utf8");

/** The README's ```ts blocks, each with the line it starts on. */
const snippets = [...readme.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => ({
  line: readme.slice(0, match.index).split("\n").length,
  code: match[1] ?? "",
}));

/** The package as a dependency resolves it: each entry's ES module declarations. */
const ENTRIES: Record<string, string> = {
  contextfmt: "dist/index.d.ts",
  "contextfmt/tiktoken": "dist/tiktoken.d.ts",
  "contextfmt/agent-config": "dist/agent-config.d.ts",
  "contextfmt/hooks": "dist/hooks.d.ts",
  "contextfmt/testing": "dist/testing/index.d.ts",
};

const options: ts.CompilerOptions = {
  strict: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  noEmit: true,
  skipLibCheck: true,
  types: ["node"],
  baseUrl: root,
  paths: {
    ...Object.fromEntries(Object.entries(ENTRIES).map(([name, path]) => [name, [path]])),
    // jest's expect, for the jest example (installed with the type-test packages).
    expect: ["test/sdk-types/node_modules/expect/build/index.d.ts"],
  },
};

/** The diagnostics of each snippet compiled on its own, as `README.md:line: message`. */
function diagnostics(): string[] {
  const files = snippets.map((_, index) => `${root}node_modules/.cache/readme-${index}.mts`);
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile;
  host.readFile = (path) => {
    const index = files.indexOf(path);
    return index >= 0 ? snippets[index]?.code : readFile(path);
  };
  const fileExists = host.fileExists;
  host.fileExists = (path) => files.includes(path) || fileExists(path);
  const program = ts.createProgram(files, options, host);
  return files.flatMap((file, index) =>
    ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map((diagnostic) => {
      const at = diagnostic.start ?? 0;
      const line = diagnostic.file?.getLineAndCharacterOfPosition(at).line ?? 0;
      const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
      return `README.md:${(snippets[index]?.line ?? 0) + 1 + line}: ${text}`;
    }),
  );
}

describe("the README's TypeScript snippets", () => {
  it("are there, one per example", () => {
    expect(snippets.length).toBe(14);
  });

  it("each compile on their own under strict, as pasted", () => {
    expect(diagnostics()).toEqual([]);
  }, 60_000);
});
