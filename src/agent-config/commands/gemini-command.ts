/**
 * Gemini CLI's command file (`.gemini/commands/<name>.toml`, `git/commit.toml` → `/git:commit`):
 * `prompt` (required) and `description`; the prompt uses `{{args}}`, `!{cmd}` and `@{path}`.
 * The name comes from the file path. Gemini has no positional arguments.
 */
import { stringify } from "smol-toml";
import * as z from "zod/mini";
import { readShape, readToml } from "../syntax.js";
import { multilineString } from "../toml-string.js";
import { WarningLog } from "../warnings.js";
import {
  type Command,
  type CommandCodec,
  normalizeName,
  normalizePrompt,
  type ParseCommandOptions,
  reportUnheldFields,
} from "./command.js";
import { claudeParts, geminiParts, toClaudeSyntax, toGeminiSyntax } from "./placeholders.js";

const FILE = "gemini command TOML";

const GeminiCommandSchema = z.looseObject({
  prompt: z.string(),
  description: z.optional(z.string()),
});

/**
 * Reads and writes Gemini CLI command TOML.
 *
 * @example
 * ```ts
 * geminiCommand.render({ name: "review", description: "Review", prompt: "Review $ARGUMENTS" }).content;
 * // description = "Review"\nprompt = """\nReview {{args}}\n"""\n
 * ```
 */
export const geminiCommand: CommandCodec = Object.freeze({
  kind: "command",
  id: "gemini",
  fileLabel: FILE,
  parse(text: string, options: ParseCommandOptions) {
    const file = readShape(FILE, GeminiCommandSchema, readToml(FILE, text));
    const log = new WarningLog();
    const name = normalizeName(options.name);
    for (const key of Object.keys(file)) {
      if (key !== "prompt" && key !== "description") {
        log.unsupported(name ?? "command", key, `"${key}" is not read by Gemini CLI; left out`);
      }
    }
    const { text: prompt, lost } = toClaudeSyntax(geminiParts(file.prompt));
    for (const part of lost) {
      log.lossy(
        name ?? "command",
        "prompt",
        `${part.raw} cannot be written in Claude syntax exactly`,
      );
    }
    const command: Command = {
      ...(name ? { name } : {}),
      ...(file.description !== undefined ? { description: file.description } : {}),
      prompt: normalizePrompt(prompt),
    };
    return { command, warnings: log.list };
  },
  render(command: Command) {
    const log = new WarningLog();
    reportUnheldFields(command, "Gemini CLI", log);
    const { text, lost } = toGeminiSyntax(claudeParts(command.prompt));
    for (const part of lost) {
      const what =
        part.kind === "argument"
          ? `${part.raw} is left as written`
          : `${part.raw} is written as ${part.kind === "shell" ? "!{…}" : "@{…}"} with its positional argument left as written`;
      log.lossy(
        command.name ?? "command",
        "prompt",
        `Gemini CLI has no positional arguments; ${what} ({{args}} holds all of them)`,
      );
    }
    const description =
      command.description !== undefined ? stringify({ description: command.description }) : "";
    const head = description ? `${description.trimEnd()}\n` : "";
    return { content: `${head}prompt = ${multilineString(`${text}\n`)}\n`, warnings: log.list };
  },
});
