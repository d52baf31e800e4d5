/**
 * A command as a skill, for tools whose commands are skills: Codex (`.agents/skills/<name>/SKILL.md`,
 * which replaced its custom prompts) and GitHub Copilot CLI (`.github/skills/<name>/SKILL.md`,
 * offered as `/<name>`). Frontmatter with `name` (lowercase letters, digits and hyphens, at most
 * 64) and `description` (required, at most 1024 characters), then the instructions. Other
 * frontmatter keys are kept. Neither tool fills in placeholders; each kind left in the text is
 * reported.
 */
import { ConfigParseError } from "../config-error.js";
import { readFrontmatter, textValue, writeFrontmatter } from "../frontmatter.js";
import {
  CODEX_MAX_DESCRIPTION,
  requiredDescription,
  skillName,
  writtenSkillName,
} from "../skills/skill-head.js";
import { WarningLog } from "../warnings.js";
import {
  type Command,
  type CommandCodec,
  nameFromDescription,
  normalizeName,
  normalizePrompt,
  type ParseCommandOptions,
  reportCodexPlaceholders,
  reportUnheldFields,
} from "./command.js";

/** A command-as-skill format for one tool. */
function skillCommand(id: string, tool: string): CommandCodec {
  const file = `${id} SKILL.md`;
  return Object.freeze({
    kind: "command",
    id,
    fileLabel: file,
    parse(text: string, options: ParseCommandOptions) {
      const fm = readFrontmatter(file, text);
      const name = normalizeName(textValue(fm, "name") ?? options.name);
      if (name === undefined)
        throw new ConfigParseError(file, "a skill needs a name", { path: "name" });
      const description = textValue(fm, "description");
      const extra = Object.fromEntries(
        Object.entries(fm.data).filter(([key]) => key !== "name" && key !== "description"),
      );
      const command: Command = {
        name,
        ...(description !== undefined ? { description } : {}),
        prompt: normalizePrompt(fm.body),
        ...(Object.keys(extra).length ? { extra } : {}),
      };
      return { command, warnings: [] };
    },
    render(command: Command) {
      const log = new WarningLog();
      reportUnheldFields(command, `A ${tool} skill`, log, true);
      reportCodexPlaceholders(command, log, tool);
      const given = command.name ?? nameFromDescription(command.description);
      let name = skillName(given);
      if (command.name === undefined) {
        log.info("derived_field", `no name given; "${name}" derived from the description`, "name");
      } else name = writtenSkillName(command.name, log);
      const description = requiredDescription(
        command.description,
        command.prompt,
        name,
        tool,
        log,
        CODEX_MAX_DESCRIPTION,
      );
      const head = writeFrontmatter({ name, description, ...command.extra });
      return { content: `${head}${command.prompt}\n`, warnings: log.list };
    },
  });
}

/**
 * Reads and writes a Codex skill file.
 *
 * @example
 * ```ts
 * codexSkillCommand.render({ name: "git/commit", description: "Commit staged work", prompt: "…" }).content;
 * // ---\nname: git-commit\ndescription: Commit staged work\n---\n\n…\n
 * ```
 */
export const codexSkillCommand: CommandCodec = skillCommand("codex-skill", "Codex");

/** Reads and writes a command as a GitHub Copilot CLI skill (`.github/skills/<name>/SKILL.md`). */
export const copilotSkillCommand: CommandCodec = skillCommand("copilot-skill", "Copilot CLI");
