import type { Issue } from "../../problems/issue.js";
import { convertAgentConfig, parseAgentConfig, renderAgentConfig } from "../convert.js";
import type { RegistryOption } from "../registry.js";
import type {
  Agent,
  AgentFormat,
  AgentParseResult,
  AgentRenderResult,
  ParseAgentOptions,
} from "./agent.js";

/** An agent format id: a built-in one, or the id of a format registered in an `AgentConfigRegistry`. */
export type AgentFormatId = AgentFormat | (string & {});

/**
 * Reads one tool's subagent file into the neutral {@link Agent}; the body becomes `prompt` as is.
 *
 * @throws {ConfigParseError} broken YAML / TOML (with line and column), a missing name,
 * description or instructions, or a wrong shape (with the key).
 * @example
 * ```ts
 * const { agent } = parseAgent("claude", reviewerMd);
 * agent.tools; // ["Read", "Grep", "Bash(git diff:*)"]
 * ```
 */
export function parseAgent(
  format: AgentFormatId,
  text: string,
  options: ParseAgentOptions & RegistryOption = {},
): AgentParseResult {
  return parseAgentConfig("agent", format, text, options);
}

/**
 * Writes an agent as one tool's file, with the prompt unchanged. Whatever the tool cannot hold
 * (a tool list for Codex, another vendor's model, keys another tool read) comes back as a
 * `lossy_conversion` warning naming the field.
 *
 * @throws {InvalidInputError} when `agent` does not match {@link AgentSchema}.
 * @example
 * ```ts
 * renderAgent("codex", { name: "reviewer", description: "Reviews diffs", prompt: "You review.\n" }).content;
 * ```
 */
export function renderAgent(
  format: AgentFormatId,
  agent: Agent,
  options: RegistryOption = {},
): AgentRenderResult {
  return renderAgentConfig("agent", format, agent, options);
}

/** Options of {@link convertAgent} and {@link convertSkill}: the formats and the file's name. */
export interface ConvertAgentOptions extends ParseAgentOptions, RegistryOption {
  readonly from: AgentFormatId;
  readonly to: AgentFormatId;
}

/**
 * What converting an agent or a skill gives. Rule-based only (`usedAI` and `fallbackUsed` are
 * always false): the prompt is passed through, so there is nothing for a model to rewrite.
 */
export interface PassthroughConversionResult {
  readonly content: string;
  /** Parse warnings of the source, then render warnings of the target. */
  readonly warnings: readonly Issue[];
  readonly usedAI: false;
  readonly fallbackUsed: false;
}

/**
 * Converts a subagent file from one tool's format to another's, synchronously; the system prompt
 * is carried over byte for byte.
 *
 * @throws {ConfigParseError} when the source cannot be read.
 * @example
 * ```ts
 * const { content, warnings } = convertAgent(reviewerMd, { from: "claude", to: "gemini" });
 * // tools Read, Grep → read_file, grep_search; "Bash(git diff:*)" dropped with a warning
 * ```
 */
export function convertAgent(
  text: string,
  options: ConvertAgentOptions,
): PassthroughConversionResult {
  const { content, warnings } = convertAgentConfig("agent", text, options);
  return { content, warnings, usedAI: false, fallbackUsed: false };
}
