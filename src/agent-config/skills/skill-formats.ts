/**
 * SKILL.md as each tool reads it. The file is the same everywhere (Agent Skills: `name`,
 * `description`, optional `license`, `compatibility`, `metadata`); Claude Code also reads keys of
 * its own (`allowed-tools`, `model`, `context`, …), which Codex and Gemini CLI ignore, so those are
 * reported and left out when writing for them. Other keys are kept by every format.
 */
import { ConfigParseError } from "../config-error.js";
import { frontmatterBlock, readFrontmatter, textValue } from "../frontmatter.js";
import { WarningLog } from "../warnings.js";
import type { ParseSkillOptions, Skill, SkillCodec } from "./skill.js";
import { CODEX_MAX_DESCRIPTION, requiredDescription, writtenSkillName } from "./skill-head.js";

/** Frontmatter keys only Claude Code acts on. */
const CLAUDE_ONLY = new Set([
  "allowed-tools",
  "argument-hint",
  "disable-model-invocation",
  "user-invocable",
  "model",
  "effort",
  "context",
  "agent",
  "hooks",
  "paths",
  "shell",
  "when_to_use",
]);

interface SkillTool {
  readonly id: string;
  /** The tool's name in messages. */
  readonly tool: string;
  /** Whether the tool acts on Claude Code's own keys. */
  readonly readsClaudeKeys: boolean;
  /** Whether the tool skips a skill without a description (then one is derived). */
  readonly needsDescription: boolean;
  readonly maxDescription?: number;
}

function skillFormat(spec: SkillTool): SkillCodec {
  const fileLabel = `${spec.id} SKILL.md`;
  return Object.freeze({
    kind: "skill",
    id: spec.id,
    fileLabel,
    parse(text: string, options: ParseSkillOptions) {
      const fm = readFrontmatter(fileLabel, text);
      const name = textValue(fm, "name")?.trim() || options.name;
      if (!name) throw new ConfigParseError(fileLabel, "a skill needs a name", { path: "name" });
      const description = textValue(fm, "description");
      const extra = Object.fromEntries(
        Object.entries(fm.data).filter(([key]) => key !== "name" && key !== "description"),
      );
      const skill: Skill = {
        name,
        ...(description !== undefined ? { description } : {}),
        prompt: fm.body,
        ...(Object.keys(extra).length ? { extra } : {}),
      };
      return { skill, warnings: [] };
    },
    render(skill: Skill) {
      const log = new WarningLog();
      const name = writtenSkillName(skill.name, log);
      const description = spec.needsDescription
        ? requiredDescription(
            skill.description,
            skill.prompt,
            name,
            spec.tool,
            log,
            spec.maxDescription,
          )
        : skill.description;
      const extra: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(skill.extra ?? {})) {
        if (spec.readsClaudeKeys || !CLAUDE_ONLY.has(key)) extra[key] = value;
        else
          log.lossy(
            skill.name,
            key,
            `${spec.tool} does not act on "${key}" (a Claude Code key); dropped`,
          );
      }
      const head = frontmatterBlock({ name, description, ...extra });
      return { content: `${head}${skill.prompt}`, warnings: log.list };
    },
  });
}

/**
 * Claude Code's `.claude/skills/<name>/SKILL.md`; keeps every frontmatter key.
 *
 * @example
 * ```ts
 * claudeSkill.parse("---\nname: pdf\ndescription: Fill PDF forms\nallowed-tools: Read\n---\n# PDF\n", {}).skill.extra;
 * // { "allowed-tools": "Read" }
 * ```
 */
export const claudeSkill: SkillCodec = skillFormat({
  id: "claude",
  tool: "Claude Code",
  readsClaudeKeys: true,
  needsDescription: false,
});

/**
 * Codex CLI's `.agents/skills/<name>/SKILL.md`: a description is required (at most 1024 characters).
 *
 * @example
 * ```ts
 * codexSkill.render({ name: "pdf", description: "Fill PDF forms", prompt: "# PDF\n" }).content;
 * // ---\nname: pdf\ndescription: Fill PDF forms\n---\n# PDF\n
 * ```
 */
