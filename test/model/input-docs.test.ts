/**
 * The API reference shows what a caller may pass field by field: each input type of src/model is
 * an interface written out beside its schema (not `z.input<typeof Schema>`, which the reference
 * shows as one line of zod types), with TSDoc on every field, and so is every capability flag
 * of an adapter. test/types.test-d.ts holds each interface to its schema's input.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const src = new URL("../../src/", import.meta.url).pathname;

function sourceFile(path: string): ts.SourceFile {
  return ts.createSourceFile(path, readFileSync(join(src, path), "utf8"), ts.ScriptTarget.ES2022);
}

const isExported = (node: ts.Node) =>
  ts.canHaveModifiers(node) &&
  (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** The fields of `name` in `file` without a TSDoc comment, or `undefined` when it is no interface. */
function undocumentedFields(file: ts.SourceFile, name: string): string[] | undefined {
  const declaration = file.statements.find(
    (node): node is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(node) && node.name.text === name,
  );
  if (declaration === undefined) return undefined;
  return declaration.members
    .filter((member) => !/^\s*\/\*\*/.test(member.getFullText(file)))
    .map((member) => member.name?.getText(file) ?? "?");
}

const MODEL_FILES = readdirSync(join(src, "model"))
  .filter((name) => name.endsWith(".ts"))
  .map((name) => `model/${name}`);

/** Every exported type of src/model whose name ends in `Input`, with its file. */
const inputTypes = MODEL_FILES.flatMap((path) => {
  const file = sourceFile(path);
  return file.statements
    .filter(
      (node): node is ts.InterfaceDeclaration | ts.TypeAliasDeclaration =>
        (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) &&
        isExported(node) &&
        node.name.text.endsWith("Input"),
    )
    .map((node) => ({ name: node.name.text, file }));
});

describe("the input types, as the API reference shows them", () => {
  it("covers the central inputs", () => {
    expect(inputTypes.map(({ name }) => name)).toEqual(
      expect.arrayContaining([
        "MemoryRuleInput",
        "RuleSetInput",
        "MemoryInput",
        "MemorySetInput",
        "InjectionCandidateInput",
        "SessionContextInput",
        "ProjectContextInput",
        "TodoInput",
        "UserFactsInput",
      ]),
    );
  });

  it("each is an interface with TSDoc on every field", () => {
    const problems = inputTypes.flatMap(({ name, file }) => {
      const undocumented = undocumentedFields(file, name);
      if (undocumented === undefined) return [`${name}: not an interface`];
      return undocumented.map((field) => `${name}.${field}: no TSDoc`);
    });
    expect(problems).toEqual([]);
  });

  it("every capability flag of an adapter has TSDoc", () => {
    expect(undocumentedFields(sourceFile("formats/adapter.ts"), "ToolCapabilities")).toEqual([]);
  });
});
