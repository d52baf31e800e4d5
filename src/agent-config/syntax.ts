/**
 * Reading the syntaxes agent configuration comes in (JSON, TOML) and checking the shape with zod,
 * turning every failure into one {@link ConfigParseError} that names the format and the place.
 */
import { parse as parseToml, TomlError } from "smol-toml";
import type * as z from "zod/mini";
import { parseWith } from "../model/parse.js";
import { InvalidInputError } from "../problems/errors.js";
import type { Issue } from "../problems/issue.js";
import { ConfigParseError } from "./config-error.js";
import { valueTreeMessage, valueTreeProblem } from "./value-tree.js";

/** 1-based line and column of a character offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, offset));
  const line = before.split("\n").length;
  return { line, column: offset - before.lastIndexOf("\n") };
}

/**
 * The offset of a JSON syntax error. V8 says `at position N`, or for an unexpected token quotes
 * the text around it (`Unexpected token '}', ..."  "a": }"...`), which is found in the source.
 */
function jsonErrorOffset(text: string, message: string): number | undefined {
  const position = /position (\d+)/.exec(message);
  if (position) return Number(position[1]);
  const token =
    /Unexpected token '(.+?)', (?:\.\.\.)?"([\s\S]*?)"(?:\.\.\.)? is not valid JSON/.exec(message);
  if (!token?.[1] || token[2] === undefined) return undefined;
  const at = text.indexOf(token[2]);
  return at === -1 ? undefined : at + token[2].indexOf(token[1]);
}

/** Parses JSON; a syntax error names the line and column. */
export function readJson(format: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const offset = jsonErrorOffset(text, message);
    const place = offset === undefined ? {} : lineColumn(text, offset);
    const problem = message.split("\n")[0]?.replace(/, \.\.\."?$|, "?$/, "");
    throw new ConfigParseError(format, `invalid JSON: ${problem}`, place, error);
  }
}

/** Parses TOML with smol-toml; a syntax error names the line and column. */
export function readToml(format: string, text: string): Record<string, unknown> {
  try {
    return parseToml(text) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof TomlError) {
      const problem = error.message.split("\n")[0]?.replace(/^Invalid TOML document: /, "");
      throw new ConfigParseError(
        format,
        `invalid TOML: ${problem}`,
        { line: error.line, column: error.column },
        error,
      );
    }
    throw error;
  }
}

/**
 * Refuses a file whose data cannot be carried over, naming where: a `__proto__` key (any object
 * it is copied into would lose it), a cycle or more than the writers can copy (YAML aliases), or
 * nesting too deep (see {@link valueTreeProblem}).
 */
export function refuseUnwritableData(format: string, data: unknown): void {
  const problem = valueTreeProblem(data);
  if (problem !== undefined) {
    throw new ConfigParseError(format, valueTreeMessage(problem, "carried over"), {
      path: problem.path,
    });
  }
}

/** Checks `data` against `schema`; a mismatch names the key path under `root` as the file spells it. */
export function readShape<S extends z.core.$ZodType>(
  format: string,
  schema: S,
  data: unknown,
  root = "",
): z.output<S> {
  refuseUnwritableData(format, data);
  let issues: readonly Issue[];
  try {
    return parseWith(schema, data, root);
  } catch (error) {
    if (!InvalidInputError.is(error)) throw error;
    issues = error.issues;
  }
  const first = issues[0];
  const problem = issues
    .map((issue, index) => (index === 0 ? issue.message : `${issue.path}: ${issue.message}`))
    .join("; ");
  throw new ConfigParseError(format, problem, first?.path ? { path: first.path } : {});
}
