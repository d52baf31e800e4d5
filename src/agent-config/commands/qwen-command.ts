/**
 * Qwen Code's Markdown command file (`.qwen/commands/<name>.md`, `git/commit.md` → `/git:commit`),
 * read beside Gemini CLI's TOML commands: optional YAML frontmatter (`description`,
 * `argument-hint`, `disable-model-invocation`, and any other key, kept) and the prompt as the
 * body, in Gemini CLI's syntax (`{{args}}`, `!{cmd}`, `@{path}`). Without frontmatter the whole
 * file is the prompt. The name comes from the file path.
 */
import { ConfigParseError } from "../config-error.js";
import { readFrontmatter, textValue, writeFrontmatter } from "../frontmatter.js";
import { WarningLog } from "../warnings.js";
import {
  type Command,
  type CommandCodec,
  normalizeName,
  normalizePrompt,
  type ParseCommandOptions,
} from "./command.js";
import { claudeParts, geminiParts, toClaudeSyntax, toGeminiSyntax } from "./placeholders.js";

const FILE = "qwen command markdown";
const MODELLED = new Set(["description", "argument-hint", "disable-model-invocation"]);

/**
 * Reads and writes Qwen Code's Markdown commands.
 *
 * @example
 * ```ts
 * qwenCommand.parse("---\ndescription: Review\n---\nReview {{args}}\n", { name: "review" }).command.prompt;
 * // "Review $ARGUMENTS"
 * ```
 */
export const qwenCommand: CommandCodec = Object.freeze({
  kind: "command",
  id: "qwen",
  fileLabel: FILE,
  parse(text: string, options: ParseCommandOptions) {
    const fm = readFrontmatter(FILE, text);
    const disable = fm.data["disable-model-invocation"];
    if (disable !== undefined && typeof disable !== "boolean") {
      throw new ConfigParseError(FILE, "expected true or false", {
        path: "disable-model-invocation",
      });
    }
    const log = new WarningLog();
    const name = normalizeName(options.name);
    const { text: prompt, lost } = toClaudeSyntax(geminiParts(fm.body));
    for (const part of lost) {
      log.lossy(
        name ?? "command",
        "prompt",
        `${part.raw} cannot be written in Claude syntax exactly`,
      );
    }
    const extra = Object.fromEntries(Object.entries(fm.data).filter(([key]) => !MODELLED.has(key)));
    const command: Command = Object.fromEntries(
      Object.entries({
        name,
        description: textValue(fm, "description"),
        prompt: normalizePrompt(prompt),
        argumentHint: textValue(fm, "argument-hint"),
        disableModelInvocation: disable,
        extra: Object.keys(extra).length ? extra : undefined,
      }).filter(([, value]) => value !== undefined),
    ) as Command;
    return { command, warnings: log.list };
  },
  render(command: Command) {
    const log = new WarningLog();
    const item = command.name ?? "command";
    if (command.allowedTools !== undefined) {
      log.lossy(item, "allowed-tools", 'Qwen Code has no "allowed-tools"; dropped');
    }
    if (command.model !== undefined) log.lossy(item, "model", 'Qwen Code has no "model"; dropped');
    const { text, lost } = toGeminiSyntax(claudeParts(command.prompt));
    for (const part of lost) {
      const what =
        part.kind === "argument"
          ? `${part.raw} is left as written`
          : `${part.raw} is written as ${part.kind === "shell" ? "!{…}" : "@{…}"} with its positional argument left as written`;
      log.lossy(
        item,
        "prompt",
        `Qwen Code has no positional arguments; ${what} ({{args}} holds all of them)`,
      );
    }
    const head = writeFrontmatter({
      description: command.description,
      "argument-hint": command.argumentHint,
      "disable-model-invocation": command.disableModelInvocation,
      ...command.extra,
    });
    // A prompt that itself opens with --- would read as frontmatter: give it an empty block first.
    const guard = !head && /^\uFEFF?---[ \t]*\r?\n/.test(text) ? "---\n---\n\n" : "";
    return { content: `${head || guard}${text}\n`, warnings: log.list };
  },
});
