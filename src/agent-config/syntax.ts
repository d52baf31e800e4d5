/**
 * Reading the syntaxes agent configuration comes in (JSON, TOML) and checking the shape with zod,
 * turning every failure into one {@link ConfigParseError} that names the format and the place.
 */
import { parse as parseToml, TomlError } from "smol-toml";
import type { z } from "zod";
import { zodIssuesToIssues } from "../model/parse.js";
import { ConfigParseError } from "./config-error.js";

/** 1-based line and column of a character offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, offset));
  const line = before.split("\n").length;
  return { line, column: offset - before.lastIndexOf("\n") };
}

/** Parses JSON; a syntax error names the line and column (V8 gives a character offset). */
export function readJson(format: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const at = /position (\d+)/.exec(message);
    const place = at ? lineColumn(text, Number(at[1])) : {};
    throw new ConfigParseError(format, `invalid JSON: ${message}`, place, error);
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

/** Checks `data` against `schema`; a mismatch names the key path under `root` as the file spells it. */
export function readShape<S extends z.ZodType>(
  format: string,
  schema: S,
  data: unknown,
  root = "",
): z.output<S> {
  const result = schema.safeParse(data, { reportInput: true });
  if (result.success) return result.data;
  const issues = zodIssuesToIssues(result.error.issues, root);
  const first = issues[0];
  const problem = issues
    .map((issue, index) => (index === 0 ? issue.message : `${issue.path}: ${issue.message}`))
    .join("; ");
  throw new ConfigParseError(format, problem, first?.path ? { path: first.path } : {});
}
