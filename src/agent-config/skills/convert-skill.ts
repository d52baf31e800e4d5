import { parseWith } from "../../model/parse.js";
import type { ConvertAgentOptions, PassthroughConversionResult } from "../agents/convert-agent.js";
import { type RegistryOption, registryOf } from "../registry.js";
import {
  type ParseSkillOptions,
  type Skill,
  type SkillFormat,
  type SkillParseResult,
  type SkillRenderResult,
  SkillSchema,
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
  const codec = registryOf(options).get("skill", format);
  return codec.parse(text, options.name !== undefined ? { name: options.name } : {});
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
  const codec = registryOf(options).get("skill", format);
  return codec.render(parseWith(SkillSchema, skill, "skill"));
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
  const registry = registryOf(options);
  const source = registry.get("skill", options?.from, "from");
  const target = registry.get("skill", options?.to, "to");
  const parsed = source.parse(text, options.name !== undefined ? { name: options.name } : {});
  const rendered = target.render(parsed.skill);
  return {
    content: rendered.content,
    warnings: [...parsed.warnings, ...rendered.warnings],
    usedAI: false,
    fallbackUsed: false,
  };
}
