/**
 * A command as a section of Codex's `AGENTS.md` (Codex has no custom slash commands any more):
 * `# name`, the description on the next line, then `## Prompt` and the prompt. Codex fills in no
 * placeholders; they stay in the text as Claude Code wrote them, and each kind is reported.
 */
import { inlineText } from "../../formats/escape.js";
import { ConfigParseError } from "../config-error.js";
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

const FILE = "codex AGENTS.md command";

/**
 * Reads and writes a command as an `AGENTS.md` section for Codex.
 *
 * @example
 * ```ts
 * codexCommand.render({ name: "review", description: "Review a file", prompt: "Review it." }).content;
 * // "# review\nReview a file\n\n## Prompt\nReview it.\n"
 * ```
 */
export const codexCommand: CommandCodec = Object.freeze({
  kind: "command",
  id: "codex",
  fileLabel: FILE,
  parse(text: string, options: ParseCommandOptions) {
    const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
    const first = lines.findIndex((line) => line.trim() !== "");
    // The heading's text is trimmed after matching: `(.+?)[ \t]*$` is quadratic on long blanks.
    const heading = /^#[ \t]+(.*)$/.exec(lines[first] ?? "")?.[1]?.trimEnd();
    if (!heading) {
      throw new ConfigParseError(FILE, 'expected a "# name" heading', { line: first + 1 || 1 });
    }
    const promptAt = lines.findIndex((line, i) => i > first && /^##[ \t]+Prompt[ \t]*$/.test(line));
    if (promptAt === -1) throw new ConfigParseError(FILE, 'expected a "## Prompt" heading');
    const log = new WarningLog();
    const name = normalizeName(heading) ?? normalizeName(options.name);
    const between = lines.slice(first + 1, promptAt).filter((line) => line.trim() !== "");
    const description = between.find((line) => !line.startsWith("#"));
    for (const line of between) {
      if (line !== description) {
        log.unsupported(name ?? "command", "description", `extra line left out: ${line.trim()}`);
      }
    }
    const command: Command = {
      ...(name ? { name } : {}),
      ...(description !== undefined ? { description: description.trim() } : {}),
      prompt: normalizePrompt(lines.slice(promptAt + 1).join("\n")),
    };
    return { command, warnings: log.list };
  },
  render(command: Command) {
    const log = new WarningLog();
    reportUnheldFields(command, "Codex", log);
    reportCodexPlaceholders(command, log);
    let name = command.name;
    if (name === undefined) {
      name = nameFromDescription(command.description);
      log.info("derived_field", `no name given; "${name}" derived from the description`, "name");
    }
    const oneLineName = inlineText(name);
    const description = command.description !== undefined ? inlineText(command.description) : "";
    if (description !== (command.description ?? "")) {
      log.lossy(name, "description", "line breaks in the description were folded into spaces");
    }
    if (description.startsWith("#")) {
      log.lossy(
        name,
        "description",
        "a description starting with # reads as a heading in AGENTS.md, not as the description",
      );
    }
    const head = `# ${oneLineName}\n${description ? `${description}\n` : ""}`;
    return { content: `${head}\n## Prompt\n${command.prompt}\n`, warnings: log.list };
  },
});
