/**
 * A command as a Codex skill (`.agents/skills/<name>/SKILL.md`), which replaced Codex's custom
 * prompts: frontmatter with `name` (lowercase letters, digits and hyphens, at most 64) and
 * `description` (required, at most 1024 characters), then the instructions. Other frontmatter
 * keys are kept. Codex fills in no placeholders; each kind left in the text is reported.
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

const FILE = "codex SKILL.md";

/**
 * Reads and writes a Codex skill file.
 *
 * @example
 * ```ts
 * codexSkillCommand.render({ name: "git/commit", description: "Commit staged work", prompt: "…" }).content;
 * // ---\nname: git-commit\ndescription: Commit staged work\n---\n\n…\n
 * ```
 */
export const codexSkillCommand: CommandCodec = Object.freeze({
  kind: "command",
  id: "codex-skill",
  fileLabel: FILE,
  parse(text: string, options: ParseCommandOptions) {
    const fm = readFrontmatter(FILE, text);
    const name = normalizeName(textValue(fm, "name") ?? options.name);
    if (name === undefined)
      throw new ConfigParseError(FILE, "a skill needs a name", { path: "name" });
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
    reportUnheldFields(command, "A Codex skill", log, true);
    reportCodexPlaceholders(command, log);
    const given = command.name ?? nameFromDescription(command.description);
    let name = skillName(given);
    if (command.name === undefined) {
      log.info("derived_field", `no name given; "${name}" derived from the description`, "name");
    } else name = writtenSkillName(command.name, log);
    const description = requiredDescription(
      command.description,
      command.prompt,
      name,
      "Codex",
      log,
      CODEX_MAX_DESCRIPTION,
    );
    const head = writeFrontmatter({ name, description, ...command.extra });
    return { content: `${head}${command.prompt}\n`, warnings: log.list };
  },
});