export const codexSkill: SkillCodec = skillFormat({
  id: "codex",
  tool: "Codex",
  readsClaudeKeys: false,
  needsDescription: true,
  maxDescription: CODEX_MAX_DESCRIPTION,
});

/**
 * Gemini CLI's `.gemini/skills/<name>/SKILL.md`: a skill without a description is skipped.
 *
 * @example
 * ```ts
 * geminiSkill.render({ name: "pdf", description: "Fill PDF forms", prompt: "# PDF\n" }).content;
 * ```
 */
export const geminiSkill: SkillCodec = skillFormat({
  id: "gemini",
  tool: "Gemini CLI",
  readsClaudeKeys: false,
  needsDescription: true,
});

/** GitHub Copilot CLI's `.github/skills/<name>/SKILL.md`. */
export const copilotSkill: SkillCodec = skillFormat({
  id: "copilot",
  tool: "Copilot CLI",
  readsClaudeKeys: false,
  needsDescription: true,
});

/** Qwen Code's `.qwen/skills/<name>/SKILL.md`. */
export const qwenSkill: SkillCodec = skillFormat({
  id: "qwen",
  tool: "Qwen Code",
  readsClaudeKeys: false,
  needsDescription: true,
});

/** OpenCode's `.opencode/skill/<name>/SKILL.md`: a description of at most 1024 characters. */
export const opencodeSkill: SkillCodec = skillFormat({
  id: "opencode",
  tool: "OpenCode",
  readsClaudeKeys: false,
  needsDescription: true,
  maxDescription: CODEX_MAX_DESCRIPTION,
});

/** Cursor's `.cursor/skills/<name>/SKILL.md`. */
export const cursorSkill: SkillCodec = skillFormat({
  id: "cursor",
  tool: "Cursor",
  readsClaudeKeys: false,
  needsDescription: true,
});

/** Cline's `.cline/skills/<name>/SKILL.md`. */
export const clineSkill: SkillCodec = skillFormat({
  id: "cline",
  tool: "Cline",
  readsClaudeKeys: false,
  needsDescription: true,
});

/**
 * Pi's `.pi/skills/<name>/SKILL.md` (Agent Skills: it warns of a skill without a description,
 * of at most 1024 characters).
 */
export const piSkill: SkillCodec = skillFormat({
  id: "pi",
  tool: "Pi",
  readsClaudeKeys: false,
  needsDescription: true,
  maxDescription: CODEX_MAX_DESCRIPTION,
});

/** Continue CLI's `.continue/skills/<name>/SKILL.md` (its skill schema requires a description). */
export const continueSkill: SkillCodec = skillFormat({
  id: "continue",
  tool: "Continue CLI",
  readsClaudeKeys: false,
  needsDescription: true,
});

/** Windsurf's `.windsurf/skills/<name>/SKILL.md`. */
export const windsurfSkill: SkillCodec = skillFormat({
  id: "windsurf",
  tool: "Windsurf",
  readsClaudeKeys: false,
  needsDescription: true,
});

/** Roo Code's `.roo/skills/<name>/SKILL.md`. */
export const rooSkill: SkillCodec = skillFormat({
  id: "roo",
  tool: "Roo Code",
  readsClaudeKeys: false,
  needsDescription: true,
});

/** Kiro's `.kiro/skills/<name>/SKILL.md`. */
export const kiroSkill: SkillCodec = skillFormat({
  id: "kiro",
  tool: "Kiro",
  readsClaudeKeys: false,
  needsDescription: true,
});

/** Firebender's `.firebender/skills/<name>/SKILL.md`. */
export const firebenderSkill: SkillCodec = skillFormat({
  id: "firebender",
  tool: "Firebender",
  readsClaudeKeys: false,
  needsDescription: true,
});

/** Goose's `.goose/skills/<name>/SKILL.md`. */
export const gooseSkill: SkillCodec = skillFormat({
  id: "goose",
  tool: "Goose",
  readsClaudeKeys: false,
  needsDescription: true,
});

/** Warp's `.warp/skills/<name>/SKILL.md`. */
export const warpSkill: SkillCodec = skillFormat({
  id: "warp",
  tool: "Warp",
  readsClaudeKeys: false,
  needsDescription: true,
});
