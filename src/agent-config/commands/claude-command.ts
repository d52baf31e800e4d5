/**
 * Claude Code's command file (`.claude/commands/<name>.md`): YAML frontmatter (`description`,
 * `argument-hint`, `allowed-tools`, `model`, `disable-model-invocation`, and any other key, kept)
 * and the prompt as the body. The name comes from the file path.
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
  splitTools,
} from "./command.js";

const FILE = "claude command markdown";
const MODELLED = new Set([
  "name",
  "description",
  "argument-hint",
  "allowed-tools",
  "model",
  "disable-model-invocation",
]);

function readTools(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") return splitTools(value);
  if (Array.isArray(value) && value.every((tool) => typeof tool === "string")) return value;
  throw new ConfigParseError(FILE, "expected a string or a list of strings", {
    path: "allowed-tools",
  });
}

/**
 * Reads and writes Claude Code command markdown.
 *
 * @example
 * ```ts
 * claudeCommand.parse("---\ndescription: Review\n---\nReview $ARGUMENTS\n", { name: "review" }).command;
 * ```
 */
export const claudeCommand: CommandCodec = Object.freeze({
  kind: "command",
  id: "claude",
  fileLabel: FILE,
  parse(text: string, options: ParseCommandOptions) {
    const fm = readFrontmatter(FILE, text);
    const disable = fm.data["disable-model-invocation"];
    if (disable !== undefined && typeof disable !== "boolean") {
      throw new ConfigParseError(FILE, "expected true or false", {
        path: "disable-model-invocation",
      });
    }
    const extra = Object.fromEntries(Object.entries(fm.data).filter(([key]) => !MODELLED.has(key)));
    const command: Command = Object.fromEntries(
      Object.entries({
        name: normalizeName(textValue(fm, "name") ?? options.name),
        description: textValue(fm, "description"),
        prompt: normalizePrompt(fm.body),
        argumentHint: textValue(fm, "argument-hint"),
        allowedTools: readTools(fm.data["allowed-tools"]),
        model: textValue(fm, "model"),
        disableModelInvocation: disable,
        extra: Object.keys(extra).length ? extra : undefined,
      }).filter(([, value]) => value !== undefined),
    ) as Command;
    return { command, warnings: new WarningLog().list };
  },
  render(command: Command) {
    const head = writeFrontmatter({
      description: command.description,
      "argument-hint": command.argumentHint,
      "allowed-tools": command.allowedTools?.join(", "),
      model: command.model,
      "disable-model-invocation": command.disableModelInvocation,
      ...command.extra,
    });
    // A prompt that itself opens with --- would read as frontmatter: give it an empty block first.
    const guard = !head && /^\uFEFF?---[ \t]*\r?\n/.test(command.prompt) ? "---\n---\n\n" : "";
    return { content: `${head || guard}${command.prompt}\n`, warnings: [] };
  },
});
