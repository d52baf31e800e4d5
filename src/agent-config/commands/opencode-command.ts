/**
 * OpenCode's command file (`.opencode/command/<name>.md`, `git/commit.md` → `/git/commit`): YAML
 * frontmatter (`description`, and `agent`, `model`, `subtask`, kept) and the prompt template as
 * the body. The template reads like Claude Code's — `$ARGUMENTS`, `` !`cmd` ``, `@path` — except
 * that positional arguments count from 1 (`$1` is Claude Code's `$0`). The name comes from the path.
 */
import { readFrontmatter, textValue, writeFrontmatter } from "../frontmatter.js";
import { WarningLog } from "../warnings.js";
import {
  type Command,
  type CommandCodec,
  normalizeName,
  normalizePrompt,
  type ParseCommandOptions,
  reportUnheldFields,
} from "./command.js";
import { claudeParts, type PromptPart, toClaudeSyntax } from "./placeholders.js";

const FILE = "opencode command markdown";

/** Positions inside a shell or file inline, shifted by `by` (`$0` ↔ `$1`). */
const POSITION = /\$ARGUMENTS\[(\d+)\]|\$(\d+)(?!\w)/g;
function shiftInside(text: string, by: 1 | -1): string {
  return text.replace(POSITION, (raw, bracket?: string, plain?: string) => {
    const index = Number(bracket ?? plain) + by;
    return index < 0 ? raw : by === 1 ? `$${index}` : `$ARGUMENTS[${index}]`;
  });
}

/** The template's parts with OpenCode's 1-based positions made 0-based; `$0` is text to it. */
function opencodeParts(template: string): PromptPart[] {
  return claudeParts(template).map((part) => {
    if (part.kind === "shell") return { ...part, command: shiftInside(part.command, -1) };
    if (part.kind === "file") return { ...part, path: shiftInside(part.path, -1) };
    if (part.kind !== "argument") return part;
    if (part.index === 0 || part.raw.startsWith("$ARGUMENTS[")) {
      return { kind: "text", text: part.raw, raw: part.raw };
    }
    return { ...part, index: part.index - 1 };
  });
}

/** Writes parts as an OpenCode template; a literal `$` before digits or ARGUMENTS cannot be kept. */
function toOpencodeSyntax(parts: readonly PromptPart[]): { text: string; lost: PromptPart[] } {
  const lost: PromptPart[] = [];
  let text = "";
  for (const part of parts) {
    if (part.kind === "text") {
      if (part.raw === "\\$") lost.push(part);
      text += part.text;
    } else if (part.kind === "argument") text += `$${part.index + 1}`;
    else if (part.kind === "shell") text += `!\`${shiftInside(part.command, 1)}\``;
    else if (part.kind === "file") text += `@${shiftInside(part.path, 1)}`;
    else text += part.raw;
  }
  return { text, lost };
}

/**
 * Reads and writes OpenCode command markdown.
 *
 * @example
 * ```ts
 * opencodeCommand.render({ name: "review", description: "Review", prompt: "Review @$0" }).content;
 * // ---\ndescription: Review\n---\n\nReview @$1\n
 * ```
 */
export const opencodeCommand: CommandCodec = Object.freeze({
  kind: "command",
  id: "opencode",
  fileLabel: FILE,
  parse(text: string, options: ParseCommandOptions) {
    const fm = readFrontmatter(FILE, text);
    const extra = Object.fromEntries(
      Object.entries(fm.data).filter(([key]) => key !== "description"),
    );
    const description = textValue(fm, "description");
    const name = normalizeName(options.name);
    const command: Command = {
      ...(name ? { name } : {}),
      ...(description !== undefined ? { description } : {}),
      prompt: normalizePrompt(toClaudeSyntax(opencodeParts(fm.body)).text),
      ...(Object.keys(extra).length ? { extra } : {}),
    };
    return { command, warnings: [] };
  },
  render(command: Command) {
    const log = new WarningLog();
    reportUnheldFields(command, "OpenCode", log, true);
    const { text, lost } = toOpencodeSyntax(claudeParts(command.prompt));
    if (lost.length > 0) {
      log.lossy(
        command.name ?? "command",
        "prompt",
        "OpenCode has no escape for a literal $ before digits or ARGUMENTS; it is written as $ and may be filled in",
      );
    }
    const head = writeFrontmatter({ description: command.description, ...command.extra });
    // A prompt that itself opens with --- would read as frontmatter: give it an empty block first.
    const guard = !head && /^\uFEFF?---[ \t]*\r?\n/.test(text) ? "---\n---\n\n" : "";
    return { content: `${head || guard}${text}\n`, warnings: log.list };
  },
});
