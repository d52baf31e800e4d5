import { ContextFmtError } from "../problems/errors.js";
import type { Issue } from "../problems/issue.js";

/** Where in a configuration file a problem sits: a line and column for syntax, a key path for shape. */
export interface ConfigErrorPlace {
  /** 1-based line of a syntax error. */
  readonly line?: number;
  /** 1-based column of a syntax error. */
  readonly column?: number;
  /** Key path of a shape error, as written in the file: `mcpServers.github.args[0]`. */
  readonly path?: string;
}

/**
 * A configuration text could not be read: its syntax is broken (line and column given) or a value
 * has the wrong shape (key path given). The message names the file format first, so a caller can
 * show it as is: `codex config.toml, line 3, column 9: invalid value`.
 *
 * @example
 * ```ts
 * try { parseMcpConfig("claude", text) } catch (error) {
 *   if (ConfigParseError.is(error)) console.error(error.format, error.path, error.message);
 * }
 * ```
 */
export class ConfigParseError extends ContextFmtError {
  static override readonly errorName: string = "ConfigParseError";
  /** The file format being read, e.g. `claude .mcp.json` or `gemini command TOML`. */
  readonly format: string;
  readonly line: number | undefined;
  readonly column: number | undefined;
  readonly path: string | undefined;
  /** The same problem as an issue (`invalid_input`), for callers that collect issues. */
  readonly issues: readonly Issue[];

  constructor(format: string, problem: string, place: ConfigErrorPlace = {}, cause?: unknown) {
    const where = [
      place.line !== undefined ? `line ${place.line}` : "",
      place.column !== undefined ? `column ${place.column}` : "",
      place.path ?? "",
    ].filter(Boolean);
    super(`${format}${where.length ? `, ${where.join(", ")}` : ""}: ${problem}`, { cause });
    this.format = format;
    this.line = place.line;
    this.column = place.column;
    this.path = place.path;
    this.issues = [
      {
        code: "invalid_input",
        severity: "error",
        message: problem,
        ...(place.path ? { path: place.path } : {}),
      },
    ];
  }
}
