/**
 * One parse, one render and one convert for every kind of agent config: they look the codec up
 * in the registry, check a value against its kind's schema before a codec sees it, and put the
 * source's and the target's warnings together. The per-kind functions (`convertMcpConfig`,
 * `parseAgent`, …) are thin calls into these.
 */
import type * as z from "zod/mini";
import { parseWith } from "../model/parse.js";
import { InvalidInputError } from "../problems/errors.js";
import type { Issue } from "../problems/issue.js";
import { AgentSchema } from "./agents/agent.js";
import type { CodecParseOptions, CodecRenderResult } from "./codec.js";
import { CommandSchema } from "./commands/command.js";
import { ConfigParseError } from "./config-error.js";
import { McpServerListSchema } from "./mcp/mcp-server.js";
import {
  type AgentConfigKind,
  type FormatOfKind,
  type RegistryOption,
  registryOf,
} from "./registry.js";
import { SkillSchema } from "./skills/skill.js";
import { valueTreeMessage, valueTreeProblem } from "./value-tree.js";

/** How each kind's value is checked, and where a parse result holds it. */
const KINDS: Readonly<
  Record<AgentConfigKind, { readonly schema: z.core.$ZodType; readonly field: string }>
> = {
  command: { schema: CommandSchema, field: "command" },
  mcp: { schema: McpServerListSchema, field: "servers" },
  agent: { schema: AgentSchema, field: "agent" },
  skill: { schema: SkillSchema, field: "skill" },
};

/** The neutral value of a kind: a `Command`, a list of `McpServer`s, an `Agent`, a `Skill`. */
export type ValueOfKind<K extends AgentConfigKind> = Parameters<FormatOfKind<K>["render"]>[0];

/** What parsing a file of kind `K` gives: `{ command, warnings }`, `{ servers, warnings }`, … */
export type ParseResultOfKind<K extends AgentConfigKind> = ReturnType<FormatOfKind<K>["parse"]>;

/** A wrong argument, as the one error every function of the library throws for bad input. */
function badArgument(path: string, expected: string, value: unknown): InvalidInputError {
  const received = value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
  return new InvalidInputError([
    {
      code: "invalid_input",
      severity: "error",
      message: `expected ${expected}, received ${received}`,
      path,
    },
  ]);
}

/** Checks the file text and the options object before any codec sees them. */
export function checkArguments(text: unknown, options: unknown): void {
  if (typeof text !== "string") throw badArgument("text", "the file's text as a string", text);
  if (options === undefined) return;
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw badArgument("options", "an object", options);
  }
  const { name } = options as { name?: unknown };
  if (name !== undefined && typeof name !== "string") {
    throw badArgument("options.name", "a string", name);
  }
}

/** The name option, passed on only when given (MCP formats take none). */
const nameOption = (options: CodecParseOptions | undefined): CodecParseOptions =>
  options?.name !== undefined ? { name: options.name } : {};

/**
 * Reads one tool's file of `kind` into its neutral value.
 *
 * @throws {UnknownFormatError} for a format id the registry does not hold.
 * @throws {ConfigParseError} broken syntax (line and column) or a wrong shape (key path).
 * @example
 * ```ts
 * parseAgentConfig("mcp", "codex", '[mcp_servers.fs]\ncommand = "npx"\n').servers;
 * ```
 */
export function parseAgentConfig<K extends AgentConfigKind>(
  kind: K,
  format: string,
  text: string,
  options: CodecParseOptions & RegistryOption = {},
): ParseResultOfKind<K> {
  const codec = registryOf(options).get(kind, format);
  checkArguments(text, options);
  return codec.parse(text, nameOption(options)) as ParseResultOfKind<K>;
}

/**
 * Writes a neutral value of `kind` as one tool's file; what the tool cannot hold comes back as
 * warnings naming the field.
 *
 * @throws {InvalidInputError} when `value` does not match the kind's schema (the path is `kind`).
 * @example
 * ```ts
 * renderAgentConfig("skill", "codex", { name: "pdf", description: "Fill PDF forms", prompt: "# PDF\n" }).content;
 * ```
 */
export function renderAgentConfig<K extends AgentConfigKind>(
  kind: K,
  format: string,
  value: ValueOfKind<K>,
  options: RegistryOption = {},
): CodecRenderResult {
  const codec = registryOf(options).get(kind, format);
  const spec = KINDS[kind];
  const root = spec.field === "servers" ? "servers" : kind;
  const problem = valueTreeProblem(value, root);
  if (problem !== undefined) {
    throw new InvalidInputError([
      {
        code: "invalid_input",
        severity: "error",
        message: valueTreeMessage(problem, "written"),
        path: problem.path,
      },
    ]);
  }
  const checked = parseWith(spec.schema, value, root);
  return (codec.render as (value: unknown) => CodecRenderResult)(checked);
}

/** Options of {@link convertAgentConfig}. */
export interface ConvertAgentConfigOptions extends CodecParseOptions, RegistryOption {
  readonly from: string;
  readonly to: string;
}

/** What a conversion gives: the target's text, and the source's then the target's warnings. */
export interface AgentConfigConversion<K extends AgentConfigKind = AgentConfigKind> {
  readonly content: string;
  readonly warnings: readonly Issue[];
  /** The neutral value read from the source, as the target was written from it. */
  readonly value: ValueOfKind<K>;
}

/**
 * Converts a file of `kind` from one tool's format to another's, by rules only: parse with the
 * `from` codec, render with the `to` codec. Both ids are checked before the text is read.
 *
 * @throws {UnknownFormatError} naming `from` or `to` and the registered ids.
 * @throws {ConfigParseError} when the source cannot be read, or what it reads cannot be written
 *   (a cycle, too deep, too many values: see docs/agent-config.md).
 * @example
 * ```ts
 * const { content, warnings } = convertAgentConfig("agent", reviewerMd, { from: "claude", to: "codex" });
 * ```
 */
export function convertAgentConfig<K extends AgentConfigKind>(
  kind: K,
  text: string,
  options: ConvertAgentConfigOptions,
): AgentConfigConversion<K> {
  const registry = registryOf(options);
  const source = registry.get(kind, options?.from, "from");
  const target = registry.get(kind, options?.to, "to");
  checkArguments(text, options);
  const parsed = source.parse(text, nameOption(options)) as unknown as Record<string, unknown> & {
    warnings: Issue[];
  };
  const value = parsed[KINDS[kind].field] as ValueOfKind<K>;
  // A registered format's parse may give what no format can write; the built-in ones never do.
  const problem = valueTreeProblem(value, KINDS[kind].field);
  if (problem !== undefined) {
    throw new ConfigParseError(source.fileLabel, valueTreeMessage(problem, "carried over"), {
      path: problem.path,
    });
  }
  const rendered = (target.render as (value: unknown) => CodecRenderResult)(value);
  return {
    content: rendered.content,
    warnings: [...parsed.warnings, ...rendered.warnings],
    value,
  };
}
