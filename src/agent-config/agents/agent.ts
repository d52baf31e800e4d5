/**
 * A subagent definition, said once for all tools: a name, when to use it, the tools it may use,
 * its model, and its system prompt, which every format carries through unchanged, byte for byte.
 */
import * as z from "zod/mini";
import type { Codec, CodecParseOptions, CodecParseResult, CodecRenderResult } from "../codec.js";
import { ConfigParseError } from "../config-error.js";
import type { WarningLog } from "../warnings.js";

/** Agent formats: Claude Code, Gemini CLI, Copilot CLI, Qwen Code, OpenCode, Cursor and Cline markdown, Codex CLI TOML. */
export type AgentFormat =
  | "claude"
  | "gemini"
  | "codex"
  | "copilot"
  | "qwen"
  | "opencode"
  | "cursor"
  | "cline";

/**
 * The agent formats this library reads and writes.
 *
 * @example
 * ```ts
 * for (const to of AGENT_FORMATS) convertAgent(markdown, { from: "claude", to });
 * ```
 */
export const AGENT_FORMATS: readonly AgentFormat[] = [
  "claude",
  "gemini",
  "codex",
  "copilot",
  "qwen",
  "opencode",
  "cursor",
  "cline",
];

/** Text with something besides blanks: what every agent format requires of a name and description. */
const nonBlank = z
  .string()
  .check(z.refine((text) => text.trim() !== "", { message: "expected text that is not blank" }));

/**
 * Schema of an agent in the neutral form every format converts through.
 *
 * @example
 * ```ts
 * AgentSchema.parse({ name: "reviewer", description: "Reviews diffs", prompt: "You review.\n", tools: ["Read"] });
 * ```
 */
export const AgentSchema = z.strictObject({
  /** The name the main agent calls it by. */
  name: nonBlank,
  /** When to use it; the main agent decides from this. Every tool refuses an agent without one. */
  description: nonBlank,
  /** The system prompt: the file's body (Codex `developer_instructions`), exactly as written. */
  prompt: z.string(),
  /**
   * The tools it may use, in Claude Code's names (`Read`, `Bash(git diff:*)`, `mcp__github__get_issue`);
   * Gemini CLI's names are translated where there is an equivalent, others kept as written.
   * Absent: every tool of the session.
   */
  tools: z.optional(z.array(z.string().check(z.minLength(1)))),
  /** The model, as the source wrote it (`sonnet`, `gemini-2.5-pro`, `gpt-5-codex`, `inherit`). */
  model: z.optional(z.string().check(z.minLength(1))),
  /** Most agentic turns before it must return (Claude `maxTurns`, Gemini `max_turns`). */
  maxTurns: z.optional(z.number().check(z.int(), z.gte(1))),
  /**
   * Keys a format reads that the neutral form does not model, under the id of the format that read
   * them (`{ claude: { color: "blue" } }`); only that format writes them back.
   */
  extra: z.optional(z.record(z.string(), z.record(z.string(), z.unknown()))),
});

/** A subagent definition; see {@link AgentSchema}. */
export type Agent = z.output<typeof AgentSchema>;

/** Options of reading an agent: the name, for files that leave it to the file name. */
export type ParseAgentOptions = CodecParseOptions;

/** What reading an agent gives. */
export type AgentParseResult = CodecParseResult<"agent", Agent>;

/** What writing an agent gives. */
export type AgentRenderResult = CodecRenderResult;

/**
 * One tool's agent file: how to read it and write it. A plain object; register your own in an
 * `AgentConfigRegistry` to convert through it.
 */
export type AgentCodec = Codec<"agent", Agent>;

/** A required text value (or the name from the path); a missing or blank one is a parse error. */
export function requiredText(file: string, value: string | undefined, key: string): string {
  if (value === undefined || value.trim() === "") {
    throw new ConfigParseError(file, `an agent needs a ${key}`, { path: key });
  }
  return value;
}

/** The `extra` entry of `format` with `keys` left out; undefined when nothing is left. */
export function extraOf(
  data: Record<string, unknown>,
  format: string,
  modelled: ReadonlySet<string>,
): Agent["extra"] {
  const rest = Object.fromEntries(Object.entries(data).filter(([key]) => !modelled.has(key)));
  return Object.keys(rest).length ? { [format]: rest } : undefined;
}

/** Reports every key other formats read that `format` cannot write; they are left out. */
export function reportForeignExtras(agent: Agent, format: string, tool: string, log: WarningLog) {
  for (const [source, keys] of Object.entries(agent.extra ?? {})) {
    if (source === format) continue;
    for (const key of Object.keys(keys)) {
      log.lossy(agent.name, key, `${tool} has no "${key}" (read from ${source}); dropped`);
    }
  }
}
