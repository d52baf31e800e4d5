import type { ConvertAgentOptions, PassthroughConversionResult } from "../agents/convert-agent.js";
import { convertAgentConfig, parseAgentConfig, renderAgentConfig } from "../convert.js";
import type { RegistryOption } from "../registry.js";
import type {
  ParseSkillOptions,
  Skill,
  SkillFormat,
  SkillParseResult,
  SkillRenderResult,
} from "./skill.js";

/** A skill format id: a built-in one, or the id of a format registered in an `AgentConfigRegistry`. */
export type SkillFormatId = SkillFormat | (string & {});

/** Options of {@link convertSkill}: the formats and the folder name. */
export interface ConvertSkillOptions extends Omit<ConvertAgentOptions, "from" | "to"> {
  readonly from: SkillFormatId;
  readonly to: SkillFormatId;
}

/**
 * Reads a SKILL.md as one tool reads it into the neutral {@link Skill}; the body becomes
 * `prompt` as is, other frontmatter keys `extra`.
 *
 * @throws {ConfigParseError} broken YAML (with line and column) or no name.
 * @example
 * ```ts
 * const { skill } = parseSkill("claude", skillMd, { name: "pdf" });
 * ```
 */
export function parseSkill(
  format: SkillFormatId,
  text: string,
  options: ParseSkillOptions & RegistryOption = {},
): SkillParseResult {
  return parseAgentConfig("skill", format, text, options);
}

/**
 * Writes a skill for one tool, with the instructions unchanged. Keys the tool does not act on and
 * names or descriptions it would refuse come back as warnings naming the field.
 *
 * @throws {InvalidInputError} when `skill` does not match {@link SkillSchema}.
 * @example
 * ```ts
 * renderSkill("codex", { name: "pdf", description: "Fill PDF forms", prompt: "# PDF\n" }).content;
 * ```
 */
export function renderSkill(
  format: SkillFormatId,
  skill: Skill,
  options: RegistryOption = {},
): SkillRenderResult {
  return renderAgentConfig("skill", format, skill, options);
}

/**
 * Converts a SKILL.md from one tool's reading to another's, synchronously; the instructions are
 * carried over byte for byte.
 *
 * @throws {ConfigParseError} when the source cannot be read.
 * @example
 * ```ts
 * const { content, warnings } = convertSkill(skillMd, { from: "claude", to: "codex", name: "pdf" });
 * // allowed-tools → lossy_conversion: Codex does not act on it
 * ```
 */
export function convertSkill(
  text: string,
  options: ConvertSkillOptions,
): PassthroughConversionResult {
  const { content, warnings } = convertAgentConfig("skill", text, options);
  return { content, warnings, usedAI: false, fallbackUsed: false };
}
