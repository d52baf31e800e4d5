/**
 * The contract every agent-config format meets, for every kind: a plain object that reads one
 * tool's file into the neutral value of its kind and writes that value back. Commands, MCP
 * configs, agents and skills are all `Codec`s; the registry holds them and one generic
 * `convertAgentConfig` runs every conversion through them.
 */
import type { Issue } from "../problems/issue.js";

/** Options of reading a file: the name, for formats that take it from the file's path. */
export interface CodecParseOptions {
  /** Name from the file path (`.gemini/commands/git/commit.toml` → `git/commit`). */
  readonly name?: string;
}

/**
 * What reading a file gives: the value under its kind's field (`command`, `servers`, `agent`,
 * `skill`) and what could not be read into it.
 */
export type CodecParseResult<Field extends string, Value> = { readonly [F in Field]: Value } & {
  readonly warnings: Issue[];
};

/** What writing a file gives: its text and what the format could not hold. */
export interface CodecRenderResult {
  readonly content: string;
  readonly warnings: Issue[];
}

/**
 * One tool's file of one kind. `parse` throws a `ConfigParseError` for a file it cannot read;
 * `render` never throws for content: what the format cannot hold comes back as warnings
 * (`lossy_conversion`, `unsupported_field`) naming the item and the field.
 *
 * @example
 * ```ts
 * const cursorCommand: Codec<"command", Command> = {
 *   kind: "command", id: "cursor", fileLabel: "cursor command markdown",
 *   parse: (text, { name }) => ({ command: { name, prompt: text.trimEnd() }, warnings: [] }),
 *   render: (command) => ({ content: `${command.prompt}\n`, warnings: [] }),
 * };
 * ```
 */
export interface Codec<Kind extends string, Value, Field extends string = Kind> {
  readonly kind: Kind;
  /** The id it is looked up by: `claude`, `gemini`, `codex`, … */
  readonly id: string;
  /** Names the file in error messages: `gemini command TOML`. */
  readonly fileLabel: string;
  /** Reads the file; throws `ConfigParseError` when it cannot. */
  parse(text: string, options: CodecParseOptions): CodecParseResult<Field, Value>;
  /**
   * Writes the file; what the format cannot hold comes back as warnings. Takes a value already
   * checked (its kind's schema, no cycle, bounded size): `renderAgentConfig` checks, then calls it.
   */
  render(value: Readonly<Value>): CodecRenderResult;
}
