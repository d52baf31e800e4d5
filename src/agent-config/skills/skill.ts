/**
 * A skill (`SKILL.md`), the Agent Skills format Claude Code, Codex CLI and Gemini CLI share, each
 * under its own folder: frontmatter `name` and `description`, then the instructions, which every
 * format carries through unchanged, byte for byte.
 */
import * as z from "zod/mini";
import type { Codec, CodecParseOptions, CodecParseResult, CodecRenderResult } from "../codec.js";

/** Skill formats: where each tool reads `SKILL.md` and what it makes of the frontmatter. */
export type SkillFormat =
  | "claude"
  | "codex"
  | "gemini"
  | "copilot"
  | "qwen"
  | "opencode"
  | "cursor"
  | "cline"
  | "pi"
  | "continue"
  | "windsurf"
  | "roo"
  | "kiro"
  | "firebender"
  | "goose"
  | "warp";

/**
 * The skill formats this library reads and writes.
 *
 * @example
 * ```ts
 * for (const to of SKILL_FORMATS) convertSkill(skillMd, { from: "claude", to });
 * ```
 */
export const SKILL_FORMATS: readonly SkillFormat[] = [
  "claude",
  "codex",
  "gemini",
  "copilot",
  "qwen",
  "opencode",
  "cursor",
  "cline",
  "pi",
  "continue",
  "windsurf",
  "roo",
  "kiro",
  "firebender",
  "goose",
  "warp",
];

/**
 * Schema of a skill in the neutral form every format converts through.
 *
 * @example
 * ```ts
 * SkillSchema.parse({ name: "pdf", description: "Fill PDF forms", prompt: "\n# PDF\n…" });
 * ```
 */
export const SkillSchema = z.strictObject({
  /** Lowercase letters, digits and `-`, at most 64 characters; the folder is named after it. */
  name: z.string().check(z.minLength(1)),
  /** What it does and when to use it; the agent decides from this. */
  description: z.optional(z.string()),
  /** The instructions: the file's body, exactly as written. */
  prompt: z.string(),
  /** Other frontmatter keys (`license`, `metadata`, Claude's `allowed-tools`, …), in file order. */
  extra: z.optional(z.record(z.string(), z.unknown())),
});

/** A skill; see {@link SkillSchema}. */
export type Skill = z.output<typeof SkillSchema>;

/** Options of reading a skill: the name, for a file that leaves it to its folder. */
export type ParseSkillOptions = CodecParseOptions;

/** What reading a skill gives. */
export type SkillParseResult = CodecParseResult<"skill", Skill>;

/** What writing a skill gives. */
export type SkillRenderResult = CodecRenderResult;

/**
 * One tool's skill file: how to read it and write it. A plain object; register your own in an
 * `AgentConfigRegistry` to convert through it.
 */
export type SkillCodec = Codec<"skill", Skill>;
